//! The slow models the solvers are held against: a random game fixed by a seed, and minimax by
//! definition. Shared by `tests/against_minimax.rs` and the fuzz target `search_small_games`.

use search_core::{Game, Step};
use seeded_rng::SeededRng;

/// A random game on `bits` bits: a move sets one unset bit; some positions end the game early;
/// rewards, extra turns, terminal values and move order all come from hashing the seed and the
/// position, so the game is fixed for a seed.
pub struct RandomGame {
    /// How many bits a position has.
    pub bits: u32,
    /// The seed that fixes the game.
    pub seed: u64,
    /// Win, draw or loss only: no rewards, terminal values in -1..=1, and the game says so
    /// through `value_bounds`, which changes how the solver searches.
    pub win_draw_loss: bool,
}

impl RandomGame {
    fn hash(&self, a: u64, b: u64) -> u64 {
        let mut rng =
            SeededRng::new(self.seed ^ a.wrapping_mul(0x9E37_79B9) ^ b.wrapping_mul(0x85EB_CA6B));
        rng.next_u64()
    }

    /// The position with every bit set: the end of the game.
    pub fn full(&self) -> u64 {
        (1 << self.bits) - 1
    }
}

impl Game for RandomGame {
    type Position = u64;
    type Move = u32;
    type Moves = Vec<u32>;

    fn moves(&self, position: u64) -> Vec<u32> {
        let mut moves: Vec<u32> = (0..self.bits)
            .filter(|bit| position >> bit & 1 == 0)
            .collect();
        // A fixed but scrambled order, so pruning sees good and bad orders alike.
        moves.sort_by_key(|&bit| self.hash(position, u64::from(bit)));
        moves
    }

    fn play(&self, position: u64, bit: u32) -> Step {
        let hash = self.hash(position, 100 + u64::from(bit));
        Step {
            position: position | 1 << bit,
            reward: if self.win_draw_loss {
                0
            } else {
                i32::try_from(hash % 5).unwrap() - 2
            },
            mover_moves_again: (hash >> 8).trailing_zeros() >= 2,
        }
    }

    fn terminal_value(&self, position: u64) -> Option<i32> {
        let hash = self.hash(position, 7);
        let ends_early = position != 0 && hash % 11 == 0;
        let value = i32::try_from(if self.win_draw_loss {
            (hash >> 4) % 3
        } else {
            (hash >> 4) % 7
        })
        .unwrap();
        let spread = if self.win_draw_loss { 1 } else { 3 };
        (position == self.full() || ends_early).then_some(value - spread)
    }

    fn value_bounds(&self, _position: u64) -> Option<(i32, i32)> {
        self.win_draw_loss.then_some((-1, 1))
    }
}

/// Minimax by definition: no memo, no pruning.
pub fn plain_minimax(game: &impl Game<Position = u64>, position: u64) -> i32 {
    if let Some(value) = game.terminal_value(position) {
        return value;
    }
    game.moves(position)
        .into_iter()
        .map(|mv| {
            let step = game.play(position, mv);
            step.value_for_mover(plain_minimax(game, step.position))
        })
        .max()
        .unwrap()
}

/// Replays `line` from `position` and returns the value it achieves for the player to move.
pub fn replay<G: Game<Position = u64>>(game: &G, position: u64, line: &[G::Move]) -> i32 {
    let mut current = position;
    let mut total = 0;
    let mut sign = 1;
    for &mv in line {
        assert!(
            game.moves(current).into_iter().any(|legal| legal == mv),
            "illegal move {mv:?}"
        );
        let step = game.play(current, mv);
        total += sign * step.reward;
        if !step.mover_moves_again {
            sign = -sign;
        }
        current = step.position;
    }
    total
        + sign
            * game
                .terminal_value(current)
                .expect("the line ends the game")
}
