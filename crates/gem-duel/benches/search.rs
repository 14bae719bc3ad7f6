//! gem-duel: the search for one player's best hand on `099-heavy`, the hardest known case, and
//! on every golden case.
//!
//! Run with `cargo bench -p gem-duel --bench search`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gem_duel::{Options, best_hand, parse, run};

fn read(name: &str) -> Vec<u8> {
    std::fs::read(golden_cases::testdata_dir().join("gem-duel").join(name)).unwrap()
}

fn heavy(c: &mut Criterion) {
    let cases = parse(&read("099-heavy.in")).unwrap();
    let side = &cases[0][0];
    c.bench_function("gem_duel/search_one_player_099_heavy", |b| {
        b.iter(|| best_hand(black_box(&side.board), &side.strip));
    });
}

fn golden(c: &mut Criterion) {
    let inputs: Vec<Vec<u8>> = golden_cases::cases("gem-duel")
        .unwrap()
        .into_iter()
        .filter(|case| case.expected_stderr.is_none() && case.args.is_empty())
        .map(|case| case.input().unwrap())
        .collect();
    c.bench_function("gem_duel/run_every_golden_case", |b| {
        b.iter(|| {
            inputs
                .iter()
                .map(|input| {
                    run(black_box(input), &Options::default()).map_or(0, |output| output.len())
                })
                .sum::<usize>()
        });
    });
}

criterion_group!(benches, heavy, golden);
criterion_main!(benches);
