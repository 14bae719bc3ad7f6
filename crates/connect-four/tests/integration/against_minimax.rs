//! The solver against plain negamax (`model`) on small boards, every reachable position.

use std::collections::HashMap;

use crate::model::Plain;

use connect_four::board::{ConnectFour, Position};
use rstest::rstest;
use search_core::{Game, GatedMemo, Solver, TranspositionTable};

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

/// The least and greatest value among positions with some number of cells left, and the bounds
/// the game gives them.
type Reached = (i32, i32, Option<(i32, i32)>);

/// Every reachable position of a `W` × `H` board, solved strongly and weakly, against plain
/// negamax.
fn check_board<const W: usize, const H: usize>(table_bytes: usize) -> usize {
    let empty = Plain::empty(W, H);
    let mut positions = HashMap::new();
    every_position::<W, H>(&empty, ConnectFour::<W, H>::empty(), &mut positions);
    let mut known = HashMap::new();
    let game = ConnectFour::<W, H>;
    // Small tables, so that positions crowd each other out as on the full board: the search as
    // the analyst runs it, and with next positions looked up everywhere and positions of four
    // empty cells or fewer never remembered (the analyst's gate opens only in searches longer
    // than a small board's).
    let gated = GatedMemo::new(TranspositionTable::with_memory(table_bytes), 2, 0);
    let mut solvers = [
        connect_four::solver(table_bytes),
        Solver::new(gated).look_ahead(4),
    ];
    // By the cells left: the least and greatest value of a position the game does not settle
    // at once, and the bounds the game gives such positions.
    let mut reached: HashMap<usize, Reached> = HashMap::new();
    for (plain, &position) in &positions {
        let expected = plain.negamax(W * H, &mut known);
        if game.terminal_value(position).is_none() {
            let bounds = game.value_bounds(position);
            let (low, high, _) = reached
                .entry(W * H - plain.played())
                .or_insert((expected, expected, bounds));
            (*low, *high) = ((*low).min(expected), (*high).max(expected));
        }
        for solver in &mut solvers {
            assert_eq!(solver.value(&game, position), expected, "{W}x{H}");
            assert_eq!(
                solver.value_within(&game, position, -1, 1),
                expected.signum(),
                "{W}x{H}, weak"
            );
        }
    }
    // The bounds hold every value, and are the tightest the rules allow: near the end (seven
    // cells left or fewer; earlier, small boards run out of room to win as late or as soon),
    // some position reaches each (a win with the mover's next-but-one stone, a loss to the
    // opponent's).
    for (left, (low, high, bounds)) in reached {
        let (least, most) = bounds.expect("Connect Four bounds every position");
        assert!(least <= low && high <= most, "{W}x{H}, {left} cells left");
        if left <= 7 {
            assert_eq!((least, most), (low, high), "{W}x{H}, {left} cells left");
        }
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
