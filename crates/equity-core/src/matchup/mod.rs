//! Hand against hand: each player's exact wins and split pots over every board still to come.
//!
//! Boards on which nobody can make a flush are counted by their ranks, in groups valued once;
//! the others are valued with their suits (`by_ranks`). When one board could give flushes in two
//! suits, every board is dealt instead (`by_dealing`), split across threads by its lowest card.
//! `tally` keeps the running counts: who won each board, as a set of players, credited as wins
//! and as shares of split pots in whole units.

pub(crate) mod board_counts;
mod by_dealing;
pub(crate) mod by_ranks;
pub(crate) mod count;
pub(crate) mod hands;
pub(crate) mod tally;
