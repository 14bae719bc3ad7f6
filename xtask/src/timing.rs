//! `cargo xtask time`: whole-process timings of the release binaries, on large generated inputs,
//! on golden cases for gem-duel (whose hard inputs are known cases), and on whole preflop
//! enumerations for holdem-equity.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, bail};

use seeded_rng::SeededRng;

use crate::problems::{self, Problem, Timing};
use crate::{build, bundle};

/// One timed workload: a name, the arguments, and the input files run one after another per
/// timing (none: one run without an input file).
struct Workload {
    problem: String,
    name: String,
    args: Vec<String>,
    inputs: Vec<PathBuf>,
}

/// Times `problem` (or every problem) over `runs` runs each.
pub fn run(problem: Option<&str>, runs: usize, bundled: bool) -> anyhow::Result<()> {
    if runs == 0 {
        bail!("--runs must be at least 1");
    }
    if bundled {
        return time_bundles(&problems::chosen_for_bundles(problem)?, runs);
    }
    let problems = problems::chosen(problem)?;
    build::release_binaries(&problems)?;
    let mut workloads = Vec::new();
    for problem in problems {
        workloads.extend(workloads_of(problem)?);
    }
    println!(
        "{:<16} {:<30} {:>11} {:>11} {:>11}",
        "problem", "input", "median", "min", "max"
    );
    for workload in workloads {
        let binary = build::binary_path(&workload.problem);
        let mut seconds = Vec::with_capacity(runs);
        for _ in 0..runs {
            let started = Instant::now();
            if workload.inputs.is_empty() {
                run_once(&binary, &workload.args, None)?;
            }
            for input in &workload.inputs {
                run_once(&binary, &workload.args, Some(input))?;
            }
            seconds.push(started.elapsed().as_secs_f64());
        }
        seconds.sort_by(f64::total_cmp);
        // Milliseconds with a decimal: the quick workloads take a few.
        println!(
            "{:<16} {:<30} {:>8.1} ms {:>8.1} ms {:>8.1} ms",
            workload.problem,
            workload.name,
            1e3 * seconds[runs / 2],
            1e3 * seconds[0],
            1e3 * seconds[runs - 1]
        );
    }
    Ok(())
}

fn workloads_of(problem: &Problem) -> anyhow::Result<Vec<Workload>> {
    let workload = |name: String, inputs: Vec<PathBuf>| Workload {
        problem: problem.name.to_string(),
        name,
        args: Vec::new(),
        inputs,
    };
    let folder = golden_cases::workspace_root().join("target/xtask");
    std::fs::create_dir_all(&folder)?;
    match problem.timing {
        Timing::GoldenCases { hardest } => {
            let cases = golden_cases::cases(problem.name)?;
            let hardest_case = cases
                .iter()
                .find(|case| case.name == hardest)
                .with_context(|| format!("testdata/{}/{hardest}.in is missing", problem.name))?;
            let answered: Vec<PathBuf> = cases
                .iter()
                .filter(|case| case.expected_stderr.is_none() && case.args.is_empty())
                .filter_map(|case| case.input_path.clone())
                .collect();
            let hardest_input = hardest_case
                .input_path
                .clone()
                .with_context(|| format!("testdata/{}/{hardest}.in is missing", problem.name))?;
            Ok(vec![
                workload(hardest.to_string(), vec![hardest_input]),
                workload(format!("all {} answered cases", answered.len()), answered),
            ])
        }
        Timing::Runs(runs) => runs
            .iter()
            .enumerate()
            .map(|(index, run)| {
                let mut inputs = Vec::new();
                if let Some(text) = run.input {
                    let input = folder.join(format!("{}-{index}.in", problem.name));
                    std::fs::write(&input, text)?;
                    inputs.push(input);
                }
                Ok(Workload {
                    args: run.args.iter().map(ToString::to_string).collect(),
                    ..workload(run.name.to_string(), inputs)
                })
            })
            .collect(),
        Timing::Generated => {
            let size = problem.default_size;
            let input = folder.join(format!("{}-{size}.in", problem.name));
            std::fs::write(&input, (problem.generate)(&mut SeededRng::new(1), size))?;
            Ok(vec![workload(
                format!("generated, size {size}"),
                vec![input],
            )])
        }
    }
}

/// Times each problem's binary and its bundle, runs interleaved, on its largest golden case that
/// the bundle answers (no options), the bundle reading stdin as on a judge.
fn time_bundles(problems: &[&Problem], runs: usize) -> anyhow::Result<()> {
    build::release_binaries(problems)?;
    println!(
        "{:<16} {:<22} {:>10} {:>10} {:>9} {:>9}",
        "problem", "largest case", "binary", "bundle", "bytes", "startup"
    );
    for (problem, source) in problems.iter().zip(bundle::write_all(problems)?) {
        let program = source.with_extension("");
        bundle::Rustc::DEFAULT.compile(&source, &program)?;
        let (largest_input, largest) = golden_cases::cases(problem.name)?
            .into_iter()
            .filter(|case| case.args.is_empty() && case.expected_stderr.is_none())
            .filter_map(|case| Some((case.input_path.clone()?, case)))
            .max_by_key(|(input, _)| std::fs::metadata(input).map_or(0, |m| m.len()))
            .context("no golden case without options")?;
        let empty = golden_cases::workspace_root().join("target/xtask/empty.in");
        std::fs::create_dir_all(empty.parent().context("a folder")?)?;
        std::fs::write(&empty, "")?;
        let binary = build::binary_path(problem.name);
        let (mut binary_seconds, mut bundle_seconds, mut startup_seconds) =
            (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..runs {
            binary_seconds.push(timed(|| run_once(&binary, &[], Some(&largest_input)))?);
            bundle_seconds.push(timed(|| run_on_stdin(&program, &largest_input))?);
            startup_seconds.push(timed(|| run_on_stdin(&program, &empty))?);
        }
        println!(
            "{:<16} {:<22} {:>8.3} s {:>8.3} s {:>9} {:>7.3} s",
            problem.name,
            largest.name,
            median(binary_seconds),
            median(bundle_seconds),
            std::fs::metadata(&source)?.len(),
            median(startup_seconds),
        );
    }
    Ok(())
}

fn timed(run: impl FnOnce() -> anyhow::Result<()>) -> anyhow::Result<f64> {
    let started = Instant::now();
    run()?;
    Ok(started.elapsed().as_secs_f64())
}

fn median(mut seconds: Vec<f64>) -> f64 {
    seconds.sort_by(f64::total_cmp);
    seconds[seconds.len() / 2]
}

/// Runs `program` on `input` as a judge does, the input on stdin; a failure is an error, except
/// that an empty input may be refused (the start-up time is all it is for).
fn run_on_stdin(program: &Path, input: &Path) -> anyhow::Result<()> {
    let status = Command::new(program)
        .stdin(std::fs::File::open(input)?)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .with_context(|| format!("running {}", program.display()))?;
    let empty = std::fs::metadata(input)?.len() == 0;
    if !status.success() && !empty {
        bail!("{} failed on {}", program.display(), input.display());
    }
    Ok(())
}

/// Runs `binary` with `args` and then `input`, if any.
fn run_once(binary: &Path, args: &[String], input: Option<&Path>) -> anyhow::Result<()> {
    let status = Command::new(binary)
        .args(args)
        .args(input)
        .stdout(Stdio::null())
        .status()
        .with_context(|| format!("running {}", binary.display()))?;
    if !status.success() {
        bail!(
            "{} {} failed on {input:?}",
            binary.display(),
            args.join(" ")
        );
    }
    Ok(())
}
