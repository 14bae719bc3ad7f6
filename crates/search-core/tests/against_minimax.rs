//! The solvers against a plain minimax written here, on seeded random games: every position's
//! value with both memos and with `solve_all`, and every principal variation replayed.

mod model;

use model::{RandomGame, plain_minimax, replay};
use search_core::{
    DenseMemo, Game, GatedMemo, HashMemo, Memo, Solver, Step, TranspositionTable, solve_all,
};
use seeded_rng::SeededRng;

fn check_solver(
    game: &impl Game<Position = u64, Move = u32>,
    mut solver: Solver<impl Memo>,
    expected: &[i32],
    order: &[u64],
) {
    for &position in order {
        let solution = solver.solve(game, position);
        assert_eq!(
            solution.value,
            expected[usize::try_from(position).unwrap()],
            "position {position:b}"
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
        check_solver(
            &game,
            Solver::new(DenseMemo::new(game.bits)),
            &expected,
            &order,
        );
        check_solver(&game, Solver::new(HashMemo::new()), &expected, &order);
        // Three buckets: positions crowd each other out all the time.
        let crowded = || TranspositionTable::with_memory(48);
        check_solver(&game, Solver::new(crowded()), &expected, &order);
        // Next positions looked up before searching, everywhere.
        check_solver(
            &game,
            Solver::new(crowded()).look_ahead(3),
            &expected,
            &order,
        );
        let bounded = WithBounds {
            game: &game,
            values: &expected,
            slack: None,
        };
        check_solver(
            &bounded,
            Solver::new(DenseMemo::new(game.bits)),
            &expected,
            &order,
        );
        check_solver(&bounded, Solver::new(crowded()), &expected, &order);
        // Looked up only where the bounds (up to seven points wide here) span more than three.
        let gated = Solver::new(DenseMemo::new(game.bits))
            .look_ahead(2)
            .look_ahead_where_bounds_span_more_than(3);
        check_solver(&bounded, gated, &expected, &order);
        // One search where the bounds span at most four points, bisection where wider.
        let one_window = Solver::new(crowded()).one_window_where_bounds_span_at_most(4);
        check_solver(&bounded, one_window, &expected, &order);
        // Positions whose bounds span three points or fewer left out of the memo, at once and
        // after 20 positions, with and without the look-ahead.
        for after in [0, 20] {
            let forgetting = || Solver::new(GatedMemo::new(crowded(), 3, after));
            check_solver(&bounded, forgetting(), &expected, &order);
            check_solver(&bounded, forgetting().look_ahead(2), &expected, &order);
        }

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
    // Every position of both games: values the first game leaves behind would be wrong for
    // many positions of the second, though not for its root.
    for memo in [DenseMemo::new(6)] {
        let mut solver = Solver::new(memo);
        for position in 0..=first.full() {
            assert_eq!(
                solver.value(&first, position),
                plain_minimax(&first, position)
            );
        }
        solver.reset();
        for position in 0..=second.full() {
            assert_eq!(
                solver.value(&second, position),
                plain_minimax(&second, position),
                "position {position:b}"
            );
        }
    }
    let mut solver = Solver::new(HashMemo::new());
    for position in 0..=first.full() {
        solver.value(&first, position);
    }
    solver.reset();
    for position in 0..=second.full() {
        assert_eq!(
            solver.value(&second, position),
            plain_minimax(&second, position)
        );
    }
}

/// A random game that knows bounds on each position's value: its true value (from plain
/// minimax) widened by `slack` on each side, or by up to three (a different amount on each side
/// from position to position) without one, so the solver prunes by them and finds values by
/// bisection.
struct WithBounds<'a> {
    game: &'a RandomGame,
    values: &'a [i32],
    slack: Option<i32>,
}

impl Game for WithBounds<'_> {
    type Position = u64;
    type Move = u32;
    type Moves = Vec<u32>;

    fn moves(&self, position: u64) -> Vec<u32> {
        self.game.moves(position)
    }

    fn play(&self, position: u64, mv: u32) -> Step {
        self.game.play(position, mv)
    }

    fn terminal_value(&self, position: u64) -> Option<i32> {
        self.game.terminal_value(position)
    }

    fn value_bounds(&self, position: u64) -> Option<(i32, i32)> {
        let value = self.values[usize::try_from(position).unwrap()];
        if let Some(slack) = self.slack {
            return Some((value - slack, value + slack));
        }
        let slack = i32::try_from(position.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60).unwrap();
        Some((value - slack % 4, value + slack / 4))
    }
}

