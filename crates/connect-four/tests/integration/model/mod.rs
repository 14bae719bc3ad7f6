//! The slow model the solver is held against: a board kept as lists of stones per column, four
//! in a row found by walking the lines through the last stone, and negamax by definition (every
//! move of every position searched to the end, no pruning, no ordering; each position's exact
//! value remembered once computed, which changes nothing but the time). Shared by
//! `tests/against_minimax.rs` and the fuzz target `connect_four_small_boards`.

use std::collections::HashMap;

/// A board as plain lists: each column's stones from the bottom, 0 for the first player.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Plain {
    /// Each column's stones from the bottom, 0 for the first player.
    pub columns: Vec<Vec<u8>>,
    /// How many stones a column holds.
    pub height: usize,
}

impl Plain {
    /// The empty board of `width` columns and `height` rows.
    pub fn empty(width: usize, height: usize) -> Plain {
        Plain {
            columns: vec![Vec::new(); width],
            height,
        }
    }

    pub fn played(&self) -> usize {
        self.columns.iter().map(Vec::len).sum()
    }

    pub fn mover(&self) -> u8 {
        u8::try_from(self.played() % 2).unwrap()
    }

    fn stone(&self, column: i64, row: i64) -> Option<u8> {
        let column = self.columns.get(usize::try_from(column).ok()?)?;
        column.get(usize::try_from(row).ok()?).copied()
    }

    /// Whether the player to move connects four by playing `column`.
    pub fn wins_at(&self, column: usize) -> bool {
        let player = self.mover();
        let (x, y) = (
            i64::try_from(column).unwrap(),
            i64::try_from(self.columns[column].len()).unwrap(),
        );
        [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
            let run = |sign: i64| {
                (1..4)
                    .take_while(|&k| {
                        self.stone(x + sign * k * dx, y + sign * k * dy) == Some(player)
                    })
                    .count()
            };
            run(1) + run(-1) >= 3
        })
    }

    pub fn with(&self, column: usize) -> Plain {
        let mut next = self.clone();
        let mover = self.mover();
        next.columns[column].push(mover);
        next
    }

    pub fn open_columns(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.columns.len()).filter(|&column| self.columns[column].len() < self.height)
    }

    /// The value by definition: the best over every move of winning now, or the negation of the
    /// opponent's value after it; 0 on a full board.
    pub fn negamax(&self, cells: usize, known: &mut HashMap<Plain, i32>) -> i32 {
        if let Some(&value) = known.get(self) {
            return value;
        }
        let win_now = i32::try_from((cells + 1 - self.played()) / 2).unwrap();
        let value = self
            .open_columns()
            .map(|column| {
                if self.wins_at(column) {
                    win_now
                } else {
                    -self.with(column).negamax(cells, known)
                }
            })
            .max()
            .unwrap_or(0);
        known.insert(self.clone(), value);
        value
    }
}
