//! triangle-war's whole input path, plain and with `--explain`; the game is solved once.
#![no_main]

use std::sync::LazyLock;

use libfuzzer_sys::fuzz_target;
use triangle_war::{Options, PositionValues, run_with_values};

mod common;

static VALUES: LazyLock<PositionValues> = LazyLock::new(PositionValues::new);

fuzz_target!(|input: &[u8]| {
    for explain in [false, true] {
        common::check_outcome(run_with_values(input, &Options { explain }, &VALUES));
    }
});
