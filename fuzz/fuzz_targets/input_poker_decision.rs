//! poker-decision's whole input path, plain and with `--explain`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use poker_decision::{Options, run};
use work_threads::Threads;

mod common;

fuzz_target!(|input: &[u8]| {
    for explain in [false, true] {
        let options = Options {
            explain,
            threads: Threads::ONE,
        };
        common::check_outcome(run(input, &options));
    }
});
