//! A matchup of ranges given in fields, as a form or a library call gives it (each player's range,
//! the board, the dead cards apart), read by the command line's own parser: the fields are put
//! together into one line of `ranges` input, and an error is placed back in the field it came
//! from, with its column there (`player 2, column 3: ...`). The Python package and the page share
//! it, so their grammar and their messages are the command line's.

use std::fmt;

use crate::parse::{RangeLine, parse_ranges};

/// A field of a matchup given in parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A whole line in the command line's grammar (`AsKs vs QQ+ | Ah7c2d`).
    Line,
    /// A player's range or hand, numbered from 1.
    Player(usize),
    /// The board.
    Board,
    /// The dead cards.
    Dead,
}

impl fmt::Display for Field {
    /// How a message names the field: `player 2`, `board`, `dead` (a whole line has no name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Field::Line => Ok(()),
            Field::Player(number) => write!(f, "player {number}"),
            Field::Board => f.write_str("board"),
            Field::Dead => f.write_str("dead"),
        }
    }
}

/// Why a matchup given in fields was refused, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The field the error is in; `None` for the matchup as a whole.
    pub field: Option<Field>,
    /// The column (from 1, in characters) within the field, where there is one.
    pub column: Option<usize>,
    /// What is wrong, in the command line's words.
    pub message: String,
}

