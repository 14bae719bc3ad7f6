//! Bad input: one `error:` line with line and column, nothing else; never a panic.

use poker_decision::{Options, run};
use rstest::rstest;

#[track_caller]
fn check(input: &[u8], expected: Result<&str, &str>) {
    golden_cases::assert_outcome(run(input, &Options::default()), expected);
}

#[rstest]
#[case::one_case(b"1\nJC 4H\nTS 5D\nJS JH JD 4S 4C 4D\n", Ok("Alice\n"))]
#[case::lines_do_not_matter(b"1 JC 4H TS 5D JS JH\nJD 4S\n4C 4D", Ok("Alice\n"))]
#[case::zero_cases(b"0\n", Ok(""))]
#[case::same_card_in_two_cases(
    b"2\nJC 4H TS 5D JS JH JD 4S 4C 4D\nJC 4H TS 5D JS JH JD 4S 4C 4D\n",
    Ok("Alice\nAlice\n")
)]
#[case::empty(
    b"",
    Err("line 1, column 1: expected the number of cases, found end of input")
)]
#[case::count_not_a_number(
    b"x\n",
    Err("line 1, column 1: expected the number of cases, found 'x'")
)]
#[case::negative_count(
    b"-1\n",
    Err("line 1, column 1: expected the number of cases, found '-1'")
)]
#[case::bad_card(
    b"1\nJC 4H\nTS 5X\nJS JH JD 4S 4C 4D\n",
    Err("line 3, column 4: expected Bob's second card, found '5X' (invalid suit 'X')")
)]
#[case::repeated_card(
    b"1\nJC 4H\nTS 5D\nJS JH JD 4S 4C JC\n",
    Err("line 4, column 16: repeated card JC (first at line 2, column 1)")
)]
#[case::missing_card(
    b"1\nJC 4H\nTS 5D\nJS JH JD 4S 4C\n",
    Err("line 5, column 1: expected the sixth community card, found end of input")
)]
#[case::fewer_cases_than_announced(
    b"2\nJC 4H\nTS 5D\nJS JH JD 4S 4C 4D\n",
    Err("line 5, column 1: expected Alice's first card, found end of input")
)]
#[case::extra_token(
    b"1\nJC 4H\nTS 5D\nJS JH JD 4S 4C 4D 9C\n",
    Err("line 4, column 19: expected end of input, found '9C'")
)]
#[case::more_cases_than_announced(
    b"1\nJC 4H\nTS 5D\nJS JH JD 4S 4C 4D\nJC 4H\n",
    Err("line 5, column 1: expected end of input, found 'JC'")
)]
#[case::binary_garbage(
    b"1\n\xff\xfe\x00",
    Err(
        "line 2, column 1: expected Alice's first card, found '\\xff\\xfe\\0' (not a rank followed by a suit)"
    )
)]
fn reads_cases_or_reports_one_error(#[case] input: &[u8], #[case] expected: Result<&str, &str>) {
    check(input, expected);
}

#[test]
fn a_huge_count_is_a_missing_case_not_an_allocation() {
    check(
        b"99999999999999 JC 4H TS 5D JS JH JD 4S 4C 4D",
        Err("line 1, column 45: expected Alice's first card, found end of input"),
    );
}

#[test]
fn the_binary_prints_nothing_on_stdout_and_exits_1_on_bad_input() {
    let exe = std::path::Path::new(env!("CARGO_BIN_EXE_poker-decision"));
    let output = golden_cases::run_binary(exe, &[], b"2\nJC 4H TS 5D JS JH JD 4S 4C 4D\n").unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "error: line 3, column 1: expected Alice's first card, found end of input\n"
    );
}
