//! holdem-equity: full enumeration preflop, heads-up (1,712,304 boards) and three-handed
//! (1,370,754 boards), through the library.
//!
//! Run with `cargo bench -p holdem-equity --bench equity`. `JUDGE_THREADS` does not apply here:
//! the enumeration uses every core; see BENCHMARKS.md for single-core figures.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use holdem_equity::{equity, parse};
use judge_io::Threads;

fn preflop(c: &mut Criterion) {
    let matchups = parse(b"AS KS QD QC\nAS KS QD QC 7H 7D\n").unwrap();
    let mut group = c.benchmark_group("holdem_equity");
    group.bench_function("heads_up_preflop", |b| {
        b.iter(|| equity(black_box(&matchups[0]), Threads::ONE));
    });
    group.bench_function("three_players_preflop", |b| {
        b.iter(|| equity(black_box(&matchups[1]), Threads::ONE));
    });
    group.finish();
}

criterion_group!(benches, preflop);
criterion_main!(benches);
