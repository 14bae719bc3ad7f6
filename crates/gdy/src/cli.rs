//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`], declared once.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use crate::{Options, run};

/// GDY, a shedding card game: who wins, and the points left in every other hand.
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
GDY, a shedding card game: who wins, and the points left in every other hand.

Input: T, then for each case `n m` (players, cards) and the m card values of the pile, top
first, each in 1..=13 (1 is the ace, 11 J, 12 Q, 13 K), over any number of lines.

Output: for case x, a line `Case #x:`, then one line per player in seat order: `Winner` for the
player who played their last card first, otherwise the sum of the face values left in that
player's hand.";

const AFTER_LONG_HELP: &str = "\
Bad input gets one line `error: line L, column C: ...` on stderr, nothing on stdout, and exit
status 1. The rules, limits, a worked sample and the pitfalls are in the repository's
docs/problems/gdy.md.";
