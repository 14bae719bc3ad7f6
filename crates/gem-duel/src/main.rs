//! The gem-duel binary: the library's command line, nothing more.

use std::process::ExitCode;

fn main() -> ExitCode {
    gem_duel::cli::Cli::from_args().answer()
}
