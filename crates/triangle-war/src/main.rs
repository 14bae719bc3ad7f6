//! The triangle-war binary: reads games from a file or stdin, prints who wins each.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use triangle_war::Options;

/// Who wins Triangle War from the given positions, with perfect play.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// After each answer, show the score so far, one optimal continuation and the final score.
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
        triangle_war::run(input, &options)
    })
}
