//! gem-duel: two players each make five match-3 operations on their own board; the colors of
//! the gems they pick make a five-gem hand; the better hand wins.
//!
//! The rules, the input and output formats, when a clearing that never settles is an error, and
//! the pitfalls are in `docs/problems/gem-duel.md` at the repository's root. Boards are `sim-core`'s bitboards, hands are `cards-core`'s
//! [`GemHand`]s, and [`best_hand`] searches each player's sequences of five
//! operations exactly, pruning with the best hand still reachable from the gems taken so far.
//! The two players are searched at the same time on two threads, when allowed two.
//!
//! ```
//! use gem_duel::{Options, run};
//!
//! let input = b"1\n1 1 1\nB\nB\nG\nG\n";
//! assert_eq!(run(input, &Options::default()).unwrap(), b"draw\n");
//! ```

#![forbid(unsafe_code)]

#[cfg(feature = "cli")]
pub mod cli;

mod hands;
mod search;

use std::fmt::{self, Write as _};

use cards_core::{Gem, GemHand};
use judge_io::{DecimalError, Input, InputError};
use sim_core::board::{Cell, Strip};
use work_threads::{Threads, map_on_threads};

pub use search::{Best, Operation, UnsettledLine, best_hand};

/// A gem-duel board: seven colors, numbered as [`Gem::index`].
pub type Board = sim_core::board::Board<7>;

judge_io::problem_options! {
    /// After each answer, show each player's best operations, the board after each, and the
    /// hand.
    explain: bool,
    /// Threads to use; the environment variable `JUDGE_THREADS` says the same when the option is
    /// absent, and the default is one per core.
    threads: work_threads::Threads [env = "JUDGE_THREADS", default_value_t],
}

/// One player's side of a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The initial board.
    pub board: Board,
    /// The refill strip.
    pub strip: Strip,
}

/// Why an input gets no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The input is malformed.
    Input(InputError),
    /// A clearing never settled while searching a player's operations.
    Unsettled {
        /// The case, counted from 1.
        case: usize,
        /// The player, 1 or 2.
        player: usize,
        /// The operations that led to it.
        line: UnsettledLine,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(err) => err.fmt(f),
            Error::Unsettled { case, player, line } => {
                write!(f, "case {case}, player {player}: {line}")
            }
        }
    }
}

impl fmt::Display for UnsettledLine {
    /// `the clearing after row 1, column 4, left (B), then ... never settles`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let operations: Vec<String> = self
            .operations
            .iter()
            .map(|operation| describe(*operation))
            .collect();
        write!(
            f,
            "the clearing after {} never settles",
            operations.join(", then ")
        )
    }
}

impl std::error::Error for UnsettledLine {}

impl std::error::Error for Error {}

impl From<InputError> for Error {
    fn from(err: InputError) -> Self {
        Error::Input(err)
    }
}

/// Parses the cases: for each, `n m k`, then each player's `n` rows of `m` gem letters and
/// strip of `k` gem letters.
pub fn parse(input: &[u8]) -> Result<Vec<[Side; 2]>, InputError> {
    let mut reader = Input::new(input);
    let count = reader.next_usize("the number of cases")?;
    let mut cases = Vec::new();
    for _ in 0..count {
        let rows = reader.next_usize_in("the number of rows", 1, 8)?;
        let columns = reader.next_usize_in("the number of columns", 1, 8)?;
        let strip_length = reader.next_parsed_with("the strip length", |bytes| {
            judge_io::parse_positive(bytes).map_err(|err| match err {
                DecimalError::Zero => "a strip has at least one gem".to_string(),
                err => err.to_string(),
            })
        })?;
        let mut side = |player: usize| -> Result<Side, InputError> {
            let mut grid = Vec::with_capacity(rows);
            let mut offsets = Vec::with_capacity(rows);
            for row in 0..rows {
                let what = format!(
                    "row {} of player {player}'s board ({})",
                    row + 1,
                    gem_count(columns)
                );
                let token = reader.expect_token(&what)?;
                grid.push(gems(&reader, token, columns, &what)?);
                offsets.push(token.offset);
            }
            let what = format!("player {player}'s strip ({})", gem_count(strip_length));
            let token = reader.expect_token(&what)?;
            let strip = Strip::new(gems(&reader, token, strip_length, &what)?)
                .expect("strips are not empty");
            let rows: Vec<&[u8]> = grid.iter().map(Vec::as_slice).collect();
            let board = Board::from_rows(&rows).expect("the rows were checked");
            if let Some(cell) = board.lines().iter().next() {
                let offset = offsets[usize::from(cell.row)] + usize::from(cell.column);
                return Err(reader.error_at(
                    offset,
                    format!("player {player}'s board already holds a line of three here"),
                ));
            }
            Ok(Side { board, strip })
        };
        let first = side(1)?;
        let second = side(2)?;
        cases.push([first, second]);
    }
    reader.finish()?;
    Ok(cases)
}

