//! `postflop`: the command line of the postflop crate (`postflop --help`).

use std::io::{Read as _, Write as _};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Parser as _;
use postflop::cli::Cli;
use postflop::solve::Progress;

/// Progress on stderr; Ctrl-C stops the solve and keeps the solution so far.
struct Stderr {
    interrupted: &'static AtomicBool,
}

impl Progress for Stderr {
    fn report(&self, iterations: usize, exploitability: f64) {
        eprintln!(
            "iteration {iterations}: exploitability {:.3}% of the pot",
            100.0 * exploitability
        );
    }

    fn is_cancelled(&self) -> bool {
        self.interrupted.load(Ordering::Relaxed)
    }
}

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(&cli) {
        Ok(output) => {
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(&output).and_then(|()| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: &Cli) -> Result<Vec<u8>, String> {
    let mut input = Vec::new();
    if cli.reads_input() {
        match cli.file() {
            Some(file) => {
                input =
                    std::fs::read(file).map_err(|err| format!("cannot read '{file}': {err}"))?;
            }
            None => {
                std::io::stdin()
                    .read_to_end(&mut input)
                    .map_err(|err| format!("cannot read stdin: {err}"))?;
            }
        }
    }
    let load = match cli.load_file() {
        Some(file) => Some(
            std::fs::read(file).map_err(|err| format!("--load: cannot read '{file}': {err}"))?,
        ),
        None => None,
    };
    let locks = match cli.lock_file() {
        Some(file) => Some(
            std::fs::read_to_string(file)
                .map_err(|err| format!("--lock: cannot read '{file}': {err}"))?,
        ),
        None => None,
    };
    // A second Ctrl-C ends the process at once, as usual.
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
    let progress = Stderr {
        interrupted: &INTERRUPTED,
    };
    let answer = cli.answer(&input, load, locks, &progress, half_the_memory())?;
    if let Some(file) = cli.save_file() {
        std::fs::write(file, answer.saved())
            .map_err(|err| format!("--save: cannot write '{file}': {err}"))?;
    }
    Ok(answer.output.into_bytes())
}

/// Half the machine's memory, from /proc/meminfo where there is one (else no limit).
fn half_the_memory() -> usize {
    let total_kb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|line| line.strip_prefix("MemTotal:"))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<usize>()
                        .ok()
                })
        });
    total_kb.map_or(usize::MAX, |kb| kb.saturating_mul(1024) / 2)
}
