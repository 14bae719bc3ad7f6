//! Hand against hand, on one thread: preflop heads-up (1,712,304 boards) and
//! three-handed (1,370,754 boards), the same heads-up matchup on a flop and a turn, and two to
//! nine players preflop.
//!
//! Run with `cargo bench -p equity-core --bench equity`; BENCHMARKS.md has the figures.

use std::hint::black_box;

use cards_core::Card;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use equity_core::{Matchup, Threads, equity};

/// Nine hands for the multiway matchups: the first `n` of them play.
const NINE_HANDS: [&str; 9] = [
    "AS KS", "QD QC", "7H 7D", "JC TC", "9S 8S", "AH 2D", "KD QH", "5C 5S", "4D 3D",
];

/// `AS KS QD QC | 2S 7S 9D`: hole cards, then the board.
fn matchup(line: &str) -> Matchup {
    let (holes, board) = line.split_once(" | ").unwrap_or((line, ""));
    let cards = |text: &str| -> Vec<Card> {
        text.split_whitespace()
            .map(|card| card.parse().unwrap())
            .collect()
    };
    Matchup {
        players: cards(holes)
            .chunks(2)
            .map(|hole| [hole[0], hole[1]])
            .collect(),
        board: cards(board),
        dead: Vec::new(),
    }
}

fn matchups(c: &mut Criterion) {
    let mut group = c.benchmark_group("holdem_equity");
    for (name, line) in [
        ("heads_up_preflop", "AS KS QD QC"),
        ("three_players_preflop", "AS KS QD QC 7H 7D"),
        ("heads_up_flop", "AS KS QD QC | 2S 7S 9D"),
        ("heads_up_turn", "AS KS QD QC | 2S 7S 9D 3H"),
    ] {
        let matchup = matchup(line);
        group.bench_function(name, |b| {
            b.iter(|| equity(black_box(&matchup), Threads::ONE));
        });
    }
    group.finish();
}

fn players(c: &mut Criterion) {
    let mut group = c.benchmark_group("holdem_equity_preflop_players");
    group.sample_size(20);
    for players in 2..=9 {
        let matchup = matchup(&NINE_HANDS[..players].join(" "));
        group.bench_function(BenchmarkId::from_parameter(players), |b| {
            b.iter(|| equity(black_box(&matchup), Threads::ONE));
        });
    }
    group.finish();
}

criterion_group!(benches, matchups, players);
criterion_main!(benches);
