//! Dead cards without a board: `| dead: CARDS` right after the players reads as `| | dead:
//! CARDS`, in both grammars.

use equity_io::{parse, parse_ranges};

#[test]
fn dead_cards_after_the_first_bar_are_the_dead_cards_of_an_empty_board() {
    let lines = [
        ("AS KS QD QC | dead: 5S 6S", "AS KS QD QC | | dead: 5S 6S"),
        ("AhKh vs QdQc |DEAD: 5s6d", "AhKh vs QdQc | | DEAD: 5s6d"),
        ("AsKs 7h7d 2c3c | dead:", "AsKs 7h7d 2c3c | | dead:"),
        ("AsKs QdQc|dead: 9h", "AsKs QdQc || dead: 9h"),
    ];
    for (short, long) in lines {
        let read = parse(short.as_bytes()).unwrap();
        assert_eq!(read, parse(long.as_bytes()).unwrap(), "{short}");
        assert!(read[0].board.is_empty(), "{short}");
        assert!(!read[0].dead.is_empty() || short.ends_with(':'), "{short}");
    }
    let ranges = [
        (
            "QQ+, AKs vs random | dead: AH 7C",
            "QQ+, AKs vs random | | dead: AH 7C",
        ),
        ("AK vs 22+ | Dead: 2c2d", "AK vs 22+ | | dead: 2c2d"),
    ];
    for (short, long) in ranges {
        let read = parse_ranges(short.as_bytes()).unwrap();
        assert_eq!(read, parse_ranges(long.as_bytes()).unwrap(), "{short}");
        assert!(read[0].matchup.board.is_empty(), "{short}");
        assert_eq!(read[0].matchup.dead.len(), 2, "{short}");
    }
}

#[test]
fn dead_cards_still_come_last_when_there_is_a_board() {
    // `dead:` where the board belongs, before one, is a card error at the word.
    let err = parse(b"AS KS QD QC | dead: 5S | 2H 7C 9D\n").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("line 1, column 15: expected a card"),
        "{err}"
    );
    // A card where `dead:` belongs is refused as before.
    let err = parse(b"AS KS QD QC | 2H 7C 9D | 5S\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 26: expected 'dead:', found '5S'"
    );
    // A board with no dead cards is a board.
    let read = parse(b"AS KS QD QC | 2H 7C 9D\n").unwrap();
    assert_eq!(read[0].board.len(), 3);
}
