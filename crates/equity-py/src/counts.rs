//! Exact counts as whole numbers, for jobs shared out over many processes or machines
//! (`holdem_equity.jobs`): `split` a matchup into parts, `exact_counts` of each part (as a plain
//! dict, which pickles and stores as JSON), and `Counts` to add them up and take the figures, by
//! the engine's own arithmetic.

use cards_core::Card;
use equity_core::{
    ExactCounts, WeightedCounts, counts_board_by_board as board_by_board,
    exact_counts as count_exactly, split as split_parts,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::equity::message;
use crate::{matchup, options, run};

/// The whole-number totals of an exact count, which parts of one count add up to exactly and in
/// any order (see `exact_counts` and `split`).
#[pyclass(module = "holdem_equity")]
pub(crate) struct Counts {
    counts: ExactCounts,
}

#[pymethods]
impl Counts {
    /// Counts of no deals, of a matchup whose deals are each counted over `boards_per_deal`
    /// boards and whose split pots are in units of `1 / tie_denominator`.
    #[new]
    fn new(boards_per_deal: u64, tie_denominator: u64) -> Counts {
        Counts {
            counts: ExactCounts::new(boards_per_deal, tie_denominator),
        }
    }

    /// The counts of a dict as `exact_counts` and `to_dict` give them.
    #[staticmethod]
    fn from_dict(counts: &Bound<'_, PyDict>) -> PyResult<Counts> {
        let field = |name: &str| -> PyResult<Bound<'_, PyAny>> {
            counts
                .get_item(name)?
                .ok_or_else(|| PyValueError::new_err(format!("counts: no '{name}'")))
        };
        let mut read = ExactCounts::new(
            field("boards_per_deal")?.extract()?,
            field("tie_denominator")?.extract()?,
        );
        let mut players = None;
        for entry in field("by_weight")?.try_iter()? {
            // A list as JSON gives it back, or a tuple as `to_dict` makes it.
            let entry: Vec<Bound<'_, PyAny>> = entry?.extract()?;
            let [weight, deals, wins, tie_units] = entry.as_slice() else {
                return Err(PyValueError::new_err(
                    "counts: each entry of 'by_weight' is [weight, deals, wins, tie units]",
                ));
            };
            let (weight, deals): (f64, u128) = (weight.extract()?, deals.extract()?);
            let (wins, tie_units): (Vec<u128>, Vec<u128>) = (wins.extract()?, tie_units.extract()?);
            let valid = weight > 0.0
                && weight <= 1.0
                && wins.len() == tie_units.len()
                && *players.get_or_insert(wins.len()) == wins.len();
            if !valid {
                return Err(PyValueError::new_err(
                    "counts: each weight is above 0 and at most 1, with wins and tie units for \
                     every player",
                ));
            }
            let mut one = ExactCounts::new(read.boards_per_deal, read.tie_denominator);
            one.by_weight.push(WeightedCounts {
                weight,
                deals,
                wins,
                tie_units,
            });
            read.merge(&one, 1)
                .map_err(|err| PyValueError::new_err(err.to_string()))?;
        }
        Ok(Counts { counts: read })
    }

    /// The counts as a dict of whole numbers (and each weight), which `from_dict` reads back.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        to_dict(py, &self.counts)
    }

    /// Adds `times` copies of `other`; `ValueError` for counts of another kind of matchup.
    #[pyo3(signature = (other, times=1))]
    fn merge(&mut self, other: &Counts, times: u64) -> PyResult<()> {
        self.counts
            .merge(&other.counts, times)
            .map_err(|err| PyValueError::new_err(err.to_string()))
    }

    /// How many joint deals were counted.
    #[getter]
    fn deals(&self) -> u128 {
        self.counts.deals()
    }

    /// Split pots are counted in units of `1 / tie_denominator` of a pot.
    #[getter]
    fn tie_denominator(&self) -> u64 {
        self.counts.tie_denominator
    }

    /// How many boards each deal was counted over.
    #[getter]
    fn boards_per_deal(&self) -> u64 {
        self.counts.boards_per_deal
    }

    /// Player `player`'s (from 0) shares of all the pots as `(wins, ties)`, each from 0 to 1:
    /// the same figures the engine gives for the whole count.
    fn shares(&self, player: usize) -> PyResult<(f64, f64)> {
        let players = self
            .counts
            .by_weight
            .first()
            .map_or(0, |counts| counts.wins.len());
        if player >= players {
            return Err(PyValueError::new_err(format!(
                "player {player}: the counts have {players} players"
            )));
        }
        let shares = self.counts.shares(player);
        Ok((shares.wins, shares.ties))
    }

    fn __eq__(&self, other: &Counts) -> bool {
        self.counts == other.counts
    }

    fn __repr__(&self) -> String {
        format!(
            "Counts({} deals, {} boards each)",
            self.counts.deals(),
            self.counts.boards_per_deal
        )
    }
}

