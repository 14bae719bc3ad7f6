//! The token reader: whitespace-separated tokens that remember where they were, typed helpers to
//! read them, and errors that say `line L, column C: expected ..., found ...`.

use std::fmt;
use std::str::FromStr;

use crate::numbers::{DecimalError, parse_decimal};
use crate::quote::quote;

/// A cursor over judge input, optionally limited to one line.
#[derive(Clone, Debug)]
pub struct Input<'a> {
    /// The whole input; offsets in tokens and errors are into this slice.
    text: &'a [u8],
    /// The next byte to look at.
    position: usize,
    /// One past the last byte this cursor may read: the end of the text, or of one line.
    end: usize,
    /// Whether this cursor reads one line, which changes how its end is named in errors.
    is_line: bool,
}

/// One whitespace-separated token and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's bytes, never empty and never containing whitespace.
    pub bytes: &'a [u8],
    /// The byte offset of the token's first byte in the whole input.
    pub offset: usize,
}

/// A position in the input, both numbers counted from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    /// The line, counted from 1.
    pub line: usize,
    /// The column in characters, counted from 1.
    pub column: usize,
}

/// Bad input: where it is and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    position: Position,
    message: String,
}

impl<'a> Input<'a> {
    /// A cursor over the whole of `text`. A UTF-8 byte-order mark at the start (which some
    /// editors write) is skipped, and positions are counted as if it were not there.
    pub fn new(text: &'a [u8]) -> Self {
        let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
        Self {
            text,
            position: 0,
            end: text.len(),
            is_line: false,
        }
    }

