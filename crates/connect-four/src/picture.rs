//! `--explain`: the best column, one optimal line, and the board before and after it.

use std::fmt::Write as _;

use crate::board::{Position, Standard};

/// The explanation of `position` (`finished` when its last move connected four), whose exact
/// score is `score`, with `line` one optimal line from it to the end of the game (columns from
/// 0).
pub(crate) fn explain(position: Position, finished: bool, score: i32, line: &[u8]) -> String {
    let mut text = String::new();
    let mover = if Standard::stones_played(position).is_multiple_of(2) {
        'X'
    } else {
        'O'
    };
    if finished {
        let winner = if mover == 'X' { 'O' } else { 'X' };
        writeln!(text, "  the game is over: {winner} connected four").expect("a String");
        text.push_str(&board(position));
        return text;
    }
    let (first, rest) = line.split_first().expect("a game that goes on has a move");
    let verdict = match score.signum() {
        1 => format!("{mover} (to move) wins"),
        -1 => format!("{mover} (to move) loses"),
        _ => "a draw".to_owned(),
    };
    let rest: String = rest
        .iter()
        .map(|column| char::from(b'1' + column))
        .collect();
    writeln!(text, "  {verdict}; best column {}", first + 1).expect("a String");
    writeln!(text, "  one optimal line: {} {rest}", first + 1).expect("a String");
    text.push_str("  the board now (X moved first):\n");
    text.push_str(&board(position));
    let mut end = position;
    let mut won = false;
    for &column in line {
        won = Standard::wins_at(end, usize::from(column));
        end = Standard::played(end, usize::from(column));
    }
    let ending = if won {
        let winner = if Standard::stones_played(end).is_multiple_of(2) {
            'O'
        } else {
            'X'
        };
        let stone = Standard::stones_played(end).div_ceil(2);
        format!("{winner} connects four with their stone {stone}")
    } else {
        "the board is full: a draw".to_owned()
    };
    writeln!(text, "  after the line, {ending}:").expect("a String");
    text.push_str(&board(end));
    text
}

/// The board drawn row by row from the top, `X` for the first player, `O` for the second, `.`
/// for an empty cell, with the column numbers below.
fn board(position: Position) -> String {
    let mut text = String::new();
    for row in (0..6).rev() {
        text.push_str("   ");
        for column in 0..7 {
            text.push(' ');
            text.push(match Standard::owner(position, column, row) {
                Some(true) => 'X',
                Some(false) => 'O',
                None => '.',
            });
        }
        text.push('\n');
    }
    text.push_str("    1 2 3 4 5 6 7\n");
    text
}
