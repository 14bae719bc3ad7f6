//! `holdem_equity.postflop`: heads-up postflop equilibria from the postflop crate, with its
//! spot fields, its lock files and its saved solutions, so the figures are the command line's.

use std::collections::HashMap;
use std::fmt::Write as _;

use ::postflop::answer::{Answer, Request, answer};
use ::postflop::browse::follow;
use ::postflop::report::{hand_figures, node_report, reach_along};
use ::postflop::solve::Progress;
use ::postflop::spot::{PLAYERS, SpotFields};
use ::postflop::write;
use cards_core::holdem::combo_text;
use equilibrium_core::{Game, Precision};
use numpy::{PyArray1, PyArray2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use work_threads::Threads;

use crate::evaluate::require_numpy;
use crate::run::{Control, off_the_gil};

/// The engine's progress as a share done for the callback: the larger of the iterations' share
/// and how far the exploitability has come down, on a log scale, from the first measure to the
/// target.
struct Shares<'c> {
    control: &'c Control,
    target: f64,
    most_iterations: usize,
    first: std::sync::Mutex<Option<f64>>,
}

impl Progress for Shares<'_> {
    fn report(&self, iterations: usize, exploitability: f64) {
        let mut first = self
            .first
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let start = *first.get_or_insert(exploitability);
        let by_iterations = iterations as f64 / self.most_iterations.max(1) as f64;
        let by_exploitability = if start > self.target && exploitability > 0.0 && self.target > 0.0
        {
            (start / exploitability).ln() / (start / self.target).ln()
        } else {
            0.0
        };
        let share = by_iterations.max(by_exploitability).clamp(0.0, 1.0);
        equity_core::Progress::report(self.control, share);
    }

    fn is_cancelled(&self) -> bool {
        equity_core::Progress::is_cancelled(self.control)
    }
}

/// A solved spot: its figures, its nodes, its locks, and more solving.
#[pyclass(name = "Solution", module = "holdem_equity.postflop")]
pub(crate) struct Solution {
    /// The request it answers (with the spot's fields, even when it was loaded).
    request: Request,
    answer: Answer,
    /// The lock file the next `resolve()` solves with: this solution's locks and those added.
    pending: String,
}

/// A decision: who acts, the actions, the acting player's hands, and per hand the strategy, EV
/// and equity.
#[pyclass(name = "Node", module = "holdem_equity.postflop", frozen)]
pub(crate) struct Node {
    /// The line that leads here, as `--line` takes it (`""` for the root).
    #[pyo3(get)]
    line: String,
    /// `"OOP"` or `"IP"`.
    #[pyo3(get)]
    player: String,
    /// The actions, named as in the JSON (`"Check"`, `"Bet 120"`).
    #[pyo3(get)]
    actions: Vec<String>,
    /// The acting player's hands (`"AsKs"`), in the order of the arrays' columns.
    #[pyo3(get)]
    hands: Vec<String>,
    /// Each action's share of the range as it arrives here.
    #[pyo3(get)]
    frequencies: Vec<f64>,
    /// The pot here, in chips.
    #[pyo3(get)]
    pot: f64,
    strategy_values: Vec<f64>,
    ev_values: Vec<f64>,
    equity_values: Vec<f64>,
}

#[pymethods]
impl Node {
    /// How often each hand takes each action: a NumPy array of actions × hands.
    #[getter]
    fn strategy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        require_numpy(py, "Node.strategy")?;
        let rows: Vec<Vec<f64>> = (self.strategy_values)
            .chunks_exact(self.hands.len())
            .map(<[f64]>::to_vec)
            .collect();
        PyArray2::from_vec2(py, &rows).map_err(|err| PyValueError::new_err(err.to_string()))
    }

    /// Each hand's EV: its expected share of the pot here, in chips (NaN where no hand of the
    /// opponent's arriving range can be dealt beside it).
    #[getter]
    fn ev<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        require_numpy(py, "Node.ev")?;
        Ok(PyArray1::from_vec(py, self.ev_values.clone()))
    }

    /// Each hand's equity against the opponent's arriving range, from 0 to 1 (NaN likewise).
    #[getter]
    fn equity<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        require_numpy(py, "Node.equity")?;
        Ok(PyArray1::from_vec(py, self.equity_values.clone()))
    }

    fn __repr__(&self) -> String {
        format!(
            "Node(line={:?}, {} to act: {})",
            self.line,
            self.player,
            self.actions.join(", ")
        )
    }
}

