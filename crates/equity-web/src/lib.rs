//! The engines of the calculator page (`web/`), compiled to WebAssembly with wasm-bindgen:
//! checking and counting a matchup given field by field, the chart, a range field's grid,
//! push/fold equilibria (three-handed on the three-way table the worker fetches and hands over
//! with `loadThreeWay`), heads-up postflop equilibria (the memory estimate, a solve kept in the
//! worker, and its nodes), and Connect Four's column scores. Everything runs on one thread; in
//! the Web Worker, the global function `reportProgress(done)`, which the worker defines, hears a
//! long count as it goes, and `reportSolve(iterations, exploitability)` a postflop solve. Errors reach JavaScript as a `PageError` naming the field and column, in
//! the command line's words.
//!
//! The work is in `count`, `grid`, `push_or_fold`, `postflop` and `connect_four`, plain Rust tested
//! natively; this file only converts.

mod connect_four;
mod count;
mod grid;
mod postflop;
mod push_or_fold;

use cards_core::holdem::Range;
use equity_core::Progress;
use equity_io::fields::{Field, FieldError};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use wasm_bindgen::prelude::*;

pub use connect_four::{Analysis, PAGE_MEMORY_MIB, analyse};
pub use count::{Answer, Counting, Method, chart_of, check, count};
pub use grid::{cells, paint};
pub use postflop::{Opened, PAGE_MEMORY_MB, PostflopError, Solved as PostflopSolved};
pub use push_or_fold::{FIELDS, Solved, solve_fields};

#[wasm_bindgen]
extern "C" {
    /// The worker's own function, which passes the share done on to the page.
    #[wasm_bindgen(js_name = reportProgress)]
    fn report_progress(done: f64);

    /// The worker's own function, which passes a postflop solve's iterations and
    /// exploitability (a share of the pot) on to the page.
    #[wasm_bindgen(js_name = reportSolve)]
    fn report_solve(iterations: f64, exploitability: f64);
}

/// A postflop solve's progress, every time the engine measures the exploitability; a solve is
/// stopped by ending the worker, so it is never cancelled from here.
struct SolveProgress;

impl ::postflop::solve::Progress for SolveProgress {
    fn report(&self, iterations: usize, exploitability: f64) {
        report_solve(iterations as f64, exploitability);
    }

    fn is_cancelled(&self) -> bool {
        false
    }
}

/// Reports to the worker at most once per 1 % of the work, so that messages to the page stay few.
struct WorkerProgress {
    /// The last share reported, as `f64` bits.
    last: AtomicU64,
}

impl Progress for WorkerProgress {
    fn report(&self, done: f64) {
        let last = f64::from_bits(self.last.load(Ordering::Relaxed));
        if done >= last + 0.01 || done >= 1.0 {
            self.last.store(done.to_bits(), Ordering::Relaxed);
            report_progress(done);
        }
    }
}

/// Why the page's input was refused, and where: which field (`player`, `board`, `dead`, or
/// empty for the matchup as a whole), which player (from 1), which column (from 1; 0 when none),
/// and the message, alone and placed (`player 2, column 5: ...`).
#[wasm_bindgen(getter_with_clone)]
pub struct PageError {
    /// `player`, `board`, `dead`, or empty.
    pub field: String,
    /// The player, from 1; 0 when the field is not a player's.
    pub player: u32,
    /// The column within the field, from 1; 0 when there is none.
    pub column: u32,
    /// What is wrong.
    pub message: String,
    /// The message with its place, as the Python package says it.
    pub placed: String,
}

impl From<FieldError> for PageError {
    fn from(err: FieldError) -> PageError {
        let (field, player) = match err.field {
            Some(Field::Player(number)) => ("player", number),
            Some(Field::Board) => ("board", 0),
            Some(Field::Dead) => ("dead", 0),
            Some(Field::Line) | None => ("", 0),
        };
        PageError {
            field: field.to_string(),
            player: u32::try_from(player).unwrap_or(u32::MAX),
            column: err
                .column
                .map_or(0, |column| u32::try_from(column).unwrap_or(u32::MAX)),
            placed: err.to_string(),
            message: err.message,
        }
    }
}

