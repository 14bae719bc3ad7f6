//! `cargo xtask time`: whole-process timings of the release binaries, on large generated inputs,
//! on golden cases for gem-duel (whose hard inputs are known cases), and on whole preflop
//! enumerations for holdem-equity.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, bail};

use crate::{build, generate};

/// The problems timed, in order.
const PROBLEMS: [&str; 6] = [
    "gdy",
    "gem-duel",
    "holdem-equity",
    "poker-decision",
    "texas-best-hand",
    "triangle-war",
];

/// One timed workload: a name and the input files run one after another per timing.
struct Workload {
    problem: String,
    name: String,
    inputs: Vec<PathBuf>,
}

/// Times `problem` (or every problem) over `runs` runs each.
pub fn run(problem: Option<&str>, runs: usize) -> anyhow::Result<()> {
    if runs == 0 {
        bail!("--runs must be at least 1");
    }
    let problems: Vec<String> = match problem {
        Some(problem) => vec![problem.to_string()],
        None => PROBLEMS.iter().map(|problem| problem.to_string()).collect(),
    };
    build::release_binaries(&problems)?;
    let mut workloads = Vec::new();
    for problem in &problems {
        workloads.extend(workloads_of(problem)?);
    }
    println!(
        "{:<16} {:<26} {:>9} {:>9} {:>9}",
        "problem", "input", "median", "min", "max"
    );
    for workload in workloads {
        let binary = build::binary_path(&workload.problem);
        let mut seconds = Vec::with_capacity(runs);
        for _ in 0..runs {
            let started = Instant::now();
            for input in &workload.inputs {
                run_once(&binary, input)?;
            }
            seconds.push(started.elapsed().as_secs_f64());
        }
        seconds.sort_by(f64::total_cmp);
        println!(
            "{:<16} {:<26} {:>7.3} s {:>7.3} s {:>7.3} s",
            workload.problem,
            workload.name,
            seconds[runs / 2],
            seconds[0],
            seconds[runs - 1]
        );
    }
    Ok(())
}

fn workloads_of(problem: &str) -> anyhow::Result<Vec<Workload>> {
    if problem == "gem-duel" {
        let cases = golden_cases::cases(problem)?;
        let heavy = cases
            .iter()
            .find(|case| case.name == "099-heavy")
            .context("testdata/gem-duel/099-heavy.in is missing")?;
        let answered: Vec<PathBuf> = cases
            .iter()
            .filter(|case| case.expected_stderr.is_none() && case.args.is_empty())
            .map(|case| case.input_path.clone())
            .collect();
        return Ok(vec![
            Workload {
                problem: problem.to_string(),
                name: "099-heavy".to_string(),
                inputs: vec![heavy.input_path.clone()],
            },
            Workload {
                problem: problem.to_string(),
                name: format!("all {} answered cases", answered.len()),
                inputs: answered,
            },
        ]);
    }
    let folder = golden_cases::workspace_root().join("target/xtask");
    std::fs::create_dir_all(&folder)?;
    if problem == "holdem-equity" {
        // Whole enumerations, one matchup each: heads-up and three-handed preflop.
        return [
            ("heads-up preflop", "AS KS QD QC\n"),
            ("three players preflop", "AS KS QD QC 7H 7D\n"),
        ]
        .into_iter()
        .map(|(name, matchup)| {
            let input = folder.join(format!("holdem-equity-{}.in", name.replace(' ', "-")));
            std::fs::write(&input, matchup)?;
            Ok(Workload {
                problem: problem.to_string(),
                name: name.to_string(),
                inputs: vec![input],
            })
        })
        .collect();
    }
    let size = generate::default_size(problem);
    let input = folder.join(format!("{problem}-{size}.in"));
    std::fs::write(&input, generate::input(problem, Some(size), 1)?)?;
    Ok(vec![Workload {
        problem: problem.to_string(),
        name: format!("generated, size {size}"),
        inputs: vec![input],
    }])
}

fn run_once(binary: &Path, input: &Path) -> anyhow::Result<()> {
    let status = Command::new(binary)
        .arg(input)
        .stdout(Stdio::null())
        .status()
        .with_context(|| format!("running {}", binary.display()))?;
    if !status.success() {
        bail!("{} failed on {}", binary.display(), input.display());
    }
    Ok(())
}
