//! Building the problems' release binaries and finding them.

use std::path::PathBuf;
use std::process::Command;

use anyhow::{Context, bail};

/// Builds the release binaries of `problems` in one cargo call.
pub fn release_binaries(problems: &[String]) -> anyhow::Result<()> {
    let root = golden_cases::workspace_root();
    for problem in problems {
        if !root
            .join("crates")
            .join(problem)
            .join("src/main.rs")
            .is_file()
        {
            bail!("testdata/{problem} has no binary: expected crates/{problem}/src/main.rs");
        }
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .current_dir(&root)
        .args(["build", "--release", "--quiet", "--bins"]);
    for problem in problems {
        command.args(["--package", problem]);
    }
    let status = command.status().context("running cargo build")?;
    if !status.success() {
        bail!("cargo build --release failed");
    }
    Ok(())
}

/// Where the release binary of `problem` is.
pub fn binary_path(problem: &str) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| golden_cases::workspace_root().join("target"));
    target.join("release").join(problem)
}
