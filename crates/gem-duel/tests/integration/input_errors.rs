//! Bad input: one `error:` line, with line and column where the input is at fault, and with the
//! case, player and operations for a clearing that never settles; never a panic or a hang.

use gem_duel::{Options, run};
use rstest::rstest;

#[track_caller]
fn check(input: &[u8], expected: Result<&str, &str>) {
    golden_cases::assert_outcome(run(input, &Options::default()), expected);
}

#[rstest]
#[case::tiny_boards(b"1\n1 1 1\nB\nB\ng\ng\n", Ok("draw\n"))]
#[case::empty(
    b"",
    Err("line 1, column 1: expected the number of cases, found end of input")
)]
#[case::bad_letter(
    b"1\n1 2 1\nBX\nB\nGG\nG\n",
    Err("line 3, column 2: expected a gem color (B, G, O, P, R, W or Y), found 'X'")
)]
#[case::short_row(
    b"1\n2 3 1\nBGB\nBG\nB\n",
    Err("line 4, column 1: expected row 2 of player 1's board (3 gems), found 'BG' (2 gems)")
)]
#[case::rows_out_of_range(
    b"1\n9 3 1\n",
    Err("line 2, column 1: expected the number of rows in 1..=8, found '9'")
)]
#[case::columns_out_of_range(
    b"1\n3 0 1\n",
    Err("line 2, column 3: expected the number of columns in 1..=8, found '0'")
)]
#[case::empty_strip(
    b"1\n1 1 0\n",
    Err("line 2, column 5: expected the strip length, found '0' (a strip has at least one gem)")
)]
#[case::signed_strip(
    b"1\n1 1 +1\n",
    Err("line 2, column 5: expected the strip length, found '+1' (not a number)")
)]
#[case::wrong_strip(
    b"1\n1 2 3\nBG\nBG\nGB\nBGR\n",
    Err("line 4, column 1: expected player 1's strip (3 gems), found 'BG' (2 gems)")
)]
#[case::strip_of_one(
    b"1\n1 2 1\nBG\nBG\nGB\nGB\n",
    Err("line 4, column 1: expected player 1's strip (1 gem), found 'BG' (2 gems)")
)]
#[case::huge_strip_is_an_error_not_an_allocation(
    b"1\n1 1 99999999999\nB\nB\n",
    Err("line 4, column 1: expected player 1's strip (99999999999 gems), found 'B' (1 gem)")
)]
#[case::largest_strip(
    b"1\n1 1 18446744073709551615\nB\nB\n",
    Err(
        "line 4, column 1: expected player 1's strip (18446744073709551615 gems), found 'B' (1 gem)"
    )
)]
#[case::strip_too_large_for_a_number(
    b"1\n1 1 18446744073709551616\nB\nB\n",
    Err(
        "line 2, column 5: expected the strip length, found '18446744073709551616' (larger than 18446744073709551615)"
    )
)]
#[case::multibyte_letter_is_quoted_whole(
    "1\n1 2 1\nBé\n".as_bytes(),
    Err("line 3, column 2: expected a gem color (B, G, O, P, R, W or Y), found 'é'")
)]
#[case::byte_order_mark("\u{feff}1\n1 1 1\nB\nB\nG\nG\n".as_bytes(), Ok("draw\n"))]
#[case::line_already(
    b"1\n2 3 1\nBGB\nWWW\nB\nBGB\nGBG\nG\n",
    Err("line 4, column 1: player 1's board already holds a line of three here")
)]
#[case::line_not_at_the_start_of_its_row(
    b"1\n1 4 1\nGBBB\nB\nGBGR\nG\n",
    Err("line 3, column 2: player 1's board already holds a line of three here")
)]
#[case::second_board_line(
    b"1\n3 1 1\nB\nG\nB\nB\nG\nG\nG\nG\n",
    Err("line 7, column 1: player 2's board already holds a line of three here")
)]
#[case::missing_case(
    b"2\n1 1 1\nB\nB\nG\nG\n",
    Err("line 7, column 1: expected the number of rows, found end of input")
)]
#[case::trailing(
    b"1\n1 1 1\nB\nB\nG\nG\nG\n",
    Err("line 7, column 1: expected end of input, found 'G'")
)]
#[case::garbage(
    b"1\n1 1 1\n\xff\n",
    Err("line 3, column 1: expected a gem color (B, G, O, P, R, W or Y), found '\\xff'")
)]
fn reads_cases_or_reports_one_error(#[case] input: &[u8], #[case] expected: Result<&str, &str>) {
    check(input, expected);
}

#[test]
fn a_clearing_that_never_settles_is_an_error_not_a_hang() {
    // One row: moving the B right lines up three Bs, which the strip of Bs refills forever.
    check(
        b"1\n1 4 1\nBBGB\nB\nGBGR\nG\n",
        Err("case 1, player 1: the clearing after row 1, column 4, left (B) never settles"),
    );
}
