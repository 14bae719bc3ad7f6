//! `push-fold`: the command line of the push-fold crate (`push-fold --help`).

use std::io::{Read as _, Write as _};
use std::process::ExitCode;

use clap::Parser as _;
use judge_io::ProgressBarAfterASecond;
use push_fold::cli::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut input = Vec::new();
    if cli.reads_input() {
        let read = match cli.file() {
            Some(file) => std::fs::read(file)
                .map(|bytes| input = bytes)
                .map_err(|err| format!("cannot read '{file}': {err}")),
            None => std::io::stdin()
                .read_to_end(&mut input)
                .map(drop)
                .map_err(|err| format!("cannot read stdin: {err}")),
        };
        if let Err(message) = read {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    }
    // A bar on stderr for three-handed spots that take more than a second (at a terminal).
    let bar = ProgressBarAfterASecond::new();
    let answer = cli.respond_with(&input, &|done| bar.report(done));
    bar.finish();
    match answer {
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
