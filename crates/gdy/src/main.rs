//! The gdy binary: the library's command line, nothing more.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    gdy::cli::Cli::parse().answer()
}
