//! Building the problems' release binaries and finding them.

use std::path::PathBuf;
use std::process::Command;

use anyhow::{Context, bail};

use crate::problems::Problem;

/// Builds the release binaries of `problems` in one cargo call, with cargo's own progress on
/// stderr (a cold build takes a minute).
pub fn release_binaries(problems: &[&Problem]) -> anyhow::Result<()> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(golden_cases::workspace_root())
        .args(["build", "--release", "--bins"]);
    for problem in problems {
        command.args(["--package", problem.name]);
    }
    let status = command.status().context("running cargo build")?;
    if !status.success() {
        bail!("cargo build --release failed");
    }
    Ok(())
}

/// Where the release binary of `problem` is.
pub fn binary_path(problem: &str) -> PathBuf {
    target_dir().join("release").join(problem)
}

/// Cargo's target folder: `CARGO_TARGET_DIR`, or `target/` at the workspace's root.
pub fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || golden_cases::workspace_root().join("target"),
        PathBuf::from,
    )
}