/// The gems of a token that must hold exactly `length` gem letters. Nothing is reserved for the
/// declared length: only the token's own bytes, so a length no input could hold is an error and
/// never a huge allocation.
fn gems(
    reader: &Input<'_>,
    token: judge_io::Token<'_>,
    length: usize,
    what: &str,
) -> Result<Vec<u8>, InputError> {
    let mut gems = Vec::with_capacity(token.bytes.len());
    for (index, &byte) in token.bytes.iter().enumerate() {
        if let Some(gem) = Gem::from_ascii_byte(byte) {
            gems.push(gem as u8);
        } else {
            // Quote the whole character, not one byte of it.
            return Err(reader.error_at(
                token.offset + index,
                format!(
                    "expected a gem color (B, G, O, P, R, W or Y), found {}",
                    judge_io::quote(judge_io::first_character(&token.bytes[index..]))
                ),
            ));
        }
    }
    if gems.len() != length {
        return Err(reader.error_at(
            token.offset,
            format!(
                "expected {what}, found {} ({})",
                judge_io::quote(token.bytes),
                gem_count(gems.len())
            ),
        ));
    }
    Ok(gems)
}

/// `1 gem`, `2 gems`.
fn gem_count(count: usize) -> String {
    match count {
        1 => "1 gem".to_string(),
        _ => format!("{count} gems"),
    }
}

/// Both players' best hands, searched at the same time when `threads` allows two.
pub fn duel(sides: &[Side; 2], threads: Threads) -> [Result<Option<Best>, UnsettledLine>; 2] {
    let mut results = map_on_threads(2, threads, |side| {
        best_hand(&sides[side].board, &sides[side].strip)
    })
    .into_iter();
    let first = results.next().expect("two sides");
    [first, results.next().expect("two sides")]
}

/// Parses `input`, answers every case and returns the whole output; nothing is produced unless
/// every case is answered.
pub fn run(input: &[u8], options: &Options) -> Result<Vec<u8>, Error> {
    let cases = parse(input)?;
    let mut output = String::new();
    for (case, sides) in (1..).zip(&cases) {
        let results = duel(sides, options.threads);
        let mut bests = [None, None];
        for (player, result) in results.into_iter().enumerate() {
            bests[player] = result.map_err(|line| Error::Unsettled {
                case,
                player: player + 1,
                line,
            })?;
        }
        // A player without five operations scores below every hand: `None` sorts first.
        let hands = bests.map(|best| best.map(|best| best.hand));
        output.push_str(match hands[0].cmp(&hands[1]) {
            std::cmp::Ordering::Greater => "liuzhangfeiabc\n",
            std::cmp::Ordering::Less => "ldlsn\n",
            std::cmp::Ordering::Equal => "draw\n",
        });
        if options.explain {
            output.push_str(
                "  each player's best five operations (row and column from 1 at the top left, the \
                 way the gem moves, its color) and the board after each settles:\n",
            );
            for (player, best) in bests.iter().enumerate() {
                explain(case, player + 1, &sides[player], best.as_ref(), &mut output)?;
            }
            writeln!(output, "  decided: {}", decision(hands)).unwrap();
        }
    }
    Ok(output.into_bytes())
}

