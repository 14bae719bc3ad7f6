//! connect-four: the exact score of Connect Four positions, as the standard benchmark writes
//! them: the columns played from the empty board, and the score for the player to move.
//!
//! The rules, the formats and the pitfalls are in `docs/problems/connect-four.md` at the
//! repository's root. The game is a [`search_core::Game`] on bitboards ([`board`]); the
//! search is search-core's: a fixed-size transposition table, moves scored by the game, and the
//! score found by bisection of null windows.
//!
//! ```
//! use connect_four::{Options, run};
//!
//! // X, to move with nine stones down, wins with their 10th stone: 22 - 10.
//! let input = b"672125753724135163\n2252576253462244111563365343671351441 -1\n";
//! assert_eq!(run(input, &Options::default()).unwrap(), b"12\n-1\n");
//! ```

#![forbid(unsafe_code)]

#[cfg(feature = "cli")]
pub mod cli;

pub mod board;
mod picture;

use std::fmt::Write as _;

use board::{Position, Standard};
use judge_io::{Input, InputError};
use search_core::{Game, GatedMemo, Solver, TranspositionTable};

/// The transposition table's size when none is asked for, in MiB.
pub const DEFAULT_MEMORY_MIB: u32 = 64;

/// How to answer: the binary's options, declared once (with the `cli` feature they are also its
/// command-line flags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct Options {
    /// Only who wins with perfect play: 1, 0 or -1 for the player to move (much faster).
    #[cfg_attr(feature = "cli", arg(long))]
    pub weak: bool,
    /// Every column's score instead of the position's, columns 1 to 7 in order, `-` for a
    /// column that cannot be played (the move's score for the player making it).
    #[cfg_attr(feature = "cli", arg(long))]
    pub best: bool,
    /// After each answer, the best column, one optimal line of play to the end, and the board
    /// before and after it.
    #[cfg_attr(feature = "cli", arg(long))]
    pub explain: bool,
    /// The transposition tables' size in MiB (1 to 16384), shared out among the threads (at
    /// least 1 MiB each).
    #[cfg_attr(
        feature = "cli",
        arg(long, value_name = "MIB", default_value_t = DEFAULT_MEMORY_MIB,
            value_parser = clap::value_parser!(u32).range(1..=16384))
    )]
    pub memory: u32,
    /// Threads to use, each answering whole positions with a table of its own; the environment
    /// variable `JUDGE_THREADS` says the same when the option is absent, and the default is one
    /// per core.
    #[cfg_attr(feature = "cli", arg(long, env = "JUDGE_THREADS", default_value_t))]
    pub threads: work_threads::Threads,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            weak: false,
            best: false,
            explain: false,
            memory: DEFAULT_MEMORY_MIB,
            threads: work_threads::Threads::default(),
        }
    }
}

/// A position read from the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    /// The columns played, from 0.
    pub columns: Vec<u8>,
    /// Where they lead.
    pub position: Position,
    /// The score for the player to move when the last column connected four, and the game is
    /// over.
    pub finished: Option<i32>,
}

/// Reads one position per line: the columns played (digits 1 to 7), or `-` for the empty
/// board, then optionally whitespace and anything at all (the benchmark's files carry the
/// expected score there).
pub fn parse(input: &[u8]) -> Result<Vec<Query>, InputError> {
    const EXPECTED: &str = "a position (the columns played, 1 to 7, or - for the empty board)";
    let mut input = Input::new(input);
    let mut queries = Vec::new();
    while let Some(mut line) = input.next_line() {
        let token = line.expect_token(EXPECTED)?;
        queries.push(if token.bytes == b"-" {
            Query {
                columns: Vec::new(),
                position: Standard::empty(),
                finished: None,
            }
        } else {
            read_columns(&line, token)?
        });
    }
    if queries.is_empty() {
        return Err(input.ended(EXPECTED));
    }
    Ok(queries)
}

