//! `cargo xtask tables`: push-fold's exact equity tables made from scratch by the equity engine,
//! written into the crate, or (`--check`) compared with the ones kept there byte for byte. The
//! work is push-fold's example `tables`, run here through Cargo: xtask links no engine, so a cold
//! `cargo xtask verify` does not compile the engines for xtask as well as for the binaries.

use anyhow::{Context, bail};

use crate::build::cargo;

pub fn run(check: bool, three_way: bool) -> anyhow::Result<()> {
    let mut command = cargo();
    command.args(["run", "--package", "push-fold", "--example", "tables", "--"]);
    if check {
        command.arg("--check");
    }
    if three_way {
        command.arg("--three-way");
    }
    let status = command
        .status()
        .context("running push-fold's example tables")?;
    if !status.success() {
        bail!("push-fold's example tables failed");
    }
    Ok(())
}