#[pymethods]
impl Solution {
    /// NashConv / 2 in percent of the starting pot (with locks, of the unlocked strategies
    /// within the locked game).
    #[getter]
    fn exploitability(&self) -> f64 {
        100.0 * self.answer.solution.exploitability()
    }

    /// Each player's expected share of the pot, in chips: `[oop, ip]`.
    #[getter]
    fn ev(&self) -> [f64; 2] {
        self.answer.solution.ev()
    }

    /// Each player's equity, from 0 to 1: `[oop, ip]`.
    #[getter]
    fn equity(&self) -> [f64; 2] {
        self.answer.solution.game().equity()
    }

    /// Iterations run.
    #[getter]
    fn iterations(&self) -> usize {
        self.answer.solution.iterations()
    }

    /// The root's actions and their frequencies, as in the JSON:
    /// `[{"action": "Check", "frequency": 0.41}, ...]`.
    #[getter]
    fn root(&self) -> Vec<HashMap<&'static str, Py<PyAny>>> {
        Python::attach(|py| {
            let root = &self.answer.summary.root;
            (root.actions.iter().zip(&root.frequencies))
                .map(|(action, &frequency)| {
                    HashMap::from([
                        (
                            "action",
                            action
                                .to_string()
                                .into_pyobject(py)
                                .expect("a str")
                                .into_any()
                                .unbind(),
                        ),
                        (
                            "frequency",
                            frequency
                                .into_pyobject(py)
                                .expect("a float")
                                .into_any()
                                .unbind(),
                        ),
                    ])
                })
                .collect()
        })
    }

    /// The lock file this solution was solved with (empty without locks).
    #[getter]
    fn locks(&self) -> String {
        self.answer.locks.clone()
    }

    /// The decision `line` leads to (`"Bet 120, Call, Qc"`, as `--line` takes it; `""` is the
    /// root).
    fn node(&self, line: &str) -> PyResult<Node> {
        let solution = &self.answer.solution;
        let game = solution.game();
        let path = follow(game, line).map_err(|err| PyValueError::new_err(err.to_string()))?;
        let node = path.node;
        let reach = reach_along(solution, &path);
        let (Some(report), Some([ev, equity])) = (
            node_report(solution, node, &reach),
            hand_figures(solution, &path, &reach),
        ) else {
            let what = if game.tree().node(node).is_terminal() {
                "the hand is over"
            } else {
                "a card is dealt"
            };
            return Err(PyValueError::new_err(format!(
                "--line: {what} there; a node is a decision"
            )));
        };
        Ok(Node {
            line: line.trim().to_string(),
            player: PLAYERS[report.player].to_uppercase(),
            actions: report.actions.iter().map(ToString::to_string).collect(),
            hands: (game.hands(report.player).iter())
                .map(|&combo| combo_text(combo))
                .collect(),
            frequencies: report.frequencies,
            pot: report.pot,
            strategy_values: path.renamed_strategy(game, report.player, &solution.strategy(node)),
            ev_values: ev,
            equity_values: equity,
        })
    }

    /// Locks the decision `line` leads to, for the next `resolve()`: `strategy` has the shape
    /// of the node's `strategy` (actions × hands), and each hand whose column holds no NaN
    /// plays it. The lock is a lock file's lines (see `locks`), so the command line's
    /// `--lock` gives the same figures.
    #[expect(
        clippy::needless_pass_by_value,
        reason = "PyO3 extracts owned lists from Python"
    )]
    fn lock(&mut self, line: &str, strategy: Vec<Vec<f64>>) -> PyResult<()> {
        let node = self.node(line)?;
        if strategy.len() != node.actions.len()
            || strategy.iter().any(|row| row.len() != node.hands.len())
        {
            return Err(PyValueError::new_err(format!(
                "strategy: expected {} actions × {} hands, as the node's strategy",
                node.actions.len(),
                node.hands.len()
            )));
        }
        let mut lines = String::new();
        for (hand, combo) in node.hands.iter().enumerate() {
            if strategy.iter().any(|row| row[hand].is_nan()) {
                continue;
            }
            let shares: Vec<String> = (node.actions.iter().zip(&strategy))
                .map(|(action, row)| format!("{action}: {}", row[hand]))
                .collect();
            writeln!(lines, "{} | {combo} | {}", node.line, shares.join(", "))
                .expect("writing to a string");
        }
        let pending = format!("{}{lines}", self.pending);
        // Checked as the command line checks a lock file.
        ::postflop::locks::read_locks(self.answer.solution.game(), &pending)
            .map_err(|err| PyValueError::new_err(format!("strategy: {err}")))?;
        self.pending = pending;
        Ok(())
    }

    /// Solves the spot again with the locks set by `lock()` (and this solution's), from the
    /// start, as `postflop --lock` does: a new `Solution`. Off the GIL, like `solve()`.
    #[pyo3(signature = (*, progress=None))]
    fn resolve(&self, py: Python<'_>, progress: Option<&Bound<'_, PyAny>>) -> PyResult<Solution> {
        let request = Request {
            load: None,
            locks: Some(self.pending.clone()),
            ..self.request.clone()
        };
        run(py, request, progress)
    }

    /// Writes the solution to `path` in the command line's format (`postflop --save`).
    #[expect(
        clippy::needless_pass_by_value,
        reason = "PyO3 extracts an owned path from Python"
    )]
    fn save(&self, path: std::path::PathBuf) -> PyResult<()> {
        std::fs::write(&path, self.answer.saved()).map_err(|err| {
            pyo3::exceptions::PyOSError::new_err(format!(
                "cannot write '{}': {err}",
                path.display()
            ))
        })
    }

    /// The command line's JSON (`postflop --format json`), one line.
    fn to_json(&self) -> String {
        write::json(&self.answer.summary)
    }

    /// The command line's text: the figures and the root's grids.
    fn to_text(&self) -> String {
        write::text(&self.answer.summary)
    }

    fn __str__(&self) -> String {
        self.to_text()
    }

    fn __repr__(&self) -> String {
        format!(
            "Solution(exploitability {:.3}% of the pot after {} iterations)",
            self.exploitability(),
            self.iterations()
        )
    }
}