/// The nodes a solver searches to value every position of `game`, in `order`.
fn nodes_for_all(
    game: &impl Game<Position = u64, Move = u32>,
    mut solver: Solver<impl Memo>,
    order: &[u64],
) -> u64 {
    for &position in order {
        solver.value(game, position);
    }
    solver.nodes()
}

/// Forty seeded random games of 4 to 8 bits, from game seed `first`: each with every position's
/// value by plain minimax, and every position in an order shuffled by `shuffle_seed`.
fn games_in_shuffled_order(shuffle_seed: u64, first: u64) -> Vec<(RandomGame, Vec<i32>, Vec<u64>)> {
    let mut rng = SeededRng::new(shuffle_seed);
    (0..40)
        .map(|seed| {
            let game = RandomGame {
                bits: 4 + (seed % 5) as u32,
                seed: first + seed,
                win_draw_loss: false,
            };
            let mut order: Vec<u64> = (0..=game.full()).collect();
            let values: Vec<i32> = order
                .iter()
                .map(|&position| plain_minimax(&game, position))
                .collect();
            rng.shuffle(&mut order);
            (game, values, order)
        })
        .collect()
}

/// Bisection against one search, by the nodes searched: on games whose every position's
/// bounds span six points, a solver told to search spans of six at once searches what one
/// `value_within` the bounds does, one told five searches what bisection does, and the two
/// differ.
#[test]
fn spans_up_to_the_one_window_limit_are_searched_at_once() {
    let (mut bisected, mut at_once) = (0, 0);
    for (game, values, order) in games_in_shuffled_order(44, 2_000) {
        let spanning_six = WithBounds {
            game: &game,
            values: &values,
            slack: Some(3),
        };
        let solver = || Solver::new(DenseMemo::new(game.bits));
        let mut within = solver();
        for &position in &order {
            let value = values[usize::try_from(position).unwrap()];
            within.value_within(&spanning_six, position, value - 3, value + 3);
        }
        let one_window = |points| solver().one_window_where_bounds_span_at_most(points);
        assert_eq!(
            nodes_for_all(&spanning_six, one_window(6), &order),
            within.nodes(),
            "seed {}",
            game.seed
        );
        let bisection = nodes_for_all(&spanning_six, solver(), &order);
        assert_eq!(
            nodes_for_all(&spanning_six, one_window(5), &order),
            bisection,
            "seed {}",
            game.seed
        );
        (bisected, at_once) = (bisected + bisection, at_once + within.nodes());
    }
    assert_ne!(
        bisected, at_once,
        "one search and bisection search alike here: the test shows nothing"
    );
}

/// The memo's gate, by the nodes searched: on games whose every position's bounds span six
/// points, a gate at five, or one that opens only after more positions than any search looks
/// at, searches what a solver without the gate does; a gate at six from the first position
/// searches what a solver with a memo that never remembers does.
#[test]
fn the_memo_is_gated_by_the_span_of_the_bounds_and_the_search_so_far() {
    let (mut remembering, mut forgetting) = (0, 0);
    for (game, values, order) in games_in_shuffled_order(45, 3_000) {
        let spanning_six = WithBounds {
            game: &game,
            values: &values,
            slack: Some(3),
        };
        let solver = || Solver::new(DenseMemo::new(game.bits));
        let plain = nodes_for_all(&spanning_six, solver(), &order);
        let gated =
            |points, after| Solver::new(GatedMemo::new(DenseMemo::new(game.bits), points, after));
        assert_eq!(nodes_for_all(&spanning_six, gated(5, 0), &order), plain);
        assert_eq!(
            nodes_for_all(&spanning_six, gated(6, u64::MAX), &order),
            plain
        );
        let forgetful = nodes_for_all(&spanning_six, Solver::new(Recording::default()), &order);
        assert_eq!(nodes_for_all(&spanning_six, gated(6, 0), &order), forgetful);
        // Counted search by search: a gate opening after more positions than the longest one
        // search looks at never opens, though the searches together look at many more.
        let mut each = solver();
        let longest = (order.iter())
            .map(|&position| {
                let before = each.nodes();
                each.value(&spanning_six, position);
                each.nodes() - before
            })
            .max()
            .unwrap();
        assert!(plain > longest + 1);
        assert_eq!(
            nodes_for_all(&spanning_six, gated(6, longest + 1), &order),
            plain
        );
        (remembering, forgetting) = (remembering + plain, forgetting + forgetful);
    }
    assert_ne!(
        remembering, forgetting,
        "the memo changes no search here: the test shows nothing"
    );
}

