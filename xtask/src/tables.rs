//! `cargo xtask tables`: push-fold's exact equity tables made from scratch by the equity engine,
//! written into the crate, or (`--check`) compared with the ones kept there byte for byte.

use std::fs;

use anyhow::{Context, bail};
use equity_core::{Silent, Threads};

use crate::web::workspace_root;

pub fn run(check: bool) -> anyhow::Result<()> {
    let path = workspace_root().join("crates/push-fold/data/heads-up-v1.bin");
    eprintln!("counting every starting hand against every other heads-up...");
    let made = push_fold::tables::build_heads_up(Threads::available(), &Silent)?;
    if check {
        let kept = fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        if kept != made {
            bail!(
                "{} differs from the table made from scratch",
                path.display()
            );
        }
        eprintln!("{}: the same, byte for byte", path.display());
    } else {
        fs::write(&path, &made).with_context(|| format!("writing {}", path.display()))?;
        eprintln!("wrote {} ({} bytes)", path.display(), made.len());
    }
    Ok(())
}
