//! A small reader for judge input: whitespace-separated tokens that remember where they were,
//! typed helpers to read them, and errors that say `line L, column C: expected ..., found ...`.
//!
//! Every problem in the workspace reads its input through this crate, so no binary hand-rolls
//! its parsing and every error message has the same shape.
//!
//! ```
//! use judge_io::Input;
//!
//! let mut input = Input::new(b"2\n7 x\n");
//! assert_eq!(input.next_usize("the number of cases").unwrap(), 2);
//! assert_eq!(input.next_usize("a number").unwrap(), 7);
//! let err = input.next_usize("a number").unwrap_err();
//! assert_eq!(err.to_string(), "line 2, column 3: expected a number, found 'x'");
//! ```
//!
//! It also holds what every binary shares at its edge: [`answer`] reads a file argument or
//! stdin, writes the answer, and turns an error into `error: ...` and exit status 1;
//! [`problem_cli!`] declares a problem's command line, and [`problem_options!`] its options.
//!
//! Positions are 1-based; a column counts characters (a multi-byte UTF-8 character is one
//! column, a byte that is not valid UTF-8 is one column). The input is taken as bytes, so binary
//! garbage is reported like any other bad token rather than failing before parsing starts.
//!
//! Modules by concern: `input` (the token reader and its errors), `numbers` (decimal numbers),
//! `quote` (a bad token in a message), `edge` (files, stdin, stdout, exit status, the command
//! line), `cards` (playing cards, with the `cards` feature) and `progress_bar` (a progress bar
//! for long work at a terminal, with the `progress-bar` feature). How many threads a binary uses
//! is the `work-threads` crate's.

#![forbid(unsafe_code)]

#[cfg(feature = "cards")]
pub mod cards;
mod edge;
mod input;
mod numbers;
#[cfg(feature = "progress-bar")]
mod progress_bar;
mod quote;

pub use edge::{Subcommands, answer, answer_each_line, streams, write_answer};
pub use input::{Input, InputError, Position, Token};
pub use numbers::{DecimalError, parse_decimal, parse_positive};
#[cfg(feature = "progress-bar")]
pub use progress_bar::ProgressBarAfterASecond;
pub use quote::{QUOTE_LIMIT, first_character, quote, utf8_pieces};

#[cfg(test)]
mod tests;
