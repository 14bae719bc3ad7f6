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
//! Hand ranges against each other ([`range_equity`], exact or sampled, read by [`parse_ranges`]
//! and answered by [`run_ranges`]) and the chart of the 169 starting hands ([`chart`]) build on
//! the same counting; the binary's `ranges` and `chart` subcommands are their command line.
//!
//! Boards on which nobody can make a flush are counted by their ranks, in groups valued once;
//! the others are evaluated with their suits (see the `by_ranks` module). When one board could
//! give flushes in two suits, every board is dealt with
//! [`cards_core::holdem::for_each_hand_chunk`] instead: each player's hole cards are added once
//! per chunk of boards sharing their first cards, and the boards are split across threads by
//! their lowest card.
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

mod by_ranks;
mod chart;
mod count;
mod format;
mod parse;
mod range_output;
mod ranges;
mod sample;

pub use chart::{Chart, ChartEntry, chart};
pub use count::{Equity, equity};
pub use parse::{Matchup, RangeLine, parse, parse_ranges};
pub use range_output::{CountingOptions, EXACT_WITHIN, RangeOptions, run_ranges};
pub use ranges::{
    ComboEquity, Counted, MAX_EXACT_DEALS, Method, RangeEquity, RangeError, RangeMatchup, Sampling,
    range_equity,
};

use judge_io::InputError;

/// How to answer: the binary's options, declared once (with the `cli` feature they are also its
/// command-line flags).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::Args))]
pub struct Options {
    /// One JSON object per matchup instead of text.
    #[cfg_attr(feature = "cli", arg(long))]
    pub json: bool,
    /// Threads to use; the environment variable `JUDGE_THREADS` says the same when the option is
    /// absent, and the default is one per core.
    #[cfg_attr(feature = "cli", arg(long, env = "JUDGE_THREADS", default_value_t))]
    pub threads: judge_io::Threads,
}

/// Parses `input`, counts every matchup and returns the whole output; nothing is produced unless
/// the whole input is valid.
pub fn run(input: &[u8], options: &Options) -> Result<Vec<u8>, InputError> {
    let matchups = parse(input)?;
    let mut output = String::new();
    for (index, matchup) in matchups.iter().enumerate() {
        let equity = equity(matchup, options.threads);
        if options.json {
            format::json(matchup, &equity, &mut output);
        } else {
            if index > 0 {
                output.push('\n');
            }
            format::text(matchup, &equity, &mut output);
        }
    }
    Ok(output.into_bytes())
}
