//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`], declared once.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use crate::{Options, run};

/// The match-3 duel: each player's best hand from five operations, and who wins.
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
The match-3 duel: each player's best hand from five operations, and who wins.

Input: T, then for each case a line `n m k` (rows and columns 1..=8, strip length at least 1),
player 1's board (n rows of m gem letters) and strip (k letters), then player 2's board and
strip. Gem letters: B G O P R W Y, in either case.

Output: one line per case: `liuzhangfeiabc` when player 1's best hand is higher, `ldlsn` when
player 2's is, `draw` when they are equal. The names are the judge's: they are the problem
setters' handles.";

const AFTER_LONG_HELP: &str = "\
Bad input gets one line `error: line L, column C: ...` on stderr, nothing on stdout, and exit
status 1. The rules, limits, a worked sample and the pitfalls are in the repository's
docs/problems/gem-duel.md.";
