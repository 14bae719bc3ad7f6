//! The solvers against a plain minimax written here, on seeded random games: every position's
//! value with both memos and with `solve_all`, and every principal variation replayed.

mod model;

use model::{RandomGame, plain_minimax, replay};
use search_core::{DenseMemo, HashMemo, Memo, Solver, solve_all};
use seeded_rng::SeededRng;

fn check_solver(game: &RandomGame, memo: impl Memo, expected: &[i32], order: &[u64]) {
    let mut solver = Solver::new(memo);
    for &position in order {
        let solution = solver.solve(game, position);
        assert_eq!(
            solution.value,
            expected[usize::try_from(position).unwrap()],
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
            assert_eq!(
                table.value(position),
                expected[usize::try_from(position).unwrap()]
            );
            let line = table.principal_variation(&game, position);
            assert_eq!(
                replay(&game, position, &line),
                expected[usize::try_from(position).unwrap()]
            );
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