impl PageError {
    fn range(err: &cards_core::holdem::ParseRangeError) -> PageError {
        PageError {
            field: "player".to_string(),
            player: 0,
            column: u32::try_from(err.column).unwrap_or(u32::MAX),
            message: err.detail(),
            placed: err.to_string(),
        }
    }
}

/// The command line's output for a count: its `--json` line and its text.
#[wasm_bindgen(getter_with_clone)]
pub struct PageAnswer {
    /// `holdem-equity ranges --by-hand --json`, or `chart --format json`.
    pub json: String,
    /// The same as text (for the chart, the grid).
    pub text: String,
}

impl From<Answer> for PageAnswer {
    fn from(answer: Answer) -> PageAnswer {
        PageAnswer {
            json: answer.json,
            text: answer.text,
        }
    }
}

fn counting(method: &str, precision: f64) -> Result<Counting, PageError> {
    let method = Method::named(method).ok_or_else(|| PageError {
        field: String::new(),
        player: 0,
        column: 0,
        message: format!("'{method}' is not a method: auto, exact or sampled"),
        placed: format!("'{method}' is not a method: auto, exact or sampled"),
    })?;
    Ok(Counting { method, precision })
}

fn strs(texts: &[String]) -> Vec<&str> {
    texts.iter().map(String::as_str).collect()
}

/// Checks a matchup without counting it.
#[wasm_bindgen(js_name = checkMatchup)]
#[expect(
    clippy::needless_pass_by_value,
    reason = "wasm-bindgen takes an array of strings from JavaScript by value only"
)]
pub fn check_matchup(players: Vec<String>, board: &str, dead: &str) -> Result<(), PageError> {
    Ok(check(&strs(&players), board, dead)?)
}

/// Counts a matchup: `method` is `auto`, `exact` or `sampled`; `precision` the standard error
/// sampling stops at, in percentage points.
#[wasm_bindgen(js_name = countMatchup)]
#[expect(
    clippy::needless_pass_by_value,
    reason = "wasm-bindgen takes an array of strings from JavaScript by value only"
)]
pub fn count_matchup(
    players: Vec<String>,
    board: &str,
    dead: &str,
    method: &str,
    precision: f64,
) -> Result<PageAnswer, PageError> {
    let progress = WorkerProgress {
        last: AtomicU64::new(0f64.to_bits()),
    };
    let answer = count(
        &strs(&players),
        board,
        dead,
        counting(method, precision)?,
        &progress,
    )?;
    Ok(answer.into())
}

/// The chart of the 169 hands against `opponents` random hands.
#[wasm_bindgen(js_name = countChart)]
pub fn count_chart(opponents: u32, method: &str, precision: f64) -> Result<PageAnswer, PageError> {
    let progress = WorkerProgress {
        last: AtomicU64::new(0f64.to_bits()),
    };
    let opponents = usize::try_from(opponents).unwrap_or(usize::MAX);
    Ok(chart_of(opponents, counting(method, precision)?, &progress)?.into())
}

/// A range field's grid: for each of the 169 cells, the share of its combos held and their mean
/// weight.
#[wasm_bindgen(js_name = rangeCells)]
pub fn range_cells(text: &str) -> Result<Vec<f64>, PageError> {
    if text.trim().is_empty() {
        return Ok(cells(&Range::default()));
    }
    let range: Range = text.parse().map_err(|err| PageError::range(&err))?;
    Ok(cells(&range))
}

/// The range text with the cells at `places` (grid order) painted at `weight` (0 clears them).
#[wasm_bindgen(js_name = paintCells)]
pub fn paint_cells(text: &str, places: Vec<u32>, weight: f64) -> Result<String, PageError> {
    let range: Range = if text.trim().is_empty() {
        Range::default()
    } else {
        text.parse().map_err(|err| PageError::range(&err))?
    };
    let places: Vec<usize> = places
        .into_iter()
        .filter_map(|place| usize::try_from(place).ok())
        .collect();
    // Whatever a control sends, a weight is from 0 to 1.
    let weight = if weight.is_nan() {
        0.0
    } else {
        weight.clamp(0.0, 1.0)
    };
    Ok(paint(&range, &places, weight).to_string())
}

