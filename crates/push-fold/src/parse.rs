//! A setup read from text: a line of the command line's own flags
//! (`--stacks 10,10 --blinds 0.5,1 --ante 0.1 --icm 50,30,20 --others 20,15 --precision 0.001`),
//! or the flags' values one by one. Errors say where: the column on a line, the flag otherwise.

use std::fmt;

use crate::setup::{Payoff, Setup, SetupError};

/// A spot to solve and how closely.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// The spot.
    pub setup: Setup,
    /// The largest gain from deviating allowed.
    pub precision: f64,
}

/// The default precision: at most this much gain from deviating, in big blinds or shares of
/// the prize pool, heads-up and three-handed.
pub const DEFAULT_PRECISION: [f64; 2] = [0.001, 0.005];

/// The flags a setup is made of, in the order they are listed in messages.
pub const FLAGS: [&str; 6] = ["stacks", "blinds", "ante", "icm", "others", "precision"];

/// What is wrong, and where: a 1-based column on a line (0 when the error is about the line as a
/// whole), or the flag it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The flag concerned, without its dashes, if any.
    pub flag: Option<&'static str>,
    /// Where on the line, 1-based, when read from a line.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.column, self.flag) {
            (Some(column), _) => write!(f, "column {column}: {}", self.message),
            (None, Some(flag)) => write!(f, "--{flag}: {}", self.message),
            (None, None) => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// A setup's flags as they are given, each value with its column on the line (if any).
#[derive(Default)]
pub struct Flags<'a> {
    values: [Option<(&'a str, Option<usize>)>; 6],
    /// Whether each value is a field of its own (a page's input): an error about the whole value
    /// then names no column, one inside it the column within the field.
    fields: bool,
}

impl<'a> Flags<'a> {
    /// Flags whose values come from fields of their own, each starting at column 1.
    pub fn of_fields() -> Flags<'a> {
        Flags {
            fields: true,
            ..Flags::default()
        }
    }

    /// Gives `flag` (one of [`FLAGS`]) the value `value`, found at `column` on a line.
    pub fn set(
        &mut self,
        flag: &str,
        value: &'a str,
        column: Option<usize>,
    ) -> Result<(), ParseError> {
        let Some(index) = FLAGS.iter().position(|&known| known == flag) else {
            return Err(ParseError {
                flag: None,
                column,
                message: format!(
                    "unknown flag --{flag}; expected one of --{}",
                    FLAGS.join(", --")
                ),
            });
        };
        if self.values[index].is_some() {
            return Err(ParseError {
                flag: Some(FLAGS[index]),
                column,
                message: format!("--{} is given twice", FLAGS[index]),
            });
        }
        self.values[index] = Some((value, column));
        Ok(())
    }

    /// The request these flags make, checked.
    pub fn request(&self) -> Result<Request, ParseError> {
        let numbers = |index: usize| -> Result<Option<Vec<f64>>, ParseError> {
            self.values[index]
                .map(|(text, column)| numbers(text, FLAGS[index], column))
                .transpose()
        };
        let one = |index: usize| -> Result<Option<f64>, ParseError> {
            let Some(values) = numbers(index)? else {
                return Ok(None);
            };
            match values.as_slice() {
                [value] => Ok(Some(*value)),
                _ => Err(self.error_at(index, "give one number".to_string())),
            }
        };
        let stacks = numbers(0)?.ok_or_else(|| ParseError {
            flag: Some("stacks"),
            column: None,
            message: "--stacks is missing: give every player's stack, as 10,10".to_string(),
        })?;
        let blinds = match numbers(1)? {
            None => [0.5, 1.0],
            Some(values) => <[f64; 2]>::try_from(values.as_slice()).map_err(|_| {
                self.error_at(1, "give the small and the big blind, as 0.5,1".to_string())
            })?,
        };
        let payoff = match (numbers(3)?, numbers(4)?) {
            (Some(payouts), others) => Payoff::Icm {
                payouts,
                others: others.unwrap_or_default(),
            },
            (None, Some(_)) => {
                return Err(self.error_at(4, "other stacks only count with --icm".to_string()));
            }
            (None, None) => Payoff::Chips,
        };
        // A setup's error names its field, which is the flag of the same name.
        let placed = |error: SetupError| {
            let index = FLAGS
                .iter()
                .position(|&flag| flag == error.field)
                .unwrap_or(0);
            self.error_at(index, error.message)
        };
        let setup = Setup {
            stacks,
            blinds,
            ante: one(2)?.unwrap_or(0.0),
            payoff,
        }
        .checked()
        .map_err(placed)?;
        let default = DEFAULT_PRECISION[usize::from(setup.stacks.len() == 3)];
        let precision = one(5)?.unwrap_or(default);
        crate::solvable(precision).map_err(placed)?;
        Ok(Request { setup, precision })
    }

    fn error_at(&self, index: usize, message: String) -> ParseError {
        ParseError {
            flag: Some(FLAGS[index]),
            column: self.values[index]
                .and_then(|(_, column)| column)
                .filter(|_| !self.fields),
            message,
        }
    }
}

