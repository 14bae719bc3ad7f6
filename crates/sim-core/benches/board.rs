//! The match-3 board: generating every legal move, and one operation played out (swap, clear,
//! gravity, refill, cascades), on seeded random 8×8 boards of seven colors.
//!
//! Run with `cargo bench -p sim-core --bench board`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use seeded_rng::SeededRng;
use sim_core::board::{Board, Cell, Direction, Strip};

type GemBoard = Board<7>;

/// Random 8×8 boards without lines, each with one legal operation.
fn boards_with_a_move(count: usize) -> Vec<(GemBoard, Cell, Direction)> {
    let mut rng = SeededRng::new(8);
    let mut found = Vec::new();
    while found.len() < count {
        let rows: Vec<Vec<u8>> = (0..8)
            .map(|_| (0..8).map(|_| rng.below_u8(7)).collect())
            .collect();
        let rows: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
        let board = GemBoard::from_rows(&rows).unwrap();
        if board.has_lines() {
            continue;
        }
        let moves = board.legal_moves();
        if let Some((gem, direction)) = (0..7)
            .flat_map(|gem| (0..4).map(move |direction| (gem, direction)))
            .find(|&(gem, direction)| !moves[gem][direction].is_empty())
        {
            let cell = moves[gem][direction].iter().next().unwrap();
            found.push((board, cell, Direction::ALL[direction]));
        }
    }
    found
}

fn operations(c: &mut Criterion) {
    let boards = boards_with_a_move(256);
    let mut rng = SeededRng::new(9);
    let strip = Strip::new((0..100).map(|_| rng.below_u8(7)).collect()).unwrap();
    let mut group = c.benchmark_group("board_8x8");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            black_box(&boards)
                .iter()
                .map(|(board, _, _)| board.legal_moves()[0][0].len())
                .sum::<u32>()
        });
    });
    group.bench_function("play_one_operation", |b| {
        b.iter(|| {
            black_box(&boards)
                .iter()
                .map(|(board, cell, direction)| {
                    board
                        .play(*cell, *direction, &strip, 0)
                        .map_or(0, |(_, position)| position)
                })
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, operations);
criterion_main!(benches);