impl FieldError {
    fn whole(message: impl Into<String>) -> FieldError {
        FieldError {
            field: None,
            column: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for FieldError {
    /// `player 2, column 3: message`, `column 3: message` for a whole line, `player 2: message`
    /// without a column, `message` for the matchup as a whole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.field, self.column) {
            (Some(Field::Line), Some(column)) => write!(f, "column {column}: {}", self.message),
            (Some(field), Some(column)) => write!(f, "{field}, column {column}: {}", self.message),
            (Some(field), None) if field != Field::Line => write!(f, "{field}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for FieldError {}

/// The matchup of `players` (each a range or hand), `board` and `dead`, when given.
///
/// ```
/// use equity_io::fields::parse_fields;
///
/// let line = parse_fields(&["AsKs", "QQ+"], Some("Ah 7c 2d"), None).unwrap();
/// assert_eq!(line.matchup.ranges[1].len(), 18);
/// let err = parse_fields(&["AsKs", "QQ+, AKz"], None, None).unwrap_err();
/// assert_eq!(err.to_string(), "player 2, column 6: 'AKz': 'z' is not s (suited) or o (offsuit)");
/// ```
pub fn parse_fields(
    players: &[&str],
    board: Option<&str>,
    dead: Option<&str>,
) -> Result<RangeLine, FieldError> {
    if players.len() < 2 {
        return Err(FieldError::whole(format!(
            "a matchup needs at least two players, found {}",
            players.len()
        )));
    }
    let mut line = Line::default();
    for (index, text) in players.iter().enumerate() {
        let field = Field::Player(index + 1);
        if text.trim().is_empty() {
            return Err(FieldError {
                field: Some(field),
                column: None,
                message: "the range is empty".to_string(),
            });
        }
        if let Some(column) = separator_in(text) {
            return Err(FieldError {
                field: Some(field),
                column: Some(column),
                message: "one player's range cannot hold '|', 'vs' or a line break".to_string(),
            });
        }
        line.add_player(index, text);
    }
    line.add_board_and_dead(board, dead);
    line.parse()
}

/// The line of `ranges` input that [`parse_fields`] reads for these fields: what to give the
/// command line for the same count.
///
/// ```
/// use equity_io::fields::line_of_fields;
///
/// assert_eq!(line_of_fields(&["AsKs", "QQ+"], None, Some("5s")), "AsKs vs QQ+ | | dead: 5s");
/// ```
pub fn line_of_fields(players: &[&str], board: Option<&str>, dead: Option<&str>) -> String {
    let mut line = Line::default();
    for (index, text) in players.iter().enumerate() {
        line.add_player(index, text);
    }
    line.add_board_and_dead(board, dead);
    line.whole
}

/// The matchup of `text`, a whole line in the command line's grammar, with `board` and `dead`
/// added when the line has no `|` of its own.
pub fn parse_line(
    text: &str,
    board: Option<&str>,
    dead: Option<&str>,
) -> Result<RangeLine, FieldError> {
    let mut line = Line::default();
    line.add(Field::Line, text);
    if !text.contains('|') {
        line.add_board_and_dead(board, dead);
    }
    line.parse()
}

/// A line put together from fields: the text, and where each field starts in it and how long it
/// is, in characters.
#[derive(Default)]
struct Line {
    whole: String,
    fields: Vec<(Field, usize, usize)>,
}

impl Line {
    /// Adds player `index` (from 0), after ` vs ` unless first.
    fn add_player(&mut self, index: usize, text: &str) {
        if index > 0 {
            self.whole.push_str(" vs ");
        }
        self.add(Field::Player(index + 1), text);
    }

    fn add(&mut self, field: Field, text: &str) {
        self.fields
            .push((field, self.whole.chars().count(), text.chars().count()));
        self.whole.push_str(text);
    }

    /// Adds ` | board` and ` | dead: cards`.
    fn add_board_and_dead(&mut self, board: Option<&str>, dead: Option<&str>) {
        if let Some(board) = board {
            self.whole.push_str(" | ");
            self.add(Field::Board, board);
        }
        if let Some(dead) = dead {
            if board.is_none() {
                self.whole.push_str(" |");
            }
            self.whole.push_str(" | dead: ");
            self.add(Field::Dead, dead);
        }
    }

    fn parse(&self) -> Result<RangeLine, FieldError> {
        if self.whole.contains(['\n', '\r']) {
            return Err(FieldError::whole(
                "a matchup is one line: a line break was found",
            ));
        }
        let mut lines = parse_ranges(self.whole.as_bytes()).map_err(|err| {
            let message = self.relocate_first_at(err.message());
            match self.place(err.position().column) {
                Some((field, column)) => FieldError {
                    field: Some(field),
                    column: Some(column),
                    message,
                },
                None => FieldError::whole(message),
            }
        })?;
        // One line at most: line breaks were refused above.
        lines
            .pop()
            .ok_or_else(|| FieldError::whole("expected one matchup, found none"))
    }

    /// The field and the column within it of the line's column `column` (from 1).
    fn place(&self, column: usize) -> Option<(Field, usize)> {
        let at = column.checked_sub(1)?;
        self.fields
            .iter()
            .find(|&&(_, start, length)| (start..=start + length).contains(&at))
            .map(|&(field, start, _)| (field, at - start + 1))
    }

    /// A repeated card's message names where the card was first seen, as a line and column of
    /// the line put together: named by field instead (a line given whole keeps the command
    /// line's words).
    fn relocate_first_at(&self, message: &str) -> String {
        const MARK: &str = "(first at line 1, column ";
        let Some(start) = message.find(MARK) else {
            return message.to_string();
        };
        let rest = &message[start + MARK.len()..];
        let Some((digits, after)) = rest.split_once(')') else {
            return message.to_string();
        };
        let Ok(column) = digits.parse::<usize>() else {
            return message.to_string();
        };
        match self.place(column) {
            Some((field, column)) if field != Field::Line => {
                format!(
                    "{}(first in {field}, column {column}){after}",
                    &message[..start]
                )
            }
            _ => message.to_string(),
        }
    }
}

/// The column (from 1) of the first `|`, line break or word `vs` in one player's text.
fn separator_in(text: &str) -> Option<usize> {
    let mut column = 0;
    for (index, character) in text.char_indices() {
        column += 1;
        let word_start = index == 0 || text[..index].ends_with(char::is_whitespace);
        let rest = &text[index..];
        let is_vs = word_start
            && rest.len() >= 2
            && rest.as_bytes()[..2].eq_ignore_ascii_case(b"vs")
            && rest[2..].chars().next().is_none_or(char::is_whitespace);
        if matches!(character, '|' | '\n' | '\r') || is_vs {
            return Some(column);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(players: &[&str], board: Option<&str>, dead: Option<&str>) -> String {
        parse_fields(players, board, dead).unwrap_err().to_string()
    }

    #[test]
    fn errors_are_placed_in_their_field() {
        assert_eq!(
            error(&["AsKs", "QQ"], Some("Ah 7c 2x"), None),
            "board, column 7: expected a card, found '2x' (invalid suit 'x')"
        );
        assert_eq!(
            error(&["AsKs", "QQ"], Some("Ah 7c 2d"), Some("5s 7c")),
            "dead, column 4: repeated card 7C (first in board, column 4)"
        );
        assert_eq!(
            error(&["AsKs", "Q|Q"], None, None),
            "player 2, column 2: one player's range cannot hold '|', 'vs' or a line break"
        );
        assert_eq!(
            error(&["AsKs", "  "], None, None),
            "player 2: the range is empty"
        );
        assert_eq!(
            error(&["AsKs"], None, None),
            "a matchup needs at least two players, found 1"
        );
    }

    #[test]
    fn an_error_without_a_column_names_its_field_alone() {
        let error = |field| FieldError {
            field,
            column: None,
            message: "m".to_string(),
        };
        assert_eq!(error(Some(Field::Board)).to_string(), "board: m");
        assert_eq!(error(Some(Field::Line)).to_string(), "m");
        assert_eq!(error(None).to_string(), "m");
        assert_eq!(
            parse_line("   ", None, None).unwrap_err().to_string(),
            "expected one matchup, found none"
        );
    }

    #[test]
    fn a_whole_line_keeps_the_command_lines_words() {
        // A repeated card is placed as the command line places it, by line and column.
        let err = parse_line("AsKs vs QQ | 2c 7c 2c", None, None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "column 20: repeated card 2C (first at line 1, column 14)"
        );
        let err = parse_line("AsKs vs QQ | Ah 7c 2x", None, Some("5s")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "column 20: expected a card, found '2x' (invalid suit 'x')"
        );
        let line = parse_line("AsKs vs QQ", Some("Ah 7c 2d"), Some("5s")).unwrap();
        assert_eq!(line.matchup.board.len(), 3);
        assert_eq!(line.matchup.dead.len(), 1);
    }

    #[test]
    fn a_card_in_two_players_hands_is_named_in_both_fields() {
        assert_eq!(
            error(&["AsKs", "AhKs"], None, None),
            "player 2, column 3: repeated card KS (first in player 1, column 3)"
        );
    }

    #[test]
    fn separators_are_found_as_words() {
        assert_eq!(separator_in("QQ+, vs"), Some(6));
        assert_eq!(separator_in("QQ+, AKs"), None);
        assert_eq!(separator_in("vsx"), None);
        assert_eq!(separator_in("vs KK"), Some(1));
        assert_eq!(separator_in("avs b"), None);
        assert_eq!(separator_in("A\nK"), Some(2));
    }
}
