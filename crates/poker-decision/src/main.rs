//! The poker-decision binary: the library's command line, nothing more.

use std::process::ExitCode;

fn main() -> ExitCode {
    poker_decision::cli::Cli::from_args().answer()
}
