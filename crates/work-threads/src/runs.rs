//! How [`crate::map_on_threads_with`] shares items out: one run of consecutive items a worker,
//! taken from its front, and once a worker's run is done, other runs' last items, taken from
//! their backs. A worker gets the same run call after call, so where it is the same thread (the
//! caller, and on two threads the pool's one), a caller that shares out the same work again and
//! again (a solver's passes) finds most items' memory in the caches of the core that had it
//! last time; the stealing evens out items of uneven cost.

use std::sync::atomic::{AtomicU64, Ordering};

/// The runs, each on cache lines of its own so that workers taking from their own do not pass
/// lines back and forth.
pub(crate) struct Runs {
    runs: Vec<Run>,
}

/// A run's items not yet taken, `front..back`, packed as `front << 32 | back` so that one
/// compare-and-swap takes an item from either end.
#[repr(align(128))]
struct Run(AtomicU64);

impl Runs {
    /// Items `0..count` cut into `workers` runs as even as they can be; `None` from 2^32 items
    /// on, which a run's 32-bit ends cannot count.
    pub(crate) fn new(count: usize, workers: usize) -> Option<Runs> {
        let count = u64::from(u32::try_from(count).ok()?);
        let workers = u64::try_from(workers.max(1)).ok()?;
        let runs = (0..workers)
            .map(|worker| {
                let (front, back) = (worker * count / workers, (worker + 1) * count / workers);
                Run(AtomicU64::new(front << 32 | back))
            })
            .collect();
        Some(Runs { runs })
    }

    /// The next item for `worker`: the front of its own run, else the back of another's (the
    /// next runs first), or `None` once every item is taken.
    pub(crate) fn take(&self, worker: usize) -> Option<usize> {
        let workers = self.runs.len();
        let own = worker % workers;
        self.take_from(own, true)
            .or_else(|| (1..workers).find_map(|step| self.take_from((own + step) % workers, false)))
    }

    /// Takes the front (or the back) item of run `run`, if any is left.
    fn take_from(&self, run: usize, front: bool) -> Option<usize> {
        let state = &self.runs[run].0;
        let mut seen = state.load(Ordering::Relaxed);
        loop {
            let (first, end) = (seen >> 32, seen & u64::from(u32::MAX));
            if first >= end {
                return None;
            }
            let (taken, next) = if front {
                (first, (first + 1) << 32 | end)
            } else {
                (end - 1, first << 32 | (end - 1))
            };
            match state.compare_exchange_weak(seen, next, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return usize::try_from(taken).ok(),
                Err(now) => seen = now,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Runs;

    /// Each worker takes its own run in order, then the other runs from their backs; every
    /// item is taken once.
    #[test]
    fn a_worker_takes_its_run_then_the_others_from_their_backs() {
        let runs = Runs::new(10, 3).unwrap();
        // Bounded, so a `take` that never says none fails rather than hangs.
        let taken: Vec<_> = std::iter::from_fn(|| runs.take(1)).take(11).collect();
        assert_eq!(taken, [3, 4, 5, 9, 8, 7, 6, 2, 1, 0]);
        assert_eq!(runs.take(0), None);
    }

    /// Workers taking at once take every item exactly once.
    #[test]
    fn items_taken_on_several_threads_are_each_taken_once() {
        let runs = Runs::new(100_000, 4).unwrap();
        let mut taken: Vec<usize> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..4)
                .map(|worker| {
                    let runs = &runs;
                    let taken = std::iter::from_fn(move || runs.take(worker));
                    scope.spawn(move || taken.take(100_001).collect::<Vec<_>>())
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|handle| handle.join().unwrap())
                .collect()
        });
        taken.sort_unstable();
        assert_eq!(taken, (0..100_000).collect::<Vec<_>>());
    }

    /// Past 2^32 items there are no runs (the caller works through them alone).
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn more_items_than_a_run_can_count_make_no_runs() {
        assert!(Runs::new(1 << 40, 2).is_none());
        assert!(Runs::new(0, 2).is_some_and(|runs| runs.take(1).is_none()));
    }
}
