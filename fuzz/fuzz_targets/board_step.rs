//! The match-3 bitboard engine against the cell-by-cell model its tests use: lines and the
//! legality of every move agree on any board, and a legal move settles to the same board and
//! strip position (or both find that the clearing never settles).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sim_core::board::{Board, Cell, Direction, NeverSettles, Strip};

#[path = "../../crates/sim-core/src/board/tests/grid.rs"]
mod grid;

/// Where the shared model finds `Direction`: `crate::board`, as inside sim-core.
mod board {
    pub use sim_core::board::Direction;
}

use grid::Grid;

const COLORS: usize = 5;

fuzz_target!(|data: &[u8]| {
    let mut bytes = data.iter().copied();
    let mut next = || bytes.next().unwrap_or(0);
    let (rows, columns) = (1 + usize::from(next() % 8), 1 + usize::from(next() % 8));
    let colors = 2 + next() % (COLORS as u8 - 1);
    let cells: Vec<Vec<u8>> = (0..rows)
        .map(|_| (0..columns).map(|_| next() % colors).collect())
        .collect();
    let strip: Vec<u8> = (0..1 + next() % 12)
        .map(|_| next() % COLORS as u8)
        .collect();
    let position = usize::from(next()) % strip.len();
    let (row, column) = (usize::from(next()) % rows, usize::from(next()) % columns);
    let direction = Direction::ALL[usize::from(next() % 4)];

    let row_slices: Vec<&[u8]> = cells.iter().map(Vec::as_slice).collect();
    let board = Board::<COLORS>::from_rows(&row_slices).expect("1 to 8 rows and columns");
    let grid = Grid {
        cells: cells
            .iter()
            .map(|row| row.iter().map(|&gem| Some(gem)).collect())
            .collect(),
    };
    for (r, marks) in grid.lines().iter().enumerate() {
        for (c, &marked) in marks.iter().enumerate() {
            let cell = Cell::new(r as u8, c as u8);
            assert_eq!(board.lines().contains(cell), marked, "{grid:?}");
            for each in Direction::ALL {
                assert_eq!(
                    board.is_legal(cell, each),
                    grid.is_legal(r, c, each),
                    "{grid:?} {r} {c} {each:?}"
                );
            }
        }
    }
    if !grid.is_legal(row, column, direction) {
        return;
    }
    let (to_row, to_column) = match direction {
        Direction::Up => (row - 1, column),
        Direction::Down => (row + 1, column),
        Direction::Left => (row, column - 1),
        Direction::Right => (row, column + 1),
    };
    let mut expected = grid.clone();
    expected.cells[row][column] = grid.cells[to_row][to_column];
    expected.cells[to_row][to_column] = grid.cells[row][column];
    let expected_position = expected.settle(&strip, position);
    let played = board.play(
        Cell::new(row as u8, column as u8),
        direction,
        &Strip::new(strip.clone()).expect("not empty"),
        position,
    );
    match (played, expected_position) {
        (Ok((after, after_position)), Some(expected_position)) => {
            let after_cells: Vec<Vec<Option<u8>>> = (0..rows)
                .map(|r| {
                    (0..columns)
                        .map(|c| after.gem(Cell::new(r as u8, c as u8)))
                        .collect()
                })
                .collect();
            assert_eq!(
                (after_cells, after_position),
                (expected.cells, expected_position),
                "{grid:?} {strip:?}"
            );
        }
        (Err(NeverSettles), None) => {}
        (played, expected) => panic!("{grid:?} {strip:?}: {played:?} vs {expected:?}"),
    }
});
