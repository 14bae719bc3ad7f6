//! holdem-equity's whole input path, text and JSON, on one thread. Every input is parsed; inputs
//! of at most four matchups are counted too (a preflop matchup takes a few milliseconds), so one
//! run stays fast. The same input is read as lines of ranges (the `ranges` command) and listed,
//! as text and JSON: counting ranges is held to brute force by the tests instead.
#![no_main]

use equity_io::parse;
use holdem_equity::{CountingOptions, Options, RangeOptions, run, run_ranges};
use libfuzzer_sys::fuzz_target;
use work_threads::Threads;

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
                    ..Options::default()
                };
                common::check_outcome(run(input, &options));
            }
        }
    }
    for json in [false, true] {
        let options = RangeOptions {
            json,
            list: true,
            counting: CountingOptions {
                threads: Threads::ONE,
                ..CountingOptions::default()
            },
            ..RangeOptions::default()
        };
        common::check_outcome(run_ranges(input, &options, &|_| {}));
    }
});
