//! The gdy binary: the library's command line, nothing more.

use std::process::ExitCode;

fn main() -> ExitCode {
    gdy::cli::Cli::from_args().answer()
}
