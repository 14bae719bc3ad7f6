//! `cargo xtask mutants`: mutation testing with cargo-mutants. Each mutant (a function made to
//! return a default, an operator flipped) must make some test of its own crate fail; the
//! mutants no test catches are behaviour nothing pins down.
//!
//! What is mutated, and what is skipped as equivalent, is in `.cargo/mutants.toml`.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};

use crate::cargo_tool;

/// The crates whose own tests must catch at least [`MIN_SCORE`] of their viable mutants.
pub const CRATES: [&str; 13] = [
    "cards-core",
    "search-core",
    "sim-core",
    "judge-io",
    "work-threads",
    "equity-core",
    "equity-io",
    "texas-best-hand",
    "poker-decision",
    "triangle-war",
    "gdy",
    "gem-duel",
    "holdem-equity",
];

/// The share of viable mutants a crate's tests must catch.
const MIN_SCORE: f64 = 0.9;

/// Mutation-tests `krate` (or every crate of [`CRATES`]) with its own tests, prints what each
/// run caught and missed, and fails below [`MIN_SCORE`].
pub fn run(krate: Option<&str>) -> anyhow::Result<()> {
    let crates: Vec<&str> = match krate {
        Some(name) if CRATES.contains(&name) => vec![name],
        Some(name) => bail!("no crate '{name}'; the crates are: {}", CRATES.join(", ")),
        None => CRATES.to_vec(),
    };
    cargo_tool::ensure("mutants", "mutants", "cargo-mutants")?;
    let mut rows = Vec::new();
    for name in crates {
        let output = output_dir(name)?;
        println!("mutants: {name} (its own tests only)");
        // cargo-mutants exits 2 when mutants are missed: the counts below say so. A mutant of
        // cards-core's table generator can make its build script loop forever; ten minutes is
        // far more than any build here takes (a multiplier of the unmutated build would not do:
        // with the tree already built, that build takes seconds).
        cargo_mutants(&["--package", name, "--build-timeout", "600"], &output)?;
        rows.push((name, Counts::read(&output)?));
    }
    println!(
        "{:<16} {:>7} {:>7} {:>9} {:>9} {:>7}",
        "crate", "caught", "missed", "timeouts", "unviable", "score"
    );
    let mut below = Vec::new();
    for (name, counts) in &rows {
        let score = counts.score();
        println!(
            "{name:<16} {:>7} {:>7} {:>9} {:>9} {:>6.1}%",
            counts.caught,
            counts.missed,
            counts.timeouts,
            counts.unviable,
            100.0 * score
        );
        if score < MIN_SCORE {
            below.push(*name);
        }
    }
    if !below.is_empty() {
        bail!(
            "below {:.0}%: {}; the missed mutants are in target/mutants/<crate>/mutants.out/missed.txt",
            100.0 * MIN_SCORE,
            below.join(", ")
        );
    }
    Ok(())
}

/// Mutation-tests only the lines changed since `base` (a git revision): every mutant there must
/// be caught (or time out), so new code cannot land without a test that notices it break.
pub fn run_in_diff(base: &str) -> anyhow::Result<()> {
    let root = golden_cases::workspace_root();
    let diff = Command::new("git")
        .current_dir(&root)
        .args(["diff", base, "--", "*.rs"])
        .output()
        .context("running git diff")?;
    if !diff.status.success() {
        bail!(
            "git diff {base} failed: {}",
            String::from_utf8_lossy(&diff.stderr)
        );
    }
    if diff.stdout.is_empty() {
        println!("mutants: no Rust source changed since {base}");
        return Ok(());
    }
    cargo_tool::ensure("mutants", "mutants", "cargo-mutants")?;
    let output = output_dir("in-diff")?;
    let patch = output.join("changes.diff");
    std::fs::write(&patch, &diff.stdout)?;
    println!("mutants: the lines changed since {base}");
    let patch = patch.to_string_lossy().into_owned();
    // In place: the tree is built already, and cargo-mutants restores every file it mutates.
    let all_caught = cargo_mutants(&["--in-diff", &patch, "--in-place"], &output)?;
    if all_caught && !output.join("mutants.out/outcomes.json").exists() {
        println!("mutants: none in the changed lines (or only in excluded files)");
        return Ok(());
    }
    let counts = Counts::read(&output)?;
    println!(
        "mutants: {} caught, {} missed, {} timeouts, {} unviable",
        counts.caught, counts.missed, counts.timeouts, counts.unviable
    );
    // A mutant that makes the tests hang (a loop that never ends) is noticed too.
    if counts.missed > 0 {
        bail!(
            "mutants in the changed lines survive the tests: {}",
            output.join("mutants.out/missed.txt").display()
        );
    }
    Ok(())
}

/// Runs cargo-mutants with `args`, writing its report under `output`; whether it exited 0.
fn cargo_mutants(args: &[&str], output: &Path) -> anyhow::Result<bool> {
    // A run with no mutants writes no report: an earlier run's must not be read as this one's.
    match std::fs::remove_dir_all(output.join("mutants.out")) {
        Err(err) if err.kind() != std::io::ErrorKind::NotFound => return Err(err.into()),
        _ => {}
    }
    let status = Command::new("cargo")
        .current_dir(golden_cases::workspace_root())
        .args([
            "mutants",
            "--test-workspace=false",
            "--no-shuffle",
            "--output",
        ])
        .arg(output)
        .args(args)
        .status()
        .context("running cargo mutants")?;
    // 0: all caught; 2: some missed; 3: some timed out; anything else is a failure to run.
    match status.code() {
        Some(0) => Ok(true),
        Some(2 | 3) => Ok(false),
        _ => bail!("cargo mutants failed to run ({status})"),
    }
}

/// Where a run's report goes, `target/mutants/<name>/mutants.out/`: the folder, made if missing.
fn output_dir(name: &str) -> std::io::Result<PathBuf> {
    let output = golden_cases::workspace_root()
        .join("target/mutants")
        .join(name);
    std::fs::create_dir_all(&output)?;
    Ok(output)
}

/// What a run found, from its `outcomes.json`.
struct Counts {
    caught: u64,
    missed: u64,
    timeouts: u64,
    unviable: u64,
}

impl Counts {
    fn read(output: &Path) -> anyhow::Result<Counts> {
        let path = output.join("mutants.out/outcomes.json");
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        let outcomes: serde_json::Value = serde_json::from_str(&text)?;
        let count = |key: &str| outcomes[key].as_u64().unwrap_or(0);
        Ok(Counts {
            caught: count("caught"),
            missed: count("missed"),
            timeouts: count("timeout"),
            unviable: count("unviable"),
        })
    }

    /// Caught over caught plus missed: the share of viable mutants the tests notice.
    #[expect(clippy::cast_precision_loss, reason = "counts far below 2^52")]
    fn score(&self) -> f64 {
        let viable = self.caught + self.missed;
        if viable == 0 {
            1.0
        } else {
            self.caught as f64 / viable as f64
        }
    }
}
