//! A request answered: the spot's fields (or a saved solution), how long to solve, what to
//! write; the output and the solution, which can be saved.

use equilibrium_core::{Game, Precision};
use work_threads::Threads;

use crate::browse::follow;
use crate::game::{Dealing, PostflopGame, game_size};
use crate::locks::{dealing_for, read_locks};
use crate::report::{node_report, reach_along};
use crate::saved::{Saved, load, save};
use crate::solve::{Progress, Solution, SolveOptions};
use crate::spot::SpotFields;
use crate::write::{Place, Summary, json, text};

/// The most threads a solve uses, whatever is asked.
pub const MOST_THREADS: usize = 256;

/// What is asked.
#[derive(Clone, Debug)]
pub struct Request {
    /// The spot, field by field (empty when a saved solution is loaded).
    pub fields: SpotFields,
    /// A saved solution's bytes, to go on from.
    pub load: Option<Vec<u8>>,
    /// A lock file's text (with a saved solution, in place of its locks).
    pub locks: Option<String>,
    /// Stop at this exploitability, as a share of the pot (0.003 is 0.3%).
    pub exploitability: f64,
    /// Stop after this many iterations in any case.
    pub iterations: usize,
    /// Threads.
    pub threads: Threads,
    /// The most bytes the game may take.
    pub memory: usize,
    /// How the regrets and the average strategy are kept (a loaded solution goes on in this
    /// precision).
    pub precision: Precision,
    /// The line to write the node of, if any.
    pub line: Option<String>,
    /// JSON rather than text.
    pub json: bool,
}

/// The answer: what to write, and the solution with its spot, to save.
pub struct Answer {
    /// The output.
    pub output: String,
    /// What the output says, to write in the other format.
    pub summary: Summary,
    /// The solution.
    pub solution: Solution,
    /// Its spot's fields.
    pub fields: SpotFields,
    /// Its lock file's text (empty without locks).
    pub locks: String,
}

impl Answer {
    /// The solution's bytes, as `--save` writes them.
    pub fn saved(&self) -> Vec<u8> {
        let solver = self.solution.solver();
        save(
            &self.fields,
            &self.locks,
            self.solution.game().dealing(),
            solver.rule(),
            solver.iterations(),
            solver.numbers(),
        )
    }
}

/// Answers `request`, reporting to `progress`; the error is the message of one error line.
pub fn answer(request: &Request, progress: &dyn Progress) -> Result<Answer, String> {
    let (fields, saved_locks, saved) = match &request.load {
        Some(bytes) => {
            if !request.fields.is_empty() {
                return Err(
                    "--load: the spot is the saved solution's; give no spot with it".into(),
                );
            }
            let Saved {
                fields,
                locks,
                dealing,
                rule,
                iterations,
                numbers,
            } = load(bytes).map_err(|err| format!("--load: {err}"))?;
            (fields, locks, Some((dealing, rule, iterations, numbers)))
        }
        None => (request.fields.clone(), String::new(), None),
    };
    let lock_text = request.locks.clone().unwrap_or(saved_locks);
    let spot = fields.spot().map_err(|err| err.to_string())?;
    // A saved solution's tree is dealt as it was; a lock needs every card apart.
    let dealing = match &saved {
        Some((dealing, ..)) => *dealing,
        None => dealing_for(&lock_text),
    };
    if dealing == Dealing::Isomorphic && dealing_for(&lock_text) == Dealing::EveryCard {
        return Err(format!(
            "{}: the saved solution solved cards alike by suit symmetry once, and a lock needs every card solved apart: solve the spot again with the locks",
            if request.locks.is_some() {
                "--lock"
            } else {
                "--load"
            }
        ));
    }
    let size = game_size(&spot, dealing).map_err(|err| err.to_string())?;
    let bytes = size.bytes(request.precision);
    if bytes > request.memory {
        return Err(format!(
            "the tree needs about {} of memory, more than the {} allowed (--memory): fewer bet sizes, a later street or narrower ranges make it smaller",
            megabytes(bytes),
            megabytes(request.memory)
        ));
    }
    let game = PostflopGame::with_dealing(&spot, dealing).map_err(|err| err.to_string())?;
    // A line that leads nowhere, or a bad lock, is refused before the solve.
    if let Some(line) = &request.line {
        follow(&game, line).map_err(|err| err.to_string())?;
    }
    let locks = read_locks(&game, &lock_text).map_err(|err| match request.locks {
        Some(_) => format!("--lock: {err}"),
        None => format!("--load: the saved locks: {err}"),
    })?;
    let options = SolveOptions {
        exploitability: request.exploitability,
        iterations: request.iterations,
        // Past a few hundred, more threads only spawn more (a flop's pass has some thousand
        // tasks) and may meet the system's limit.
        threads: Threads::new(request.threads.get().min(MOST_THREADS)).expect("at least one"),
        rule: crate::solve::RULE,
        precision: request.precision,
    };
    let solution = match saved {
        None => Solution::solve(game, locks, options, progress),
        Some((_, rule, iterations, numbers)) => {
            let options = SolveOptions { rule, ..options };
            let mut solution = Solution::resume(game, locks, options, numbers, iterations)
                .ok_or("--load: the saved numbers do not fit the spot's tree")?;
            solution.go_on(options, progress);
            solution
        }
    };
    let root_path = follow(solution.game(), "").expect("the root");
    let root = node_report(
        &solution,
        root_path.node,
        &reach_along(&solution, &root_path),
    )
    .expect("the root is a decision");
    let line = match &request.line {
        None => None,
        Some(line) => {
            let path = follow(solution.game(), line).map_err(|err| err.to_string())?;
            let node = path.node;
            let reach = reach_along(&solution, &path);
            let place = match node_report(&solution, node, &reach) {
                Some(report) => Place::Decision(report),
                None if solution.game().tree().node(node).is_terminal() => Place::Terminal,
                None => Place::Chance,
            };
            Some((line.trim().to_string(), place))
        }
    };
    let summary = Summary {
        exploitability: solution.exploitability(),
        iterations: solution.iterations(),
        locked_nodes: solution.locks().iter().count(),
        ev: solution.ev(),
        equity: solution.game().equity(),
        pot: spot.pot,
        root,
        line,
        memory_bytes: bytes,
        nodes: solution.game().betting_nodes(),
    };
    let output = if request.json {
        json(&summary)
    } else {
        text(&summary)
    };
    Ok(Answer {
        output,
        summary,
        solution,
        fields,
        locks: lock_text,
    })
}

/// Bytes in megabytes, for a message.
fn megabytes(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}
