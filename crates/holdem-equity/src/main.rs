//! The holdem-equity binary: reads matchups from a file or stdin, prints each one's exact equity.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use holdem_equity::Options;

/// Exact hold'em equity: every remaining board enumerated, for each matchup line
/// `HOLE HOLE ... [| BOARD [| dead: CARDS]]`.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// One JSON object per matchup instead of text.
    #[arg(long)]
    json: bool,
    /// The input file; stdin when absent.
    file: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let options = Options { json: cli.json };
    judge_io::answer(cli.file.as_deref(), |input| {
        holdem_equity::run(input, &options)
    })
}
