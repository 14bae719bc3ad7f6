//! The poker-decision binary: the library's command line, nothing more.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    poker_decision::cli::Cli::parse().answer()
}
