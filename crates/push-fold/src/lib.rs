//! Push or fold: the all-in equilibria of tournament poker's last stage, from exact equity.
//!
//! Each player either moves all-in or folds. Heads-up, the small blind pushes or folds and the
//! big blind calls or folds. The equity of every starting hand against every other is read from
//! an exact table made by the equity engine (`tables`), with every pair's combos counted, so
//! card removal is exact; the equilibrium is found by CFR+ and then made exact near CFR+'s
//! average (`solve`), for chips or for prizes by the Independent Chip Model (`icm`), and its
//! exploitability says how close it is.
//!
//! The game, the method, the formats and what the answers were checked against are in
//! `docs/problems/push-fold.md` at the repository's root.
//!
//! ```
//! use push_fold::{Setup, heads_up_table, solve};
//!
//! let table = heads_up_table();
//! let equilibrium = solve(&Setup::heads_up(10.0), table, 0.001).unwrap();
//! let [push, call] = [&equilibrium.strategies[0], &equilibrium.strategies[1]];
//! assert_eq!((push.decision.action, call.decision.action), ("push", "call"));
//! assert_eq!(push.frequencies[0], 1.0); // AA, the grid's first cell, always pushes
//! assert!(equilibrium.worst_exploitability() <= 0.001);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "cli")]
pub mod cli;
mod heads_up;
pub mod icm;
pub mod parse;
mod setup;
mod solve;
pub mod tables;
mod thresholds;
pub mod write;

use std::sync::LazyLock;

use equity_core::ClassPairs;

pub use setup::{PLAYERS, Payoff, Setup, SetupError};
pub use solve::{Decision, Equilibrium, MAX_ITERATIONS, Strategy};
pub use thresholds::{MAX_STACKS, PLAYS_FROM, Thresholds, stack_grid, thresholds};

/// Whether a checked `setup` can be solved to `precision`: heads-up (three-handed needs the
/// three-player table, not built yet), and a precision above 0. The one check, which the
/// parser also makes so that its errors have their column.
pub(crate) fn solvable(setup: &Setup, precision: f64) -> Result<(), SetupError> {
    if setup.stacks.len() == 3 {
        return Err(SetupError {
            field: "stacks",
            message: "three-handed play needs the three-player equity table, which is not built \
                      yet"
            .to_string(),
        });
    }
    if precision.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return Err(SetupError {
            field: "precision",
            message: format!("the precision must be more than 0, not {precision}"),
        });
    }
    Ok(())
}

/// The exact heads-up table kept in the crate ([`tables::HEADS_UP`]), decoded and checked on
/// first use (half a millisecond), so every later spot solved reads it at once.
pub fn heads_up_table() -> &'static ClassPairs {
    static TABLE: LazyLock<ClassPairs> = LazyLock::new(|| {
        tables::decode(tables::HEADS_UP)
            .expect("the table kept in the crate is checked by its tests")
    });
    &TABLE
}

/// An equilibrium of `setup` where no player gains more than `precision` by deviating alone
/// (big blinds for chips, shares of the prize pool for ICM), on the heads-up table `pairs`.
pub fn solve(setup: &Setup, pairs: &ClassPairs, precision: f64) -> Result<Equilibrium, SetupError> {
    let setup = setup.clone().checked()?;
    solvable(&setup, precision)?;
    Ok(solve::solve_two(
        &heads_up::HeadsUp::new(&setup, pairs),
        precision,
    ))
}
