//! The texas-best-hand binary: the library's command line, nothing more.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    texas_best_hand::cli::Cli::parse().answer()
}
