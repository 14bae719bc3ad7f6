//! Simulation engines, with no judge I/O in them.
//!
//! * [`deck`]: the pieces of a shedding card game: a [`Pile`](deck::Pile) dealt from the top,
//!   hands kept as counts per rank in the game's play order, and a [`Table`](deck::Table) of seats
//!   in a circle that knows who holds which rank, so "the next player who can play" is a few word
//!   operations rather than a walk round the table.

#![forbid(unsafe_code)]

pub mod deck;