/// The `--explain` lines for one player.
fn explain(
    case: usize,
    player: usize,
    side: &Side,
    best: Option<&Best>,
    output: &mut String,
) -> Result<(), Error> {
    let Some(best) = best else {
        writeln!(
            output,
            "  player {player}: no sequence of five legal operations"
        )
        .unwrap();
        return Ok(());
    };
    writeln!(output, "  player {player}: {}", best.hand).unwrap();
    let (mut board, mut position) = (side.board, 0);
    for (step, operation) in best.operations.iter().enumerate() {
        (board, position) = board
            .play(operation.cell, operation.direction, &side.strip, position)
            .map_err(|_| Error::Unsettled {
                case,
                player,
                line: UnsettledLine {
                    operations: best.operations[..=step].to_vec(),
                },
            })?;
        writeln!(output, "    {}. {}", step + 1, describe(*operation)).unwrap();
        for row in 0..board.rows() {
            let letters: String = (0..board.columns())
                .map(|column| {
                    board
                        .gem(Cell::new(row, column))
                        .map_or('.', |gem| Gem::ALL[usize::from(gem)].to_char())
                })
                .collect();
            writeln!(output, "       {letters}").unwrap();
        }
    }
    Ok(())
}

/// Why one hand beats the other, or why they tie: the category, or else the first gem that
/// differs in order of significance (largest group first, then higher colors).
fn decision(hands: [Option<GemHand>; 2]) -> String {
    match hands {
        [None, None] => "neither player has five legal operations: a draw".to_string(),
        [Some(_), None] => {
            "player 2 has no five legal operations and scores below every hand".to_string()
        }
        [None, Some(_)] => {
            "player 1 has no five legal operations and scores below every hand".to_string()
        }
        [Some(first), Some(second)] if first == second => {
            format!("equal hands, {first}: a draw")
        }
        [Some(first), Some(second)] if first.category() != second.category() => {
            let (higher, lower) = if first > second {
                (first, second)
            } else {
                (second, first)
            };
            format!("{} beats {}", higher.category(), lower.category())
        }
        [Some(first), Some(second)] => {
            let (higher, lower) = if first > second {
                (first, second)
            } else {
                (second, first)
            };
            let (better, worse) = higher
                .gems()
                .into_iter()
                .zip(lower.gems())
                .find(|(a, b)| a != b)
                .expect("unequal hands differ in a gem");
            format!(
                "both {}; by significance {} against {}, {better} beats {worse} \
                 (B < G < O < P < R < W < Y)",
                first.category(),
                gem_letters(higher),
                gem_letters(lower)
            )
        }
    }
}

/// A hand's gems in order of significance, `WWWWR`.
fn gem_letters(hand: GemHand) -> String {
    hand.gems().iter().map(|gem| gem.to_char()).collect()
}

/// An operation as `row 2, column 3, right (W)`, counted from 1 at the top left.
fn describe(operation: Operation) -> String {
    format!(
        "row {}, column {}, {} ({})",
        operation.cell.row + 1,
        operation.cell.column + 1,
        operation.direction.name(),
        Gem::ALL[usize::from(operation.color)]
    )
}

#[cfg(test)]
mod tests {
    use cards_core::{Gem, GemHand};

    use super::decision;

    fn hand(letters: &str) -> GemHand {
        let gems: Vec<Gem> = letters
            .chars()
            .map(|letter| Gem::try_from(letter).unwrap())
            .collect();
        GemHand::from_gems(gems.try_into().unwrap())
    }

    #[test]
    fn the_decision_names_the_higher_hand_whichever_player_holds_it() {
        let (flush, pair) = (hand("BBBBB"), hand("GGBOP"));
        let (some_flush, some_pair) = (Some(flush), Some(pair));
        assert_eq!(
            decision([some_flush, some_pair]),
            decision([some_pair, some_flush])
        );
        assert!(decision([some_pair, some_flush]).starts_with(&format!(
            "{} beats {}",
            flush.category(),
            pair.category()
        )));
        let (whites, reds) = (Some(hand("WWWWR")), Some(hand("RRRRW")));
        let expected = "by significance WWWWR against RRRRW, W beats R";
        assert!(decision([whites, reds]).contains(expected));
        assert!(decision([reds, whites]).contains(expected));
    }

    #[test]
    fn equal_hands_are_a_draw() {
        let pair = Some(hand("GGBOP"));
        assert!(decision([pair, pair]).starts_with("equal hands"));
    }
}
