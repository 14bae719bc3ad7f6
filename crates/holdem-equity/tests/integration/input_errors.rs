//! Matchup syntax, and one `error:` line with line and column for bad input.

use equity_io::parse;
use holdem_equity::{Options, run};
use rstest::rstest;

#[track_caller]
fn check(input: &[u8], expected: Result<&str, &str>) {
    golden_cases::assert_outcome(run(input, &Options::default()), expected);
}

#[rstest]
#[case::river(
    b"AS KS QD QC | 2H 7C 9D 4S 5S",
    Ok(
        "boards 1\nAS KS  wins 0  ties 0  equity 0.0000%\nQD QC  wins 1  ties 0  equity 100.0000%\n"
    )
)]
#[case::pipes_touching_cards(
    b"AS KS QD QC|2H 7C 9D 4S 5S|dead:",
    Ok(
        "boards 1\nAS KS  wins 0  ties 0  equity 0.0000%\nQD QC  wins 1  ties 0  equity 100.0000%\n"
    )
)]
#[case::board_plays(
    b"2C 3D 2H 3S | AS KS QS JS TS",
    Ok(
        "boards 1\n2C 3D  wins 0  ties 0.5000  equity 50.0000%\n2H 3S  wins 0  ties 0.5000  equity 50.0000%\n"
    )
)]
#[case::one_player(
    b"AS KS | 2H 7C 9D",
    Err("line 1, column 6: expected hole cards of at least two players, found 1")
)]
#[case::odd_hole_cards(
    b"AS KS QD | 2H 7C 9D",
    Err("line 1, column 7: player 2 has one hole card, not two")
)]
#[case::board_of_two(
    b"AS KS QD QC | 2H 7C",
    Err("line 1, column 15: expected a board of 0, 3, 4 or 5 cards, found 2")
)]
#[case::board_of_six(
    b"AS KS QD QC | 2H 7C 9D 4S 5S 6S",
    Err("line 1, column 15: expected a board of 0, 3, 4 or 5 cards, found 6")
)]
#[case::repeated(
    b"AS KS QD AS",
    Err("line 1, column 10: repeated card AS (first at line 1, column 1)")
)]
#[case::repeated_on_board(
    b"AS KS QD QC | 2H 7C KS",
    Err("line 1, column 21: repeated card KS (first at line 1, column 4)")
)]
#[case::malformed(
    b"AS KX QD QC",
    Err("line 1, column 4: expected a card, found 'KX' (invalid suit 'X')")
)]
#[case::no_dead_keyword(
    b"AS KS QD QC | | 5S",
    Err("line 1, column 17: expected 'dead:', found '5S'")
)]
#[case::third_pipe(
    b"AS KS QD QC | | dead: 5S |",
    Err("line 1, column 26: expected at most two '|', found '|'")
)]
#[case::no_dead_keyword_on_a_later_line(
    b"AS KS QD QC | 2H 7C 9D\nAS KS QD QC | 2H 7C 9D\nAS KS QD QC | |\n",
    Err("line 3, column 16: expected 'dead:' after the second '|', found end of line")
)]
#[case::no_dead_keyword_points_at_the_end_of_the_line(
    b"AS KS QD QC | 2H 7C 9D |",
    Err("line 1, column 25: expected 'dead:' after the second '|', found end of line")
)]
#[case::one_player_and_no_board(
    b"QD QC\n",
    Err("line 1, column 6: expected hole cards of at least two players, found 1")
)]
#[case::found_by_fuzzing(
    b"QD QC\n\xb3| 2H 7| 2H 7\n\xb3| 2\x01",
    Err("line 1, column 6: expected hole cards of at least two players, found 1")
)]
#[case::no_players_on_a_later_line(
    b"AS KS QD QC\n\n  | 2H 7C 9D\n",
    Err("line 3, column 3: expected hole cards of at least two players, found 0")
)]
#[case::too_many_players_for_the_board(
    b"2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S \
      8C 8D 8H 8S 9C 9D 9H 9S TC TD TH TS JC JD JH JS QC QD QH QS KC KD KH KS",
    Err(
        "line 1, column 1: the matchup leaves 4 cards in the deck for the 5 board cards still to come"
    )
)]
#[case::too_many_dead_cards(
    b"AS KS QD QC | 2H 7C 9D | dead: 2C 2D 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S \
      7D 7H 7S 8C 8D 8H 8S 9C 9H 9S TC TD TH TS JC JD JH JS QH QS KC KD KH AC AD",
    Err(
        "line 1, column 1: the matchup leaves 1 card in the deck for the 2 board cards still to come"
    )
)]
#[case::exactly_the_cards_to_come(
    b"AS KS QD QC | 2H 7C 9D | dead: 2C 2D 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C 6D 6H 6S \
      7D 7H 7S 8C 8D 8H 8S 9C 9H 9S TC TD TH TS JC JD JH JS QH QS KC KD KH AC",
    Ok(
        "boards 1\nAS KS  wins 1  ties 0  equity 100.0000%\nQD QC  wins 0  ties 0  equity 0.0000%\n"
    )
)]
#[case::bad_card_between_glued_pipes(
    b"AS KS QD QC|XX|",
    Err("line 1, column 13: expected a card, found 'XX' (invalid rank 'X')")
)]
#[case::bad_card_after_a_glued_pipe(
    b"AS KS QD QC|XX",
    Err("line 1, column 13: expected a card, found 'XX' (invalid rank 'X')")
)]
#[case::third_pipe_glued_to_dead(
    b"AS KS QD QC|2H 7C 9D|dead:|",
    Err("line 1, column 27: expected at most two '|', found '|'")
)]
#[case::second_line_is_wrong(
    b"AS KS QD QC | 2H 7C 9D 4S 5S\n\nAS",
    Err("line 3, column 1: player 1 has one hole card, not two")
)]
fn reads_matchups_or_reports_one_error(#[case] input: &[u8], #[case] expected: Result<&str, &str>) {
    check(input, expected);
}

