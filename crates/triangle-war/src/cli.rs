//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`], declared once.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use crate::{Options, run};

/// Who wins Triangle War from the given positions, with perfect play.
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
Who wins Triangle War from the given positions, with perfect play.

Input: the number of games, then for each game m (0 to 18) and m lines `i j`, the segments
filled so far in the order played. The ten dots are numbered row by row from the top:

          1
        2   3
      4   5   6
    7   8   9  10

Output: one line per game, `Game N: A wins.` or `Game N: B wins.` (the full stop is part of the
answer): the winner when both play perfectly from the position reached.";

const AFTER_LONG_HELP: &str = "\
Bad input gets one line `error: line L, column C: ...` on stderr, nothing on stdout, and exit
status 1. The rules, limits, a worked sample and the pitfalls are in the repository's
docs/problems/triangle-war.md.";
