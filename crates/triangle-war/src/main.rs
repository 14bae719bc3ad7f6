//! The triangle-war binary: the library's command line, nothing more.

use std::process::ExitCode;

fn main() -> ExitCode {
    triangle_war::cli::Cli::from_args().answer()
}
