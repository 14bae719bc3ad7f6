//! The three-way class table's counts, a part at a time, for `holdem_equity.jobs`.

use equity_core::{ClassTriple, HandClass, class_triples};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::{options, run};

/// A starting hand by name (`AA`, `AKs`, `72o`).
fn class_named(name: &str) -> PyResult<HandClass> {
    HandClass::all()
        .find(|class| class.to_string() == name)
        .ok_or_else(|| {
            PyValueError::new_err(format!("not a starting hand like AA, AKs or 72o: {name:?}"))
        })
}

/// `first` with `second` and each starting hand from `second` on in the grid's order (`HANDS`),
/// all in together before the flop: for each, `(deals, orders)`, the joint deals of a combo of
/// each without a shared card and the boards of each of the 13 showdown orders over them
/// (`SHOWDOWN_ORDERS`), as whole numbers. `first` must not come after `second` in `HANDS`.
#[pyfunction]
#[pyo3(signature = (first, second, *, threads=None, progress=None))]
pub(crate) fn class_triples_from<'py>(
    py: Python<'py>,
    first: &str,
    second: &str,
    threads: Option<usize>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Vec<(u64, Vec<u64>)>> {
    let (first, second) = (class_named(first)?, class_named(second)?);
    let place = |class: HandClass| HandClass::all().position(|c| c == class);
    if place(first) > place(second) {
        return Err(PyValueError::new_err(format!(
            "{first} comes after {second} in HANDS: give the earlier hand first"
        )));
    }
    let threads = options::threads(threads)?;
    let triples = run::off_the_gil(py, progress, |control| {
        class_triples(first, second, threads, control)
    })?
    .map_err(|err| PyValueError::new_err(err.to_string()))?;
    Ok(triples
        .into_iter()
        .map(|triple| (triple.deals, triple.orders.to_vec()))
        .collect())
}

/// The three-way table's bytes (push-fold's `data/three-way-v1.bin`, format in its
/// `tables::three_way`) from every three hands' `(deals, orders)` in the table's order, as the
/// parts of `holdem_equity.jobs.three_way_job()` give them, one part after the other.
#[pyfunction]
pub(crate) fn three_way_table_bytes(
    py: Python<'_>,
    triples: Vec<(u64, Vec<u64>)>,
) -> PyResult<Py<PyBytes>> {
    let triples: Vec<ClassTriple> = triples
        .into_iter()
        .map(|(deals, orders)| {
            let orders = orders.try_into().map_err(|orders: Vec<u64>| {
                PyValueError::new_err(format!("{} showdown orders, not 13", orders.len()))
            })?;
            Ok(ClassTriple { deals, orders })
        })
        .collect::<PyResult<_>>()?;
    let bytes = push_fold::tables::three_way::encode(&triples).ok_or_else(|| {
        PyValueError::new_err(format!(
            "not a three-way table: {} triples of whole counts (it takes {}, each of its deals' \
             boards)",
            triples.len(),
            push_fold::tables::three_way::TRIPLES
        ))
    })?;
    Ok(PyBytes::new(py, &bytes).unbind())
}
