//! triangle-war: players fill segments of a ten-dot triangle; completing a small triangle wins
//! it and another turn. Given the moves so far, who wins with perfect play?
//!
//! The rules, the formats and the pitfalls are in `docs/problems/triangle-war.md` at the
//! repository's root. The future of a position depends only on the
//! mask of filled segments, so [`PositionValues::new`] values all 2^18 masks once with
//! `search-core`'s retrograde pass (a few milliseconds); each game is then a replay of its moves
//! and one lookup.
//!
//! ```
//! use triangle_war::{Options, run};
//!
//! let input = b"1\n6\n2 4\n4 5\n5 9\n3 6\n2 5\n3 5\n";
//! assert_eq!(run(input, &Options::default()).unwrap(), b"Game 1: B wins.\n");
//! ```

#![forbid(unsafe_code)]

#[cfg(feature = "cli")]
pub mod cli;

pub mod board;
mod picture;

use std::fmt::Write as _;

use arrayvec::ArrayVec;
use board::{Segments, TRIANGLES, segment_between, segment_name, triangles_completed};
use judge_io::{Input, InputError};
use search_core::{BitSet, BitSetIter, Game, Step, ValueTable, solve_all};

judge_io::problem_options! {
    /// After each answer, draw the board, and show the score so far, one optimal continuation
    /// and the final board and score.
    explain: bool,
}

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The first player.
    A,
    /// The second player.
    B,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// The player's letter.
    pub fn letter(self) -> char {
        match self {
            Player::A => 'A',
            Player::B => 'B',
        }
    }
}

/// Triangle War as a `search-core` game: the position is the mask of filled segments, a move
/// fills one, its reward is the triangles it completes, and completing any earns another turn.
#[derive(Clone, Copy, Debug, Default)]
pub struct TriangleWar;

impl Game for TriangleWar {
    /// The filled segments, as bits.
    type Position = u64;
    /// A segment index, `0..18`.
    type Move = u32;
    type Moves = BitSetIter;

    #[inline]
    fn moves(&self, filled: u64) -> BitSetIter {
        BitSet(Segments::of_position(filled).complement().position()).iter()
    }

    #[inline]
    fn play(&self, filled: u64, segment: u32) -> Step {
        let reward = triangles_completed(Segments::of_position(filled), segment);
        Step {
            position: filled | 1 << segment,
            reward,
            mover_moves_again: reward > 0,
        }
    }

    #[inline]
    fn terminal_value(&self, filled: u64) -> Option<i32> {
        Segments::of_position(filled).is_all().then_some(0)
    }
}

/// Every position's value: the best triangle difference the player to move can still secure.
#[derive(Clone, Debug)]
pub struct PositionValues {
    values: ValueTable,
}

impl PositionValues {
    /// Solves all 2^18 positions.
    pub fn new() -> PositionValues {
        PositionValues {
            values: solve_all(&TriangleWar, 18),
        }
    }

    /// The value of the position with `filled` segments for the player to move.
    pub fn value(&self, filled: Segments) -> i32 {
        self.values.value(filled.position())
    }

    /// One optimal continuation from `filled` to the full board, as segment indices.
    pub fn best_line(&self, filled: Segments) -> Vec<u32> {
        self.values
            .principal_variation(&TriangleWar, filled.position())
    }
}

impl Default for PositionValues {
    fn default() -> Self {
        PositionValues::new()
    }
}

/// Where a game stands after some moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The filled segments.
    pub filled: Segments,
    /// Triangles won by A and by B.
    pub score: [i32; 2],
    /// Who moves next.
    pub to_move: Player,
}

impl Standing {
    /// The empty board, A to move.
    pub const START: Standing = Standing {
        filled: Segments::empty(),
        score: [0, 0],
        to_move: Player::A,
    };

    /// The standing after `segment` is filled by the player to move, who moves again if it
    /// completes a triangle. `segment` must be empty.
    #[must_use]
    pub fn after(self, segment: u32) -> Standing {
        // The rules are the search's: one move, played by the game itself.
        let step = TriangleWar.play(self.filled.position(), segment);
        let mut score = self.score;
        score[self.to_move as usize] += step.reward;
        Standing {
            filled: Segments::of_position(step.position),
            score,
            to_move: if step.mover_moves_again {
                self.to_move
            } else {
                self.to_move.other()
            },
        }
    }

    /// The standing after `moves` (segment indices) from the start.
    pub fn after_moves(moves: &[u8]) -> Standing {
        moves.iter().fold(Standing::START, |standing, &segment| {
            standing.after(u32::from(segment))
        })
    }

    /// Who wins from here with perfect play (nine triangles: there is never a tie).
    pub fn winner(self, values: &PositionValues) -> Player {
        let future = values.value(self.filled);
        let future_for_a = if self.to_move == Player::A {
            future
        } else {
            -future
        };
        if self.score[0] - self.score[1] + future_for_a > 0 {
            Player::A
        } else {
            Player::B
        }
    }
}

/// The moves of one game, as segment indices in the order played: at most 18, when the board is
/// full, so parsing a game allocates nothing.
pub type Moves = ArrayVec<u8, 18>;

