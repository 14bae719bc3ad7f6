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
//! use push_fold::{Setup, solve};
//!
//! let equilibrium = solve(&Setup::heads_up(10.0), 0.001, &equity_core::Silent).unwrap();
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
mod three_handed;
mod thresholds;
pub mod write;

use std::sync::LazyLock;

use equity_core::{ClassPairs, Progress};
use tables::three_way::ThreeWayTable;

pub use setup::{PLAYERS, Payoff, Setup, SetupError};
pub use solve::{Decision, Equilibrium, MAX_ITERATIONS, Strategy};
pub use three_handed::MAX_THREE_HANDED_ITERATIONS;
pub use thresholds::{MAX_STACKS, PLAYS_FROM, Thresholds, stack_grid, thresholds};

/// Whether `precision` can be solved to: above 0. The one check, which the parser also makes
/// so that its error has its column.
pub(crate) fn solvable(precision: f64) -> Result<(), SetupError> {
    if precision.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return Err(SetupError {
            field: "precision",
            message: format!("the precision must be more than 0, not {precision}"),
        });
    }
    Ok(())
}

/// `setup` checked, solvable to `precision`, and with `players` players (`game` says which).
fn checked_for(
    setup: &Setup,
    precision: f64,
    players: usize,
    game: &str,
) -> Result<Setup, SetupError> {
    let setup = setup.clone().checked()?;
    solvable(precision)?;
    if setup.stacks.len() != players {
        return Err(SetupError {
            field: "stacks",
            message: format!(
                "{game} play takes {players} stacks, not {}",
                setup.stacks.len()
            ),
        });
    }
    Ok(setup)
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

/// The exact three-way table kept in the crate (`data/three-way-v1.bin`, 40 MB, in the program
/// with the `three-way` feature), checked on first use (a few hundredths of a second).
#[cfg(feature = "three-way")]
pub fn three_way_table() -> &'static ThreeWayTable {
    static TABLE: LazyLock<ThreeWayTable> = LazyLock::new(|| {
        tables::three_way::decode(tables::three_way::THREE_WAY)
            .expect("the table kept in the crate is checked by its tests")
    });
    &TABLE
}

/// An equilibrium of a three-handed `setup` where no player gains more than `precision` by
/// deviating alone (each player's decisions together), on the three-way table `table`, by
/// CFR+: seconds, not milliseconds, since every iteration goes over the 4.8 million deals of
/// three hands. Three players have no guarantee of an equilibrium being reached; the answer's
/// exploitability says how close it came. `progress` hears how far the exploitability has come
/// down and can stop the solve early (the strategies then returned are those reached).
pub fn solve_three_handed(
    setup: &Setup,
    table: &ThreeWayTable,
    precision: f64,
    progress: &dyn Progress,
) -> Result<Equilibrium, SetupError> {
    let setup = checked_for(setup, precision, 3, "three-handed")?;
    Ok(three_handed::solve(
        &three_handed::ThreeHanded::new(&setup, table),
        precision,
        progress,
    ))
}

/// An equilibrium of `setup`, heads-up or three-handed, where no player gains more than
/// `precision` by deviating alone (big blinds for chips, shares of the prize pool for ICM), on
/// the tables kept in the crate. `progress` hears a three-handed solve's progress and can stop
/// it (see [`solve_three_handed`]); heads-up takes milliseconds. Without the `three-way`
/// feature, three players are refused at the stacks (see [`solve_with`]).
pub fn solve(
    setup: &Setup,
    precision: f64,
    progress: &dyn Progress,
) -> Result<Equilibrium, SetupError> {
    // The three-way table is read (40 MB, checked in a few hundredths of a second) only for
    // three players: heads-up takes milliseconds.
    #[cfg(feature = "three-way")]
    let three_way = (setup.stacks.len() == 3).then(three_way_table);
    #[cfg(not(feature = "three-way"))]
    let three_way = None;
    solve_with(setup, three_way, precision, progress)
}

/// The same as [`solve`], three-handed on the three-way table `three_way` (read from elsewhere,
/// as the page fetches it), and three players refused at the stacks without one.
pub fn solve_with(
    setup: &Setup,
    three_way: Option<&ThreeWayTable>,
    precision: f64,
    progress: &dyn Progress,
) -> Result<Equilibrium, SetupError> {
    if setup.stacks.len() != 3 {
        return solve_heads_up(setup, heads_up_table(), precision);
    }
    let table = three_way.ok_or_else(|| SetupError {
        field: "stacks",
        message: "three-handed play needs the three-way equity table (40 MB), which is not \
                  loaded here"
            .to_string(),
    })?;
    solve_three_handed(setup, table, precision, progress)
}

/// An equilibrium of a heads-up `setup` where no player gains more than `precision` by
/// deviating alone, on the heads-up table `pairs`.
pub fn solve_heads_up(
    setup: &Setup,
    pairs: &ClassPairs,
    precision: f64,
) -> Result<Equilibrium, SetupError> {
    let setup = checked_for(setup, precision, 2, "heads-up")?;
    Ok(solve::solve_two(
        &heads_up::HeadsUp::new(&setup, pairs),
        precision,
    ))
}