/// Comma-separated numbers, as `10,10`, `10, 10` (in a field) or `0.5`.
fn numbers(text: &str, flag: &'static str, column: Option<usize>) -> Result<Vec<f64>, ParseError> {
    let mut values = Vec::new();
    let mut offset = 0;
    for piece in text.split(',') {
        let start = offset + (piece.len() - piece.trim_start().len());
        let piece = piece.trim();
        let value: Option<f64> = piece
            .parse()
            .ok()
            .filter(|value: &f64| value.is_finite() && !piece.starts_with('+'));
        let Some(value) = value else {
            let shown = if piece.is_empty() {
                "nothing".to_string()
            } else {
                format!("{piece:?}")
            };
            return Err(ParseError {
                flag: Some(flag),
                column: column.map(|column| column + text[..start].chars().count()),
                message: format!("expected a number, found {shown}"),
            });
        };
        values.push(value);
        offset += text[offset..]
            .find(',')
            .map_or(text.len() - offset, |at| at + 1);
    }
    Ok(values)
}

/// A line of flags: `--stacks 10,10 --ante 0.1` (or `--stacks=10,10`).
pub fn parse_line(line: &str) -> Result<Request, ParseError> {
    let line = line.strip_prefix('\u{feff}').unwrap_or(line);
    let mut flags = Flags::default();
    let mut words = words(line).into_iter();
    while let Some((column, word)) = words.next() {
        let Some(flag) = word.strip_prefix("--") else {
            return Err(ParseError {
                flag: None,
                column: Some(column),
                message: format!("expected a flag such as --stacks, found {word:?}"),
            });
        };
        let (flag, value, value_column) = if let Some((flag, value)) = flag.split_once('=') {
            (flag, value, column + 3 + flag.chars().count())
        } else {
            let Some((value_column, value)) = words.next() else {
                return Err(ParseError {
                    flag: None,
                    column: Some(column + word.chars().count()),
                    message: format!("{word} needs a value"),
                });
            };
            (flag, value, value_column)
        };
        flags
            .set(flag, value, Some(value_column))
            .map_err(|mut error| {
                if error.message.starts_with("unknown") {
                    error.column = Some(column);
                }
                error
            })?;
    }
    flags.request().map_err(|mut error| {
        if error.column.is_none() {
            error.column = Some(1);
        }
        error
    })
}

/// The line's words with their 1-based columns.
fn words(line: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    for (column, (offset, character)) in line.char_indices().enumerate() {
        match (character.is_whitespace(), start) {
            (false, None) => start = Some((column + 1, offset)),
            (true, Some((word_column, word_start))) => {
                words.push((word_column, &line[word_start..offset]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((column, offset)) = start {
        words.push((column, &line[offset..]));
    }
    words
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::{DEFAULT_PRECISION, parse_line};
    use crate::setup::Payoff;

    #[test]
    fn a_line_of_flags_is_a_spot() {
        let request =
            parse_line("\u{feff}--stacks 8,12  --ante=0.1 --icm 50,30,20 --others 9").unwrap();
        assert_eq!(request.setup.stacks, [8.0, 12.0]);
        assert_eq!(
            (request.setup.blinds, request.setup.ante),
            ([0.5, 1.0], 0.1)
        );
        assert_eq!(
            request.setup.payoff,
            Payoff::Icm {
                payouts: vec![50.0, 30.0, 20.0],
                others: vec![9.0]
            }
        );
        assert!((request.precision - DEFAULT_PRECISION[0]).abs() < f64::EPSILON);
        let request = parse_line("--precision 0.5 --blinds 1,2 --stacks=3,4").unwrap();
        assert_eq!((request.setup.blinds, request.precision), ([1.0, 2.0], 0.5));
    }

    /// Each error names its column: the flag's value, or the word at fault.
    #[rstest]
    #[case("--stacks 10,x", "column 13: expected a number, found \"x\"")]
    #[case("--stacks=10,,", "column 13: expected a number, found nothing")]
    #[case("--stacks 10,10 --ante", "column 22: --ante needs a value")]
    #[case("--stacks 10,10 --ante 1,2", "column 23: give one number")]
    #[case("--stacks 10,10 --stacks 5,5", "column 25: --stacks is given twice")]
    #[case("10,10", "column 1: expected a flag such as --stacks, found \"10,10\"")]
    #[case(
        "  --stack 10,10",
        "column 3: unknown flag --stack; expected one of --stacks, --blinds, --ante, --icm, --others, --precision"
    )]
    #[case(
        "--ante 1",
        "column 1: --stacks is missing: give every player's stack, as 10,10"
    )]
    #[case("--stacks -1,10", "column 10: a stack must be more than 0, not -1")]
    #[case(
        "--stacks 10,10 --blinds 1",
        "column 25: give the small and the big blind, as 0.5,1"
    )]
    #[case(
        "--stacks 10,10 --others 5",
        "column 25: other stacks only count with --icm"
    )]
    #[case(
        "--stacks 10,10 --precision 0",
        "column 28: the precision must be more than 0, not 0"
    )]
    #[case("--stacks 10,+10", "column 13: expected a number, found \"+10\"")]
    #[case("--stacks 10,inf", "column 13: expected a number, found \"inf\"")]
    fn errors_say_where(#[case] line: &str, #[case] message: &str) {
        assert_eq!(parse_line(line).unwrap_err().to_string(), message);
    }
}
