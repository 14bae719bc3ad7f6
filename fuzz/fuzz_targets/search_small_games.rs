//! The negamax solver and the retrograde pass against plain minimax, on the random games of
//! search-core's tests: every position of one game, then every position of a second game on the
//! same solver after a reset, and every principal variation replayed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use search_core::{DenseMemo, Solver, solve_all};

#[path = "../../crates/search-core/tests/model/mod.rs"]
mod model;

use model::{RandomGame, plain_minimax, replay};

fn game(bits: u8, seed: u64, win_draw_loss: bool) -> RandomGame {
    RandomGame {
        bits: 1 + u32::from(bits % 7),
        seed,
        win_draw_loss,
    }
}

fuzz_target!(|data: (u8, u64, bool, u8, u64, bool)| {
    let (bits, seed, win_draw_loss, second_bits, second_seed, second_win_draw_loss) = data;
    let games = [
        game(bits, seed, win_draw_loss),
        game(second_bits, second_seed, second_win_draw_loss),
    ];
    let mut solver = Solver::new(DenseMemo::new(7));
    for game in &games {
        solver.reset();
        let table = solve_all(game, game.bits);
        // From the full board down, so positions deep in the game are met before their parents.
        for position in (0..=game.full()).rev() {
            let expected = plain_minimax(game, position);
            let solution = solver.solve(game, position);
            assert_eq!(
                solution.value, expected,
                "seed {} position {position:b}",
                game.seed
            );
            assert_eq!(replay(game, position, &solution.line), expected);
            assert_eq!(table.value(position), expected);
            let line = table.principal_variation(game, position);
            assert_eq!(replay(game, position, &line), expected);
        }
    }
});
