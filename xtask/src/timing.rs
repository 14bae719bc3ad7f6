//! `cargo xtask time`: whole-process timings of the release binaries, on large generated inputs,
//! on golden cases for gem-duel (whose hard inputs are known cases), and on whole preflop
//! enumerations for holdem-equity.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, bail};

use seeded_rng::SeededRng;

use crate::build;
use crate::problems::{self, Problem, Timing};

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
    let problems = problems::chosen(problem)?;
    build::release_binaries(&problems)?;
    let mut workloads = Vec::new();
    for problem in problems {
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

fn workloads_of(problem: &Problem) -> anyhow::Result<Vec<Workload>> {
    let workload = |name: String, inputs: Vec<PathBuf>| Workload {
        problem: problem.name.to_string(),
        name,
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
                .map(|case| case.input_path.clone())
                .collect();
            Ok(vec![
                workload(hardest.to_string(), vec![hardest_case.input_path.clone()]),
                workload(format!("all {} answered cases", answered.len()), answered),
            ])
        }
        Timing::Inputs(inputs) => inputs
            .iter()
            .map(|(name, text)| {
                let input = folder.join(format!("{}-{}.in", problem.name, name.replace(' ', "-")));
                std::fs::write(&input, text)?;
                Ok(workload(name.to_string(), vec![input]))
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
