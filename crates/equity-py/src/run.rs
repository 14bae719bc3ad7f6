//! Long work off the GIL: the count runs on a thread of its own; the calling thread waits
//! without the GIL, so other Python threads run meanwhile, and every few hundredths of a second
//! takes it back to pass the progress to the caller's callback and to look for Ctrl-C, which
//! cancels the count (through the engine's `Progress`) and raises `KeyboardInterrupt`.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use equity_core::Progress;
use pyo3::panic::PanicException;
use pyo3::prelude::*;

/// How often the waiting thread looks at progress and signals.
const POLL: Duration = Duration::from_millis(25);

/// What the waiting thread and the count share: the share done, and whether to stop.
#[derive(Default)]
pub(crate) struct Control {
    /// The share of the work done, an `f64`'s bits.
    done: AtomicU64,
    cancelled: AtomicBool,
}

impl Progress for Control {
    fn report(&self, done: f64) {
        self.done.store(done.to_bits(), Ordering::Relaxed);
    }

    fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

/// Runs `work` on a thread of its own and waits for it without the GIL, calling `callback`
/// with the share done (0 to 1) when it moves and once at the end, and cancelling on Ctrl-C or
/// an exception from the callback (which is then raised). A panic in the work is raised as
/// `pyo3_runtime.PanicException`.
pub(crate) fn off_the_gil<T: Send>(
    py: Python<'_>,
    callback: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&Control) -> T + Send,
) -> PyResult<T> {
    let control = Control::default();
    let (sender, receiver) = mpsc::channel();
    // Waiting without the GIL needs what the wait reads to be shareable.
    let receiver = Mutex::new(receiver);
    let wait = |timeout: Option<Duration>| {
        let receiver = receiver.lock().expect("only this thread waits");
        match timeout {
            Some(timeout) => receiver.recv_timeout(timeout),
            None => receiver.recv().map_err(|_| RecvTimeoutError::Disconnected),
        }
    };
    thread::scope(|scope| {
        let control = &control;
        scope.spawn(move || {
            let outcome = panic::catch_unwind(AssertUnwindSafe(|| work(control)));
            // The receiver waits for this message whatever happens.
            let _ = sender.send(outcome);
        });
        // The last share reported, as bits: a callback hears each share once.
        let mut reported = None;
        loop {
            match py.detach(|| wait(Some(POLL))) {
                Ok(Ok(result)) => {
                    if let Some(callback) = callback {
                        callback.call1((1.0,))?;
                    }
                    return Ok(result);
                }
                Ok(Err(payload)) => return Err(PanicException::new_err(panic_message(&*payload))),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    unreachable!("the work sends its outcome before it ends")
                }
            }
            let stop = py.check_signals().and_then(|()| match callback {
                Some(callback) => {
                    let done = control.done.load(Ordering::Relaxed);
                    if reported == Some(done) {
                        Ok(())
                    } else {
                        reported = Some(done);
                        callback.call1((f64::from_bits(done),)).map(drop)
                    }
                }
                None => Ok(()),
            });
            if let Err(err) = stop {
                control.cancelled.store(true, Ordering::Relaxed);
                // The count stops at its next look at `is_cancelled`, within a fraction of a
                // second; its outcome is dropped.
                let _ = py.detach(|| wait(None));
                return Err(err);
            }
        }
    })
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(ToString::to_string)
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

/// Panics on the counting thread: for the test that a Rust panic reaches Python as an
/// exception, not an abort. Not part of the API.
#[pyfunction]
#[pyo3(name = "_panic_for_test")]
pub(crate) fn panic_for_test(py: Python<'_>) -> PyResult<()> {
    off_the_gil(py, None, |_| {
        panic!("a panic on the counting thread, on purpose")
    })
}
