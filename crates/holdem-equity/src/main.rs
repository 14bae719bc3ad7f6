//! The holdem-equity binary: the library's command line, nothing more.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    holdem_equity::cli::Cli::parse().answer()
}
