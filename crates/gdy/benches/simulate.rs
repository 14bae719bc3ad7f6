//! gdy: one game with 200 players and a pile of 20,000 cards, and the whole 20-case run through
//! the library (parsing included).
//!
//! Run with `cargo bench -p gdy --bench simulate`.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use gdy::{Case, Options, Silent, play, run};
use seeded_rng::SeededRng;

fn random_pile(rng: &mut SeededRng, cards: usize) -> Vec<u8> {
    (0..cards).map(|_| 1 + rng.below_u8(13)).collect()
}

fn one_large_case(c: &mut Criterion) {
    let mut rng = SeededRng::new(6);
    let case = Case {
        players: 200,
        pile: random_pile(&mut rng, 20_000),
    };
    c.bench_function("gdy/play_200_players_20000_cards", |b| {
        b.iter(|| play(black_box(&case), &mut Silent));
    });
}

fn twenty_large_cases(c: &mut Criterion) {
    let mut rng = SeededRng::new(7);
    let mut input = String::from("20\n");
    for _ in 0..20 {
        let pile: Vec<String> = random_pile(&mut rng, 20_000)
            .iter()
            .map(u8::to_string)
            .collect();
        writeln!(input, "200 20000\n{}", pile.join(" ")).unwrap();
    }
    let mut group = c.benchmark_group("gdy");
    group.sample_size(20);
    group.bench_function("run_20_cases_200_players_20000_cards", |b| {
        b.iter(|| run(black_box(input.as_bytes()), &Options::default()));
    });
    group.finish();
}

criterion_group!(benches, one_large_case, twenty_large_cases);
criterion_main!(benches);
