//! The first line of a range line's text: how many deals were counted, one deal or many.

use equity_core::{Method, Silent, Threads, range_equity};
use equity_io::{parse_ranges, write};

/// The first line written for `input`, counted exactly.
fn first_line(input: &str) -> String {
    let line = &parse_ranges(input.as_bytes()).expect("a valid line")[0];
    let result = range_equity(&line.matchup, Method::Exact, Threads::ONE, &Silent).expect("exact");
    let mut text = String::new();
    write::ranges::text(line, &result, 1, false, &mut text);
    text.lines().next().expect("a first line").to_string()
}

#[test]
fn one_deal_is_a_deal_and_more_are_deals() {
    let river = "| AH 7C 2D 9S 3H";
    assert_eq!(
        first_line(&format!("AsKs vs QdQc {river}")),
        "exact over 1 deal and every board"
    );
    assert_eq!(
        first_line(&format!("AsKs vs QdQc, JdJc {river}")),
        "exact over 2 deals and every board"
    );
}
