//! cards-core's seven-card evaluation raced against OMPEval's, in one process, on the same
//! 4,096 random hands, in alternating bursts so that both see the same machine (this project's
//! machines drift in speed by up to a factor of two over tens of seconds).
//!
//! First the two are checked to agree: on the random hands, equal values must be equal and
//! better must be better; over all 133,784,560 hands, each category must hold as many hands.
//! Then three races: hands built from seven card ids (bytes `0..52`, `4 * rank + suit` in both,
//! the suits in another order, which changes no value) and evaluated; hands prebuilt in each
//! evaluator's own type, evaluated only; every seven-card hand by each one's own enumeration
//! (OMPEval: nested loops adding a card at each level; cards-core: `for_each_hand_chunk`).
//!
//! Usage: `OMPEVAL_DIR=... cargo run --release -- [--rounds N]`, or `scripts/race-ompeval`.

use std::ffi::c_uint;
use std::hint::black_box;
use std::time::Instant;

use cards_core::holdem::{for_each_hand, for_each_hand_chunk};
use cards_core::{CardSet, Hand, HandValue};
use seeded_rng::SeededRng;

/// OMPEval's `Hand`: two 64-bit words in an SSE register, so 16-byte aligned.
#[repr(C, align(16))]
#[derive(Clone, Copy)]
struct OmpHand([u64; 2]);

unsafe extern "C" {
    fn ompeval_value(ids: *const u8) -> c_uint;
    fn ompeval_best_from_ids(hands: *const [u8; 7], count: usize) -> c_uint;
    fn ompeval_hand_size() -> usize;
    fn ompeval_build(hands: *const [u8; 7], count: usize, built: *mut OmpHand);
    fn ompeval_best_prebuilt(hands: *const OmpHand, count: usize) -> c_uint;
    fn ompeval_best_of_all_hands() -> c_uint;
    fn ompeval_count_all_hands(categories: *mut u64);
}

const HANDS: usize = 4096;
/// Passes over the random hands in one burst: a few milliseconds.
const BURST: usize = 50;
/// The number of seven-card hands.
const ALL_HANDS: usize = 133_784_560;

fn random_hands() -> Vec<[u8; 7]> {
    let mut rng = SeededRng::new(0x0E7A);
    let mut deck: Vec<u8> = (0..52).collect();
    (0..HANDS)
        .map(|_| {
            rng.shuffle(&mut deck);
            deck[..7].try_into().expect("seven cards")
        })
        .collect()
}

/// Build each hand from its seven card ids, evaluate it.
#[inline(never)]
fn best_from_ids(hands: &[[u8; 7]]) -> HandValue {
    let mut best = HandValue::LOWEST;
    for ids in black_box(hands) {
        best = best.max(Hand::from_ids(ids).evaluate());
    }
    best
}

/// The category number OMPEval gives a hand of value `value`: 1 (high card) to 9 (straight
/// flush, royal flushes included).
fn ompeval_category(value: HandValue) -> usize {
    (value.category() as usize + 1).min(9)
}

/// Every seven-card hand, by cards-core's fastest enumeration: `for_each_hand_chunk`, the best
/// value kept in a local within each chunk.
#[inline(never)]
fn best_of_all_hands() -> HandValue {
    let mut best = HandValue::LOWEST;
    for_each_hand_chunk(Hand::EMPTY, black_box(CardSet::FULL), 7, |prefix, tails| {
        let mut chunk_best = best;
        for &tail in tails {
            chunk_best = chunk_best.max(prefix.combine(tail).evaluate());
        }
        best = chunk_best;
    });
    best
}

/// Evaluation alone, of hands built beforehand.
#[inline(never)]
fn best_prebuilt(hands: &[Hand]) -> HandValue {
    let mut best = HandValue::LOWEST;
    for hand in black_box(hands) {
        best = best.max(hand.evaluate());
    }
    best
}

/// Checks that OMPEval orders the hands as cards-core does.
fn check_agreement(hands: &[[u8; 7]]) {
    let mut values: Vec<(HandValue, c_uint)> = hands
        .iter()
        .map(|ids| {
            // SAFETY: `ids` is seven readable bytes, each a card id below 52.
            let theirs = unsafe { ompeval_value(ids.as_ptr()) };
            (Hand::from_ids(ids).evaluate(), theirs)
        })
        .collect();
    values.sort_unstable();
    for pair in values.windows(2) {
        let [(ours_a, theirs_a), (ours_b, theirs_b)] = [pair[0], pair[1]];
        assert_eq!(
            ours_a.cmp(&ours_b),
            theirs_a.cmp(&theirs_b),
            "the evaluators order two hands differently"
        );
    }
}