/// The line of `holdem-equity ranges` input for the same matchup.
#[wasm_bindgen(js_name = matchupLine)]
#[expect(
    clippy::needless_pass_by_value,
    reason = "wasm-bindgen takes an array of strings from JavaScript by value only"
)]
pub fn matchup_line(players: Vec<String>, board: &str, dead: &str) -> String {
    equity_io::fields::line_of_fields(&strs(&players), count::present(board), count::present(dead))
}

/// The page's answer to a push/fold spot: the command line's JSON and text, and its command.
#[wasm_bindgen(getter_with_clone)]
pub struct PushFoldAnswer {
    /// `push-fold ... --format json --gains`.
    pub json: String,
    /// `push-fold ...`: the grids as text.
    pub text: String,
    /// The command line that prints the same.
    pub command: String,
}

/// A push/fold equilibrium for the spot in the page's fields (the command line's flags:
/// stacks, blinds, ante, payouts, other stacks; empty for a default). On the page's thread
/// (`in_worker` false), heads-up at once; in the worker, three-handed too once
/// [`load_three_way`] has read the table, a solve of seconds that reports its progress. An
/// error names its field (`stacks`, `blinds`, `ante`, `icm` or `others`) and the column within
/// it.
#[wasm_bindgen(js_name = pushFold)]
pub fn push_fold(
    stacks: &str,
    blinds: &str,
    ante: &str,
    icm: &str,
    others: &str,
    in_worker: bool,
) -> Result<PushFoldAnswer, PageError> {
    let reporting = WorkerProgress {
        last: AtomicU64::new(0),
    };
    let (table, progress): (_, &dyn Progress) = if in_worker {
        (THREE_WAY.get(), &reporting)
    } else {
        (None, &equity_core::Silent)
    };
    let solved =
        solve_fields([stacks, blinds, ante, icm, others], table, progress).map_err(|err| {
            let field = err.flag.unwrap_or_default().to_string();
            PageError {
                placed: err.to_string(),
                column: err
                    .column
                    .map_or(0, |column| u32::try_from(column).unwrap_or(u32::MAX)),
                player: 0,
                message: err.message,
                field,
            }
        })?;
    Ok(PushFoldAnswer {
        json: solved.json,
        text: solved.text,
        command: solved.command,
    })
}

/// The three-way table, once the worker has fetched it (40 MB: only for three-handed spots).
static THREE_WAY: OnceLock<push_fold::tables::three_way::ThreeWayTable> = OnceLock::new();

/// Reads and checks the three-way table's bytes (`crates/push-fold/data/three-way-v1.bin`),
/// fetched by the worker, for the three-handed spots solved after; a table read is kept.
#[wasm_bindgen(js_name = loadThreeWay)]
pub fn load_three_way(bytes: Vec<u8>) -> Result<(), String> {
    if THREE_WAY.get().is_none() {
        let table = push_fold::tables::three_way::decode(bytes).map_err(|err| err.to_string())?;
        let _ = THREE_WAY.set(table);
    }
    Ok(())
}

/// The page's answer to a Connect Four position: what the command line prints and its command.
#[wasm_bindgen(getter_with_clone)]
pub struct ConnectFourAnswer {
    /// `connect-four --best`: every column's score for the player to move, `-` where full.
    pub text: String,
    /// The command line that prints the same.
    pub command: String,
}

/// Every column's score after `moves` (the columns played, 1 to 7; empty for the empty board),
/// in the worker: a search of milliseconds late in a game, of minutes on an empty board. An
/// error names the field `moves` and the column within it.
#[wasm_bindgen(js_name = connectFour)]
pub fn connect_four(moves: &str) -> Result<ConnectFourAnswer, PageError> {
    let analysis = analyse(moves).map_err(|err| PageError {
        field: "moves".to_string(),
        player: 0,
        column: u32::try_from(err.position().column).unwrap_or(u32::MAX),
        message: err.message().to_string(),
        placed: format!("column {}: {}", err.position().column, err.message()),
    })?;
    Ok(ConnectFourAnswer {
        text: analysis.text,
        command: analysis.command,
    })
}

impl From<PostflopError> for PageError {
    fn from(err: PostflopError) -> PageError {
        PageError {
            placed: err.to_string(),
            field: err.field,
            player: 0,
            column: 0,
            message: err.message,
        }
    }
}

