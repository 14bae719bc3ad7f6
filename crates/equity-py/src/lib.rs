//! The Python package `holdem_equity`: the equity engine (equity-core), the hand evaluator
//! (cards-core), push/fold equilibria (push-fold) and postflop equilibria (postflop) for Python,
//! with the command lines' grammar and messages.
//!
//! This crate is the extension module `holdem_equity._engine`; `python/holdem_equity/` is the
//! package around it (re-exports, the NumPy conversions, type stubs). Counts run on threads of
//! their own while the calling thread, without holding the GIL, waits for them, reports progress
//! to a callback and watches for Ctrl-C (`run`).

mod chart;
mod counts;
mod equity;
mod evaluate;
mod matchup;
mod options;
mod postflop;
mod push_or_fold;
mod range;
mod run;
mod three_way;

use pyo3::prelude::*;

/// The extension module.
#[pymodule]
fn _engine(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<range::PyRange>()?;
    module.add_class::<equity::Equity>()?;
    module.add_class::<equity::PlayerEquity>()?;
    module.add_class::<equity::HandEquity>()?;
    module.add_class::<chart::Chart>()?;
    module.add_class::<chart::ChartEntry>()?;
    module.add_class::<counts::Counts>()?;
    module.add_class::<push_or_fold::PushFold>()?;
    module.add_class::<push_or_fold::PushFoldDecision>()?;
    module.add_class::<push_or_fold::PushFoldTable>()?;
    module.add_class::<postflop::Solution>()?;
    module.add_class::<postflop::Node>()?;
    module.add_function(wrap_pyfunction!(postflop::solve, module)?)?;
    module.add_function(wrap_pyfunction!(postflop::load, module)?)?;
    module.add_function(wrap_pyfunction!(push_or_fold::push_fold, module)?)?;
    module.add_function(wrap_pyfunction!(push_or_fold::push_fold_table, module)?)?;
    module.add_function(wrap_pyfunction!(equity::equity, module)?)?;
    module.add_function(wrap_pyfunction!(chart::chart, module)?)?;
    module.add_function(wrap_pyfunction!(counts::exact_counts, module)?)?;
    module.add_function(wrap_pyfunction!(counts::split, module)?)?;
    module.add_function(wrap_pyfunction!(counts::counts_board_by_board, module)?)?;
    module.add_function(wrap_pyfunction!(three_way::class_triples_from, module)?)?;
    module.add_function(wrap_pyfunction!(three_way::three_way_table_bytes, module)?)?;
    module.add_function(wrap_pyfunction!(evaluate::evaluate, module)?)?;
    module.add_function(wrap_pyfunction!(evaluate::evaluate_ids, module)?)?;
    module.add_function(wrap_pyfunction!(evaluate::category, module)?)?;
    module.add_function(wrap_pyfunction!(evaluate::require_numpy, module)?)?;
    module.add_function(wrap_pyfunction!(run::panic_for_test, module)?)?;
    module.add("MAX_EXACT_DEALS", equity_core::MAX_EXACT_DEALS)?;
    module.add("MAX_SWEEP_STEPS", equity_core::MAX_SWEEP_STEPS)?;
    let hands: Vec<String> = equity_core::HandClass::all()
        .map(|class| class.to_string())
        .collect();
    module.add("HANDS", hands)?;
    let orders: Vec<(u8, u8, u8)> = equity_core::SHOWDOWN_ORDERS
        .iter()
        .map(|&[a, b, c]| (a, b, c))
        .collect();
    module.add("SHOWDOWN_ORDERS", orders)?;
    Ok(())
}
