//! `push_fold()` and `push_fold_table()`: all-in or fold equilibria, from push-fold.

use ::push_fold::parse::{Flags, ParseError, Request};
use ::push_fold::{Equilibrium, Setup, Thresholds, write};
use numpy::PyArray2;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::evaluate::require_numpy;

/// One decision's strategy: how often each hand takes the action.
#[pyclass(module = "holdem_equity", frozen, get_all)]
pub(crate) struct PushFoldDecision {
    /// Who decides: `small blind` or `big blind`.
    seat: String,
    /// `push` or `call`.
    action: String,
    /// What came before, in words (empty when nobody has pushed).
    facing: String,
    /// How often each hand takes the action, from 0 to 1, in the grid's order (`HANDS`).
    frequencies: Vec<f64>,
    /// What each hand gains by acting over folding, per time it faces the decision (bb, or
    /// share of the prize pool), in the grid's order; NaN where it never faces it.
    gains: Vec<f64>,
    /// What its player would gain by a best response alone (bb, or share of the prize pool).
    exploitability: f64,
}

#[pymethods]
impl PushFoldDecision {
    /// The 13 × 13 grid of frequencies as a list of rows: pairs on the diagonal, suited hands
    /// above it, offsuit below, the ace first (the grid's order is `HANDS`'s, row by row).
    #[getter]
    fn grid(&self) -> Vec<Vec<f64>> {
        self.frequencies.chunks(13).map(<[f64]>::to_vec).collect()
    }

    /// The grid as a 13 × 13 NumPy array of floats (NumPy must be installed).
    fn grid_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        require_numpy(py, "PushFoldDecision.grid_array")?;
        PyArray2::from_vec2(py, &self.grid()).map_err(|err| PyValueError::new_err(err.to_string()))
    }

    fn __repr__(&self) -> String {
        let played: f64 = self
            .frequencies
            .iter()
            .zip(equity_core::HandClass::all())
            .map(|(frequency, class)| frequency * class.combo_count() as f64)
            .sum::<f64>()
            / 1326.0;
        let verb = if self.action == "push" {
            "pushes"
        } else {
            "calls"
        };
        format!(
            "PushFoldDecision({} {verb} {:.1}% of hands)",
            self.seat,
            100.0 * played
        )
    }
}

/// An equilibrium: a strategy per decision, and how close to one it is.
#[pyclass(module = "holdem_equity", frozen)]
pub(crate) struct PushFold {
    setup: Setup,
    equilibrium: Equilibrium,
}

#[pymethods]
impl PushFold {
    /// The decisions in the order they are taken: the small blind's push, the big blind's call.
    #[getter]
    fn decisions(&self) -> Vec<PushFoldDecision> {
        self.equilibrium
            .strategies
            .iter()
            .zip(&self.equilibrium.exploitability)
            .map(|(strategy, &exploitability)| PushFoldDecision {
                seat: self.setup.seat_name(strategy.decision.seat).to_string(),
                action: strategy.decision.action.to_string(),
                facing: strategy.decision.facing.to_string(),
                frequencies: strategy.frequencies.clone(),
                gains: (strategy.gains.iter())
                    .map(|gain| gain.unwrap_or(f64::NAN))
                    .collect(),
                exploitability,
            })
            .collect()
    }

    /// Each decision's exploitability, in bb (or shares of the prize pool under ICM).
    #[getter]
    fn exploitability(&self) -> Vec<f64> {
        self.equilibrium.exploitability.clone()
    }

    /// CFR+ iterations run.
    #[getter]
    fn iterations(&self) -> usize {
        self.equilibrium.iterations
    }

    /// The command line's JSON for this equilibrium (`push-fold --format json`, with each
    /// hand's gains if `gains`, as `--gains`).
    #[pyo3(signature = (*, gains=false))]
    fn to_json(&self, gains: bool) -> String {
        write::json(&self.setup, &self.equilibrium, gains)
    }

    /// The command line's CSV (`--format csv`, and `--gains` if `gains`).
    #[pyo3(signature = (*, gains=false))]
    fn to_csv(&self, gains: bool) -> String {
        write::csv(&self.equilibrium, gains)
    }

    /// The command line's text: the grids, and each hand's gains if `gains` (`--gains`).
    #[pyo3(signature = (*, gains=false))]
    fn to_text(&self, gains: bool) -> String {
        write::text(&self.setup, &self.equilibrium, gains)
    }

    /// The command line's SVG picture (`--format svg`).
    fn to_svg(&self) -> String {
        write::svg(&self.setup, &self.equilibrium)
    }

    /// The command line's text: the grids.
    fn __str__(&self) -> String {
        self.to_text(false)
    }

    fn __repr__(&self) -> String {
        format!("PushFold({})", write::describe(&self.setup))
    }
}

/// The threshold table: each hand's largest stack for each decision.
#[pyclass(module = "holdem_equity", frozen)]
pub(crate) struct PushFoldTable {
    setup: Setup,
    table: Thresholds,
}

#[pymethods]
impl PushFoldTable {
    /// The stacks solved, from the smallest.
    #[getter]
    fn stacks(&self) -> Vec<f64> {
        self.table.stacks.clone()
    }

