//! The solver against plain negamax on small boards, every reachable position: a board kept
//! as lists of stones per column, four in a row found by walking the lines through the last
//! stone, and every move of every position searched to the end (no pruning, no ordering; each
//! position's exact value is remembered once computed, which changes nothing but the time).

use std::collections::HashMap;

use connect_four::board::{ConnectFour, Position};
use rstest::rstest;
use search_core::{Solver, TranspositionTable};

/// A board as plain lists: each column's stones from the bottom, 0 for the first player.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Plain {
    columns: Vec<Vec<u8>>,
    height: usize,
}

impl Plain {
    fn played(&self) -> usize {
        self.columns.iter().map(Vec::len).sum()
    }

    fn mover(&self) -> u8 {
        u8::try_from(self.played() % 2).unwrap()
    }

    fn stone(&self, column: i64, row: i64) -> Option<u8> {
        let column = self.columns.get(usize::try_from(column).ok()?)?;
        column.get(usize::try_from(row).ok()?).copied()
    }

    /// Whether the player to move connects four by playing `column`.
    fn wins_at(&self, column: usize) -> bool {
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

    fn with(&self, column: usize) -> Plain {
        let mut next = self.clone();
        let mover = self.mover();
        next.columns[column].push(mover);
        next
    }

    fn open_columns(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.columns.len()).filter(|&column| self.columns[column].len() < self.height)
    }

    /// The value by definition: the best over every move of winning now, or the negation of the
    /// opponent's value after it; 0 on a full board.
    fn negamax(&self, cells: usize, known: &mut HashMap<Plain, i32>) -> i32 {
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

/// Every position reachable without a win, with its bitboard twin.
fn every_position<const W: usize, const H: usize>(
    plain: &Plain,
    position: Position,
    seen: &mut HashMap<Plain, Position>,
) {
    if seen.insert(plain.clone(), position).is_some() {
        return;
    }
    for column in plain.open_columns() {
        assert!(ConnectFour::<W, H>::can_play(position, column));
        assert_eq!(
            ConnectFour::<W, H>::wins_at(position, column),
            plain.wins_at(column)
        );
        if !plain.wins_at(column) {
            let next = ConnectFour::<W, H>::played(position, column);
            every_position::<W, H>(&plain.with(column), next, seen);
        }
    }
}

/// Every reachable position of a `W` × `H` board, solved strongly and weakly, each column's
/// score consistent with the position's, against plain negamax.
fn check_board<const W: usize, const H: usize>(table_bytes: usize) -> usize {
    let empty = Plain {
        columns: vec![Vec::new(); W],
        height: H,
    };
    let mut positions = HashMap::new();
    every_position::<W, H>(&empty, ConnectFour::<W, H>::empty(), &mut positions);
    let mut known = HashMap::new();
    let game = ConnectFour::<W, H>;
    // A small table, so that positions crowd each other out as on the full board.
    let mut solver = Solver::new(TranspositionTable::with_memory(table_bytes));
    for (plain, &position) in &positions {
        let expected = plain.negamax(W * H, &mut known);
        assert_eq!(solver.value(&game, position), expected, "{W}x{H}");
        assert_eq!(
            solver.value_within(&game, position, -1, 1),
            expected.signum(),
            "{W}x{H}, weak"
        );
    }
    positions.len()
}

#[test]
fn every_position_of_the_4_by_4_board_is_solved_as_plain_negamax_solves_it() {
    assert_eq!(check_board::<4, 4>(1 << 12), 139_625);
}

// Millions of positions, about a minute: run with the slow tests (`-- --ignored`), as CI does.
#[rstest]
#[case::five_by_four(5, 4, 3_137_713)]
#[case::four_by_five(4, 5, 1_385_521)]
#[ignore = "slow: millions of positions"]
fn every_position_of_a_larger_small_board_is_solved_as_plain_negamax_solves_it(
    #[case] width: usize,
    #[case] height: usize,
    #[case] positions: usize,
) {
    let count = if width == 5 {
        check_board::<5, 4>(1 << 16)
    } else {
        check_board::<4, 5>(1 << 16)
    };
    assert_eq!((width, height, count), (width, height, positions));
}
