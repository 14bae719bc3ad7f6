//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`], declared once.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use crate::{Options, run};

/// Exact hold'em equity: every remaining board enumerated, for each matchup line.
#[derive(Clone, Debug, Parser)]
#[command(version, about, long_about = LONG_ABOUT, after_long_help = AFTER_LONG_HELP)]
pub struct Cli {
    /// How to answer.
    #[command(flatten)]
    pub options: Options,
    /// The input file; stdin when absent or `-`.
    pub file: Option<PathBuf>,
}

impl Cli {
    /// Answers the input: the whole answer on stdout, or one `error: ...` line on stderr and
    /// exit status 1.
    pub fn answer(&self) -> ExitCode {
        judge_io::answer(self.file.as_deref(), |input| run(input, &self.options))
    }
}

const LONG_ABOUT: &str = "\
Exact hold'em equity: every remaining board enumerated, for each matchup line.

Input: one matchup per non-blank line: two or more players' hole cards, optionally `|` and a
board of 0, 3, 4 or 5 cards, optionally a second `|` and `dead:` with cards out of play:

    AS KS  QD QC | 2H 7C 9D | dead: 5S

Output: `boards N` (how many boards complete the board), then one line per player:
`<hole cards>  wins W  ties S  equity E%`. W counts the boards the player wins alone; S counts
split pots as pot shares (a board split two ways adds 1/2, three ways 1/3); E is
(W + S) / N in percent. Matchups are separated by a blank line; --json writes one JSON object
per line instead.";

const AFTER_LONG_HELP: &str = "\
Bad input gets one line `error: line L, column C: ...` on stderr, nothing on stdout, and exit
status 1. The rules, limits, a worked sample and the pitfalls are in the repository's
docs/problems/holdem-equity.md.";
