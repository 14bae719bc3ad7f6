//! push-fold's input path: every line of the input read as a spot in the command line's flags
//! (never a panic; an error has a column); the first few heads-up spots solved, each equilibrium's
//! frequencies between 0 and 1, its gains finite and its exploitability within the precision
//! (or the iterations spent), and written in every format, with and without the gains.
#![no_main]

use equity_core::Silent;
use libfuzzer_sys::fuzz_target;
use push_fold::parse::parse_line;
use push_fold::{MAX_ITERATIONS, solve, write};

const MOST_SPOTS_SOLVED: usize = 3;

fuzz_target!(|input: &[u8]| {
    let Ok(text) = std::str::from_utf8(input) else {
        return;
    };
    let mut solved = 0;
    for line in text.lines() {
        match parse_line(line) {
            Err(error) => assert!(error.column.is_some(), "{error}"),
            // This build leaves the three-way table out, and a three-handed solve takes a
            // second: heads-up spots are solved, and a solve never fails.
            Ok(request) if solved < MOST_SPOTS_SOLVED && request.setup.stacks.len() == 2 => {
                solved += 1;
                let equilibrium = solve(&request.setup, request.precision, &Silent).unwrap();
                for strategy in &equilibrium.strategies {
                    assert!(strategy.frequencies.iter().all(|f| (0.0..=1.0).contains(f)));
                    assert!(strategy.gains.iter().flatten().all(|gain| gain.is_finite()));
                }
                assert!(
                    equilibrium.worst_exploitability() <= request.precision
                        || equilibrium.iterations == MAX_ITERATIONS
                );
                for gains in [false, true] {
                    for written in [
                        write::text(&request.setup, &equilibrium, gains),
                        write::json(&request.setup, &equilibrium, gains),
                        write::csv(&equilibrium, gains),
                    ] {
                        assert!(written.ends_with('\n'));
                    }
                }
                assert!(write::svg(&request.setup, &equilibrium).ends_with('\n'));
            }
            Ok(_) => {}
        }
    }
});
