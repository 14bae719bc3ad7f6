//! The gem-duel binary: reads cases from a file or stdin, prints who makes the better hand.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use gem_duel::Options;

/// The match-3 duel: each player's best hand from five operations, and who wins.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// After each answer, show each player's best operations, the board after each, and the hand.
    #[arg(long)]
    explain: bool,
    /// The input file; stdin when absent.
    file: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let options = Options {
        explain: cli.explain,
    };
    judge_io::answer(cli.file.as_deref(), |input| gem_duel::run(input, &options))
}
