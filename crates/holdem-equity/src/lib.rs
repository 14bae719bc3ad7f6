//! holdem-equity: who is ahead in a hold'em matchup, and by how much, counted exactly over every
//! board that can still come.
//!
//! Each input line is a matchup: two or more players' hole cards, optionally `|` and a board of
//! 0, 3, 4 or 5 cards, optionally a second `|` and `dead:` cards out of play:
//!
//! ```text
//! AS KS  QD QC | 2H 7C 9D | dead: 5S
//! ```
//!
//! The input grammar, what `wins`, `ties` and `equity` count, and the JSON schema are in
//! `docs/problems/holdem-equity.md` at the repository's root.
//!
//! This crate is the command line: the options of answering matchups (here) and lines of ranges
//! (`ranges`), and, with the `cli` feature, clap and the progress bar (`cli`). Reading matchups
//! and ranges and writing results as text, JSON, CSV and SVG is `equity-io`'s, shared with the
//! Python package and the page; the counting is the `equity-core` engine's.
//!
//! ```
//! use holdem_equity::{Options, run};
//!
//! let output = run(b"AS KS QD QC | 2H 7C 9D 4S 5S\n", &Options::default()).unwrap();
//! assert_eq!(
//!     String::from_utf8(output).unwrap(),
//!     "boards 1\nAS KS  wins 0  ties 0  equity 0.0000%\nQD QC  wins 1  ties 0  equity 100.0000%\n"
//! );
//! ```

#![forbid(unsafe_code)]

#[cfg(feature = "cli")]
pub mod cli;

mod ranges;

pub use ranges::{CountingOptions, DEFAULT_PRECISION, DEFAULT_SEED, RangeOptions, run_ranges};

/// The most random hands the chart counts each hand against (`chart --opponents`).
pub const MAX_CHART_OPPONENTS: u8 = 9;

use equity_core::equity;
use equity_io::{parse, write};
use judge_io::InputError;

judge_io::problem_options! {
    /// One JSON object per matchup instead of text.
    json: bool,
    /// Threads to use; the environment variable `JUDGE_THREADS` says the same when the option is
    /// absent, and the default is one per core.
    threads: work_threads::Threads [env = "JUDGE_THREADS", default_value_t],
    /// Answer each line as soon as it is read, going on after a bad one (the default when stdin
    /// is a terminal); otherwise the whole input is answered at once, or not at all.
    stream: bool,
}

/// Parses `input`, counts every matchup and returns the whole output; nothing is produced unless
/// the whole input is valid.
pub fn run(input: &[u8], options: &Options) -> Result<Vec<u8>, InputError> {
    let matchups = parse(input)?;
    let mut output = String::new();
    for (index, matchup) in matchups.iter().enumerate() {
        let counts = equity(matchup, options.threads).expect("parse checks every matchup");
        if options.json {
            write::matchup::json(matchup, &counts, &mut output);
        } else {
            if index > 0 {
                output.push('\n');
            }
            write::matchup::text(matchup, &counts, &mut output);
        }
    }
    Ok(output.into_bytes())
}
