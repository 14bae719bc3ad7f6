//! An interleaved race against `rs_poker` 5.0.0 on the same hands, for honest ratios on a
//! noisy machine.
//!
//! Criterion measures one function after another, so a machine that speeds up or slows down
//! between them skews the comparison. Here the two evaluators alternate in short bursts and
//! the median of the per-burst time ratios is reported, next to the median rates.
//!
//! Run with `cargo bench -p cards-core --bench race`.

mod common;

use std::hint::black_box;
use std::time::Instant;

use cards_core::Hand;
use rs_poker::core::Card as RsCard;

use common::{
    ALL_SEVEN_CARD_HANDS, HANDS, best_from_cards, best_from_rs_cards, best_of_all_hands,
    best_of_all_rs_hands, best_prebuilt, best_rs_prebuilt, random_hands, rs_poker_deck,
    rs_poker_hand, to_rs_poker,
};

/// Bursts per measure; each burst times both evaluators once.
const BURSTS: usize = 101;

fn main() {
    let hands = random_hands();
    let rs_hands: Vec<[RsCard; 7]> = hands.iter().map(|hand| hand.map(to_rs_poker)).collect();
    let built: Vec<Hand> = hands.iter().map(|cards| Hand::from_cards(cards)).collect();
    let rs_built: Vec<_> = rs_hands.iter().map(rs_poker_hand).collect();

    println!(
        "{:<14} {:>12} {:>12} {:>18}",
        "measure", "cards_core", "rs_poker", "time ratio"
    );
    let repeats = (1 << 22) / HANDS;
    race("from cards", BURSTS, (repeats * HANDS) as u64, || {
        (
            time(|| repeat(repeats, || best_from_cards(&hands))),
            time(|| repeat(repeats, || best_from_rs_cards(&rs_hands))),
        )
    });
    race("prebuilt", BURSTS, (repeats * HANDS) as u64, || {
        (
            time(|| repeat(repeats, || best_prebuilt(&built))),
            time(|| repeat(repeats, || best_rs_prebuilt(&rs_built))),
        )
    });
    let rs_deck = rs_poker_deck();
    race("enumerate all", 7, ALL_SEVEN_CARD_HANDS, || {
        (
            time(best_of_all_hands),
            time(|| best_of_all_rs_hands(&rs_deck)),
        )
    });
}

/// Runs `bursts` bursts of `burst` (which returns the two evaluators' times in seconds for
/// `evaluations` hands each) and prints the medians.
fn race(name: &str, bursts: usize, evaluations: u64, mut burst: impl FnMut() -> (f64, f64)) {
    let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..bursts {
        let (our_time, their_time) = burst();
        ours.push(our_time);
        theirs.push(their_time);
        ratios.push(our_time / their_time);
    }
    let per_second = |time: f64| format!("{:.0} M/s", evaluations as f64 / time / 1e6);
    println!(
        "{name:<14} {:>12} {:>12} {:>18}",
        per_second(median(ours)),
        per_second(median(theirs)),
        format!("{:.3} (ours/theirs)", median(ratios))
    );
}

fn time<T>(work: impl FnOnce() -> T) -> f64 {
    let start = Instant::now();
    black_box(work());
    start.elapsed().as_secs_f64()
}

fn repeat<T>(times: usize, mut work: impl FnMut() -> T) {
    for _ in 0..times {
        black_box(work());
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
