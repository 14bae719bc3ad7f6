//! `cargo xtask fuzz`: coverage-guided fuzzing of every parser and engine with cargo-fuzz.
//!
//! The fuzz crate lives in `fuzz/`, outside the workspace, and needs a nightly toolchain; without
//! one this task says so and succeeds, so the README's commands need only stable Rust.

use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{Context, bail};

use crate::cargo_tool;

/// Runs `target` (or every target) for `seconds` each, and prints what each run did.
pub fn run(target: Option<&str>, seconds: u64) -> anyhow::Result<()> {
    let root = golden_cases::workspace_root();
    if !cargo_tool::succeeds(Command::new("cargo").args(["+nightly", "--version"])) {
        println!(
            "fuzz: skipped, no nightly toolchain (`rustup toolchain install nightly` adds one)"
        );
        return Ok(());
    }
    cargo_tool::ensure("fuzz", "fuzz", "cargo-fuzz")?;
    let targets = fuzz_targets(&root)?;
    let chosen: Vec<&String> = match target {
        Some(name) => match targets.iter().find(|known| *known == name) {
            Some(known) => vec![known],
            None => bail!(
                "no fuzz target '{name}'; the targets are: {}",
                targets.join(", ")
            ),
        },
        None => targets.iter().collect(),
    };
    for target in &chosen {
        seed_corpus(&root, target)?;
    }
    // Built once, then run as many at a time as there are cores: each run is one process that
    // keeps one core busy, so on two cores the whole takes half as long.
    let built = Command::new("cargo")
        .current_dir(&root)
        .args(["+nightly", "fuzz", "build", "--fuzz-dir", "fuzz"])
        .status()
        .context("running cargo fuzz build")?;
    if !built.success() {
        bail!("cargo fuzz build failed");
    }
    let at_once = std::thread::available_parallelism().map_or(1, usize::from);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let outcomes = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..at_once.min(chosen.len()) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&target) = chosen.get(index) else {
                        break;
                    };
                    let outcome = fuzz_one(&root, target, seconds);
                    outcomes.lock().unwrap().push((index, outcome));
                }
            });
        }
    });
    let mut outcomes = outcomes.into_inner().unwrap();
    outcomes.sort_by_key(|(index, _)| *index);
    let mut rows = Vec::new();
    for (_, outcome) in outcomes {
        rows.push(outcome?);
    }
    println!(
        "{:<22} {:>12} {:>10} {:>8} {:>9}",
        "target", "executions", "exec/s", "cov", "features"
    );
    for row in rows {
        println!(
            "{:<22} {:>12} {:>10} {:>8} {:>9}",
            row.target, row.executions, row.per_second, row.coverage, row.features
        );
    }
    Ok(())
}

/// Runs one fuzz target for `seconds` and reads its summary; the error names where the failing
/// input was kept.
fn fuzz_one(root: &Path, target: &str, seconds: u64) -> anyhow::Result<Summary> {
    println!("fuzz: {target} for {seconds} s");
    let output = Command::new("cargo")
        .current_dir(root)
        .args([
            "+nightly",
            "fuzz",
            "run",
            "--fuzz-dir",
            "fuzz",
            target,
            "--",
        ])
        .arg(format!("-max_total_time={seconds}"))
        // Any input of the seeds' size is answered in well under a second.
        .args(["-timeout=10", "-rss_limit_mb=4096", "-print_final_stats=1"])
        .stdout(Stdio::inherit())
        .output()
        .with_context(|| format!("running cargo fuzz run {target}"))?;
    let log = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        eprintln!("{log}");
        bail!(
            "fuzz target {target} failed: the input is in fuzz/artifacts/{target}/; \
             turn it into a regression test"
        );
    }
    Ok(Summary::read(target, &log))
}

/// What one fuzzing run reports at its end.
struct Summary {
    target: String,
    executions: String,
    per_second: String,
    coverage: String,
    features: String,
}

impl Summary {
    /// Reads libFuzzer's final statistics and last status line from its log.
    fn read(target: &str, log: &str) -> Summary {
        let stat = |name: &str| {
            log.lines()
                .find_map(|line| line.strip_prefix(&format!("stat::{name}:")))
                .map_or("?".to_string(), |value| value.trim().to_string())
        };
        let last_status = log.lines().rev().find(|line| line.contains(" cov: "));
        let field = |name: &str| {
            last_status
                .and_then(|line| {
                    line.split_whitespace()
                        .skip_while(|word| *word != name)
                        .nth(1)
                })
                .map_or("?".to_string(), str::to_string)
        };
        Summary {
            target: target.to_string(),
            executions: stat("number_of_executed_units"),
            per_second: stat("average_exec_per_sec"),
            coverage: field("cov:"),
            features: field("ft:"),
        }
    }
}

/// The fuzz targets, as cargo-fuzz lists them.
fn fuzz_targets(root: &Path) -> anyhow::Result<Vec<String>> {
    let output = Command::new("cargo")
        .current_dir(root)
        .args(["+nightly", "fuzz", "list", "--fuzz-dir", "fuzz"])
        .output()
        .context("running cargo fuzz list")?;
    if !output.status.success() {
        bail!(
            "cargo fuzz list failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(str::to_string)
        .collect())
}

/// Copies the golden inputs of the problem an `input_<problem>` target reads into its corpus, so
/// fuzzing starts from inputs that reach deep into the parser and the engine.
fn seed_corpus(root: &Path, target: &str) -> anyhow::Result<()> {
    let Some(problem) = target.strip_prefix("input_") else {
        return Ok(());
    };
    let problem = problem.replace('_', "-");
    let corpus = root.join("fuzz/corpus").join(target);
    std::fs::create_dir_all(&corpus)?;
    for case in golden_cases::cases(&problem)
        .with_context(|| format!("reading testdata/{problem} for the corpus of {target}"))?
    {
        if let Some(input) = &case.input_path {
            std::fs::copy(input, corpus.join(format!("{}.in", case.name)))?;
        }
    }
    Ok(())
}