fn to_dict<'py>(py: Python<'py>, counts: &ExactCounts) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("boards_per_deal", counts.boards_per_deal)?;
    dict.set_item("tie_denominator", counts.tie_denominator)?;
    let by_weight = PyList::empty(py);
    for counts in &counts.by_weight {
        by_weight.append((
            counts.weight,
            counts.deals,
            counts.wins.clone(),
            counts.tie_units.clone(),
        ))?;
    }
    dict.set_item("by_weight", by_weight)?;
    Ok(dict)
}

/// Every joint deal and board of a matchup counted exactly, deal by deal, as whole numbers: a
/// dict for `Counts.from_dict`. Takes the players, board and dead cards as `equity()` does; a
/// matchup with no deal has counts of no deals. Refused beyond `MAX_EXACT_DEALS` joint deals:
/// `split` it first.
#[pyfunction]
#[pyo3(signature = (players, board=None, dead=None, *, threads=None, progress=None))]
pub(crate) fn exact_counts<'py>(
    py: Python<'py>,
    players: &Bound<'py, PyAny>,
    board: Option<&str>,
    dead: Option<&str>,
    threads: Option<usize>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let read = matchup::read(players, board, dead)?;
    let threads = options::threads(threads)?;
    let counts = run::off_the_gil(py, progress, |control| {
        count_exactly(&read.line.matchup, threads, control)
    })?
    .map_err(|err| read.error(&message(&err)))?;
    to_dict(py, &counts)
}

/// Whether an exact count of the matchup goes board by board (after the flop, or against
/// players of one range): its work is then set by the boards, not by its joint deals, which a
/// job's parts need not bound. Takes the players, board and dead cards as `equity()` does.
#[pyfunction]
#[pyo3(signature = (players, board=None, dead=None))]
pub(crate) fn counts_board_by_board(
    players: &Bound<'_, PyAny>,
    board: Option<&str>,
    dead: Option<&str>,
) -> PyResult<bool> {
    let read = matchup::read(players, board, dead)?;
    Ok(board_by_board(&read.line.matchup))
}

/// A part of a split count: its players, board and dead cards as text, and how many parts it
/// stands for.
type Part = (Vec<String>, String, String, u64);

/// The parts of a matchup's exact count with its first `fixed` players narrowed to one combo
/// each: a list of `(players, board, dead, times)`, each part's players as texts (the fixed ones
/// as `AsKs` or `AsKs:0.5`, the others as given), the board and dead cards as text, and how
/// many parts it stands for. The parts' `exact_counts`, each merged `times` times, add up to the
/// whole matchup's.
#[pyfunction]
#[pyo3(signature = (players, board=None, dead=None, *, fixed=1))]
pub(crate) fn split(
    players: &Bound<'_, PyAny>,
    board: Option<&str>,
    dead: Option<&str>,
    fixed: usize,
) -> PyResult<Vec<Part>> {
    let read = matchup::read(players, board, dead)?;
    let matchup = &read.line.matchup;
    let written = |cards: &[Card]| -> String {
        let cards: Vec<String> = cards.iter().map(Card::to_string).collect();
        cards.join(" ")
    };
    Ok(split_parts(matchup, fixed)
        .into_iter()
        .map(|part| {
            let mut texts = part.ranges_written();
            texts.extend(read.line.texts.iter().skip(texts.len()).cloned());
            (
                texts,
                written(&matchup.board),
                written(&matchup.dead),
                part.times,
            )
        })
        .collect())
}
