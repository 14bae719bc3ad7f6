//! The search for a player's best hand: depth-first over sequences of five legal operations,
//! pruned with the best hand still reachable from the gems taken so far.

use arrayvec::ArrayVec;
use cards_core::GemHand;
use sim_core::board::{Cell, Direction, Strip};

use crate::Board;
use crate::hands::{Hands, Partial};

/// One operation: the picked gem's cell, where it moves, and its color (the operation's card).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operation {
    /// The picked gem's cell.
    pub cell: Cell,
    /// Where the gem moves.
    pub direction: Direction,
    /// The picked gem's color: the card this operation adds to the hand.
    pub color: u8,
}

/// A player's best hand and one sequence of operations that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Best {
    /// The hand.
    pub hand: GemHand,
    /// The five operations, in order.
    pub operations: [Operation; 5],
}

/// A line of operations whose last one starts a clearing that never settles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsettledLine {
    /// The operations, in order; the clearing after the last never settles.
    pub operations: Vec<Operation>,
}

/// The best hand a player can make with five operations from `board` and the strip at its
/// start, or `None` if no sequence of five legal operations exists.
pub fn best_hand(board: &Board, strip: &Strip) -> Result<Option<Best>, UnsettledLine> {
    let mut search = Search {
        hands: Hands::get(),
        strip,
        best: None,
        line: ArrayVec::new(),
    };
    search.explore(board, 0, Partial::EMPTY)?;
    Ok(search.best)
}

struct Search<'a> {
    hands: &'static Hands,
    strip: &'a Strip,
    best: Option<Best>,
    /// The operations leading to the position being explored: four at most, as the fifth
    /// completes a hand.
    line: ArrayVec<Operation, 4>,
}

impl Search<'_> {
    /// Whether a hand no better than `bound` can be ignored.
    fn beaten(&self, bound: GemHand) -> bool {
        self.best.is_some_and(|best| bound <= best.hand)
    }

    fn explore(
        &mut self,
        board: &Board,
        position: usize,
        partial: Partial,
    ) -> Result<(), UnsettledLine> {
        let moves = board.legal_moves();
        // The colors that can be picked (those with a legal operation), most promising first:
        // the best hand each could still lead to. Once one cannot beat the best found, none
        // after it can. Seven at most, kept in place, so no position allocates.
        let mut colors: ArrayVec<(GemHand, u8), 7> = ArrayVec::new();
        for color in 0..7u8 {
            if moves[usize::from(color)]
                .iter()
                .any(|sources| !sources.is_empty())
            {
                colors.push((self.hands.bound(self.hands.add(partial, color)), color));
            }
        }
        colors.sort_unstable_by(|a, b| b.cmp(a));
        for (bound, color) in colors {
            if self.beaten(bound) {
                break;
            }
            let next = self.hands.add(partial, color);
            for (direction, &sources) in Direction::ALL.iter().zip(&moves[usize::from(color)]) {
                for cell in sources {
                    let operation = Operation {
                        cell,
                        direction: *direction,
                        color,
                    };
                    if self.line.len() == 4 {
                        // The fifth card completes the hand: legality is all that matters, so
                        // the operation need not be played out.
                        let mut operations = [operation; 5];
                        operations[..4].copy_from_slice(&self.line);
                        let hand = self.hands.hand(next).expect("five gems make a hand");
                        self.best = Some(Best { hand, operations });
                        return Ok(());
                    }
                    let mut after = board.swapped(cell, *direction);
                    let after_position = after.settle(self.strip, position).map_err(|_| {
                        let mut operations = self.line.to_vec();
                        operations.push(operation);
                        UnsettledLine { operations }
                    })?;
                    self.line.push(operation);
                    self.explore(&after, after_position, next)?;
                    self.line.pop();
                    if self.beaten(bound) {
                        break;
                    }
                }
                if self.beaten(bound) {
                    break;
                }
            }
        }
        Ok(())
    }
}
