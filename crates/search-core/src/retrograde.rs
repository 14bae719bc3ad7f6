//! Solving every position of a game at once, from the full mask down.

use crate::{Game, optimal_line};

/// The exact value of every position `0..2^bits`, as computed by [`solve_all`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueTable {
    values: Vec<i8>,
}

/// The exact value of every position below `2^bits`, for games whose moves only add bits (so
/// every move leads to a larger number and one pass from the top computes children first).
///
/// Values are stored in one byte each, so the table stays small enough to sit in cache: they
/// must lie in `-128..=127`.
///
/// # Panics
///
/// If a move leads outside the range or a value does not fit in a byte: both are mistakes in
/// the game, not in its input. (A move to a smaller position is caught in debug builds.)
#[expect(
    clippy::cast_possible_truncation,
    reason = "positions index a table of 2^bits entries, which is in memory"
)]
pub fn solve_all<G: Game<Position = u64>>(game: &G, bits: u32) -> ValueTable {
    let size = 1usize << bits;
    let mut values = vec![0i8; size];
    for position in (0..size).rev() {
        let key = position as u64;
        let value = match game.terminal_value(key) {
            Some(value) => value,
            None => game
                .moves(key)
                .into_iter()
                .map(|mv| {
                    let step = game.play(key, mv);
                    // A smaller next position would read a value not computed yet.
                    debug_assert!(
                        step.position > key,
                        "solve_all needs moves that only add bits"
                    );
                    step.value_for_mover(i32::from(values[step.position as usize]))
                })
                .max()
                .expect("a position that is not terminal has a move"),
        };
        values[position] = i8::try_from(value).expect("solve_all stores values in one byte");
    }
    ValueTable { values }
}

impl ValueTable {
    /// The exact value of `position` for the player to move.
    ///
    /// # Panics
    ///
    /// If `position` is outside the table.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "positions index a table of 2^bits entries, which is in memory"
    )]
    pub fn value(&self, position: u64) -> i32 {
        i32::from(self.values[position as usize])
    }

    /// One optimal line from `position` to the end of the game: at each step, the first move
    /// (in the game's order) that achieves the position's value.
    pub fn principal_variation<G: Game<Position = u64>>(
        &self,
        game: &G,
        position: u64,
    ) -> Vec<G::Move> {
        optimal_line(game, position, self.value(position), |next| {
            self.value(next)
        })
    }
}
