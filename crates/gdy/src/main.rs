//! The gdy binary: reads cases from a file or stdin, prints each game's outcome.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use gdy::Options;

/// GDY, a shedding card game: who wins, and the points left in every other hand.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// After each case's answer, show the game turn by turn.
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
    judge_io::answer(cli.file.as_deref(), |input| gdy::run(input, &options))
}
