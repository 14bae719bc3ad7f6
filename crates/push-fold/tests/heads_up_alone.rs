//! A heads-up spot does not read the three-way table (40 MB, checked in a few hundredths of a
//! second), which only three players need: the heads-up command line is then a matter of
//! milliseconds. Its own test binary, so that no other test has read the table first.

#![cfg(feature = "three-way")]

use push_fold::{Setup, solve};

/// The most memory this process has had resident, in kilobytes (Linux's `VmHWM`).
fn resident_peak() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_heads_up_spot_leaves_the_three_way_table_unread() {
    let before = resident_peak();
    let equilibrium = solve(&Setup::heads_up(10.0), 0.001, &equity_core::Silent).unwrap();
    assert_eq!(equilibrium.strategies.len(), 2);
    match (before, resident_peak()) {
        // Reading the table would make its 40 MB resident.
        (Some(before), Some(after)) => assert!(after - before < 20_000, "{before} {after} KB"),
        _ => println!("no /proc/self/status here: the memory read is not checked"),
    }
}
