//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`], declared once.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use crate::{Options, run};

/// Who wins the two-player community-card picking game when both play perfectly.
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
Who wins the two-player community-card picking game when both play perfectly.

Input: T, then T cases of ten distinct cards: Alice's two, Bob's two, then the six community
cards. Alice and Bob take community cards in turn, Alice first, three each; a hand is exactly a
player's two cards and three picks. Whitespace of any kind separates tokens.

Output: one line per case, `Alice`, `Bob` or `Draw`: who has the higher five-card poker hand
when both pick perfectly.";

const AFTER_LONG_HELP: &str = "\
Bad input gets one line `error: line L, column C: ...` on stderr, nothing on stdout, and exit
status 1. The rules, limits, a worked sample and the pitfalls are in the repository's
docs/problems/poker-decision.md.";
