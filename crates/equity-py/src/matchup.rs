//! Matchups from Python, read by the command line's own parser (`holdem_equity::parse_ranges`),
//! so the grammar and every message are the command line's: either one line as the command line
//! takes it (`"AsKs vs QQ+ | Ah7c2d | dead: 5s"`), or the players, the board and the dead cards
//! given apart, which are put together into such a line and whose errors are placed back in the
//! field they came from (`player 2, column 3: ...`).

use holdem_equity::{RangeLine, parse_ranges};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::range::PyRange;

/// One field of a line put together from parts: its name in errors, and where it starts in the
/// line and how long it is, in characters.
struct Field {
    name: String,
    start: usize,
    length: usize,
}

/// A matchup read from Python.
pub(crate) struct Read {
    /// The matchup and the ranges as written.
    pub(crate) line: RangeLine,
    /// Where the command line reports an error of the matchup as a whole (no deal possible, say),
    /// when it was given as one line: the column of its first character.
    pub(crate) column: Option<usize>,
}

impl Read {
    /// An error about the matchup as a whole, placed as the command line places it.
    pub(crate) fn error(&self, message: &str) -> PyErr {
        PyValueError::new_err(match self.column {
            Some(column) => format!("column {column}: {message}"),
            None => message.to_string(),
        })
    }
}

/// The matchup of `players` (one line of the command line's grammar, or a list of ranges and
/// hands as strings or `Range`s), `board` and `dead`.
pub(crate) fn read(
    players: &Bound<'_, PyAny>,
    board: Option<&str>,
    dead: Option<&str>,
) -> PyResult<Read> {
    if let Ok(line) = players.extract::<String>() {
        if line.contains('|') && (board.is_some() || dead.is_some()) {
            return Err(PyValueError::new_err(
                "the line has its own board ('|'): pass board= and dead= with a list of players",
            ));
        }
        let mut whole = line.clone();
        let mut fields = vec![Field {
            name: String::new(),
            start: 0,
            length: line.chars().count(),
        }];
        append_board_and_dead(&mut whole, &mut fields, board, dead, line.contains('|'));
        let read = parse_one(&whole, &fields)?;
        let column = 1 + whole[..read.offset].chars().count();
        return Ok(Read {
            line: read,
            column: Some(column),
        });
    }
    let mut texts = Vec::new();
    for (index, item) in players.try_iter()?.enumerate() {
        let item = item?;
        let text = if let Ok(range) = item.extract::<PyRef<'_, PyRange>>() {
            range.text.clone()
        } else if let Ok(text) = item.extract::<String>() {
            text
        } else {
            return Err(PyValueError::new_err(format!(
                "player {}: expected a range or hand as a string or a Range, found {}",
                index + 1,
                item.get_type().name()?
            )));
        };
        texts.push(text);
    }
    if texts.len() < 2 {
        return Err(PyValueError::new_err(format!(
            "a matchup needs at least two players, found {}",
            texts.len()
        )));
    }
    let mut whole = String::new();
    let mut fields = Vec::new();
    for (index, text) in texts.iter().enumerate() {
        let name = format!("player {}", index + 1);
        if text.trim().is_empty() {
            return Err(PyValueError::new_err(format!("{name}: the range is empty")));
        }
        if let Some(column) = separator_in(text) {
            return Err(PyValueError::new_err(format!(
                "{name}, column {column}: one player's range cannot hold '|', 'vs' or a line break"
            )));
        }
        if index > 0 {
            whole.push_str(" vs ");
        }
        add_field(&mut whole, &mut fields, name, text);
    }
    append_board_and_dead(&mut whole, &mut fields, board, dead, false);
    Ok(Read {
        line: parse_one(&whole, &fields)?,
        column: None,
    })
}

/// Adds ` | board` and ` | dead: cards` to a line whose players are `whole`.
fn append_board_and_dead(
    whole: &mut String,
    fields: &mut Vec<Field>,
    board: Option<&str>,
    dead: Option<&str>,
    line_has_board: bool,
) {
    if line_has_board {
        return;
    }
    if let Some(board) = board {
        whole.push_str(" | ");
        add_field(whole, fields, "board".to_string(), board);
    }
    if let Some(dead) = dead {
        if board.is_none() {
            whole.push_str(" |");
        }
        whole.push_str(" | dead: ");
        add_field(whole, fields, "dead".to_string(), dead);
    }
}

fn add_field(whole: &mut String, fields: &mut Vec<Field>, name: String, text: &str) {
    fields.push(Field {
        name,
        start: whole.chars().count(),
        length: text.chars().count(),
    });
    whole.push_str(text);
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

/// Parses the one line `whole`; an error names the field it is in.
fn parse_one(whole: &str, fields: &[Field]) -> PyResult<RangeLine> {
    if whole.contains(['\n', '\r']) {
        return Err(PyValueError::new_err(
            "a matchup is one line: a line break was found",
        ));
    }
    let mut lines = parse_ranges(whole.as_bytes()).map_err(|err| {
        let message = err.message();
        let message = relocate_first_at(message, fields);
        PyValueError::new_err(located(err.position().column, &message, fields))
    })?;
    match lines.pop() {
        Some(line) if lines.is_empty() => Ok(line),
        _ => Err(PyValueError::new_err("expected one matchup, found none")),
    }
}

/// `column N: message` for a line given whole, `field, column N: message` for a line put
/// together from fields, `message` for a place between fields.
fn located(column: usize, message: &str, fields: &[Field]) -> String {
    match place(column, fields) {
        Some(("", column)) => format!("column {column}: {message}"),
        Some((name, column)) => format!("{name}, column {column}: {message}"),
        None => message.to_string(),
    }
}

/// The field and the column within it of the line's column `column` (from 1).
fn place(column: usize, fields: &[Field]) -> Option<(&str, usize)> {
    let at = column.checked_sub(1)?;
    fields
        .iter()
        .find(|field| (field.start..=field.start + field.length).contains(&at))
        .map(|field| (field.name.as_str(), at - field.start + 1))
}

/// A repeated card's message names where the card was first seen, as a line and column of the
/// line put together: named by field instead.
fn relocate_first_at(message: &str, fields: &[Field]) -> String {
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
    let first = match place(column, fields) {
        // A line given whole keeps the command line's words.
        Some((name, column)) if !name.is_empty() => format!("(first in {name}, column {column})"),
        _ => return message.to_string(),
    };
    format!("{}{first}{after}", &message[..start])
}
