//! triangle-war: solving all 262,144 positions, and answering 100,000 random games through the
//! library (parsing and the solve included).
//!
//! Run with `cargo bench -p triangle-war --bench solve`.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use seeded_rng::SeededRng;
use triangle_war::board::SEGMENTS;
use triangle_war::{Options, PositionValues, run};

fn random_games(games: usize) -> String {
    let mut rng = SeededRng::new(4);
    let mut input = format!("{games}\n");
    let mut segments: Vec<usize> = (0..18).collect();
    for _ in 0..games {
        rng.shuffle(&mut segments);
        let moves = rng.index_in(6, 18);
        writeln!(input, "{moves}").unwrap();
        for &segment in &segments[..moves] {
            let (a, b) = SEGMENTS[segment];
            writeln!(input, "{a} {b}").unwrap();
        }
    }
    input
}

fn solve_all_positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("triangle_war");
    group.throughput(Throughput::Elements(1 << 18));
    group.bench_function("solve_all_262144_positions", |b| {
        b.iter(PositionValues::new);
    });
    group.finish();
}

fn answer_games(c: &mut Criterion) {
    let input = random_games(100_000);
    let mut group = c.benchmark_group("triangle_war");
    group.throughput(Throughput::Elements(100_000));
    group.sample_size(20);
    group.bench_function("run_100k_games", |b| {
        b.iter(|| run(black_box(input.as_bytes()), &Options::default()));
    });
    group.finish();
}

criterion_group!(benches, solve_all_positions, answer_games);
criterion_main!(benches);