    /// The next token, or `None` at the end of the input (or line).
    #[inline]
    pub fn next_token(&mut self) -> Option<Token<'a>> {
        let rest = &self.text[self.position..self.end];
        let Some(skipped) = rest.iter().position(|byte| !byte.is_ascii_whitespace()) else {
            self.position = self.end;
            return None;
        };
        let token = &rest[skipped..];
        let length = token
            .iter()
            .position(u8::is_ascii_whitespace)
            .unwrap_or(token.len());
        let offset = self.position + skipped;
        self.position = offset + length;
        Some(Token {
            bytes: &token[..length],
            offset,
        })
    }

    /// The next token, or an error saying that `expected` was wanted where the input ended.
    #[inline]
    pub fn expect_token(&mut self, expected: &str) -> Result<Token<'a>, InputError> {
        self.next_token().ok_or_else(|| self.ended(expected))
    }

    /// The next token parsed with [`FromStr`]; a token that does not parse is reported as
    /// `expected <expected>, found '<token>' (<parse error>)`.
    pub fn next_parsed<T>(&mut self, expected: &str) -> Result<T, InputError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        let token = self.expect_token(expected)?;
        self.parse_token(token, expected)
    }

    /// The next token parsed from its bytes by `parse`, reported like [`Input::next_parsed`]
    /// when it does not parse.
    #[inline]
    pub fn next_parsed_with<T, E: fmt::Display>(
        &mut self,
        expected: &str,
        parse: impl FnOnce(&[u8]) -> Result<T, E>,
    ) -> Result<T, InputError> {
        let token = self.expect_token(expected)?;
        self.parse_token_with(token, expected, parse)
    }

    /// `token` parsed with [`FromStr`], reported like [`Input::next_parsed`] when it does not
    /// parse. Useful when the token is needed again, say for a later error at its position.
    fn parse_token<T>(&self, token: Token<'_>, expected: &str) -> Result<T, InputError>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        match std::str::from_utf8(token.bytes) {
            Ok(text) => self.parse_token_with(token, expected, |_| text.parse::<T>()),
            Err(_) => Err(self.unexpected(token, expected)),
        }
    }

    /// `token` parsed from its bytes by `parse`, reported like [`Input::next_parsed`] when it
    /// does not parse: the fast path for types that read bytes.
    #[inline(always)]
    pub fn parse_token_with<T, E: fmt::Display>(
        &self,
        token: Token<'_>,
        expected: &str,
        parse: impl FnOnce(&[u8]) -> Result<T, E>,
    ) -> Result<T, InputError> {
        parse(token.bytes).map_err(|reason| self.not_parsed(token, expected, reason))
    }

    /// The error for a token that did not parse, kept out of line: bad input is rare.
    #[cold]
    fn not_parsed(
        &self,
        token: Token<'_>,
        expected: &str,
        reason: impl fmt::Display,
    ) -> InputError {
        self.error_at(
            token.offset,
            format!(
                "expected {expected}, found {} ({reason})",
                quote(token.bytes)
            ),
        )
    }

    /// The next token as a non-negative decimal number; a number too large for `usize` is
    /// reported with the limit.
    pub fn next_usize(&mut self, expected: &str) -> Result<usize, InputError> {
        let token = self.expect_token(expected)?;
        match parse_decimal(token.bytes) {
            Ok(value) => Ok(value),
            Err(DecimalError::NotANumber) => Err(self.unexpected(token, expected)),
            Err(err) => Err(self.not_parsed(token, expected, err)),
        }
    }

    /// The next token as a decimal number in `low..=high`; out-of-range numbers are reported
    /// with the range.
    pub fn next_usize_in(
        &mut self,
        expected: &str,
        low: usize,
        high: usize,
    ) -> Result<usize, InputError> {
        let token = self.expect_token(expected)?;
        match parse_decimal(token.bytes) {
            Ok(value) if (low..=high).contains(&value) => Ok(value),
            Ok(_) | Err(DecimalError::TooLarge | DecimalError::Zero) => Err(self.error_at(
                token.offset,
                format!(
                    "expected {expected} in {low}..={high}, found {}",
                    quote(token.bytes)
                ),
            )),
            Err(DecimalError::NotANumber) => Err(self.unexpected(token, expected)),
        }
    }

    /// Succeeds when nothing but whitespace is left; otherwise reports the first leftover token.
    pub fn finish(mut self) -> Result<(), InputError> {
        match self.next_token() {
            None => Ok(()),
            Some(token) => Err(self.unexpected(token, self.end_name())),
        }
    }

    /// Whether nothing but whitespace is left.
    pub fn is_exhausted(&self) -> bool {
        self.text[self.position..self.end]
            .iter()
            .all(u8::is_ascii_whitespace)
    }

    /// The rest of the current line as a cursor of its own, moving this cursor past the line
    /// break; `None` at the end of the input. Offsets and errors stay relative to the whole input.
    pub fn next_line(&mut self) -> Option<Input<'a>> {
        if self.position >= self.end {
            return None;
        }
        let start = self.position;
        let line_end = self.text[start..self.end]
            .iter()
            .position(|&byte| byte == b'\n')
            .map_or(self.end, |length| start + length);
        self.position = (line_end + 1).min(self.end);
        Some(Input {
            text: self.text,
            position: start,
            end: line_end,
            is_line: true,
        })
    }

    /// The input's bytes from offset `start` to offset `end` (offsets as in tokens), spaces and
    /// all: for a value written as several tokens.
    pub fn text_between(&self, start: usize, end: usize) -> &'a [u8] {
        &self.text[start..end]
    }

    /// An error at byte `offset` of the input with `message` (which should not start with a
    /// capital letter nor end with a full stop).
    pub fn error_at(&self, offset: usize, message: impl Into<String>) -> InputError {
        InputError {
            position: position_of(self.text, offset),
            message: message.into(),
        }
    }

    /// The error for a token that is not what was expected: `expected X, found 'Y'`.
    pub fn unexpected(&self, token: Token<'_>, expected: &str) -> InputError {
        self.error_at(
            token.offset,
            format!("expected {expected}, found {}", quote(token.bytes)),
        )
    }

    /// The error for running out of input (or line) where `expected` was wanted.
    pub fn ended(&self, expected: &str) -> InputError {
        self.error_at(
            self.end,
            format!("expected {expected}, found {}", self.end_name()),
        )
    }

    /// The position of byte `offset` of the input.
    pub fn position_of(&self, offset: usize) -> Position {
        position_of(self.text, offset)
    }

    fn end_name(&self) -> &'static str {
        if self.is_line {
            "end of line"
        } else {
            "end of input"
        }
    }
}

impl<'a> Iterator for Input<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        self.next_token()
    }
}

impl InputError {
    /// Where the input went wrong.
    pub fn position(&self) -> Position {
        self.position
    }

    /// What went wrong, without the position.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.position.line, self.position.column, self.message
        )
    }
}

impl std::error::Error for InputError {}

/// The UTF-8 byte-order mark, skipped at the start of the input.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

fn position_of(text: &[u8], offset: usize) -> Position {
    let before = &text[..offset.min(text.len())];
    let line_start = before
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |newline| newline + 1);
    let line = before.split(|&byte| byte == b'\n').count();
    // Count characters, not bytes: skip UTF-8 continuation bytes.
    let column = 1 + before[line_start..]
        .iter()
        .filter(|&&byte| byte & 0xC0 != 0x80)
        .count();
    Position { line, column }
}
