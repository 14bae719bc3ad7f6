//! texas-best-hand's stages on 10,000 random lines: parsing, choosing the best five, and the
//! whole run.
//!
//! Run with `cargo bench -p texas-best-hand --bench solve`.

use std::fmt::Write as _;
use std::hint::black_box;

use cards_core::{Card, HoleCardRule};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use seeded_rng::SeededRng;
use texas_best_hand::{Options, parse, run, solve};

const LINES: usize = 10_000;

fn random_input() -> String {
    let mut rng = SeededRng::new(7);
    let mut deck = Card::ALL;
    let mut input = String::new();
    for _ in 0..LINES {
        rng.shuffle(&mut deck);
        let line: Vec<String> = deck[..7].iter().map(Card::to_string).collect();
        writeln!(input, "{}", line.join(" ")).unwrap();
    }
    input
}

fn stages(c: &mut Criterion) {
    let input = random_input();
    let deals = parse(input.as_bytes()).unwrap();
    let mut group = c.benchmark_group("texas_best_hand_10k_lines");
    group.throughput(Throughput::Elements(LINES as u64));
    group.bench_function("parse", |b| b.iter(|| parse(black_box(input.as_bytes()))));
    group.bench_function("best_five", |b| {
        b.iter(|| {
            black_box(&deals)
                .iter()
                .map(|deal| solve(deal, HoleCardRule::AnyFive).value)
                .max()
        });
    });
    group.bench_function("best_five_both_hole_cards", |b| {
        b.iter(|| {
            black_box(&deals)
                .iter()
                .map(|deal| solve(deal, HoleCardRule::BothHoleCards).value)
                .max()
        });
    });
    group.bench_function("run", |b| {
        b.iter(|| run(black_box(input.as_bytes()), &Options::default()));
    });
    group.finish();
}

criterion_group!(benches, stages);
criterion_main!(benches);
