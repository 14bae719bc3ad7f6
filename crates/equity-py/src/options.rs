//! The counting options every counting function takes, as the command line takes them:
//! `exact` (None: exact when quick, else sampled), `precision` in percentage points, `seconds`,
//! `seed`, `threads`.

use std::time::Duration;

use equity_core::{DEFAULT_EXACT_WITHIN, Method, Sampling, Threads};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// How to count, as asked.
pub(crate) fn method(
    exact: Option<bool>,
    precision: f64,
    seconds: Option<f64>,
    seed: u64,
) -> PyResult<Method> {
    if !(precision > 0.0 && precision.is_finite()) {
        return Err(PyValueError::new_err(format!(
            "precision must be a positive number of percentage points, not {precision}"
        )));
    }
    let time_limit = match seconds {
        None => None,
        Some(seconds) if seconds > 0.0 && seconds.is_finite() => {
            Some(Duration::from_secs_f64(seconds))
        }
        Some(seconds) => {
            return Err(PyValueError::new_err(format!(
                "seconds must be a positive number, not {seconds}"
            )));
        }
    };
    let sampling = Sampling {
        seed,
        standard_error: precision / 100.0,
        time_limit,
    };
    Ok(match exact {
        Some(true) => Method::Exact,
        Some(false) => Method::Sampled(sampling),
        None => Method::Auto {
            exact_within: DEFAULT_EXACT_WITHIN,
            sampling,
        },
    })
}

/// The threads asked for: one per core unless told.
pub(crate) fn threads(threads: Option<usize>) -> PyResult<Threads> {
    match threads {
        None => Ok(Threads::available()),
        Some(count) => {
            Threads::new(count).ok_or_else(|| PyValueError::new_err("threads must be at least 1"))
        }
    }
}
