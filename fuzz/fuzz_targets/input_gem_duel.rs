//! gem-duel's whole input path, plain and with `--explain`, on one thread.
#![no_main]

use gem_duel::{Options, run};
use libfuzzer_sys::fuzz_target;
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
