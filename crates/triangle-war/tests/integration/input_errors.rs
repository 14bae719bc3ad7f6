//! Input handling: games of 0 to 18 moves, either order of a pair's dots, and one `error:` line
//! with line and column for bad input.

use rstest::rstest;
use triangle_war::{Options, run};

#[track_caller]
fn check(input: &[u8], expected: Result<&str, &str>) {
    golden_cases::assert_outcome(run(input, &Options::default()), expected);
}

const FULL_GAME: &str = "18\n1 2\n1 3\n2 3\n2 4\n2 5\n3 5\n3 6\n4 5\n5 6\n4 7\n4 8\n5 8\n5 9\n6 9\n6 10\n7 8\n8 9\n9 10\n";

#[rstest]
#[case::empty_board(b"1\n0\n", Ok("Game 1: B wins.\n"))]
#[case::reversed_pairs(b"1\n6\n4 2\n5 4\n9 5\n6 3\n5 2\n5 3\n", Ok("Game 1: B wins.\n"))]
#[case::no_games(b"0", Ok(""))]
#[case::empty(
    b"",
    Err("line 1, column 1: expected the number of games, found end of input")
)]
#[case::too_many_moves(
    b"1\n19\n",
    Err("line 2, column 1: expected the number of moves in 0..=18, found '19'")
)]
#[case::not_a_segment(
    b"1\n1\n1 4\n",
    Err("line 3, column 1: 1-4 is not a segment of the board")
)]
#[case::same_dot(
    b"1\n1\n2 2\n",
    Err("line 3, column 1: 2-2 is not a segment of the board")
)]
#[case::dot_out_of_range(
    b"1\n1\n10 11\n",
    Err("line 3, column 4: expected a dot, found '11' (dots are numbered 1 to 10)")
)]
#[case::dot_zero(
    b"1\n1\n0 1\n",
    Err("line 3, column 1: expected a dot, found '0' (dots are numbered 1 to 10)")
)]
#[case::filled_twice(
    b"1\n2\n2 4\n4 2\n",
    Err("line 4, column 1: segment 2-4 is filled twice (first at line 3, column 1)")
)]
#[case::missing_number(
    b"1\n2\n2 4\n4\n",
    Err("line 5, column 1: expected a dot, found end of input")
)]
#[case::not_a_number(
    b"1\nsix\n",
    Err("line 2, column 1: expected the number of moves, found 'six'")
)]
#[case::trailing(
    b"1\n0\n7\n",
    Err("line 3, column 1: expected end of input, found '7'")
)]
#[case::garbage(
    b"1\n1\n\xff 2\n",
    Err("line 3, column 1: expected a dot, found '\\xff' (dots are numbered 1 to 10)")
)]
fn reads_games_or_reports_one_error(#[case] input: &[u8], #[case] expected: Result<&str, &str>) {
    check(input, expected);
}

#[test]
fn a_finished_game_is_decided_by_its_score() {
    // Filling the segments in the spec's order, A ends with 3 triangles and B with 6.
    check(
        format!("1\n{FULL_GAME}").as_bytes(),
        Ok("Game 1: B wins.\n"),
    );
}
