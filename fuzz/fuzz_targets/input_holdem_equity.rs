//! holdem-equity's whole input path, text and JSON, on one thread. Every input is parsed; inputs
//! of at most four matchups are counted too (a preflop matchup takes a few milliseconds), so one
//! run stays fast.
#![no_main]

use holdem_equity::{Options, parse, run};
use judge_io::Threads;
use libfuzzer_sys::fuzz_target;

mod common;

const MOST_MATCHUPS_COUNTED: usize = 4;

fuzz_target!(|input: &[u8]| {
    match parse(input) {
        Ok(matchups) if matchups.len() > MOST_MATCHUPS_COUNTED => {}
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
