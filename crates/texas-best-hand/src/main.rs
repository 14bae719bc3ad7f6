//! The texas-best-hand binary: the library's command line, nothing more.

use std::process::ExitCode;

fn main() -> ExitCode {
    texas_best_hand::cli::Cli::from_args().answer()
}