#[test]
fn dead_cards_and_blank_lines() {
    let matchups = parse(b"\nAS KS QD QC | 2H 7C 9D | dead: 5S 6S\n\n").unwrap();
    assert_eq!(matchups.len(), 1);
    assert_eq!(matchups[0].dead.len(), 2);
    let output = String::from_utf8(
        run(b"AS KS QD QC | 2H 7C 9D | dead: 5S 6S", &Options::default()).unwrap(),
    )
    .unwrap();
    // 45 cards left (52 - 4 - 3), less 2 dead: C(43, 2) boards.
    assert!(output.starts_with("boards 903\n"), "{output}");
    // An empty board between the pipes: every board from the 47 cards left.
    let output =
        String::from_utf8(run(b"2C 3D 2H 3S | | dead: AS", &Options::default()).unwrap()).unwrap();
    assert!(output.starts_with("boards 1533939\n"), "{output}");
}

#[test]
fn json_lines() {
    let output = run(
        b"2C 3D 2H 3S | AS KS QS JS TS\nAS KS QD QC | 2H 7C 9D 4S 5S\n",
        &Options {
            json: true,
            ..Options::default()
        },
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(output).unwrap(),
        "{\"boards\":1,\"players\":[{\"hole\":\"2C 3D\",\"wins\":0,\"ties\":0.500000,\"equity\":50.000000},{\"hole\":\"2H 3S\",\"wins\":0,\"ties\":0.500000,\"equity\":50.000000}]}\n\
         {\"boards\":1,\"players\":[{\"hole\":\"AS KS\",\"wins\":0,\"ties\":0,\"equity\":0.000000},{\"hole\":\"QD QC\",\"wins\":1,\"ties\":0,\"equity\":100.000000}]}\n"
    );
}

/// Two slips on the command line get plain words instead of clap's: a second input file, and a
/// command after the input file. Other misuses keep clap's message.
#[test]
fn a_second_file_or_a_late_command_is_said_plainly() {
    use holdem_equity::cli::Cli;
    let error = |args: &[&str]| {
        let args = std::iter::once("holdem-equity").chain(args.iter().copied());
        Cli::read(args).unwrap_err().to_string()
    };
    assert!(
        error(&["one.txt", "two.txt"])
            .starts_with("error: one input file at a time: 'two.txt' would be a second"),
    );
    assert!(
        error(&["--threads", "2", "one.txt", "two.txt"])
            .starts_with("error: one input file at a time: 'two.txt' would be a second"),
    );
    assert!(error(&["one.txt", "ranges"]).starts_with(
        "error: 'ranges' is a command: write it first ('holdem-equity ranges --help' says what \
         it takes)"
    ));
    assert!(error(&["--bogus"]).starts_with("error: unexpected argument '--bogus' found"));
    assert!(Cli::read(["holdem-equity", "ranges", "one.txt"]).is_ok());
    assert!(Cli::read(["holdem-equity", "one.txt"]).is_ok());
}
