//! push-fold's exact equity tables made from scratch by the equity engine and written into the
//! crate's `data/`, or (`--check`) compared with the ones kept there byte for byte.
//!
//! Run with `cargo xtask tables [--check] [--three-way]`, which runs this example (xtask itself
//! does not link the engines, so that a cold `cargo xtask verify` need not compile them twice).

use std::fs;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Mutex;

use equity_core::{Silent, Threads};

fn main() -> ExitCode {
    let (mut check, mut three_way) = (false, false);
    for argument in std::env::args().skip(1) {
        match argument.as_str() {
            "--check" => check = true,
            "--three-way" => three_way = true,
            other => {
                eprintln!("error: unknown argument {other} (--check, --three-way)");
                return ExitCode::FAILURE;
            }
        }
    }
    match run(check, three_way) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(check: bool, three_way: bool) -> Result<(), String> {
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
        let made = push_fold::tables::three_way::build(Threads::available(), &progress);
        ("three-way-v1.bin", made.map_err(|error| error.to_string())?)
    } else {
        eprintln!("counting every starting hand against every other heads-up...");
        let made = push_fold::tables::build_heads_up(Threads::available(), &Silent);
        ("heads-up-v1.bin", made.map_err(|error| error.to_string())?)
    };
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(file);
    let shown = path.display();
    if check {
        let kept = fs::read(&path).map_err(|error| format!("reading {shown}: {error}"))?;
        if kept != made {
            return Err(format!("{shown} differs from the table made from scratch"));
        }
        eprintln!("{shown}: the same, byte for byte");
    } else {
        fs::write(&path, &made).map_err(|error| format!("writing {shown}: {error}"))?;
        eprintln!("wrote {shown} ({} bytes)", made.len());
    }
    Ok(())
}
