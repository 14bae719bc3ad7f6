//! The classic heads-up table: for each hand, the largest stack at which the small blind
//! pushes it, and the largest at which the big blind calls a push with it.

use equity_core::ClassPairs;

use crate::setup::{Setup, SetupError};
use crate::solve::Equilibrium;

/// A hand plays at a stack when its equilibrium frequency is at least this: a hand mixed at
/// the boundary counts on the side it mostly takes.
pub const PLAYS_FROM: f64 = 0.5;

/// Most stacks a table solves.
pub const MAX_STACKS: usize = 100_000;

/// Each hand's largest stack for each heads-up decision, over equal stacks on a grid.
#[derive(Clone, Debug, PartialEq)]
pub struct Thresholds {
    /// The stacks solved, from the smallest.
    pub stacks: Vec<f64>,
    /// By decision (the small blind's push, the big blind's call), by hand in the grid's order:
    /// the largest stack solved at which the hand plays, or `None` if it plays at none.
    pub largest: [Vec<Option<f64>>; 2],
    /// The largest exploitability of any equilibrium solved, in the payoff's unit.
    pub worst_exploitability: f64,
}

/// The stacks `from`, `from + step`, ... up to `to` (with a thousandth of a step to spare for
/// rounding).
pub fn stack_grid(from: f64, to: f64, step: f64) -> Result<Vec<f64>, SetupError> {
    let fail = |message: String| {
        Err(SetupError {
            field: "stacks",
            message,
        })
    };
    if !(from > 0.0 && to >= from && step > 0.0 && to.is_finite()) {
        return fail(format!(
            "the table needs 0 < from ≤ to and a step above 0, not from {from} to {to} by {step}"
        ));
    }
    let count = ((to - from) / step + 1.001).floor();
    if count > MAX_STACKS as f64 {
        return fail(format!("at most {MAX_STACKS} stacks, not {count}"));
    }
    // Each stack from its index, so no rounding error builds up along the grid.
    Ok((0..MAX_STACKS)
        .map(|index| index as f64)
        .take_while(|&index| index < count)
        .map(|index| from + index * step)
        .collect())
}

/// The table for `setup`'s blinds, ante and payoff (its stacks are replaced by each of
/// `stacks`, the same for both players), each equilibrium to `precision`.
pub fn thresholds(
    setup: &Setup,
    stacks: &[f64],
    pairs: &ClassPairs,
    precision: f64,
) -> Result<Thresholds, SetupError> {
    let mut largest = [vec![None; 169], vec![None; 169]];
    let mut worst_exploitability: f64 = 0.0;
    for &stack in stacks {
        let setup = Setup {
            stacks: vec![stack, stack],
            ..setup.clone()
        };
        let equilibrium: Equilibrium = crate::solve_heads_up(&setup, pairs, precision)?;
        worst_exploitability = worst_exploitability.max(equilibrium.worst_exploitability());
        for (largest, strategy) in largest.iter_mut().zip(&equilibrium.strategies) {
            for (largest, &frequency) in largest.iter_mut().zip(&strategy.frequencies) {
                if frequency >= PLAYS_FROM {
                    *largest = Some(stack);
                }
            }
        }
    }
    Ok(Thresholds {
        stacks: stacks.to_vec(),
        largest,
        worst_exploitability,
    })
}
