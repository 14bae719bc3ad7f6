//! `equity()`: range (or hand) against range, exact or sampled, and its result classes.

use equity_core::{Counted, EquityError, range_equity};
use pyo3::prelude::*;

use holdem_equity::{DEFAULT_PRECISION, DEFAULT_SEED};

use crate::options;
use crate::{matchup, run};

/// One player's result. Figures are shares from 0 to 1 (multiply by 100 for percent).
#[pyclass(module = "holdem_equity", frozen, get_all)]
#[derive(Clone)]
pub(crate) struct PlayerEquity {
    /// The range or hand as given, runs of spaces made one.
    range: String,
    /// How many combos it holds that can be dealt beside the board and dead cards.
    combos: usize,
    /// How many of its combos the board and dead cards rule out.
    removed: usize,
    /// The sum of its combos' weights.
    weight: f64,
    /// The share of all pots the player gets: wins plus ties.
    equity: f64,
    /// The share of all pots the player wins alone.
    wins: f64,
    /// The share of all pots the player gets from split pots.
    ties: f64,
    /// The standard error of `equity` when sampled; `None` when exact.
    standard_error: Option<f64>,
}

#[pymethods]
impl PlayerEquity {
    fn __repr__(&self) -> String {
        let error = self
            .standard_error
            .map_or(String::new(), |error| format!(" ± {:.4}%", 100.0 * error));
        format!(
            "PlayerEquity({:?}: equity {:.4}%{error}, wins {:.4}%, ties {:.4}%)",
            self.range,
            100.0 * self.equity,
            100.0 * self.wins,
            100.0 * self.ties
        )
    }
}

/// The first player's result with one hand class of their range.
#[pyclass(module = "holdem_equity", frozen, get_all)]
#[derive(Clone)]
pub(crate) struct HandEquity {
    /// The hand class: `AA`, `AKs`, `AKo`.
    hand: String,
    /// How many of its combos the first player was dealt.
    combos: usize,
    /// How often the first player holds it: its share of all the joint deals' weight.
    frequency: f64,
    /// The first player's equity with it.
    equity: f64,
}

#[pymethods]
impl HandEquity {
    fn __repr__(&self) -> String {
        format!(
            "HandEquity({}: {} combos, {:.4}% of deals, equity {:.4}%)",
            self.hand,
            self.combos,
            100.0 * self.frequency,
            100.0 * self.equity
        )
    }
}

/// The result of `equity()`.
#[pyclass(module = "holdem_equity", frozen, get_all)]
pub(crate) struct Equity {
    /// `"exact"` (every joint deal and board) or `"sampled"`.
    method: &'static str,
    /// Joint deals counted (exact), or drawn (sampled).
    deals: u128,
    /// Exact: how many deals were counted, the others being the same up to the suits' names or
    /// the seats of equal ranges. `None` when sampled.
    distinct_deals: Option<u128>,
    /// Sampled: how many boards were drawn. `None` when exact.
    boards: Option<u64>,
    /// Sampled: the seed. `None` when exact.
    seed: Option<u64>,
    /// Each player's result, in order.
    players: Vec<PlayerEquity>,
    /// The first player's result by hand class: pairs, suited, offsuit, each highest first.
    by_hand: Vec<HandEquity>,
}

#[pymethods]
impl Equity {
    /// Each player's equity, in order.
    #[getter]
    fn equities(&self) -> Vec<f64> {
        self.players.iter().map(|player| player.equity).collect()
    }

    fn __repr__(&self) -> String {
        let players: Vec<String> = self.players.iter().map(PlayerEquity::__repr__).collect();
        format!(
            "Equity({}, {} deals, [{}])",
            self.method,
            self.deals,
            players.join(", ")
        )
    }
}

/// Hold'em equity of hands or ranges against each other, over every board still to come.
///
/// `players` is a list of two or more ranges or hands (`"AsKs"`, `"QQ+, AKs"`, `"random"`,
/// `Range` objects), or one line as the command line takes it (`"AsKs vs QQ+ | Ah7c2d"`).
/// `board` holds 0, 3, 4 or 5 cards and `dead` cards out of play, with or without spaces.
///
/// Exact when that is expected to take at most three seconds, sampled otherwise; `exact=True`
/// insists (refused beyond `MAX_EXACT_DEALS` joint deals, or `MAX_SWEEP_STEPS` steps board by
/// board after the flop), `exact=False` samples. Sampling stops at a standard error of
/// `precision` percentage points or after `seconds`, from `seed`: the same seed gives the same
/// figures on any number of `threads`. `progress`, if given, is called
/// with the share done (0 to 1). Ctrl-C stops the count and raises `KeyboardInterrupt`.
///
/// Bad input raises `ValueError` with the command line's message and the column.
#[pyfunction]
#[pyo3(signature = (
    players, board=None, dead=None, *, exact=None, precision=DEFAULT_PRECISION, seconds=None,
    seed=DEFAULT_SEED, threads=None, progress=None
))]
#[expect(clippy::too_many_arguments, reason = "Python's keyword arguments")]
pub(crate) fn equity(
    py: Python<'_>,
    players: &Bound<'_, PyAny>,
    board: Option<&str>,
    dead: Option<&str>,
    exact: Option<bool>,
    precision: f64,
    seconds: Option<f64>,
    seed: u64,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Equity> {
    let read = matchup::read(players, board, dead)?;
    let line = &read.line;
    let method = options::method(exact, precision, seconds, seed)?;
    let threads = options::threads(threads)?;
    let result = run::off_the_gil(py, progress, |control| {
        range_equity(&line.matchup, method, threads, control)
    })?
    .map_err(|err| read.error(&message(&err)))?;
    let standard_errors = match &result.counted {
        Counted::Sampled {
            standard_errors, ..
        } => Some(standard_errors.clone()),
        Counted::Exact { .. } => None,
    };
    let players = line
        .texts
        .iter()
        .zip(&result.players)
        .enumerate()
        .map(|(player, (text, shares))| {
            let dealable = line.matchup.dealable(player);
            PlayerEquity {
                range: text.clone(),
                combos: dealable.len(),
                removed: line.matchup.ranges[player].len() - dealable.len(),
                weight: dealable.weight_total(),
                equity: shares.equity(),
                wins: shares.wins,
                ties: shares.ties,
                standard_error: standard_errors.as_ref().map(|errors| errors[player]),
            }
        })
        .collect();
    let by_hand = result
        .by_class()
        .into_iter()
        .map(|class| HandEquity {
            hand: class.class.to_string(),
            combos: class.combos,
            frequency: class.frequency,
            equity: class.equity,
        })
        .collect();
    Ok(match result.counted {
        Counted::Exact {
            deals,
            distinct_deals,
        } => Equity {
            method: "exact",
            deals,
            distinct_deals: Some(distinct_deals),
            boards: None,
            seed: None,
            players,
            by_hand,
        },
        Counted::Sampled { deals, boards, .. } => Equity {
            method: "sampled",
            deals: deals.into(),
            distinct_deals: None,
            boards: Some(boards),
            seed: Some(seed),
            players,
            by_hand,
        },
    })
}

/// An engine's error as Python users are told it: with the argument that helps, where one does.
pub(crate) fn message(err: &EquityError) -> String {
    match err {
        EquityError::TooLarge => format!(
            "{err}: the limit is {} joint deals (MAX_EXACT_DEALS), or {} steps board by board \
             after the flop (MAX_SWEEP_STEPS); pass exact=False to sample",
            equity_core::MAX_EXACT_DEALS,
            equity_core::MAX_SWEEP_STEPS
        ),
        _ => err.to_string(),
    }
}