/// Parses the games: for each, `m` (0 to 18) and `m` pairs of dots naming distinct segments.
pub fn parse(input: &[u8]) -> Result<Vec<Moves>, InputError> {
    let mut reader = Input::new(input);
    let count = reader.next_usize("the number of games")?;
    let mut games = Vec::new();
    for _ in 0..count {
        let moves = reader.next_usize_in("the number of moves", 0, 18)?;
        let mut game = Moves::new();
        let mut filled = 0u32;
        let mut first_seen = [0usize; 18];
        for _ in 0..moves {
            let start = reader.expect_token("a dot")?;
            let from = reader.parse_token_with(start, "a dot", parse_dot)?;
            let end = reader.expect_token("a dot")?;
            let to = reader.parse_token_with(end, "a dot", parse_dot)?;
            let Some(segment) = segment_between(from, to) else {
                return Err(reader.error_at(
                    start.offset,
                    format!("{from}-{to} is not a segment of the board"),
                ));
            };
            if filled >> segment & 1 == 1 {
                let first = reader.position_of(first_seen[segment as usize]);
                return Err(reader.error_at(
                    start.offset,
                    format!(
                        "segment {} is filled twice (first at line {}, column {})",
                        segment_name(segment),
                        first.line,
                        first.column
                    ),
                ));
            }
            filled |= 1 << segment;
            first_seen[segment as usize] = start.offset;
            game.push(u8::try_from(segment).expect("18 segments"));
        }
        games.push(game);
    }
    reader.finish()?;
    Ok(games)
}

/// A dot number, `1..=10`.
fn parse_dot(bytes: &[u8]) -> Result<u8, &'static str> {
    match bytes {
        [digit @ b'1'..=b'9'] => Ok(digit - b'0'),
        b"10" => Ok(10),
        _ => Err("dots are numbered 1 to 10"),
    }
}

/// Parses `input`, answers every game and returns the whole output; nothing is produced unless
/// the whole input is valid.
pub fn run(input: &[u8], options: &Options) -> Result<Vec<u8>, InputError> {
    run_with_values(input, options, &PositionValues::new())
}

/// [`run`] with the game already solved, for callers that answer many inputs (the fuzz target).
pub fn run_with_values(
    input: &[u8],
    options: &Options,
    values: &PositionValues,
) -> Result<Vec<u8>, InputError> {
    let games = parse(input)?;
    let mut output = String::with_capacity(games.len() * 20);
    for (number, moves) in games.iter().enumerate() {
        let standing = Standing::after_moves(moves.as_slice());
        // By hand rather than with `write!`: formatting is most of the cost of a game.
        output.push_str("Game ");
        output.push_str(itoa(number + 1, &mut [0; 20]));
        output.push_str(match standing.winner(values) {
            Player::A => ": A wins.\n",
            Player::B => ": B wins.\n",
        });
        if options.explain {
            explain(values, moves.as_slice(), &mut output);
        }
    }
    Ok(output.into_bytes())
}

/// `number` in decimal, written into the end of `buffer`.
fn itoa(mut number: usize, buffer: &mut [u8; 20]) -> &str {
    let mut start = buffer.len();
    loop {
        start -= 1;
        buffer[start] = b'0' + u8::try_from(number % 10).expect("a digit");
        number /= 10;
        if number == 0 {
            break;
        }
    }
    std::str::from_utf8(&buffer[start..]).expect("digits are ASCII")
}

/// The `--explain` lines: the score and turn now and the board drawn, one optimal continuation,
/// the final score and the final board.
fn explain(values: &PositionValues, moves: &[u8], output: &mut String) {
    let standing = Standing::after_moves(moves);
    let [a, b] = standing.score;
    writeln!(
        output,
        "  so far: A {a}, B {b}; {} to move",
        standing.to_move.letter()
    )
    .unwrap();
    draw(moves, output);
    let mut current = standing;
    let mut played = moves.to_vec();
    let mut plays = Vec::new();
    for segment in values.best_line(standing.filled) {
        plays.push(format!(
            "{} {}",
            current.to_move.letter(),
            segment_name(segment)
        ));
        current = current.after(segment);
        played.push(u8::try_from(segment).expect("18 segments"));
    }
    if plays.is_empty() {
        output.push_str("  then: nothing, the board is full\n");
    } else {
        writeln!(output, "  then: {}", plays.join(", ")).unwrap();
    }
    let [a, b] = current.score;
    writeln!(output, "  final: A {a}, B {b}").unwrap();
    if !plays.is_empty() {
        draw(&played, output);
    }
}

/// The board after `moves`, indented under the explain lines.
fn draw(moves: &[u8], output: &mut String) {
    let filled = Standing::after_moves(moves).filled;
    let letters = owners(moves).map(|owner| owner.map(Player::letter));
    for line in picture::draw(filled, &letters) {
        writeln!(output, "    {line}").unwrap();
    }
}

/// Which player won each triangle (in [`TRIANGLE_DOTS`] order) when `moves` were played from
/// the start: the player who filled its last side.
fn owners(moves: &[u8]) -> [Option<Player>; 9] {
    let mut owners = [None; 9];
    let mut standing = Standing::START;
    for &segment in moves {
        let mover = standing.to_move;
        standing = standing.after(u32::from(segment));
        for (owner, &triangle) in owners.iter_mut().zip(&TRIANGLES) {
            if owner.is_none() && (triangle - standing.filled).is_empty() {
                *owner = Some(mover);
            }
        }
    }
    owners
}
