//! The `pool` feature: [`crate::map_on_threads_with`]'s threads from a rayon pool kept for the
//! whole process, rather than started for each call.

use std::sync::{Arc, Mutex, PoisonError};

use rayon::{ThreadPool, ThreadPoolBuilder};

/// What `work` gives for each worker `0..workers`, the calling thread worker 0 and the others
/// a pool's of `workers - 1` threads kept for the process: a caller that shares out short work
/// many times, such as a solver's passes, does not start and stop threads each time. Where the
/// pool cannot be made (no thread can be started), the calling thread is every worker in turn.
pub(crate) fn on_workers<T: Send>(workers: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let Some(pool) = (workers > 1).then(|| pool_of(workers - 1)).flatten() else {
        return (0..workers).map(work).collect();
    };
    let work = &work;
    let mut others: Vec<Option<T>> = (1..workers).map(|_| None).collect();
    let mut first = None;
    pool.in_place_scope(|scope| {
        for (worker, other) in (1..).zip(&mut others) {
            scope.spawn(move |_| *other = Some(work(worker)));
        }
        first = Some(work(0));
    });
    (first.into_iter().chain(others.into_iter().flatten())).collect()
}

/// The pool of `threads` threads, made the first time it is asked for.
fn pool_of(threads: usize) -> Option<Arc<ThreadPool>> {
    static POOLS: Mutex<Vec<Arc<ThreadPool>>> = Mutex::new(Vec::new());
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(pool) = pools
        .iter()
        .find(|pool| pool.current_num_threads() == threads)
    {
        return Some(Arc::clone(pool));
    }
    let pool = Arc::new(ThreadPoolBuilder::new().num_threads(threads).build().ok()?);
    pools.push(Arc::clone(&pool));
    Some(pool)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::thread::{ThreadId, current};

    use super::on_workers;

    /// Call after call, the work runs on the caller and on the same pool threads: threads
    /// started for each call would each be new.
    #[test]
    fn calls_share_the_threads_beside_the_caller() {
        let mut beside: HashSet<ThreadId> = HashSet::new();
        for _ in 0..20 {
            let ids = on_workers(3, |_| current().id());
            assert_eq!(ids.len(), 3);
            assert_eq!(ids[0], current().id(), "the caller works too");
            beside.extend(ids.into_iter().filter(|&id| id != current().id()));
        }
        assert!(!beside.is_empty() && beside.len() <= 2, "{beside:?}");
    }
}
