//! `cargo xtask tables`: push-fold's exact equity tables made from scratch by the equity engine,
//! written into the crate, or (`--check`) compared with the ones kept there byte for byte.

use std::fs;
use std::sync::Mutex;

use anyhow::{Context, bail};
use equity_core::{Silent, Threads};

use crate::web::workspace_root;

pub fn run(check: bool, three_way: bool) -> anyhow::Result<()> {
    let (file, made) = if three_way {
        eprintln!("counting every three starting hands all in together (about 2 core-hours)...");
        // A line at each whole percent.
        let shown = Mutex::new(0.0);
        let progress = |done: f64| {
            let percent = (100.0 * done).floor();
            let mut shown = shown.lock().expect("no panic while held");
            if percent > *shown {
                *shown = percent;
                eprintln!("{percent}%");
            }
        };
        let made = push_fold::tables::three_way::build(Threads::available(), &progress)?;
        ("three-way-v1.bin", made)
    } else {
        eprintln!("counting every starting hand against every other heads-up...");
        let made = push_fold::tables::build_heads_up(Threads::available(), &Silent)?;
        ("heads-up-v1.bin", made)
    };
    let path = workspace_root().join("crates/push-fold/data").join(file);
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
