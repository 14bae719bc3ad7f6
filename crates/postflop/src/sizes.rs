//! Bet sizes as Desktop Postflop's users type them: `60%` of the pot, `2.5x` the last bet
//! (raises only), `e` the geometric size (`3e` over three streets, `e150%` at most 150% of the
//! pot), `a` all-in, separated by commas.

use std::fmt;

use judge_io::quote;

/// One bet or raise size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Size {
    /// A share of the pot once the player has called what they face (`60%` is 0.6).
    Pot(f64),
    /// A multiple of the bet faced, greater than 1 (`2.5x`): raises only.
    LastBet(f64),
    /// The size that, repeated on each street left (or over `streets` bets), gets the stacks
    /// in, at most `most` of the pot.
    Geometric {
        /// Over how many bets, or `None` for the streets left (counting this one).
        streets: Option<u32>,
        /// The largest share of the pot it may be.
        most: f64,
    },
    /// All in.
    AllIn,
}

/// Where a list of sizes is used: a raise may be a multiple of the last bet, a bet may not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeKind {
    /// A bet or a donk bet.
    Bet,
    /// A raise.
    Raise,
}

/// Why a size list was refused, and where in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeError {
    /// The character column of the size in the list, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for SizeError {}

/// The most sizes a list may hold (as Desktop Postflop).
pub const MOST_SIZES: usize = 30;

/// The sizes of a comma-separated list (empty for none).
pub fn parse_sizes(text: &str, kind: SizeKind) -> Result<Vec<Size>, SizeError> {
    let mut sizes = Vec::new();
    if text.trim().is_empty() {
        return Ok(sizes);
    }
    let mut column = 1;
    for item in text.split(',') {
        let leading = item.chars().take_while(|c| c.is_whitespace()).count();
        let token = item.trim();
        let at = column + leading;
        column += item.chars().count() + 1;
        let error = |message: String| SizeError {
            column: at,
            message,
        };
        if token.is_empty() {
            return Err(error("expected a size, found nothing".into()));
        }
        if sizes.len() == MOST_SIZES {
            return Err(error(format!("more than {MOST_SIZES} sizes")));
        }
        sizes.push(
            parse_size(token, kind)
                .map_err(|message| error(format!("{}: {message}", quote(token.as_bytes()))))?,
        );
    }
    Ok(sizes)
}

fn parse_size(token: &str, kind: SizeKind) -> Result<Size, String> {
    let lower = token.to_ascii_lowercase();
    if lower == "a" {
        return Ok(Size::AllIn);
    }
    if let Some(number) = lower.strip_suffix('x') {
        if kind == SizeKind::Bet {
            return Err("a multiple of the last bet is for raises only".into());
        }
        let multiple = number_of(number)?;
        if multiple <= 1.0 {
            return Err("a multiple of the last bet must be more than 1".into());
        }
        return Ok(Size::LastBet(multiple));
    }
    if let Some((streets, most)) = lower.split_once('e') {
        let streets = if streets.is_empty() {
            None
        } else {
            match streets.parse::<u32>() {
                Ok(count @ 1..=100) if streets.bytes().all(|b| b.is_ascii_digit()) => Some(count),
                _ => return Err("expected e, or a number of streets from 1 to 100 before e".into()),
            }
        };
        let most = if most.is_empty() {
            f64::INFINITY
        } else {
            let Some(percent) = most.strip_suffix('%') else {
                return Err("expected a percentage of the pot after e, such as e150%".into());
            };
            number_of(percent)? / 100.0
        };
        return Ok(Size::Geometric { streets, most });
    }
    if let Some(percent) = lower.strip_suffix('%') {
        return Ok(Size::Pot(number_of(percent)? / 100.0));
    }
    Err("expected a size: 60%, 2.5x, e or a".into())
}

/// A plain decimal number: digits with at most one point, no sign or exponent.
fn number_of(text: &str) -> Result<f64, String> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && text.bytes().filter(|&b| b == b'.').count() <= 1
        && text != ".";
    match text.parse::<f64>() {
        Ok(number) if plain && number <= 1e6 => Ok(number),
        _ => Err("expected a number".into()),
    }
}
