//! texas-best-hand's whole input path, under both hole-card rules.
#![no_main]

use libfuzzer_sys::fuzz_target;
use texas_best_hand::{Options, run};

mod common;

fuzz_target!(|input: &[u8]| {
    for both_hole_cards in [false, true] {
        common::check_outcome(run(input, &Options { both_hole_cards }));
    }
});
