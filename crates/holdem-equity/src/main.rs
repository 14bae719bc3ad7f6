//! The holdem-equity binary: the library's command line, nothing more.

use std::process::ExitCode;

fn main() -> ExitCode {
    holdem_equity::cli::answer(&holdem_equity::cli::Cli::from_args())
}
