//! Input handling: the benchmark's lines, `-` for the empty board, and one `error:` line with
//! line and column for bad input, nothing else.

use connect_four::{Options, run};
use rstest::rstest;

#[track_caller]
fn check(input: &[u8], expected: Result<&str, &str>) {
    golden_cases::assert_outcome(run(input, &Options::default()), expected);
}

#[rstest]
#[case::benchmark_line(b"2252576253462244111563365343671351441 -1\n", Ok("-1\n"))]
#[case::anything_after_whitespace(b"2252576253462244111563365343671351441\tscore: ?\n", Ok("-1\n"))]
#[case::no_final_newline(b"2252576253462244111563365343671351441", Ok("-1\n"))]
#[case::windows_line_ends(
    b"2252576253462244111563365343671351441\r\n672125753724135163\r\n",
    Ok("-1\n12\n")
)]
#[case::leading_spaces(b"  2252576253462244111563365343671351441\n", Ok("-1\n"))]
// The last move connects four: the game is over, and the player to move lost to the winner's
// fourth stone.
#[case::won_by_the_last_move(b"1212121\n", Ok("-18\n"))]
// A full board with no four in a row: a draw.
#[case::full_board_drawn(b"121212343434565656212121434343656565777777\n", Ok("0\n"))]
#[case::empty_input(
    b"",
    Err(
        "line 1, column 1: expected a position (the columns played, 1 to 7, or - for the empty board), found end of input"
    )
)]
#[case::empty_line(
    b"44\n\n55\n",
    Err(
        "line 2, column 1: expected a position (the columns played, 1 to 7, or - for the empty board), found end of line"
    )
)]
#[case::blank_line(
    b"44\n   \n",
    Err(
        "line 2, column 4: expected a position (the columns played, 1 to 7, or - for the empty board), found end of line"
    )
)]
#[case::column_zero(
    b"4404\n",
    Err("line 1, column 3: expected a column from 1 to 7, found '0'")
)]
#[case::column_eight(
    b"448\n",
    Err("line 1, column 3: expected a column from 1 to 7, found '8'")
)]
#[case::not_a_digit(
    b"44x5\n",
    Err("line 1, column 3: expected a column from 1 to 7, found 'x'")
)]
#[case::not_ascii(
    b"4\xc3\xa95\n",
    Err("line 1, column 2: expected a column from 1 to 7, found '\u{e9}'")
)]
#[case::dash_and_moves(
    b"-4\n",
    Err("line 1, column 1: expected a column from 1 to 7, found '-'")
)]
#[case::full_column(b"-\n4444444\n", Err("line 2, column 7: column 4 is full"))]
#[case::move_after_a_win(
    b"12121213\n",
    Err("line 1, column 8: a move after the game is over: the move before it connected four")
)]
fn answers(#[case] input: &[u8], #[case] expected: Result<&str, &str>) {
    check(input, expected);
}

#[test]
fn a_dash_is_the_empty_board() {
    // Solving the empty board takes minutes (docs/experiments/connect-four.md); its first move
    // shows the position is the empty one.
    let queries = connect_four::parse(b"-\n- 1\n").unwrap();
    assert_eq!(queries.len(), 2);
    for query in queries {
        assert!(query.columns.is_empty() && query.finished.is_none());
        assert_eq!(query.position, connect_four::board::Standard::empty());
    }
}

#[test]
fn each_column_scores_what_the_position_does_at_best_and_weak_agrees_in_sign() {
    let positions = "672125753724135163\n732424422321123\n2252576253462244111563365343671351441\n";
    let strong = run(positions.as_bytes(), &Options::default()).unwrap();
    let weak_options = Options {
        weak: true,
        ..Options::default()
    };
    let weak = run(positions.as_bytes(), &weak_options).unwrap();
    let best = run(
        positions.as_bytes(),
        &Options {
            best: true,
            ..Options::default()
        },
    )
    .unwrap();
    let weak_best = run(
        positions.as_bytes(),
        &Options {
            best: true,
            ..weak_options
        },
    )
    .unwrap();
    let numbers = |text: &[u8]| -> Vec<Vec<Option<i32>>> {
        String::from_utf8(text.to_vec())
            .unwrap()
            .lines()
            .map(|line| line.split(' ').map(|cell| cell.parse().ok()).collect())
            .collect()
    };
    let (strong, weak) = (numbers(&strong), numbers(&weak));
    for (((score, sign), columns), weak_columns) in strong
        .iter()
        .zip(&weak)
        .zip(numbers(&best))
        .zip(numbers(&weak_best))
    {
        let score = score[0].unwrap();
        assert_eq!(sign[0].unwrap(), score.signum());
        assert_eq!(columns.iter().flatten().max(), Some(&score));
        for (column, weak_column) in columns.iter().zip(&weak_columns) {
            assert_eq!(column.map(i32::signum), *weak_column);
        }
    }
}