/// The position a token of columns leads to, each move checked as it is played.
fn read_columns(line: &Input<'_>, token: judge_io::Token<'_>) -> Result<Query, InputError> {
    let mut query = Query {
        columns: Vec::with_capacity(token.bytes.len()),
        position: Standard::empty(),
        finished: None,
    };
    for (offset, &byte) in (token.offset..).zip(token.bytes) {
        if !(b'1'..=b'7').contains(&byte) {
            // The whole character, which may take more than one byte.
            let rest = &token.bytes[offset - token.offset..];
            return Err(line.error_at(
                offset,
                format!(
                    "expected a column from 1 to 7, found {}",
                    judge_io::quote(judge_io::first_character(rest))
                ),
            ));
        }
        let column = byte - b'1';
        if query.finished.is_some() {
            return Err(line.error_at(
                offset,
                "a move after the game is over: the move before it connected four",
            ));
        }
        if !Standard::can_play(query.position, usize::from(column)) {
            return Err(line.error_at(offset, format!("column {} is full", column + 1)));
        }
        if Standard::wins_at(query.position, usize::from(column)) {
            query.finished = Some(-Standard::win_score(query.position));
        }
        query.position = Standard::played(query.position, usize::from(column));
        query.columns.push(column);
    }
    Ok(query)
}

/// The search as the analyst runs it, with a transposition table of `bytes`: four moves looked
/// up before any is searched, at positions with more than 12 empty cells (bounds spanning more
/// than 10 points); a score with 20 empty cells or fewer found by one search, not bisection
/// (bounds spanning at most 18 points); and, once a search has looked at a million positions,
/// positions with 10 empty cells or fewer left out of the table (bounds spanning at most 8
/// points). How each setting was chosen: `docs/experiments/connect-four.md`.
pub fn solver(bytes: usize) -> Solver<GatedMemo<TranspositionTable>> {
    let table = TranspositionTable::with_memory(bytes);
    Solver::new(GatedMemo::new(table, 8, 1_000_000))
        .look_ahead(4)
        .look_ahead_where_bounds_span_more_than(10)
        .one_window_where_bounds_span_at_most(18)
}

/// Answers positions one after another, with one transposition table.
#[derive(Debug)]
pub struct Analyst {
    solver: Solver<GatedMemo<TranspositionTable>>,
}

impl Analyst {
    /// An analyst whose table takes `mib` MiB.
    pub fn new(mib: u32) -> Analyst {
        let bytes = usize::try_from(u64::from(mib) << 20).unwrap_or(usize::MAX);
        Analyst {
            solver: solver(bytes),
        }
    }

    /// Forgets every position seen, and sets the node count to zero.
    pub fn reset(&mut self) {
        self.solver.reset();
    }

    /// Positions searched since the analyst was made or reset.
    pub fn nodes(&self) -> u64 {
        self.solver.nodes()
    }

    /// The score of `query` for the player to move (its sign alone when `weak`).
    pub fn score(&mut self, query: &Query, weak: bool) -> i32 {
        if let Some(score) = query.finished {
            return if weak { score.signum() } else { score };
        }
        self.position_score(query.position, weak)
    }

    /// The score of a position where the game goes on.
    pub fn position_score(&mut self, position: Position, weak: bool) -> i32 {
        if weak {
            self.solver
                .value_within(&Standard::default(), position, -1, 1)
        } else {
            self.solver.value(&Standard::default(), position)
        }
    }

    /// Each column's score for the player to move (its sign alone when `weak`), `None` where
    /// the column cannot be played or the game is over.
    pub fn column_scores(&mut self, query: &Query, weak: bool) -> [Option<i32>; 7] {
        let mut scores = [None; 7];
        if query.finished.is_some() {
            return scores;
        }
        for (column, score) in scores.iter_mut().enumerate() {
            let position = query.position;
            if !Standard::can_play(position, column) {
                continue;
            }
            *score = Some(if Standard::wins_at(position, column) {
                let win = Standard::win_score(position);
                if weak { 1 } else { win }
            } else {
                -self.position_score(Standard::played(position, column), weak)
            });
        }
        scores
    }