/// Answers `request` off the GIL, `progress(done)` hearing how far it is; Ctrl-C stops it.
fn run(
    py: Python<'_>,
    request: Request,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Solution> {
    let answered = off_the_gil(py, progress, |control| {
        let shares = Shares {
            control,
            target: request.exploitability,
            most_iterations: request.iterations,
            first: std::sync::Mutex::new(None),
        };
        answer(&request, &shares)
    })?
    .map_err(PyValueError::new_err)?;
    let mut request = request;
    if request.load.take().is_some() {
        request.fields = answered.fields.clone();
    }
    Ok(Solution {
        pending: answered.locks.clone(),
        request,
        answer: answered,
    })
}

/// The request the keyword arguments make; `None` values are left to the spot's defaults.
fn request(
    fields: SpotFields,
    load: Option<Vec<u8>>,
    exploitability: f64,
    iterations: usize,
    threads: Option<usize>,
    compress: bool,
    memory: Option<u64>,
) -> PyResult<Request> {
    if !(exploitability.is_finite() && exploitability >= 0.0) {
        return Err(PyValueError::new_err(
            "--exploitability: expected a percentage of the pot, 0 or more",
        ));
    }
    let threads = match threads {
        None => Threads::available(),
        Some(threads) => Threads::new(threads)
            .ok_or_else(|| PyValueError::new_err("--threads: expected 1 or more"))?,
    };
    Ok(Request {
        fields,
        load,
        locks: None,
        exploitability: exploitability / 100.0,
        iterations,
        threads,
        memory: memory.map_or(usize::MAX, |megabytes| {
            usize::try_from(megabytes.saturating_mul(1_000_000)).unwrap_or(usize::MAX)
        }),
        precision: if compress {
            Precision::Compressed
        } else {
            Precision::Full
        },
        line: None,
        json: true,
    })
}

/// Solves a heads-up postflop spot: the board (three to five cards), the two ranges (with
/// weights), the pot and the effective stack in chips, and the sizes in the command line's
/// grammar (`"60%, e, a"`, `"2.5x"`); narrower sizes go in `sizes`, named as the command
/// line's options (`{"river-donks": "50%"}`). It stops at `exploitability` percent of the pot
/// or after `iterations`, on `threads` threads (the same bits on any number), keeping 16-bit
/// numbers if `compress`, and refuses a tree over `memory` MB. The figures are
/// `postflop --format json`'s. Off the GIL: `progress(done)` hears how far it is, and Ctrl-C
/// stops it. Bad input raises `ValueError` in the command line's words.
#[pyfunction]
#[pyo3(name = "postflop_solve")]
#[pyo3(signature = (*, board, oop, ip, pot, stack, bets=None, raises=None, donks=None,
    add_allin_threshold=None, force_allin_threshold=None, merging_threshold=None, sizes=None,
    exploitability=0.3, iterations=1000, threads=None, compress=false, memory=None,
    progress=None))]