/// Checks that both evaluators find as many hands of each category among all seven-card hands.
fn check_all_hands() {
    let mut ours = [0; 10];
    let mut theirs = [0; 10];
    for_each_hand(Hand::EMPTY, CardSet::FULL, 7, |hand| {
        ours[ompeval_category(hand.evaluate())] += 1;
    });
    // SAFETY: `theirs` has a counter for each of the categories 1 to 9 that OMPEval returns.
    unsafe { ompeval_count_all_hands(theirs.as_mut_ptr()) };
    assert_eq!(ours, theirs, "hands by category, all seven-card hands");
    assert_eq!(ours.iter().sum::<u64>(), ALL_HANDS as u64);
}

/// Medians over `rounds` alternating bursts of `calls` calls, each evaluating `per_call` hands:
/// each side's rate and the ratio of their times.
fn race(
    name: &str,
    rounds: usize,
    (calls, per_call): (usize, usize),
    mut ours: impl FnMut() -> u32,
    mut theirs: impl FnMut() -> u32,
) {
    let mut our_rates = Vec::with_capacity(rounds);
    let mut their_rates = Vec::with_capacity(rounds);
    let mut ratios = Vec::with_capacity(rounds);
    let mut sink = 0u32;
    let mut burst = |side: &mut dyn FnMut() -> u32| {
        let start = Instant::now();
        for _ in 0..calls {
            sink = sink.wrapping_add(side());
        }
        start.elapsed().as_secs_f64()
    };
    for _ in 0..rounds {
        let our_time = burst(&mut ours);
        let their_time = burst(&mut theirs);
        let evaluations =
            f64::from(u32::try_from(calls * per_call).expect("under 2^32 evaluations a burst"));
        our_rates.push(evaluations / our_time / 1e6);
        their_rates.push(evaluations / their_time / 1e6);
        ratios.push(our_time / their_time);
    }
    black_box(sink);
    let quantile = |values: &mut Vec<f64>, q: usize| {
        values.sort_by(f64::total_cmp);
        values[(values.len() - 1) * q / 4]
    };
    println!(
        "{name:<10} cards-core {:>5.0} M/s   OMPEval {:>5.0} M/s   time ratio {:.3} (quartiles {:.3} to {:.3})",
        quantile(&mut our_rates, 2),
        quantile(&mut their_rates, 2),
        quantile(&mut ratios, 2),
        quantile(&mut ratios, 1),
        quantile(&mut ratios, 3),
    );
}

fn processor() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split(':').nth(1))
                .map(|name| name.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown processor".to_owned())
}

fn main() {
    let mut arguments = std::env::args().skip(1);
    let rounds: usize = match (arguments.next().as_deref(), arguments.next()) {
        (None, _) => 61,
        (Some("--rounds"), Some(count)) => count.parse().expect("--rounds takes a count"),
        _ => panic!("usage: race-ompeval [--rounds N]"),
    };
    // A pass over all hands takes a fifth of a second a side: a fifth of the rounds.
    let all_hands_rounds = rounds.div_ceil(5);
    // SAFETY: no arguments; OMPEval's type is the 16 bytes `OmpHand` mirrors.
    assert_eq!(unsafe { ompeval_hand_size() }, size_of::<OmpHand>());

    let hands = random_hands();
    check_agreement(&hands);
    check_all_hands();
    let built: Vec<Hand> = hands.iter().map(|ids| Hand::from_ids(ids)).collect();
    let mut omp_built = vec![OmpHand([0; 2]); hands.len()];
    // SAFETY: `omp_built` has room for one hand per seven ids of `hands`.
    unsafe { ompeval_build(hands.as_ptr(), hands.len(), omp_built.as_mut_ptr()) };

    println!(
        "single thread, {}; {HANDS} random seven-card hands in {rounds} rounds of alternating \
         bursts of {} evaluations, all {ALL_HANDS} hands in {} rounds",
        processor(),
        HANDS * BURST,
        all_hands_rounds,
    );
    println!(
        "time ratio: cards-core's time over OMPEval's in the same round, below 1 when cards-core is faster"
    );
    race(
        "from ids",
        rounds,
        (BURST, HANDS),
        || u32::from(best_from_ids(&hands).category() as u8),
        // SAFETY: `hands` holds `hands.len()` arrays of seven card ids below 52.
        || unsafe { ompeval_best_from_ids(black_box(hands.as_ptr()), hands.len()) },
    );
    race(
        "prebuilt",
        rounds,
        (BURST, HANDS),
        || u32::from(best_prebuilt(&built).category() as u8),
        // SAFETY: `omp_built` holds `omp_built.len()` hands that OMPEval built.
        || unsafe { ompeval_best_prebuilt(black_box(omp_built.as_ptr()), omp_built.len()) },
    );
    race(
        "all hands",
        all_hands_rounds,
        (1, ALL_HANDS),
        || u32::from(best_of_all_hands().category() as u8),
        // SAFETY: no arguments.
        || unsafe { ompeval_best_of_all_hands() },
    );
}
