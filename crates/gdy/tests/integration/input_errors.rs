//! Input handling: any `n`, `m` that fit, and one `error:` line with line and column for bad
//! input.

use gdy::{Options, run};
use rstest::rstest;

#[track_caller]
fn check(input: &[u8], expected: Result<&str, &str>) {
    golden_cases::assert_outcome(run(input, &Options::default()), expected);
}

#[rstest]
#[case::first_lead_wins(b"1\n3 1\n7\n", Ok("Case #1:\nWinner\n0\n0\n"))]
#[case::one_player(b"1\n1 7\n2 2 2 2 2 2 2\n", Ok("Case #1:\nWinner\n"))]
#[case::values_over_lines(b"1\n2\n3\n5\n6 7\n", Ok("Case #1:\nWinner\n0\n"))]
#[case::no_cases(b"0\n", Ok(""))]
#[case::empty(
    b"",
    Err("line 1, column 1: expected the number of cases, found end of input")
)]
#[case::no_players(
    b"1\n0 3\n1 2 3\n",
    Err("line 2, column 1: expected the number of players, found '0' (it must be at least 1)")
)]
#[case::no_cards(
    b"1\n2 0\n",
    Err("line 2, column 3: expected the number of cards, found '0' (it must be at least 1)")
)]
#[case::value_too_big(
    b"1\n2 3\n1 14 3\n",
    Err("line 3, column 3: expected a card value in 1..=13, found '14'")
)]
#[case::value_zero(
    b"1\n2 3\n0 1 3\n",
    Err("line 3, column 1: expected a card value in 1..=13, found '0'")
)]
#[case::too_few_values(
    b"1\n2 4\n1 2 3\n",
    Err("line 4, column 1: expected a card value, found end of input")
)]
#[case::trailing_garbage(
    b"1\n2 3\n1 2 3 x\n",
    Err("line 3, column 7: expected end of input, found 'x'")
)]
#[case::not_a_number(
    b"1\ntwo 3\n",
    Err("line 2, column 1: expected the number of players, found 'two' (not a number)")
)]
#[case::negative(
    b"1\n2 -3\n",
    Err("line 2, column 3: expected the number of cards, found '-3' (not a number)")
)]
#[case::signed(
    b"1\n+2 3\n1 2 3\n",
    Err("line 2, column 1: expected the number of players, found '+2' (not a number)")
)]
#[case::overflowing(
    b"1\n2 99999999999999999999\n",
    Err(
        "line 2, column 3: expected the number of cards, found '99999999999999999999' (larger than 18446744073709551615)"
    )
)]
fn reads_cases_or_reports_one_error(#[case] input: &[u8], #[case] expected: Result<&str, &str>) {
    check(input, expected);
}

#[test]
fn a_table_too_big_for_memory_is_an_error_not_a_crash() {
    check(
        b"1\n99999999999999999 1\n5\n",
        Err("case 1: 99999999999999999 players do not fit in memory"),
    );
}

#[test]
fn many_players_and_a_short_pile_work() {
    let output = run(b"1\n100000 3\n5 6 7\n", &Options::default()).unwrap();
    let lines: Vec<&[u8]> = output.split(|&byte| byte == b'\n').collect();
    assert_eq!(lines.len(), 100_002);
    assert_eq!(lines[1], b"Winner");
    assert!(lines[2..100_001].iter().all(|line| *line == b"0"));
}
