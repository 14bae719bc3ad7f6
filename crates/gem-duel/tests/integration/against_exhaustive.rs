//! The pruned search against an exhaustive search written here (every sequence of five legal
//! operations, tried cell by cell and direction by direction, no pruning), on seeded random
//! small boards; and every best sequence replayed.

use cards_core::{Gem, GemHand};
use gem_duel::{Board, best_hand};
use seeded_rng::SeededRng;
use sim_core::board::{Cell, Direction, NeverSettles, Strip};

/// The best hand over all sequences of five legal operations, or `Err` if some operation's
/// clearing never settles.
fn exhaustive(
    board: &Board,
    strip: &Strip,
    position: usize,
    colors: &mut Vec<u8>,
) -> Result<Option<GemHand>, NeverSettles> {
    if colors.len() == 5 {
        let gems: [Gem; 5] = std::array::from_fn(|index| Gem::ALL[usize::from(colors[index])]);
        return Ok(Some(GemHand::from_gems(gems)));
    }
    let mut best = None;
    for (cell, direction) in legal_operations(board) {
        let (after, after_position) = board.play(cell, direction, strip, position)?;
        colors.push(board.gem(cell).unwrap());
        let hand = exhaustive(&after, strip, after_position, colors)?;
        colors.pop();
        best = best.max(hand);
    }
    Ok(best)
}

/// Every legal operation on `board`: each cell, each direction.
fn legal_operations(board: &Board) -> impl Iterator<Item = (Cell, Direction)> + '_ {
    (0..board.rows())
        .flat_map(move |row| (0..board.columns()).map(move |column| Cell::new(row, column)))
        .flat_map(|cell| Direction::ALL.map(|direction| (cell, direction)))
        .filter(|&(cell, direction)| board.is_legal(cell, direction))
}

fn random_side(rng: &mut SeededRng) -> (Board, Strip) {
    loop {
        // Mostly boards big enough to allow five operations, a few that are too small.
        let rows = if rng.chance(1, 8) {
            1 + rng.index(2)
        } else {
            3 + rng.index(2)
        };
        let columns = 3 + rng.index(3);
        let colors = 3 + rng.below_u8(2);
        let grid: Vec<Vec<u8>> = (0..rows)
            .map(|_| (0..columns).map(|_| rng.below_u8(colors)).collect())
            .collect();
        let grid: Vec<&[u8]> = grid.iter().map(Vec::as_slice).collect();
        let board = Board::from_rows(&grid).unwrap();
        if board.has_lines() {
            continue;
        }
        let strip: Vec<u8> = (0..=rng.index(9))
            .map(|_| rng.below_u8(colors + 1))
            .collect();
        return (board, Strip::new(strip).unwrap());
    }
}

#[test]
fn pruned_search_matches_exhaustive_search() {
    let mut rng = SeededRng::new(30);
    let (mut compared, mut found) = (0, 0);
    while compared < 1_000 {
        let (board, strip) = random_side(&mut rng);
        let Ok(expected) = exhaustive(&board, &strip, 0, &mut Vec::new()) else {
            continue;
        };
        compared += 1;
        let best = best_hand(&board, &strip).expect("exhaustive search settled everywhere");
        assert_eq!(best.map(|best| best.hand), expected, "{board:?} {strip:?}");
        if let Some(best) = best {
            found += 1;
            // The sequence is legal step by step and its colors make the hand.
            let (mut current, mut position) = (board, 0);
            let mut colors = Vec::new();
            for operation in best.operations {
                assert!(current.is_legal(operation.cell, operation.direction));
                assert_eq!(current.gem(operation.cell), Some(operation.color));
                colors.push(Gem::ALL[usize::from(operation.color)]);
                (current, position) = current
                    .play(operation.cell, operation.direction, &strip, position)
                    .unwrap();
            }
            assert_eq!(GemHand::from_gems(colors.try_into().unwrap()), best.hand);
        }
    }
    // Small boards often allow no five operations; make sure both outcomes were compared.
    assert!(found > 100 && found < compared, "{found} of {compared}");
}

#[test]
fn golden_small_boards_match_exhaustive_search() {
    let mut compared = 0;
    for case in golden_cases::cases("gem-duel").unwrap() {
        let Ok(cases) = gem_duel::parse(&case.input().unwrap()) else {
            continue;
        };
        for sides in &cases {
            for side in sides {
                if usize::from(side.board.rows()) * usize::from(side.board.columns()) > 20 {
                    continue;
                }
                let Ok(expected) = exhaustive(&side.board, &side.strip, 0, &mut Vec::new()) else {
                    continue;
                };
                let best = best_hand(&side.board, &side.strip).unwrap();
                assert_eq!(best.map(|best| best.hand), expected, "{}", case.name);
                compared += 1;
            }
        }
    }
    assert!(compared > 40, "{compared}");
}

/// Where clearings fail to settle over every sequence of five legal operations: among the first
/// four operations of some sequence, and as the fifth of some sequence whose first four settle.
fn unsettled(board: &Board, strip: &Strip, position: usize, played: usize) -> (bool, bool) {
    let (mut early, mut fifth) = (false, false);
    for (cell, direction) in legal_operations(board) {
        match board.play(cell, direction, strip, position) {
            Err(NeverSettles) if played == 4 => fifth = true,
            Err(NeverSettles) => early = true,
            Ok((after, after_position)) if played < 4 => {
                let (later_early, later_fifth) =
                    unsettled(&after, strip, after_position, played + 1);
                early |= later_early;
                fifth |= later_fifth;
            }
            Ok(_) => {}
        }
    }
    (early, fifth)
}

/// The documented rule (docs/problems/gem-duel.md): a clearing that never settles is an error
/// when the search plays it out, which it does for a player's first four operations; the fifth
/// operation's clearing never matters, since the hand is complete once its gem is picked.
#[test]
fn a_fifth_operation_that_never_settles_does_not_stop_the_answer() {
    let mut rng = SeededRng::new(31);
    let mut found = 0;
    for tried in 0.. {
        if found == 5 {
            break;
        }
        assert!(
            tried < 20_000,
            "only {found} boards had a fifth operation that never settles"
        );
        let (board, strip) = random_side(&mut rng);
        if unsettled(&board, &strip, 0, 0) != (false, true) {
            continue;
        }
        // Every first four operations settle and some fifth does not: the search still answers.
        let best = best_hand(&board, &strip).expect("the fifth clearing is never played");
        assert!(best.is_some(), "{board:?} {strip:?}");
        found += 1;
    }
}
