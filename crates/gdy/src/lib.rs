//! gdy: a shedding card game. Players follow the last card with its successor in the play
//! order `3 4 5 ... 13 1 2`, or with a 2 as a wild card; a trick nobody can follow ends in a
//! draw round and a new lead; whoever plays their last card wins.
//!
//! The rules, the input and output formats and the pitfalls are in `docs/problems/gdy.md` at
//! the repository's root. The deck mechanics (pile, hands as counts per rank, the seats in a circle and
//! who holds what) are `sim-core`'s; the rules are in `rules`, [`play`] playing a game. Finding the next player
//! who can follow is a search of per-rank seat bit sets, so a trick costs a few word operations
//! however many players pass.
//!
//! ```
//! use gdy::{Options, run};
//!
//! let input = b"1\n2 12\n3 4 5 6 7 8 9 10 11 12 13 1\n";
//! assert_eq!(run(input, &Options::default()).unwrap(), b"Case #1:\nWinner\n1\n");
//! ```

#![forbid(unsafe_code)]

#[cfg(feature = "cli")]
pub mod cli;

mod log;
mod rules;

use std::fmt;

use judge_io::{Input, InputError, parse_positive};

pub use log::Log;
pub use rules::{Case, Observer, Outcome, RANKS, Silent, face_of, play, rank_of};

judge_io::problem_options! {
    /// After each case's answer, show the game turn by turn.
    explain: bool,
}

/// Why an input gets no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The input is malformed.
    Input(InputError),
    /// A case's table of players does not fit in memory.
    TooManyPlayers {
        /// The case, counted from 1.
        case: usize,
        /// How many players it has.
        players: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(err) => err.fmt(f),
            Error::TooManyPlayers { case, players } => {
                write!(f, "case {case}: {players} players do not fit in memory")
            }
        }
    }
}

impl std::error::Error for Error {}

impl From<InputError> for Error {
    fn from(err: InputError) -> Self {
        Error::Input(err)
    }
}

/// Parses `T` cases of `n m` and `m` card values; line breaks do not matter.
pub fn parse(input: &[u8]) -> Result<Vec<Case>, InputError> {
    let mut reader = Input::new(input);
    let count = reader.next_usize("the number of cases")?;
    let mut cases = Vec::new();
    for _ in 0..count {
        let players = reader.next_parsed_with("the number of players", parse_positive)?;
        let cards = reader.next_parsed_with("the number of cards", parse_positive)?;
        let mut pile = Vec::new();
        for _ in 0..cards {
            let value = reader.next_usize_in("a card value", 1, 13)?;
            pile.push(u8::try_from(value).expect("a card value is 1 to 13"));
        }
        cases.push(Case { players, pile });
    }
    reader.finish()?;
    Ok(cases)
}

/// Parses `input`, plays every case and returns the whole output; nothing is produced unless
/// the whole input is valid.
pub fn run(input: &[u8], options: &Options) -> Result<Vec<u8>, Error> {
    let cases = parse(input)?;
    let mut output = String::new();
    for (number, case) in cases.iter().enumerate() {
        let mut log = Log::default();
        let outcome = if options.explain {
            play(case, &mut log)
        } else {
            play(case, &mut Silent)
        };
        let outcome = outcome.map_err(|_| Error::TooManyPlayers {
            case: number + 1,
            players: case.players,
        })?;
        output.push_str("Case #");
        output.push_str(&(number + 1).to_string());
        output.push_str(":\n");
        for (seat, points) in outcome.points_left.iter().enumerate() {
            if seat == outcome.winner {
                output.push_str("Winner\n");
            } else {
                output.push_str(&points.to_string());
                output.push('\n');
            }
        }
        if options.explain {
            output.push_str(&log.finish());
        }
    }
    Ok(output.into_bytes())
}
