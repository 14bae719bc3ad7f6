//! connect-four's solver (search-core's engine on the bitboard game) against plain negamax on
//! a board of column lists, on 4 × 4 and 5 × 4 boards: a position reached by the fuzzer's
//! columns (a column that is full, or a move that would win, is passed over), solved strongly
//! and weakly in a table small enough to forget, and every column's score against the model's,
//! then again after the table is cleared; by three searches: without looking ahead, looking
//! ahead as the analyst does, and looking ahead everywhere.
//! Positions with more than 12 cells left are passed over: the model is slow there (and
//! `tests/integration/against_minimax.rs` checks every position of both boards).
#![no_main]

use std::collections::HashMap;

use connect_four::board::ConnectFour;
use libfuzzer_sys::fuzz_target;
use search_core::{GatedMemo, Solver, TranspositionTable};

#[path = "../../crates/connect-four/tests/integration/model/mod.rs"]
mod model;

use model::Plain;

fn check<const W: usize, const H: usize>(columns: &[u8], table_bytes: usize) {
    let mut plain = Plain::empty(W, H);
    let mut position = ConnectFour::<W, H>::empty();
    for &byte in columns {
        let column = usize::from(byte) % W;
        if !ConnectFour::<W, H>::can_play(position, column) || plain.wins_at(column) {
            continue;
        }
        assert!(!ConnectFour::<W, H>::wins_at(position, column));
        plain = plain.with(column);
        position = ConnectFour::<W, H>::played(position, column);
    }
    // The model takes too long from near the start of the larger board.
    if W * H - plain.played() > 12 {
        return;
    }
    let mut known = HashMap::new();
    let expected = plain.negamax(W * H, &mut known);
    let game = ConnectFour::<W, H>;
    // Without looking ahead, as the analyst searches, and looking ahead everywhere with
    // positions of four empty cells or fewer never remembered (the analyst's gate opens only in
    // searches longer than a small board's).
    let table = |points| GatedMemo::new(TranspositionTable::with_memory(table_bytes), points, 0);
    for mut solver in [
        Solver::new(table(i32::MIN)),
        connect_four::solver(table_bytes),
        Solver::new(table(2)).look_ahead(4),
    ] {
        assert_eq!(solver.value(&game, position), expected);
        assert_eq!(
            solver.value_within(&game, position, -1, 1),
            expected.signum()
        );
        for column in plain.open_columns() {
            assert_eq!(
                ConnectFour::<W, H>::wins_at(position, column),
                plain.wins_at(column)
            );
            if !plain.wins_at(column) {
                let next = ConnectFour::<W, H>::played(position, column);
                let want = plain.with(column).negamax(W * H, &mut known);
                assert_eq!(solver.value(&game, next), want, "after column {column}");
            }
        }
        // A cleared table remembers nothing wrong: the position again, from a reset.
        solver.reset();
        assert_eq!(solver.value(&game, position), expected, "after a reset");
    }
}

fuzz_target!(|data: (bool, u16, Vec<u8>)| {
    let (wide, table_buckets, columns) = data;
    let table_bytes = 16 * usize::from(table_buckets);
    if wide {
        check::<5, 4>(&columns, table_bytes);
    } else {
        check::<4, 4>(&columns, table_bytes);
    }
});
