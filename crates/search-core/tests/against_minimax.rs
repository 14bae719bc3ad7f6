//! The solvers against a plain minimax written here, on seeded random games: every position's
//! value with both memos and with `solve_all`, and every principal variation replayed.

use search_core::{DenseMemo, Game, HashMemo, Memo, Solver, Step, solve_all};
use seeded_rng::SeededRng;

/// A random game on `bits` bits: a move sets one unset bit; some positions end the game early;
/// rewards, extra turns, terminal values and move order all come from hashing the seed and the
/// position, so the game is fixed for a seed.
struct RandomGame {
    bits: u32,
    seed: u64,
    /// Win, draw or loss only: no rewards, terminal values in -1..=1, and the game says so
    /// through `value_bounds`, which changes how the solver searches.
    win_draw_loss: bool,
}

impl RandomGame {
    fn hash(&self, a: u64, b: u64) -> u64 {
        let mut rng =
            SeededRng::new(self.seed ^ a.wrapping_mul(0x9E37_79B9) ^ b.wrapping_mul(0x85EB_CA6B));
        rng.next_u64()
    }

    fn full(&self) -> u64 {
        (1 << self.bits) - 1
    }
}

impl Game for RandomGame {
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
                (hash % 5) as i32 - 2
            },
            mover_moves_again: hash >> 8 & 3 == 0,
        }
    }

    fn terminal_value(&self, position: u64) -> Option<i32> {
        let hash = self.hash(position, 7);
        let ends_early = position != 0 && hash.is_multiple_of(11);
        let value = if self.win_draw_loss {
            (hash >> 4) % 3
        } else {
            (hash >> 4) % 7
        } as i32;
        let spread = if self.win_draw_loss { 1 } else { 3 };
        (position == self.full() || ends_early).then_some(value - spread)
    }

    fn value_bounds(&self) -> Option<(i32, i32)> {
        self.win_draw_loss.then_some((-1, 1))
    }
}

/// Minimax by definition: no memo, no pruning.
fn plain_minimax(game: &impl Game, position: u64) -> i32 {
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
fn replay<G: Game>(game: &G, position: u64, line: &[G::Move]) -> i32 {
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

fn check_solver(game: &RandomGame, memo: impl Memo, expected: &[i32], order: &[u64]) {
    let mut solver = Solver::new(memo);
    for &position in order {
        let solution = solver.solve(game, position);
        assert_eq!(
            solution.value, expected[position as usize],
            "seed {} position {position:b}",
            game.seed
        );
        assert_eq!(replay(game, position, &solution.line), solution.value);
    }
}

#[test]
fn solvers_agree_with_plain_minimax_on_random_games() {
    let mut rng = SeededRng::new(2026);
    for seed in 0..120 {
        let game = RandomGame {
            bits: 3 + (seed % 6) as u32,
            seed,
            win_draw_loss: seed % 2 == 1,
        };
        let positions: Vec<u64> = (0..=game.full()).collect();
        let expected: Vec<i32> = positions
            .iter()
            .map(|&position| plain_minimax(&game, position))
            .collect();

        let mut order = positions.clone();
        rng.shuffle(&mut order);
        check_solver(&game, DenseMemo::new(game.bits), &expected, &order);
        check_solver(&game, HashMemo::new(), &expected, &order);

        let table = solve_all(&game, game.bits);
        for &position in &positions {
            assert_eq!(table.value(position), expected[position as usize]);
            let line = table.principal_variation(&game, position);
            assert_eq!(replay(&game, position, &line), expected[position as usize]);
        }
    }
}

#[test]
fn a_reset_solver_forgets_the_previous_game() {
    let first = RandomGame {
        bits: 6,
        seed: 1,
        win_draw_loss: false,
    };
    let second = RandomGame {
        bits: 6,
        seed: 2,
        win_draw_loss: true,
    };
    let mut solver = Solver::new(DenseMemo::new(6));
    assert_eq!(solver.value(&first, 0), plain_minimax(&first, 0));
    solver.reset();
    assert_eq!(solver.value(&second, 0), plain_minimax(&second, 0));
}
