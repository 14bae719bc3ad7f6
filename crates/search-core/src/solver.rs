//! Negamax with alpha-beta pruning over a memo of bounds, and the principal variation.

use crate::{Bound, Entry, Game, Memo, optimal_line};

/// A position's exact value and one optimal line of play from it to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The value for the player to move.
    pub value: i32,
    /// The moves of one optimal line, in order, until the game is over.
    pub line: Vec<M>,
}

/// Solves positions of a game exactly with alpha-beta search, remembering bounds in `M`.
///
/// The memo outlives one search: solving a second position of the same game reuses what the
/// first learned. Call [`Solver::reset`] before solving a different game.
#[derive(Clone, Debug)]
pub struct Solver<M> {
    memo: M,
}

/// Beyond any value a game produces.
const INFINITY: i32 = i32::MAX / 2;

impl<M: Memo> Solver<M> {
    /// A solver remembering in `memo`.
    pub fn new(memo: M) -> Self {
        Solver { memo }
    }

    /// Forgets everything learned, for a new game.
    pub fn reset(&mut self) {
        self.memo.clear();
    }

    /// The exact value of `position` for the player to move.
    pub fn value<G: Game>(&mut self, game: &G, position: u64) -> i32 {
        // With known bounds the window is the bounds themselves: a result at a bound is exact
        // because no value lies beyond it, and reaching a bound cuts the search short.
        let (low, high) = game.value_bounds().unwrap_or((-INFINITY, INFINITY));
        self.search(game, position, low, high).clamp(low, high)
    }

    /// The exact value of `position` and one optimal line from it to the end of the game.
    pub fn solve<G: Game>(&mut self, game: &G, position: u64) -> Solution<G::Move> {
        let value = self.value(game, position);
        let line = optimal_line(game, position, value, |next| self.value(game, next));
        Solution { value, line }
    }

    /// Fail-soft alpha-beta: the exact value when it lies inside `(alpha, beta)`, otherwise a
    /// bound on the side the window was missed.
    fn search<G: Game>(&mut self, game: &G, position: u64, alpha: i32, beta: i32) -> i32 {
        match game.terminal_value(position) {
            Some(value) => value,
            None => self.search_moves(game, position, alpha, beta),
        }
    }

    /// [`Solver::search`] for a position that is not terminal. Children that are terminal are
    /// valued in place, which saves a call for every leaf.
    fn search_moves<G: Game>(
        &mut self,
        game: &G,
        position: u64,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let alpha_before = alpha;
        if let Some(entry) = self.memo.get(position) {
            match entry.bound {
                Bound::Exact => return entry.value,
                Bound::Lower => alpha = alpha.max(entry.value),
                Bound::Upper => beta = beta.min(entry.value),
            }
            if alpha >= beta {
                return entry.value;
            }
        }
        let mut best = -INFINITY;
        for mv in game.moves(position) {
            let step = game.play(position, mv);
            // The window, seen from the next position's player to move.
            let (next_alpha, next_beta) = if step.mover_moves_again {
                (alpha - step.reward, beta - step.reward)
            } else {
                (step.reward - beta, step.reward - alpha)
            };
            let next = match game.terminal_value(step.position) {
                Some(value) => value,
                None => self.search_moves(game, step.position, next_alpha, next_beta),
            };
            let value = step.value_for_mover(next);
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        debug_assert!(
            best > -INFINITY,
            "a position that is not terminal has a move"
        );
        let bound = if best <= alpha_before {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.memo.insert(position, Entry { value: best, bound });
        best
    }
}
