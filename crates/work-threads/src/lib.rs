//! How many threads a program may use, and independent work shared out over them.
//!
//! A binary reads its thread count once, at its edge (`--threads` or `JUDGE_THREADS`), as a
//! [`Threads`], and hands it down; the solving code spreads work with [`map_on_threads`] (items
//! of uneven cost, results in item order; [`map_on_threads_with`] when items need state, such
//! as a memo) or [`answer_in_parallel`] (runs of cases, output in case order). Either way one
//! thread spawns nothing, since judges may forbid threads, and the results never depend on the
//! number of threads.
//!
//! ```
//! use work_threads::{Threads, map_on_threads};
//!
//! let squares = map_on_threads(5, Threads::new(2).unwrap(), |index| index * index);
//! assert_eq!(squares, [0, 1, 4, 9, 16]);
//! ```

#![forbid(unsafe_code)]

#[cfg(feature = "pool")]
mod pool;
mod runs;

#[cfg(feature = "pool")]
use pool::on_workers;
use runs::Runs;

use std::fmt;
use std::num::NonZeroUsize;
use std::str::FromStr;

/// How many threads a binary may use, at least one: what its `--threads` option or the
/// `JUDGE_THREADS` environment variable says, else one per core. The edge reads it once and
/// passes it down; no library reads the environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Threads(NonZeroUsize);

/// A thread count that is not a whole number of at least 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseThreadsError;

impl Threads {
    /// One thread: everything runs on the calling thread.
    pub const ONE: Threads = Threads(NonZeroUsize::MIN);

    /// One thread per core the process may use (one when that cannot be told).
    pub fn available() -> Threads {
        Threads(std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN))
    }

    /// `count` threads, if `count` is at least 1.
    pub fn new(count: usize) -> Option<Threads> {
        NonZeroUsize::new(count).map(Threads)
    }

    /// The number of threads.
    pub fn get(self) -> usize {
        self.0.get()
    }
}

impl Default for Threads {
    /// One thread per core: [`Threads::available`].
    fn default() -> Self {
        Threads::available()
    }
}

impl fmt::Display for Threads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Threads {
    type Err = ParseThreadsError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // Digits only: no sign, no spaces.
        let digits = !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
        digits
            .then(|| text.parse::<usize>().ok())
            .flatten()
            .and_then(Threads::new)
            .ok_or(ParseThreadsError)
    }
}

impl fmt::Display for ParseThreadsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a whole number of threads, at least 1")
    }
}

impl std::error::Error for ParseThreadsError {}

/// `item(0)`, `item(1)`, ... `item(count - 1)`, in that order, worked out on up to `threads`
/// threads, the calling thread one of them, that each take the next index not yet taken (so
/// items of uneven cost share out evenly). One thread, or one item, spawns nothing.
pub fn map_on_threads<R: Send>(
    count: usize,
    threads: Threads,
    item: impl Fn(usize) -> R + Sync,
) -> Vec<R> {
    let threads = threads.get().min(count);
    if threads <= 1 {
        return (0..count).map(item).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let work = || {
        let mut done = Vec::new();
        loop {
            let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if index >= count {
                return done;
            }
            done.push((index, item(index)));
        }
    };
    let mut results: Vec<(usize, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        let mut results = work();
        for handle in handles {
            // A panicking item is a bug; let it propagate as the panic it is.
            results.extend(
                handle
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
            );
        }
        results
    });
    results.sort_unstable_by_key(|&(index, _)| index);
    results.into_iter().map(|(_, result)| result).collect()
}

/// [`map_on_threads`] for items that need state, such as a solver's memo: at most one state per
/// thread, made with `new_state` when the thread takes its first item and handed from item to
/// item on that thread. The items are cut into one run of consecutive items a worker, the
/// calling thread's the first, and a worker done with its run takes the others' last items
/// (`runs.rs`). With the `pool` feature, the threads beside the caller come from a rayon pool
/// kept for the process rather than started for the call; on two threads a caller that shares
/// out the same items call after call then finds most of them on the same thread as last time,
/// and so in the same caches (with more, the pool's threads may swap runs between calls).
pub fn map_on_threads_with<S: Send, R: Send>(
    count: usize,
    threads: Threads,
    new_state: impl Fn() -> S + Sync,
    item: impl Fn(&mut S, usize) -> R + Sync,
) -> Vec<R> {
    // `map_on_threads` is not written as this one with no state because the judge bundles
    // carry it alone, and holdem-equity's would no longer fit in 64 KiB (65,909 bytes tried).
    let workers = threads.get().min(count);
    let Some(runs) = Runs::new(count, workers) else {
        // Too many items to count in a run: the caller serves them all.
        let mut state = new_state();
        return (0..count).map(|index| item(&mut state, index)).collect();
    };
    let mut results: Vec<(usize, R)> = on_workers(workers, |worker| {
        let (mut done, mut state) = (Vec::new(), None);
        while let Some(index) = runs.take(worker) {
            // Made only once a worker has an item to serve.
            let state = state.get_or_insert_with(&new_state);
            done.push((index, item(state, index)));
        }
        done
    })
    .into_iter()
    .flatten()
    .collect();
    results.sort_unstable_by_key(|&(index, _)| index);
    results.into_iter().map(|(_, result)| result).collect()
}

/// What `work` gives for each worker `0..workers`, on as many threads started for the call,
/// the calling thread one of them (with the `pool` feature, `pool.rs` keeps them for the
/// process, and the calling thread is worker 0).
#[cfg(not(feature = "pool"))]
fn on_workers<T: Send>(workers: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = Threads(NonZeroUsize::new(workers).unwrap_or(NonZeroUsize::MIN));
    map_on_threads(workers, threads, work)
}

/// Answers independent cases, in input order, on up to `threads` threads.
///
/// Each thread takes a contiguous run of cases with a solver of its own (from `new_solver`) and
/// appends each answer to its own buffer with `answer`; the buffers are joined in order, so the
/// output is exactly what one thread would produce. Small inputs stay on the calling thread.
pub fn answer_in_parallel<Case, Solver>(
    cases: &[Case],
    threads: Threads,
    new_solver: impl Fn() -> Solver + Sync,
    answer: impl Fn(&mut Solver, &Case, &mut Vec<u8>) + Sync,
) -> Vec<u8>
where
    Case: Sync,
{
    /// Below this many cases per thread, starting threads costs more than it saves.
    const MIN_CASES_PER_THREAD: usize = 2_000;
    let threads = threads.get().min(cases.len() / MIN_CASES_PER_THREAD).max(1);
    let answer_run = |run: &[Case]| {
        let mut solver = new_solver();
        let mut output = Vec::new();
        for case in run {
            answer(&mut solver, case, &mut output);
        }
        output
    };
    if threads == 1 {
        return answer_run(cases);
    }
    let run_length = cases.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = cases
            .chunks(run_length)
            .map(|run| scope.spawn(|| answer_run(run)))
            .collect();
        let mut output = Vec::new();
        for handle in handles {
            // A panicking solver is a bug; let it propagate as the panic it is.
            output.extend(
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        output
    })
}

#[cfg(test)]
mod tests;

// The README's example is compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
