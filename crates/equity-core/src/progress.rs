//! How a long count tells its caller how far it is, and hears that it should stop.

/// What a caller gives a long count (exact ranges, sampling, the chart): the count reports the
/// share of its work done now and then, and asks often whether it should stop.
///
/// When [`Progress::is_cancelled`] says yes, the count stops within a small part of a second and
/// returns [`EquityError::Cancelled`](crate::EquityError::Cancelled): never a partial figure.
/// The count may call both methods from several threads at once.
///
/// A closure `Fn(f64) + Sync` is a `Progress` that reports and never cancels; [`Silent`] does
/// neither.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use equity_core::Progress;
///
/// /// Reports nothing, and stops the count once the flag is set (by another thread, say).
/// struct StopFlag(AtomicBool);
///
/// impl Progress for StopFlag {
///     fn report(&self, _done: f64) {}
///     fn is_cancelled(&self) -> bool {
///         self.0.load(Ordering::Relaxed)
///     }
/// }
/// ```
pub trait Progress: Sync {
    /// The share of the work done, from 0 to 1 (for a sampled count, its best guess); it never
    /// goes back.
    fn report(&self, done: f64);

    /// Whether the caller wants the count stopped. By default never.
    fn is_cancelled(&self) -> bool {
        false
    }
}

impl<F: Fn(f64) + Sync> Progress for F {
    fn report(&self, done: f64) {
        self(done);
    }
}

/// A caller that wants no reports and never stops a count.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {
    fn report(&self, _done: f64) {}
}

/// Part `index` of `count` equal parts of a larger count, for the part's own count: its reports
/// are a stretch of the whole's, and it stops when the whole is stopped.
pub struct Part<'a> {
    whole: &'a dyn Progress,
    index: usize,
    count: usize,
}

impl<'a> Part<'a> {
    /// Part `index` (from 0) of `count` parts of `whole`.
    pub fn new(whole: &'a dyn Progress, index: usize, count: usize) -> Part<'a> {
        Part {
            whole,
            index,
            count,
        }
    }
}

impl Progress for Part<'_> {
    fn report(&self, done: f64) {
        self.whole
            .report((self.index as f64 + done) / self.count as f64);
    }

    fn is_cancelled(&self) -> bool {
        self.whole.is_cancelled()
    }
}