/// The postflop fields as pairs: `names` are the command line's options without dashes.
fn postflop_fields<'a>(names: &'a [String], values: &'a [String]) -> Vec<(&'a str, &'a str)> {
    names
        .iter()
        .map(String::as_str)
        .zip(values.iter().map(String::as_str))
        .collect()
}

/// The memory a postflop spot's game takes, in bytes, counted without solving: on the page's
/// thread as the fields change. An error names its field (`board`, `oop`, `bets`, ...).
#[wasm_bindgen(js_name = postflopEstimate)]
#[expect(
    clippy::needless_pass_by_value,
    reason = "wasm-bindgen takes an array of strings from JavaScript by value only"
)]
pub fn postflop_estimate(names: Vec<String>, values: Vec<String>) -> Result<f64, PageError> {
    Ok(postflop::estimate(&postflop_fields(&names, &values))? as f64)
}

/// The most memory a postflop solve in the page may take, in bytes: a larger game is refused.
#[wasm_bindgen(js_name = postflopPageMemory)]
pub fn postflop_page_memory() -> f64 {
    (PAGE_MEMORY_MB * 1_000_000) as f64
}

/// The page's answer to a postflop solve: `postflop ... --format json --threads 1`'s line and
/// the command that prints it.
#[wasm_bindgen(getter_with_clone)]
pub struct PostflopAnswer {
    /// The command line's JSON.
    pub json: String,
    /// The command line that prints the same.
    pub command: String,
    /// Empty: the command line's text is not asked for.
    pub text: String,
}

/// Solves a postflop spot in the worker to `exploitability` percent of the pot or `iterations`,
/// with the lock file `locks` (empty for none), reporting through `reportSolve`; the solution
/// is kept there for `postflopNode`. A game over the page's memory is refused with its size.
#[wasm_bindgen(js_name = postflopSolve)]
#[expect(
    clippy::needless_pass_by_value,
    reason = "wasm-bindgen takes an array of strings from JavaScript by value only"
)]
pub fn postflop_solve(
    names: Vec<String>,
    values: Vec<String>,
    exploitability: f64,
    iterations: u32,
    locks: &str,
) -> Result<PostflopAnswer, PageError> {
    let iterations = usize::try_from(iterations).unwrap_or(usize::MAX);
    let solved = postflop::solve(
        &postflop_fields(&names, &values),
        exploitability,
        iterations,
        locks,
        &SolveProgress,
    )?;
    Ok(PostflopAnswer {
        json: solved.json,
        command: solved.command,
        text: String::new(),
    })
}

/// The node `line` leads to in the worker's kept solution, as JSON (see
/// `postflop::node` in this crate); an error names the field `line`.
#[wasm_bindgen(js_name = postflopNode)]
pub fn postflop_node(line: &str) -> Result<PostflopAnswer, PageError> {
    Ok(PostflopAnswer {
        json: postflop::node(line)?,
        command: String::new(),
        text: String::new(),
    })
}

/// The worker's kept postflop solution as a file, the bytes `postflop --save` writes.
#[wasm_bindgen(js_name = postflopSaved)]
pub fn postflop_saved() -> Result<Vec<u8>, PageError> {
    Ok(postflop::saved()?)
}

/// A saved postflop solution opened in the worker: the command line's JSON for it, its spot
/// file's text and its lock file's text, to fill the page's fields with.
#[wasm_bindgen(getter_with_clone)]
pub struct PostflopOpened {
    /// `postflop --load FILE --iterations 0 --threads 1 --format json`'s line.
    pub json: String,
    /// That command line.
    pub command: String,
    /// The spot file's text, a `name = value` line each.
    pub text: String,
    /// The lock file's text (empty without locks).
    pub locks: String,
}

/// Opens a saved postflop solution (`postflop --save`'s bytes) in the worker for browsing with
/// `postflopNode`, solving no further; an error names the field `open`.
#[wasm_bindgen(js_name = postflopOpen)]
pub fn postflop_open(bytes: Vec<u8>) -> Result<PostflopOpened, PageError> {
    let opened = postflop::open(bytes)?;
    Ok(PostflopOpened {
        json: opened.json,
        command: opened.command,
        text: opened.spot,
        locks: opened.locks,
    })
}
