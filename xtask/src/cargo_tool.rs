//! The cargo subcommands some tasks need (cargo-fuzz, cargo-mutants), installed on first use.

use std::process::{Command, Stdio};

use anyhow::{Context, bail};

/// Whether `command` runs and exits successfully, its output thrown away.
pub fn succeeds(command: &mut Command) -> bool {
    command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Makes sure `cargo <subcommand>` exists, installing `package` from crates.io when it does not
/// (once; `task` names who asked, in the message).
pub fn ensure(task: &str, subcommand: &str, package: &str) -> anyhow::Result<()> {
    if succeeds(Command::new("cargo").args([subcommand, "--version"])) {
        return Ok(());
    }
    println!("{task}: installing {package} from crates.io (once, a few minutes)");
    let status = Command::new("cargo")
        .args(["install", package, "--locked"])
        .status()
        .context("running cargo install")?;
    if !status.success() {
        bail!("cargo install {package} failed");
    }
    Ok(())
}
