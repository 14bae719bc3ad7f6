//! The poker-decision binary: reads cases from a file or stdin, prints who wins each.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use poker_decision::Options;

/// Who wins the two-player community-card picking game when both play perfectly.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// After each answer, show one optimal line of picks and both final hands.
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
    judge_io::answer(cli.file.as_deref(), |input| {
        poker_decision::run(input, &options)
    })
}
