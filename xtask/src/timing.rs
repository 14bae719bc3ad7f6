//! `cargo xtask time`: whole-process timings of the release binaries on large generated inputs.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, bail};

use crate::{build, generate};

/// Times `problem` (or every problem with a generator) over `runs` runs.
pub fn run(problem: Option<&str>, runs: usize) -> anyhow::Result<()> {
    if runs == 0 {
        bail!("--runs must be at least 1");
    }
    let problems: Vec<String> = match problem {
        Some(problem) => vec![problem.to_string()],
        None => generate::PROBLEMS
            .iter()
            .map(|problem| problem.to_string())
            .collect(),
    };
    build::release_binaries(&problems)?;
    let folder = golden_cases::workspace_root().join("target/xtask");
    std::fs::create_dir_all(&folder)?;
    println!(
        "{:<20} {:>10} {:>10} {:>10} {:>10}",
        "problem", "size", "median", "min", "max"
    );
    for problem in &problems {
        let size = generate::default_size(problem);
        let input_path: PathBuf = folder.join(format!("{problem}-{size}.in"));
        std::fs::write(&input_path, generate::input(problem, Some(size), 1)?)?;
        let binary = build::binary_path(problem);
        let mut seconds = Vec::with_capacity(runs);
        for _ in 0..runs {
            let started = Instant::now();
            let status = Command::new(&binary)
                .arg(&input_path)
                .stdout(Stdio::null())
                .status()
                .with_context(|| format!("running {}", binary.display()))?;
            seconds.push(started.elapsed().as_secs_f64());
            if !status.success() {
                bail!("{problem} failed on {}", input_path.display());
            }
        }
        seconds.sort_by(f64::total_cmp);
        println!(
            "{problem:<20} {size:>10} {:>8.3} s {:>8.3} s {:>8.3} s",
            seconds[runs / 2],
            seconds[0],
            seconds[runs - 1]
        );
    }
    Ok(())
}
