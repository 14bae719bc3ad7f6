//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`], declared once.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use crate::{Options, run};

/// The best five of seven cards in Texas hold'em, for each line of two hole cards and five board cards.
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
The best five of seven cards in Texas hold'em, for each line of two hole cards and five board cards.

Input: any number of lines; each non-blank line holds seven distinct cards separated by
whitespace, the two hole cards first, then the five board cards. A card is a rank from
23456789TJQKA (10 is also read as T) and a suit from SHCD, in either case: AS, td, 10h.

Output: one line per hand line, `<category>: <c1> <c2> <c3> <c4> <c5>`, the category one of
`royal flush`, `straight flush`, `four of a kind`, `full house`, `flush`, `straight`,
`three of a kind`, `two pair`, `one pair`, `high card`, and the five cards of the best hand in
order of significance (the biggest group first; the wheel as 5 4 3 2 A). When several sets of
five tie, each slot takes the card that comes earliest on the input line.";

const AFTER_LONG_HELP: &str = "\
Bad input gets one line `error: line L, column C: ...` on stderr, nothing on stdout, and exit
status 1. The rules, limits, a worked sample and the pitfalls are in the repository's
docs/problems/texas-best-hand.md.";