#[expect(clippy::too_many_arguments, reason = "Python's keyword arguments")]
pub(crate) fn solve(
    py: Python<'_>,
    board: &str,
    oop: &str,
    ip: &str,
    pot: i64,
    stack: i64,
    bets: Option<&str>,
    raises: Option<&str>,
    donks: Option<&str>,
    add_allin_threshold: Option<f64>,
    force_allin_threshold: Option<f64>,
    merging_threshold: Option<f64>,
    sizes: Option<HashMap<String, String>>,
    exploitability: f64,
    iterations: usize,
    threads: Option<usize>,
    compress: bool,
    memory: Option<u64>,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Solution> {
    let mut fields = SpotFields::default();
    let set = |fields: &mut SpotFields, name: &str, value: String| {
        fields
            .set(name, &value, None)
            .map_err(|err| PyValueError::new_err(err.to_string()))
    };
    set(&mut fields, "board", board.to_string())?;
    set(&mut fields, "oop", oop.to_string())?;
    set(&mut fields, "ip", ip.to_string())?;
    set(&mut fields, "pot", pot.to_string())?;
    set(&mut fields, "stack", stack.to_string())?;
    for (name, value) in [("bets", bets), ("raises", raises), ("donks", donks)] {
        if let Some(value) = value {
            set(&mut fields, name, value.to_string())?;
        }
    }
    for (name, value) in [
        ("add-allin-threshold", add_allin_threshold),
        ("force-allin-threshold", force_allin_threshold),
        ("merging-threshold", merging_threshold),
    ] {
        if let Some(value) = value {
            set(&mut fields, name, value.to_string())?;
        }
    }
    let mut sizes: Vec<(String, String)> = sizes.unwrap_or_default().into_iter().collect();
    // Narrower fields beat wider ones whatever their order; sorted, the outcome is the same
    // on every run.
    sizes.sort();
    for (name, value) in sizes {
        set(&mut fields, &name, value)?;
    }
    let request = request(
        fields,
        None,
        exploitability,
        iterations,
        threads,
        compress,
        memory,
    )?;
    run(py, request, progress)
}

/// Reads a solution saved by `Solution.save` or `postflop --save`, as it was saved (no more
/// iterations). `exploitability`, `iterations`, `threads` and `compress` are for its
/// `resolve()`.
#[pyfunction]
#[pyo3(name = "postflop_load")]
#[expect(
    clippy::needless_pass_by_value,
    reason = "PyO3 extracts an owned path from Python"
)]
#[pyo3(signature = (path, *, exploitability=0.3, iterations=1000, threads=None, compress=false))]
pub(crate) fn load(
    py: Python<'_>,
    path: std::path::PathBuf,
    exploitability: f64,
    iterations: usize,
    threads: Option<usize>,
    compress: bool,
) -> PyResult<Solution> {
    let bytes = std::fs::read(&path).map_err(|err| {
        pyo3::exceptions::PyOSError::new_err(format!("cannot read '{}': {err}", path.display()))
    })?;
    let mut loading = request(
        SpotFields::default(),
        Some(bytes),
        0.0,
        0,
        threads,
        compress,
        None,
    )?;
    loading.exploitability = f64::INFINITY;
    let mut solution = run(py, loading, None)?;
    // What a resolve() asks for.
    let resolving = request(
        solution.request.fields.clone(),
        None,
        exploitability,
        iterations,
        threads,
        compress,
        None,
    )?;
    solution.request = resolving;
    Ok(solution)
}