    /// By decision (push, call), the 13 × 13 grid of each hand's largest stack, NaN where it
    /// never plays.
    #[getter]
    fn grids(&self) -> Vec<Vec<Vec<f64>>> {
        self.table
            .largest
            .iter()
            .map(|largest| {
                largest
                    .chunks(13)
                    .map(|row| row.iter().map(|stack| stack.unwrap_or(f64::NAN)).collect())
                    .collect()
            })
            .collect()
    }

    /// The grids as a 2 × 13 × 13 NumPy array (NumPy must be installed).
    fn grid_arrays<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        require_numpy(py, "PushFoldTable.grid_arrays")?;
        py.import("numpy")?.call_method1("array", (self.grids(),))
    }

    /// The largest exploitability of any equilibrium solved.
    #[getter]
    fn worst_exploitability(&self) -> f64 {
        self.table.worst_exploitability
    }

    /// The command line's JSON (`push-fold table --format json`).
    fn to_json(&self) -> String {
        write::thresholds_json(&self.setup, &self.table)
    }

    /// The command line's CSV.
    fn to_csv(&self) -> String {
        write::thresholds_csv(&self.table)
    }

    /// The command line's text: the grids.
    fn __str__(&self) -> String {
        write::thresholds_text(&self.setup, &self.table)
    }
}

/// The request the keyword arguments make, checked by the command line's own parser: a
/// `ValueError` in its words, naming the argument.
fn request(
    stacks: &[f64],
    blinds: Option<[f64; 2]>,
    ante: Option<f64>,
    icm: Option<&[f64]>,
    others: Option<&[f64]>,
    precision: Option<f64>,
) -> PyResult<Request> {
    let values = [
        ("stacks", Some(write::number_list(stacks))),
        ("blinds", blinds.map(|blinds| write::number_list(&blinds))),
        ("ante", ante.map(|ante| write::number_list(&[ante]))),
        ("icm", icm.map(write::number_list)),
        ("others", others.map(write::number_list)),
        (
            "precision",
            precision.map(|precision| write::number_list(&[precision])),
        ),
    ];
    let error = |error: ParseError| {
        PyValueError::new_err(match error.flag {
            Some(flag) => format!("{flag}: {}", error.message),
            None => error.message,
        })
    };
    let mut flags = Flags::default();
    for (name, value) in &values {
        if let Some(value) = value {
            flags.set(name, value, None).map_err(error)?;
        }
    }
    flags.request().map_err(error)
}

/// An all-in or fold equilibrium, heads-up or three-handed, from the exact equity tables:
/// stacks in big blinds before blinds and antes (small blind, big blind; or button, small
/// blind, big blind), `icm` the payouts (first place first) to play for prizes instead of
/// chips, with `others` the stacks of the players not at the table. The same figures as
/// `push-fold --stacks ...`; `str()` of the result is its text. Three-handed takes seconds,
/// off the GIL: `progress(done)` hears how far it is, and Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (stacks, *, blinds=None, ante=None, icm=None, others=None, precision=None, progress=None))]
#[expect(
    clippy::needless_pass_by_value,
    reason = "PyO3 extracts owned lists from Python"
)]
#[expect(clippy::too_many_arguments, reason = "Python's keyword arguments")]
pub(crate) fn push_fold(
    py: Python<'_>,
    stacks: Vec<f64>,
    blinds: Option<[f64; 2]>,
    ante: Option<f64>,
    icm: Option<Vec<f64>>,
    others: Option<Vec<f64>>,
    precision: Option<f64>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<PushFold> {
    let request = request(
        &stacks,
        blinds,
        ante,
        icm.as_deref(),
        others.as_deref(),
        precision,
    )?;
    let equilibrium = crate::run::off_the_gil(py, progress, |control| {
        ::push_fold::solve(&request.setup, request.precision, control)
    })?
    .map_err(|error| PyValueError::new_err(format!("{}: {}", error.field, error.message)))?;
    Ok(PushFold {
        setup: request.setup,
        equilibrium,
    })
}

/// The classic heads-up table: for each hand, the largest equal stack from `start` to `stop`
/// bb (by `step`) at which the small blind pushes it and the big blind calls with it. The same
/// figures as `push-fold table`.
#[pyfunction]
#[pyo3(signature = (*, start=1.0, stop=20.0, step=0.05, blinds=None, ante=None, icm=None, others=None, precision=None))]
#[expect(clippy::too_many_arguments, reason = "Python's keyword arguments")]
#[expect(
    clippy::needless_pass_by_value,
    reason = "PyO3 extracts owned lists from Python"
)]
pub(crate) fn push_fold_table(
    start: f64,
    stop: f64,
    step: f64,
    blinds: Option<[f64; 2]>,
    ante: Option<f64>,
    icm: Option<Vec<f64>>,
    others: Option<Vec<f64>>,
    precision: Option<f64>,
) -> PyResult<PushFoldTable> {
    let stacks = ::push_fold::stack_grid(start, stop, step)
        .map_err(|error| PyValueError::new_err(format!("table: {}", error.message)))?;
    let request = request(
        &[start, start],
        blinds,
        ante,
        icm.as_deref(),
        others.as_deref(),
        precision,
    )?;
    let table = ::push_fold::thresholds(
        &request.setup,
        &stacks,
        ::push_fold::heads_up_table(),
        request.precision,
    )
    .map_err(|error| PyValueError::new_err(format!("{}: {}", error.field, error.message)))?;
    Ok(PushFoldTable {
        setup: request.setup,
        table,
    })
}
