//! Matchups from Python, read by the command line's own parser through
//! `equity_io::fields`, so the grammar and every message are the command line's: either one
//! line as the command line takes it (`"AsKs vs QQ+ | Ah7c2d | dead: 5s"`), or the players, the
//! board and the dead cards given apart, whose errors are placed back in the field they came from
//! (`player 2, column 3: ...`).

use equity_io::RangeLine;
use equity_io::fields::{FieldError, parse_fields, parse_line};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::range::PyRange;

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
    if let Ok(text) = players.extract::<String>() {
        if text.contains('|') && (board.is_some() || dead.is_some()) {
            return Err(PyValueError::new_err(
                "the line has its own board ('|'): pass board= and dead= with a list of players",
            ));
        }
        let line = parse_line(&text, board, dead).map_err(value_error)?;
        // The line starts the text put together, so its offset is within `text`.
        let column = 1 + text[..line.offset].chars().count();
        return Ok(Read {
            line,
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
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    Ok(Read {
        line: parse_fields(&texts, board, dead).map_err(value_error)?,
        column: None,
    })
}

#[allow(clippy::needless_pass_by_value)] // The shape `map_err` hands it.
fn value_error(err: FieldError) -> PyErr {
    PyValueError::new_err(err.to_string())
}
