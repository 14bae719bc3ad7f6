//! The texas-best-hand binary: reads deals from a file or stdin, prints the best hands.

use std::path::PathBuf;
use std::process::ExitCode;

use cards_core::HoleCardRule;
use clap::Parser;
use texas_best_hand::Options;

/// The best five of seven cards in Texas hold'em, for each line of two hole cards and five
/// board cards.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// The hand must use both hole cards and exactly three board cards.
    #[arg(long)]
    both_hole_cards: bool,
    /// The input file; stdin when absent.
    file: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let rule = if cli.both_hole_cards {
        HoleCardRule::BothHoleCards
    } else {
        HoleCardRule::AnyFive
    };
    judge_io::answer(cli.file.as_deref(), |input| {
        texas_best_hand::run(input, &Options { rule })
    })
}
