//! Thread counts, and work shared out over threads in order.

use rstest::rstest;

use std::sync::atomic::{AtomicUsize, Ordering};

use super::{Threads, answer_in_parallel, map_on_threads, map_on_threads_with};

#[test]
fn parallel_answers_keep_input_order() {
    let cases: Vec<u32> = (0..10_000).collect();
    let output = answer_in_parallel(
        &cases,
        Threads::new(3).unwrap(),
        || 0u64,
        |seen, case, output| {
            *seen += 1;
            output.extend_from_slice(format!("{case}\n").as_bytes());
        },
    );
    let expected: String = cases.iter().map(|case| case.to_string() + "\n").collect();
    assert_eq!(String::from_utf8(output).unwrap(), expected);
}

#[rstest]
#[case::one("1", Some(1))]
#[case::many("64", Some(64))]
#[case::zero("0", None)]
#[case::negative("-1", None)]
#[case::word("abc", None)]
#[case::empty("", None)]
fn thread_counts(#[case] text: &str, #[case] expected: Option<usize>) {
    assert_eq!(text.parse::<Threads>().ok().map(Threads::get), expected);
}

#[test]
fn a_bad_thread_count_says_what_is_wanted() {
    let err = "0".parse::<Threads>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "expected a whole number of threads, at least 1"
    );
}

#[test]
fn one_thread_answers_like_many() {
    let cases: Vec<u32> = (0..9_000).collect();
    let run = |threads| {
        answer_in_parallel(
            &cases,
            threads,
            || (),
            |(), case, output| {
                output.extend_from_slice(format!("{case},").as_bytes());
            },
        )
    };
    assert_eq!(run(Threads::ONE), run(Threads::new(4).unwrap()));
}

#[test]
fn threads_show_their_count_and_default_to_the_cores() {
    assert_eq!(Threads::new(3).unwrap().to_string(), "3");
    assert_eq!(Threads::new(0), None);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    assert_eq!(Threads::available().get(), cores);
    assert_eq!(Threads::default(), Threads::available());
    assert_eq!(Threads::ONE.get(), 1);
}

/// The threads that answered each case, in case order.
fn answering_threads(cases: usize, threads: Threads) -> Vec<std::thread::ThreadId> {
    let cases: Vec<usize> = (0..cases).collect();
    let ids = std::sync::Mutex::new(Vec::new());
    answer_in_parallel(
        &cases,
        threads,
        || (),
        |(), &case, _| {
            ids.lock()
                .unwrap()
                .push((case, std::thread::current().id()));
        },
    );
    let mut ids = ids.into_inner().unwrap();
    ids.sort_by_key(|&(case, _)| case);
    ids.into_iter().map(|(_, id)| id).collect()
}

#[test]
fn one_thread_is_the_calling_thread() {
    // Judges may forbid threads: with one, nothing is spawned, however many cases there are.
    let caller = std::thread::current().id();
    assert!(
        answering_threads(10_000, Threads::ONE)
            .iter()
            .all(|&id| id == caller)
    );
}

#[test]
fn small_inputs_stay_on_the_calling_thread_and_large_ones_spread() {
    let caller = std::thread::current().id();
    let four = Threads::new(4).unwrap();
    assert!(answering_threads(3, four).iter().all(|&id| id == caller));
    // 4,000 cases make two runs of at least 2,000: two spawned threads, in order.
    let ids = answering_threads(4_000, four);
    assert!(ids.iter().all(|&id| id != caller));
    assert_eq!(ids[0], ids[1_999]);
    assert_eq!(ids[2_000], ids[3_999]);
    assert_ne!(ids[0], ids[2_000]);
}

#[test]
fn map_on_threads_keeps_the_order_on_any_number_of_threads() {
    // Items of very uneven cost, so threads finish out of order.
    let item = |index: usize| {
        let spin: u64 = (0..(index % 7) * 20_000).map(|step| step as u64 % 3).sum();
        (index, spin)
    };
    let alone = map_on_threads(100, Threads::ONE, item);
    assert_eq!(alone.len(), 100);
    assert!(
        alone
            .iter()
            .enumerate()
            .all(|(index, &(seen, _))| seen == index)
    );
    for threads in [2, 3, 16, 200] {
        let threads = Threads::new(threads).unwrap();
        assert_eq!(map_on_threads(100, threads, item), alone);
    }
    assert_eq!(map_on_threads(0, Threads::new(4).unwrap(), item), []);
}

#[test]
fn map_on_threads_stays_on_the_calling_thread_for_one_thread_or_one_item() {
    let caller = std::thread::current().id();
    let on_caller = |_| std::thread::current().id() == caller;
    assert!(
        map_on_threads(5, Threads::ONE, on_caller)
            .into_iter()
            .all(|same| same)
    );
    assert_eq!(
        map_on_threads(1, Threads::new(8).unwrap(), on_caller),
        [true]
    );
}

/// On two threads, the calling thread works beside one thread it starts: items 0 and 1 each
/// wait until both have begun, so no one thread can run both (the minute allowed only keeps a
/// broken pool from hanging the test).
#[test]
fn map_on_threads_works_on_the_calling_thread_and_one_more_for_two_threads() {
    let caller = std::thread::current().id();
    let begun = std::sync::Mutex::new(0);
    let both_begun = std::sync::Condvar::new();
    let item = |index| {
        if index < 2 {
            let mut begun = begun.lock().unwrap();
            *begun += 1;
            both_begun.notify_all();
            let wait = std::time::Duration::from_secs(60);
            let (begun, _) = both_begun
                .wait_timeout_while(begun, wait, |begun| *begun < 2)
                .unwrap();
            assert_eq!(*begun, 2, "items 0 and 1 ran one after the other");
        }
        std::thread::current().id() == caller
    };
    let on_caller = map_on_threads(2, Threads::new(2).unwrap(), item);
    assert_eq!(on_caller.iter().filter(|&&same| same).count(), 1);
}

#[rstest]
#[case::one_thread(1)]
#[case::three_threads(3)]
fn states_are_at_most_one_a_thread_and_results_keep_item_order(#[case] threads: usize) {
    let made = AtomicUsize::new(0);
    // Each result is the item with how many items its state had served, itself included.
    let results = map_on_threads_with(
        500,
        Threads::new(threads).unwrap(),
        || {
            made.fetch_add(1, Ordering::Relaxed);
            0_usize
        },
        |done, index| {
            *done += 1;
            (index, *done)
        },
    );
    let states = made.load(Ordering::Relaxed);
    assert!((1..=threads).contains(&states), "{states} states");
    assert_eq!(
        results.iter().map(|&(index, _)| index).collect::<Vec<_>>(),
        (0..500).collect::<Vec<_>>()
    );
    // Each state counts the items it served 1, 2, 3, ...: so as many items were first as there
    // are states, and no count is more frequent than the one below it.
    let mut frequency = vec![0; 501];
    for &(_, done) in &results {
        frequency[done] += 1;
    }
    assert_eq!(frequency[1], states);
    assert!(frequency.windows(2).skip(1).all(|pair| pair[0] >= pair[1]));
}
