//! Decimal numbers as judges write them: digits only, no sign.

use std::fmt;

/// Why a token is not a `usize` for [`parse_decimal`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecimalError {
    /// Not digits only (or empty).
    NotANumber,
    /// Digits, but more than `usize::MAX`.
    TooLarge,
    /// Zero where a positive number is wanted, by [`parse_positive`].
    Zero,
}

impl fmt::Display for DecimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecimalError::NotANumber => f.write_str("not a number"),
            DecimalError::TooLarge => write!(f, "larger than {}", usize::MAX),
            DecimalError::Zero => f.write_str("it must be at least 1"),
        }
    }
}

impl std::error::Error for DecimalError {}

/// `bytes` as a non-negative decimal number: digits only (no sign), at most `usize::MAX`. The
/// number reader behind [`Input::next_usize`](crate::Input::next_usize), for parsers with checks of their own.
pub fn parse_decimal(bytes: &[u8]) -> Result<usize, DecimalError> {
    if bytes.is_empty() || !bytes.iter().all(u8::is_ascii_digit) {
        return Err(DecimalError::NotANumber);
    }
    bytes
        .iter()
        .try_fold(0usize, |value, &byte| {
            value.checked_mul(10)?.checked_add(usize::from(byte - b'0'))
        })
        .ok_or(DecimalError::TooLarge)
}

/// `bytes` as a positive decimal number, like [`parse_decimal`] but refusing 0: for counts of
/// things that cannot be empty.
pub fn parse_positive(bytes: &[u8]) -> Result<usize, DecimalError> {
    match parse_decimal(bytes)? {
        0 => Err(DecimalError::Zero),
        value => Ok(value),
    }
}
