//! gdy's whole input path, plain and with `--explain`. Tables are sized by the input (about 64
//! bytes a player, by design), so inputs that declare more than `MAX_PLAYERS` players are only
//! parsed: playing them would test the machine's memory, not the code.
#![no_main]

use gdy::{Options, parse, run};
use libfuzzer_sys::fuzz_target;

mod common;

const MAX_PLAYERS: usize = 1_000;

fuzz_target!(|input: &[u8]| {
    match parse(input) {
        Ok(cases) if cases.iter().any(|case| case.players > MAX_PLAYERS) => {}
        _ => {
            for explain in [false, true] {
                common::check_outcome(run(input, &Options { explain }));
            }
        }
    }
});
