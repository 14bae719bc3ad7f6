//! postflop's input path: the input read as a spot file and, after a line `%%`, a lock file
//! (never a panic; an error is one line), and a spot small enough solved for two iterations
//! with its locks (32-bit numbers or 16-bit, by the input's length), its exploitability finite
//! and its EVs adding up to the pot.
#![no_main]

mod common;

use equilibrium_core::Precision;
use libfuzzer_sys::fuzz_target;
use postflop::game::{PostflopGame, game_size};
use postflop::locks::{dealing_for, read_locks};
use postflop::solve::{RULE, Silent, Solution, SolveOptions};
use postflop::spot::SpotFields;
use work_threads::Threads;

/// The largest game solved: a few milliseconds an iteration.
const MOST_SLOTS: usize = 200_000;

fuzz_target!(|input: &[u8]| {
    let Ok(text) = std::str::from_utf8(input) else {
        return;
    };
    let (text, lock_text) = text.split_once("\n%%\n").unwrap_or((text, ""));
    let mut fields = SpotFields::default();
    let spot = fields.read_file(text).and_then(|()| fields.spot());
    let spot = match spot {
        Ok(spot) => spot,
        Err(err) => return common::check_outcome::<_>(Err::<Vec<u8>, _>(err)),
    };
    // Dealt as the command line deals it: every card apart with a lock.
    let dealing = dealing_for(lock_text);
    let size = match game_size(&spot, dealing) {
        Ok(size) => size,
        Err(err) => return common::check_outcome::<_>(Err::<Vec<u8>, _>(err)),
    };
    if size.slots > MOST_SLOTS || size.nodes > MOST_SLOTS {
        return;
    }
    let game = match PostflopGame::with_dealing(&spot, dealing) {
        Ok(game) => game,
        Err(err) => return common::check_outcome::<_>(Err::<Vec<u8>, _>(err)),
    };
    let locks = match read_locks(&game, lock_text) {
        Ok(locks) => locks,
        Err(err) => return common::check_outcome::<_>(Err::<Vec<u8>, _>(err)),
    };
    let options = SolveOptions {
        exploitability: 0.0,
        iterations: 2,
        threads: Threads::new(1).unwrap(),
        rule: RULE,
        precision: if input.len() % 2 == 0 {
            Precision::Full
        } else {
            Precision::Compressed
        },
    };
    let solution = Solution::solve(game, locks, options, &Silent);
    assert!(solution.exploitability().is_finite() && solution.exploitability() >= -1e-9);
    let [oop, ip] = solution.ev();
    assert!((oop + ip - f64::from(spot.pot)).abs() <= 1e-6 * f64::from(spot.pot));
});
