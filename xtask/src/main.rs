//! `cargo xtask`: the workspace's automation.
//!
//! * `cargo xtask verify [PROBLEM] [--bless]`: run every golden case through the release
//!   binaries and compare byte for byte.
//! * `cargo xtask generate PROBLEM [--size N] [--seed S]`: print a large random valid input.
//! * `cargo xtask time [PROBLEM] [--runs N]`: whole-process timings of the binaries on large
//!   generated inputs, as written down in BENCHMARKS.md.
//! * `cargo xtask fuzz [TARGET] [--seconds N]`: coverage-guided fuzzing with cargo-fuzz.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod build;
mod fuzz;
mod generate;
mod problems;
#[cfg(test)]
mod repository_docs;
mod timing;
mod verify;

#[derive(Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    about = "The workspace's automation",
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Run every golden case in testdata/ through the release binaries and compare outputs.
    Verify {
        /// Only this problem.
        #[arg(value_parser = problems::names())]
        problem: Option<String>,
        /// Rewrite the expected outputs with the actual ones (refused when CI is set).
        #[arg(long)]
        bless: bool,
    },
    /// Print a large random valid input for a problem.
    Generate {
        /// The problem.
        #[arg(value_parser = problems::names())]
        problem: String,
        /// How many cases (or lines); each problem has its default.
        #[arg(long)]
        size: Option<usize>,
        /// The seed of the random generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Fuzz the parsers and engines with cargo-fuzz (needs a nightly toolchain; skipped without).
    Fuzz {
        /// Only this target (`cargo fuzz list --fuzz-dir fuzz` lists them).
        target: Option<String>,
        /// How long to fuzz each target.
        #[arg(long, default_value_t = 60)]
        seconds: u64,
    },
    /// Time the release binaries on large generated inputs, whole process.
    Time {
        /// Only this problem.
        #[arg(value_parser = problems::names())]
        problem: Option<String>,
        /// How many runs; the median is reported.
        #[arg(long, default_value_t = 7)]
        runs: usize,
    },
}

fn main() -> ExitCode {
    let result = match Cli::parse().task {
        Task::Verify { problem, bless } => verify::run(problem.as_deref(), bless),
        Task::Generate {
            problem,
            size,
            seed,
        } => generate::print(&problem, size, seed),
        Task::Time { problem, runs } => timing::run(problem.as_deref(), runs),
        Task::Fuzz { target, seconds } => fuzz::run(target.as_deref(), seconds),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
