//! `cargo xtask`: the workspace's automation.
//!
//! * `cargo xtask verify [PROBLEM] [--bless]`: run every golden case through the release
//!   binaries and compare byte for byte.
//! * `cargo xtask generate PROBLEM [--size N] [--seed S]`: print a large random valid input.
//! * `cargo xtask time [PROBLEM] [--runs N]`: whole-process timings of the binaries on large
//!   generated inputs, as written down in BENCHMARKS.md.
//! * `cargo xtask fuzz [TARGET] [--seconds N]`: coverage-guided fuzzing with cargo-fuzz.
//! * `cargo xtask mutants [CRATE] [--in-diff REV]`: mutation testing with cargo-mutants.
//! * `cargo xtask bundle PROBLEM | --all`: the judge path of a problem as one source file that
//!   `rustc` compiles alone, in `target/bundle/`; `cargo xtask verify --bundled` checks them.
//! * `cargo xtask tables [--check]`: push-fold's equity tables made from scratch (its example
//!   `tables`), written into the crate or compared with the ones there.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod build;
mod bundle;
mod cargo_tool;
mod fuzz;
mod generate;
// Checks the module graphs of the workspace's crates: a test, not a task.
#[cfg(test)]
mod imports;
mod mutants;
mod problems;
#[cfg(test)]
mod repository_docs;
mod tables;
mod timing;
mod verify;
mod web;

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
        #[arg(long, conflicts_with = "bundled")]
        bless: bool,
        /// Check the single-file bundles instead: write and compile each with rustc alone, then
        /// run the golden cases that use no options through it.
        #[arg(long)]
        bundled: bool,
        /// With --bundled: compile the bundles with this Rust toolchain (`1.73.0`, as Baekjoon
        /// does), installing it with rustup on first use.
        #[arg(long, requires = "bundled", value_name = "VERSION")]
        toolchain: Option<String>,
        /// With --bundled: compile the bundles as this edition (`2024`, as Luogu does).
        #[arg(
            long,
            requires = "bundled",
            default_value = bundle::Rustc::DEFAULT.edition,
            value_parser = ["2021", "2024"]
        )]
        edition: String,
    },
    /// Mutation-test a crate (or each core and problem crate) with its own tests, or only the lines
    /// changed since a git revision.
    Mutants {
        /// Only this crate.
        #[arg(conflicts_with = "in_diff")]
        krate: Option<String>,
        /// Only the mutants in lines changed since this revision (every one must be caught).
        #[arg(long, value_name = "REV")]
        in_diff: Option<String>,
    },
    /// Write a problem's judge path as one dependency-free source file, target/bundle/PROBLEM.rs.
    #[command(group = clap::ArgGroup::new("which").required(true))]
    Bundle {
        /// The problem.
        #[arg(value_parser = problems::names(), group = "which")]
        problem: Option<String>,
        /// Every problem.
        #[arg(long, group = "which")]
        all: bool,
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
        /// Time each bundle beside its binary instead, on the largest golden case without
        /// options, and the bundle's start-up alone (an empty input).
        #[arg(long)]
        bundled: bool,
    },
    /// Make push-fold's exact heads-up equity table from scratch and write it into the crate.
    Tables {
        /// Compare it with the table kept in the crate instead, byte for byte.
        #[arg(long)]
        check: bool,
        /// The three-way table instead: about 2 core-hours on this machine's threads (the
        /// `holdem_equity.jobs` job `three-way` shares it out over a cluster).
        #[arg(long)]
        three_way: bool,
    },
    /// Build the equity calculator page into target/web/ (WebAssembly and the page in web/),
    /// installing the wasm32 target and wasm-bindgen-cli on first use.
    Web {
        /// Then serve it on 127.0.0.1 and print the address.
        #[arg(long)]
        serve: bool,
        /// The port to serve on; 0 picks a free one.
        #[arg(long, default_value_t = 8000, requires = "serve")]
        port: u16,
    },
}

fn main() -> ExitCode {
    let result = match Cli::parse().task {
        Task::Verify {
            problem,
            bless,
            bundled: false,
            ..
        } => verify::run(problem.as_deref(), bless),
        Task::Verify {
            problem,
            bundled: true,
            toolchain,
            edition,
            ..
        } => verify::run_bundled(
            problem.as_deref(),
            bundle::Rustc {
                toolchain: toolchain.as_deref(),
                edition: &edition,
            },
        ),
        Task::Mutants {
            in_diff: Some(base),
            ..
        } => mutants::run_in_diff(&base),
        Task::Mutants { krate, .. } => mutants::run(krate.as_deref()),
        Task::Bundle { problem, .. } => problems::chosen_for_bundles(problem.as_deref())
            .and_then(|problems| bundle::run(&problems)),
        Task::Generate {
            problem,
            size,
            seed,
        } => problems::find(&problem).and_then(|problem| {
            generate::print(problem.generate, size.unwrap_or(problem.default_size), seed)
        }),
        Task::Time {
            problem,
            runs,
            bundled,
        } => timing::run(problem.as_deref(), runs, bundled),
        Task::Fuzz { target, seconds } => fuzz::run(target.as_deref(), seconds),
        Task::Web { serve, port } => web::run(serve.then_some(port)),
        Task::Tables { check, three_way } => tables::run(check, three_way),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
