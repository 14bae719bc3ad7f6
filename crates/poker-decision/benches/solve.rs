//! poker-decision: solving one case, and the whole 100,000-case run through the library
//! (parsing included), on seeded random cases.
//!
//! Run with `cargo bench -p poker-decision --bench solve`.

use std::fmt::Write as _;
use std::hint::black_box;

use cards_core::Card;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use poker_decision::{CaseSolver, Options, parse, run};
use seeded_rng::SeededRng;

fn random_input(cases: usize) -> String {
    let mut rng = SeededRng::new(3);
    let mut deck = Card::ALL;
    let mut input = format!("{cases}\n");
    for _ in 0..cases {
        rng.shuffle(&mut deck);
        let cards: Vec<String> = deck[..10].iter().map(Card::to_string).collect();
        writeln!(
            input,
            "{} {}\n{} {}\n{}",
            cards[0],
            cards[1],
            cards[2],
            cards[3],
            cards[4..].join(" ")
        )
        .unwrap();
    }
    input
}

fn one_case(c: &mut Criterion) {
    let cases = parse(random_input(1_000).as_bytes()).unwrap();
    let mut solver = CaseSolver::default();
    let mut next = 0;
    c.bench_function("poker_decision/solve_one_case", |b| {
        b.iter(|| {
            next = (next + 1) % cases.len();
            solver.winner(black_box(&cases[next]))
        });
    });
}

fn whole_run(c: &mut Criterion) {
    let input = random_input(100_000);
    let mut group = c.benchmark_group("poker_decision");
    group.throughput(Throughput::Elements(100_000));
    group.sample_size(20);
    group.bench_function("parse_100k_cases", |b| {
        b.iter(|| parse(black_box(input.as_bytes())));
    });
    group.bench_function("run_100k_cases", |b| {
        b.iter(|| run(black_box(input.as_bytes()), &Options::default()));
    });
    group.finish();
}

criterion_group!(benches, one_case, whole_run);
criterion_main!(benches);
