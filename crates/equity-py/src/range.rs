//! `Range`: a hand range in the command line's grammar, with its combos and weights.

use cards_core::holdem::{Range, combo_text};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A hand range: `Range("QQ+, AKs, JTo:0.2")`.
///
/// The grammar is the command line's (`holdem-equity ranges`): items separated by commas, each a
/// hand class (`AKs`, `AKo`, `AK`, `QQ`), a span (`QQ+`, `A2s+`, `99-66`), a combo (`AsKs`),
/// `random` (every combo), with an optional weight (`:0.5`). A bad range raises `ValueError`
/// naming the column, in the command line's words.
#[pyclass(name = "Range", module = "holdem_equity", frozen, eq)]
#[derive(Clone)]
pub(crate) struct PyRange {
    /// The text as written, runs of spaces made one (as the command line echoes it).
    pub(crate) text: String,
    pub(crate) range: Range,
}

#[pymethods]
impl PyRange {
    #[new]
    fn new(text: &str) -> PyResult<PyRange> {
        PyRange::parse(text).map_err(PyValueError::new_err)
    }

    /// The combos and their weights: `[("AsAh", 1.0), ...]`, in the engine's order.
    #[getter]
    fn combos(&self) -> Vec<(String, f64)> {
        self.range
            .combos()
            .iter()
            .map(|&(combo, weight)| (combo_text(combo), weight))
            .collect()
    }

    /// The sum of the combos' weights.
    #[getter]
    fn weight(&self) -> f64 {
        self.range.weight_total()
    }

    fn __len__(&self) -> usize {
        self.range.len()
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Range({:?})", self.text)
    }
}

/// Two ranges are equal when they hold the same combos with the same weights, however written.
impl PartialEq for PyRange {
    fn eq(&self, other: &PyRange) -> bool {
        self.range == other.range
    }
}

impl PyRange {
    /// Parses `text`, with the command line's message and the column within `text`.
    pub(crate) fn parse(text: &str) -> Result<PyRange, String> {
        let range: Range = text
            .parse()
            .map_err(|err: cards_core::holdem::ParseRangeError| {
                format!("column {}: {}", err.column, err.detail())
            })?;
        if range.is_empty() {
            return Err("column 1: the range has no combo of weight above 0".to_string());
        }
        Ok(PyRange {
            text: text.split_whitespace().collect::<Vec<_>>().join(" "),
            range,
        })
    }
}
