//! The gem-duel binary: the library's command line, nothing more.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    gem_duel::cli::Cli::parse().answer()
}
