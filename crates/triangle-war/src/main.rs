//! The triangle-war binary: the library's command line, nothing more.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    triangle_war::cli::Cli::parse().answer()
}