    /// One optimal line from `query` to the end of the game (columns from 0): the search's
    /// principal variation, completed where it stops because the result is settled.
    pub fn optimal_line(&mut self, query: &Query) -> Vec<u8> {
        if query.finished.is_some() {
            return Vec::new();
        }
        let game = Standard::default();
        let mut line: Vec<u8> = (self.solver.solve(&game, query.position).line)
            .into_iter()
            .map(board::DiscDrop::column)
            .collect();
        let mut position = query.position;
        for &column in &line {
            position = Standard::played(position, usize::from(column));
        }
        // The line stops at a position the game settles at once; play it out.
        loop {
            let columns = (0..7).filter(|&column| Standard::can_play(position, column));
            let Some(column) = columns
                .clone()
                .find(|&column| Standard::wins_at(position, column))
                .or_else(|| {
                    game.moves(position)
                        .next()
                        .map(|drop| usize::from(drop.column()))
                })
                .or_else(|| columns.clone().next())
            else {
                break;
            };
            let wins = Standard::wins_at(position, column);
            line.push(u8::try_from(column).expect("seven columns"));
            position = Standard::played(position, column);
            if wins {
                break;
            }
        }
        line
    }
}

/// Answers every position of `input`: one line each, a score or (with `best`) seven, and with
/// `explain` the explanation after it. Positions are shared out among the threads, each with a
/// table of its own; the output is the same on any number of threads.
pub fn run(input: &[u8], options: &Options) -> Result<Vec<u8>, InputError> {
    let queries = parse(input)?;
    let memory = table_mib(options, queries.len());
    let answers = work_threads::map_on_threads_with(
        queries.len(),
        options.threads,
        || Analyst::new(memory),
        |analyst, index| answer(analyst, &queries[index], options),
    );
    Ok(answers.concat().into_bytes())
}

/// Each table's size in MiB when `positions` are answered: the memory shared among the threads
/// that have positions to answer, at least 1 MiB each.
fn table_mib(options: &Options, positions: usize) -> u32 {
    let threads = options.threads.get().min(positions).max(1);
    (options.memory / u32::try_from(threads).unwrap_or(u32::MAX)).max(1)
}

/// The output for one position: a score or (with `best`) seven, and with `explain` the
/// explanation after it.
fn answer(analyst: &mut Analyst, query: &Query, options: &Options) -> String {
    let mut output = String::new();
    if options.best {
        let scores = analyst.column_scores(query, options.weak);
        let cells: Vec<String> = scores
            .iter()
            .map(|score| score.map_or_else(|| "-".to_owned(), |score| score.to_string()))
            .collect();
        writeln!(output, "{}", cells.join(" ")).expect("writing to a String");
    } else {
        writeln!(output, "{}", analyst.score(query, options.weak)).expect("writing to a String");
    }
    if options.explain {
        let score = analyst.score(query, false);
        let line = analyst.optimal_line(query);
        output.push_str(&picture::explain(
            query.position,
            query.finished.is_some(),
            score,
            &line,
        ));
    }
    output
}

#[cfg(test)]
mod tests {
    use super::{Options, table_mib};
    use work_threads::Threads;

    #[test]
    fn the_threads_with_positions_share_the_memory() {
        let on = |threads, memory| Options {
            threads: Threads::new(threads).unwrap(),
            memory,
            ..Options::default()
        };
        // One position keeps the whole table; more share it among the threads they keep busy.
        assert_eq!(table_mib(&on(2, 64), 1), 64);
        assert_eq!(table_mib(&on(2, 64), 10), 32);
        assert_eq!(table_mib(&on(3, 64), 2), 32);
        assert_eq!(table_mib(&on(3, 64), 3), 21);
        assert_eq!(table_mib(&on(3, 4), 9), 1);
        assert_eq!(table_mib(&on(4, 1), 9), 1);
    }
}
