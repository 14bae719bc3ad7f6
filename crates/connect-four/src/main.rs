//! The connect-four binary: the library's command line, nothing more.

use std::process::ExitCode;

fn main() -> ExitCode {
    connect_four::cli::Cli::from_args().answer()
}