/// What a search tells its memo it cost: the root's entry, stored last, is credited with
/// every position searched below the root.
#[test]
fn a_stored_result_is_credited_with_the_positions_searched_below_it() {
    for seed in 0..20 {
        let game = RandomGame {
            bits: 8,
            seed: 4_000 + seed,
            win_draw_loss: false,
        };
        let inserts = std::rc::Rc::default();
        let mut solver = Solver::new(Recording(std::rc::Rc::clone(&inserts)));
        solver.value_within(&game, 0, -100, 100);
        let last = inserts.borrow().last().copied();
        assert_eq!(last, Some((0, solver.nodes() - 1)), "seed {seed}");
    }
}

/// A memo that remembers nothing, and notes each key and cost it is told.
#[derive(Default)]
struct Recording(std::rc::Rc<std::cell::RefCell<Vec<(u64, u64)>>>);

impl Memo for Recording {
    fn get(&self, _key: u64) -> Option<search_core::Entry> {
        None
    }

    fn insert(&mut self, key: u64, _entry: search_core::Entry, work: u64) {
        self.0.borrow_mut().push((key, work));
    }

    fn clear(&mut self) {}
}

/// The look-ahead's gate, by the nodes searched: on games whose every position's bounds span
/// two points, a gate at two looks ahead nowhere (the nodes of a solver that never looks
/// ahead) and a gate at one everywhere (those of one that always does), and the two differ.
#[test]
fn the_look_ahead_is_gated_by_the_span_of_the_bounds() {
    let (mut never, mut always) = (0, 0);
    for (game, values, order) in games_in_shuffled_order(43, 1_000) {
        let spanning_two = WithBounds {
            game: &game,
            values: &values,
            slack: Some(1),
        };
        let solver = || Solver::new(DenseMemo::new(game.bits));
        let plain = nodes_for_all(&spanning_two, solver(), &order);
        let looking = nodes_for_all(&spanning_two, solver().look_ahead(3), &order);
        let gated = |points| {
            solver()
                .look_ahead(3)
                .look_ahead_where_bounds_span_more_than(points)
        };
        assert_eq!(
            nodes_for_all(&spanning_two, gated(2), &order),
            plain,
            "seed {}",
            game.seed
        );
        assert_eq!(
            nodes_for_all(&spanning_two, gated(1), &order),
            looking,
            "seed {}",
            game.seed
        );
        (never, always) = (never + plain, always + looking);
    }
    assert_ne!(
        never, always,
        "the look-ahead changes no search here: the test shows nothing"
    );
}

/// A game whose values reach beyond -1..=1 and that says nothing about its bounds: the solver
/// must not assume any. Take one or two stones from a pile; each stone taken scores a point,
/// and taking the last stone scores two more.
struct Stones(u32);

impl search_core::Game for Stones {
    type Position = u64;
    type Move = u32;
    type Moves = std::ops::RangeInclusive<u32>;

    fn moves(&self, taken: u64) -> Self::Moves {
        1..=(self.0 - taken.count_ones()).min(2)
    }

    fn play(&self, taken: u64, take: u32) -> search_core::Step {
        let next = taken << take | ((1 << take) - 1);
        let last = next.count_ones() == self.0;
        search_core::Step {
            position: next,
            reward: i32::try_from(take).unwrap() + 2 * i32::from(last),
            mover_moves_again: false,
        }
    }

    fn terminal_value(&self, taken: u64) -> Option<i32> {
        (taken.count_ones() == self.0).then_some(0)
    }
}

#[test]
fn a_game_without_value_bounds_is_solved_without_them() {
    use search_core::Game;
    let mut widest = 0;
    for stones in 1..=12 {
        let game = Stones(stones);
        assert_eq!(game.value_bounds(0), None);
        let mut solver = Solver::new(DenseMemo::new(12));
        let value = solver.value(&game, 0);
        assert_eq!(value, plain_minimax(&game, 0), "{stones} stones");
        widest = widest.max(value.abs());
    }
    assert!(widest > 1, "the game's values should reach beyond -1..=1");
}
