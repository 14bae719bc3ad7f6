//! holdem-equity's whole input path, text and JSON, on one thread. Every input is parsed; only
//! inputs whose matchups all have a flop or more are counted, so one run stays fast (preflop
//! matchups run the same counting code over more boards).
#![no_main]

use holdem_equity::{Options, parse, run};
use judge_io::Threads;
use libfuzzer_sys::fuzz_target;

mod common;

fuzz_target!(|input: &[u8]| {
    match parse(input) {
        Ok(matchups) if matchups.iter().any(|matchup| matchup.board.len() < 3) => {}
        _ => {
            for json in [false, true] {
                let options = Options {
                    json,
                    threads: Threads::ONE,
                };
                common::check_outcome(run(input, &options));
            }
        }
    }
});
