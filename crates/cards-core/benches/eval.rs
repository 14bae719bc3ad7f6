//! Seven-card evaluation throughput, raced against `rs_poker` 5.0.0 on the same hands.
//!
//! Three measures, each for both evaluators:
//! * `seven_from_cards`: random seven-card hands given as seven cards (build, evaluate);
//! * `seven_from_ids`: the same hands as seven card ids, bytes `0..52` (`cards_core` only);
//! * `seven_prebuilt`: the same hands already built, evaluation only;
//! * `seven_enumerate_all`: all 133,784,560 hands in order, adding one card (or one precomputed
//!   pair) per hand: with `for_each_hand`, with plain nested loops, and with `rs_poker`'s
//!   accumulator in the same nested loops.
//!
//! Run with `cargo bench -p cards-core --bench eval`; `--bench race` interleaves the two
//! evaluators for ratios that a drifting machine cannot skew.

mod common;

use std::time::Duration;

use cards_core::{Card, Hand};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use rs_poker::core::Card as RsCard;

use common::{
    ALL_SEVEN_CARD_HANDS, HANDS, best_from_cards, best_from_ids, best_from_rs_cards,
    best_of_all_hands, best_of_all_hands_nested, best_of_all_rs_hands, best_prebuilt,
    best_rs_prebuilt, random_hands, rs_poker_deck, rs_poker_hand, to_rs_poker,
};

fn from_cards(c: &mut Criterion) {
    let hands = random_hands();
    let rs_hands: Vec<[RsCard; 7]> = hands.iter().map(|hand| hand.map(to_rs_poker)).collect();
    let mut group = c.benchmark_group("seven_from_cards");
    short_windows(&mut group);
    group.throughput(Throughput::Elements(HANDS as u64));
    group.bench_function("cards_core", |b| b.iter(|| best_from_cards(&hands)));
    group.bench_function("rs_poker", |b| b.iter(|| best_from_rs_cards(&rs_hands)));
    group.finish();
}

fn from_ids(c: &mut Criterion) {
    let hands: Vec<[u8; 7]> = random_hands()
        .iter()
        .map(|hand| hand.map(Card::id))
        .collect();
    let mut group = c.benchmark_group("seven_from_ids");
    short_windows(&mut group);
    group.throughput(Throughput::Elements(HANDS as u64));
    group.bench_function("cards_core", |b| b.iter(|| best_from_ids(&hands)));
    group.finish();
}

fn prebuilt(c: &mut Criterion) {
    let hands = random_hands();
    let built: Vec<Hand> = hands.iter().map(|cards| Hand::from_cards(cards)).collect();
    let rs_built: Vec<_> = hands
        .iter()
        .map(|cards| rs_poker_hand(&cards.map(to_rs_poker)))
        .collect();
    let mut group = c.benchmark_group("seven_prebuilt");
    short_windows(&mut group);
    group.throughput(Throughput::Elements(HANDS as u64));
    group.bench_function("cards_core", |b| b.iter(|| best_prebuilt(&built)));
    group.bench_function("rs_poker", |b| b.iter(|| best_rs_prebuilt(&rs_built)));
    group.finish();
}

fn enumerate_all(c: &mut Criterion) {
    let rs_deck = rs_poker_deck();
    let mut group = c.benchmark_group("seven_enumerate_all");
    group.throughput(Throughput::Elements(ALL_SEVEN_CARD_HANDS));
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(4));
    // The two evaluators back to back, so a drifting machine skews them least.
    group.bench_function("cards_core", |b| b.iter(best_of_all_hands));
    group.bench_function("rs_poker", |b| b.iter(|| best_of_all_rs_hands(&rs_deck)));
    group.bench_function("cards_core_nested_loops", |b| {
        b.iter(|| best_of_all_hands_nested(&Card::ALL));
    });
    group.finish();
}

/// Short measurement windows, so the two evaluators of a group run close together in time and a
/// machine whose speed drifts skews their comparison less.
fn short_windows(group: &mut BenchmarkGroup<'_, WallTime>) {
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(2));
}

criterion_group!(benches, from_cards, from_ids, prebuilt, enumerate_all);
criterion_main!(benches);
