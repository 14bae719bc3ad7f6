//! `chart()`: the 169 starting hands against random hands.

use equity_core::HandClass;
use holdem_equity::{DEFAULT_PRECISION, DEFAULT_SEED, MAX_CHART_OPPONENTS};
use numpy::PyArray2;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::equity::message;
use crate::evaluate::require_numpy;
use crate::options;
use crate::run;

/// One starting hand's result.
#[pyclass(module = "holdem_equity", frozen, get_all)]
#[derive(Clone)]
pub(crate) struct ChartEntry {
    /// The hand class: `AA`, `AKs`, `AKo`.
    hand: String,
    /// Its row in the 13 × 13 grid (0 for the ace).
    row: usize,
    /// Its column in the grid (0 for the ace): suited hands above the diagonal.
    column: usize,
    /// Its equity against the random hands, from 0 to 1.
    equity: f64,
    /// The share of all pots it wins alone.
    wins: f64,
    /// The share of all pots it gets from split pots.
    ties: f64,
    /// The standard error of `equity` when sampled; `None` when exact.
    standard_error: Option<f64>,
}

#[pymethods]
impl ChartEntry {
    fn __repr__(&self) -> String {
        format!(
            "ChartEntry({}: equity {:.4}%)",
            self.hand,
            100.0 * self.equity
        )
    }
}

/// The chart: each starting hand's equity against `opponents` random hands.
#[pyclass(module = "holdem_equity", frozen, get_all)]
pub(crate) struct Chart {
    /// How many random hands each hand faces.
    opponents: usize,
    /// Whether every figure is exact.
    exact: bool,
    /// The 169 hands in the grid's order, row by row from the ace.
    entries: Vec<ChartEntry>,
}

#[pymethods]
impl Chart {
    /// The 13 × 13 grid of equities as a list of rows, as players draw it: pairs on the
    /// diagonal, suited hands above it, offsuit below, the ace first.
    #[getter]
    fn grid(&self) -> Vec<Vec<f64>> {
        let mut grid = vec![vec![0.0; 13]; 13];
        for entry in &self.entries {
            grid[entry.row][entry.column] = entry.equity;
        }
        grid
    }

    /// The grid as a 13 × 13 NumPy array of floats (NumPy must be installed).
    fn grid_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        require_numpy(py, "Chart.grid_array")?;
        PyArray2::from_vec2(py, &self.grid()).map_err(|err| PyValueError::new_err(err.to_string()))
    }

    /// The hands' names in the grid's layout, a list of 13 rows.
    #[getter]
    fn hands(&self) -> Vec<Vec<String>> {
        let mut grid = vec![vec![String::new(); 13]; 13];
        for entry in &self.entries {
            grid[entry.row][entry.column].clone_from(&entry.hand);
        }
        grid
    }

    fn __len__(&self) -> usize {
        self.entries.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Chart(against {} random {}, {})",
            self.opponents,
            if self.opponents == 1 { "hand" } else { "hands" },
            if self.exact { "exact" } else { "sampled" }
        )
    }
}

/// The preflop chart: each of the 169 starting hands against `opponents` random hands.
///
/// Counted as `equity()` counts (`exact`, `precision`, `seconds`, `seed`, `threads`,
/// `progress`), but against one random hand the chart is exact unless `exact=False` (every
/// hand's matchups counted together: about 13 s on two cores). `seconds` limits each hand's
/// sampling.
#[pyfunction]
#[pyo3(signature = (
    opponents=1, *, exact=None, precision=DEFAULT_PRECISION, seconds=None, seed=DEFAULT_SEED, threads=None,
    progress=None
))]
#[expect(clippy::too_many_arguments, reason = "Python's keyword arguments")]
pub(crate) fn chart(
    py: Python<'_>,
    opponents: usize,
    exact: Option<bool>,
    precision: f64,
    seconds: Option<f64>,
    seed: u64,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Chart> {
    let most = usize::from(MAX_CHART_OPPONENTS);
    if !(1..=most).contains(&opponents) {
        return Err(PyValueError::new_err(format!(
            "opponents must be from 1 to {most}, as on the command line, not {opponents}"
        )));
    }
    let method = options::method(exact, precision, seconds, seed)?;
    let threads = options::threads(threads)?;
    let chart = run::off_the_gil(py, progress, |control| {
        equity_core::chart(opponents, method, threads, control)
    })?
    .map_err(|err| PyValueError::new_err(message(&err)))?;
    let entries = chart
        .entries
        .iter()
        .map(|entry| {
            let (row, column) = HandClass::grid_cell(entry.class);
            ChartEntry {
                hand: entry.class.to_string(),
                row,
                column,
                equity: entry.shares.equity(),
                wins: entry.shares.wins,
                ties: entry.shares.ties,
                standard_error: entry.standard_error,
            }
        })
        .collect();
    Ok(Chart {
        opponents,
        exact: chart.is_exact(),
        entries,
    })
}
