//! Exact minimax for two-player, zero-sum, perfect-information games.
//!
//! A game implements [`Game`]: its positions (a `u64` bitmask, or any small [`Position`] with a
//! key), the moves of a position, the [`Step`] a move makes (the next position, the points it
//! wins for the mover, whether the mover moves again) and the value of a position it decides
//! without search. Values are always for the player to move (negamax), and a game's value is the
//! best total of points the player to move can secure from here on, minus the opponent's.
//!
//! Two ways to solve:
//!
//! * [`Solver`]: negamax with alpha-beta pruning and a memo of value bounds keyed by the
//!   position ([`DenseMemo`] when positions fit in a few bits, [`HashMemo`] otherwise,
//!   [`TranspositionTable`] in fixed memory for games with more positions than memory). It
//!   finds the exact value of one position (by bisection of null windows when the game bounds
//!   the value), or the value clamped to a window, counts the positions it looked at, and on
//!   request gives the principal variation: one optimal line of play to the end. Games that
//!   score their moves hand them out best first with [`ScoredMoves`].
//! * [`solve_all`]: every position of a game whose moves only ever add bits, in one pass from the
//!   full mask down (retrograde analysis), into a dense [`ValueTable`].
//!
//! ```
//! use search_core::{DenseMemo, Game, Solver, Step};
//!
//! /// Take one or two stones from a pile; whoever takes the last stone scores a point.
//! /// The position is the set of stones taken so far, as low bits.
//! struct TakeAway {
//!     stones: u32,
//! }
//!
//! impl Game for TakeAway {
//!     type Position = u64;
//!     type Move = u32;
//!     type Moves = std::ops::RangeInclusive<u32>;
//!
//!     fn moves(&self, position: u64) -> Self::Moves {
//!         let left = self.stones - position.count_ones();
//!         1..=left.min(2)
//!     }
//!
//!     fn play(&self, position: u64, take: u32) -> Step {
//!         let next = (position << take) | ((1 << take) - 1);
//!         let last = next.count_ones() == self.stones;
//!         Step { position: next, reward: i32::from(last), mover_moves_again: false }
//!     }
//!
//!     fn terminal_value(&self, position: u64) -> Option<i32> {
//!         (position.count_ones() == self.stones).then_some(0)
//!     }
//! }
//!
//! let game = TakeAway { stones: 7 };
//! let mut solver = Solver::new(DenseMemo::new(7));
//! let solution = solver.solve(&game, 0);
//! assert_eq!(solution.value, 1); // seven is not a multiple of three: the first player wins
//! assert_eq!(solution.line[0], 1); // by leaving a multiple of three
//! ```

#![forbid(unsafe_code)]

mod bit_set;
mod memo;
mod retrograde;
mod scored_moves;
mod solver;
mod table;

pub use bit_set::{BitSet, BitSetIter};
pub use memo::{Bound, DenseMemo, Entry, GatedMemo, HashMemo, Memo};
pub use retrograde::{ValueTable, solve_all};
pub use scored_moves::ScoredMoves;
pub use solver::{Solution, Solver};
pub use table::TranspositionTable;

/// A game's position as the search keeps it: small and `Copy` (one is kept for every ply), and
/// told apart from every other position of the game by its [`key`](Position::key), which is
/// what memos remember it under.
///
/// A `u64` bitmask is its own key; a game that needs more than one word (two players' stones,
/// say, or what it worked out about a position when the move was played) keeps a struct whose
/// key is an encoding of the position alone.
// Rust 1.85 calls a trait used only as a bound unused, which a program that keeps the bound but
// never asks for a key (one that never searches) would be warned of.
#[allow(dead_code)]
pub trait Position: Copy {
    /// A number no other position of the game shares.
    fn key(self) -> u64;
}

impl Position for u64 {
    #[inline]
    fn key(self) -> u64 {
        self
    }
}

/// A two-player, zero-sum, perfect-information game.
///
/// The game decides what a position holds (who owns what, whose turn it is); whatever the game
/// needs beyond the position (the cards dealt, the board's shape) lives in the implementing
/// value. What only the game knows stays here too: which moves are worth trying first (return
/// them in that order, with [`ScoredMoves`] when the game scores them), which positions are
/// decided without search, and how far a position's value can reach.
pub trait Game {
    /// A position: a `u64` bitmask for most games.
    type Position: Position;
    /// A move.
    type Move: Copy + Eq + std::fmt::Debug;
    /// The moves of a position, best first when the game can tell (alpha-beta prunes more).
    type Moves: IntoIterator<Item = Self::Move>;

    /// The moves available in `position`; only called on positions that are not terminal.
    fn moves(&self, position: Self::Position) -> Self::Moves;

    /// What playing `mv` in `position` does. The solvers only play moves that `moves` gave for
    /// that position, so a game may rely on what it worked out when it listed them (Connect
    /// Four's moves carry their threats).
    fn play(&self, position: Self::Position, mv: Self::Move) -> Step<Self::Position>;

    /// The value of `position` for the player to move if the game can tell it without search
    /// (the game is over, or decided by a rule the game knows), `None` otherwise.
    fn terminal_value(&self, position: Self::Position) -> Option<i32>;

    /// The least and greatest value `position` (not terminal) can have, when the game knows
    /// them.
    ///
    /// A game decided by win, draw or loss has `Some((-1, 1))` everywhere: the search can then
    /// stop looking at a position's moves as soon as one wins, which prunes far more than an
    /// open window does. Bounds that narrow as the game goes on (a win scored by how soon it
    /// comes can only be so large with so few moves left) prune more still, and let
    /// [`Solver::value`] find a value by bisection.
    fn value_bounds(&self, _position: Self::Position) -> Option<(i32, i32)> {
        None
    }
}

/// The effect of one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step<P = u64> {
    /// The position after the move.
    pub position: P,
    /// Points the mover wins with this move (triangles completed, say); zero in games decided
    /// only at the end.
    pub reward: i32,
    /// Whether the mover moves again instead of the opponent.
    pub mover_moves_again: bool,
}

impl<P> Step<P> {
    /// The value of this move for its mover, given the value of the next position for the
    /// player who moves there.
    #[inline]
    pub fn value_for_mover(&self, next_value: i32) -> i32 {
        // Without a branch, since whether the mover moves again is hard to predict: `flip` is
        // 0 (keep the sign) or -1 (negate, as `-x == (x ^ -1) - -1`).
        let flip = i32::from(self.mover_moves_again) - 1;
        self.reward + ((next_value ^ flip) - flip)
    }
}

/// One optimal line from `position`, whose exact value is `value`, to the end of the game: at
/// each step, the first move (in the game's order) whose value for the mover equals the
/// position's, with positions valued exactly by `value_of`. Both solvers' lines are this walk.
fn optimal_line<G: Game>(
    game: &G,
    position: G::Position,
    value: i32,
    mut value_of: impl FnMut(G::Position) -> i32,
) -> Vec<G::Move> {
    let mut line = Vec::new();
    let (mut current, mut current_value) = (position, value);
    while game.terminal_value(current).is_none() {
        let (mv, next, next_value) = game
            .moves(current)
            .into_iter()
            .find_map(|mv| {
                let step = game.play(current, mv);
                let next_value = value_of(step.position);
                (step.value_for_mover(next_value) == current_value).then_some((
                    mv,
                    step.position,
                    next_value,
                ))
            })
            .expect("some move of a position achieves its value");
        line.push(mv);
        current = next;
        current_value = next_value;
    }
    line
}

// The README's example is compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
