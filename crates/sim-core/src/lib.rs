//! Simulation engines, with no judge I/O in them.
//!
//! * [`deck`]: the pieces of a shedding card game: a [`Pile`](deck::Pile) dealt from the top,
//!   hands kept as counts per rank in the game's play order, and a [`Table`](deck::Table) of seats
//!   in a circle that knows who holds which rank, so "the next player who can play" is a few word
//!   operations rather than a walk round the table.

//! * [`board`]: the match-3 board as one bitboard per color: legal swaps for every color and
//!   direction at once with shifts and masks, lines of three, clearing, gravity, refill from a
//!   cycling strip, and cascades with a constant-memory check for clearings that never settle.

#![forbid(unsafe_code)]

pub mod board;
pub mod deck;

// The README's example is compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
