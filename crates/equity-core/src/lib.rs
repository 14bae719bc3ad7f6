//! Hold'em equity, exactly: who is ahead in a matchup, and by how much, over every board that can
//! still come; ranges against ranges, exact or sampled; and the chart of the 169 starting hands.
//!
//! Three products, one module each, on one vocabulary:
//!
//! - **Hand against hand** ([`equity`]): each player's boards won alone and shares of split
//!   pots, as whole numbers ([`BoardCounts`]).
//! - **Ranges** ([`range_equity`]): weighted ranges, a board, dead cards, two players or more;
//!   counted exactly over every joint deal, or sampled with a seed ([`Method`]). A count too
//!   large for one machine is shared out with [`split`]: each part's [`exact_counts`] are whole
//!   numbers ([`ExactCounts`]) that add up to the whole count's exactly, in any order.
//! - **The chart** ([`chart()`]): the 169 starting hands against one or more random hands; and
//!   heads-up, every starting hand against every other, as whole numbers ([`class_pairs`]).
//!
//! Every result speaks of [`PotShares`]: a player's share of the pots won alone and split, from
//! 0 to 1. Long counts take a [`Progress`], which hears how far they are and can stop them with
//! [`EquityError::Cancelled`]. The engine does no input or output and reads no environment; the
//! number of threads is the caller's ([`Threads`]), and no figure depends on it.
//!
//! # Hand against hand
//!
//! ```
//! use equity_core::{Matchup, Threads, equity};
//!
//! let card = |text: &str| text.parse().unwrap();
//! let matchup = Matchup {
//!     players: vec![[card("AS"), card("KS")], [card("QD"), card("QC")]],
//!     board: vec![card("2H"), card("7C"), card("9D")],
//!     dead: vec![card("5S"), card("6S")],
//! };
//! let counts = equity(&matchup, Threads::ONE).unwrap();
//! assert_eq!(counts.boards, 903); // 43 cards left, two to come
//! assert_eq!(counts.wins, [225, 678]);
//! assert_eq!(format!("{:.4}", 100.0 * counts.shares(0).equity()), "24.9169");
//! ```
//!
//! # Ranges, with weights and a board
//!
//! ```
//! use equity_core::{Method, RangeMatchup, Silent, Threads, range_equity};
//!
//! let matchup = RangeMatchup {
//!     ranges: vec!["QQ+, AKs, JTo:0.2".parse().unwrap(), "random".parse().unwrap()],
//!     board: ["AH", "7C", "2D"].map(|card| card.parse().unwrap()).to_vec(),
//!     dead: vec![],
//! };
//! let result = range_equity(&matchup, Method::Exact, Threads::available(), &Silent).unwrap();
//! let [first, second] = [result.players[0], result.players[1]];
//! assert!((first.equity() + second.equity() - 1.0).abs() < 1e-12);
//! // The first player's result with each of their combos, how often they hold it.
//! let total: f64 = result.first_player_combos.iter().map(|combo| combo.frequency).sum();
//! assert!((total - 1.0).abs() < 1e-12);
//! ```
//!
//! # Sampling with a seed
//!
//! ```
//! use equity_core::{Counted, Method, RangeMatchup, Sampling, Silent, Threads, range_equity};
//!
//! let matchup = RangeMatchup {
//!     ranges: ["AsKs", "random", "random"].map(|text| text.parse().unwrap()).to_vec(),
//!     board: vec![],
//!     dead: vec![],
//! };
//! let sampling = Sampling { seed: 7, standard_error: 0.005, time_limit: None };
//! let one = range_equity(&matchup, Method::Sampled(sampling), Threads::ONE, &Silent).unwrap();
//! let two = range_equity(&matchup, Method::Sampled(sampling), Threads::new(2).unwrap(), &Silent);
//! assert_eq!(Ok(one.clone()), two); // the same seed gives the same figures on any threads
//! let Counted::Sampled { standard_errors, .. } = &one.counted else { unreachable!() };
//! assert!(standard_errors[0] <= 0.005);
//! ```
//!
//! # Progress and cancelling
//!
//! ```
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use equity_core::{EquityError, Method, Progress, RangeMatchup, Threads, range_equity};
//!
//! /// Stops the count at its first report.
//! struct Impatient(AtomicBool);
//!
//! impl Progress for Impatient {
//!     fn report(&self, _done: f64) {
//!         self.0.store(true, Ordering::Relaxed);
//!     }
//!     fn is_cancelled(&self) -> bool {
//!         self.0.load(Ordering::Relaxed)
//!     }
//! }
//!
//! let matchup = RangeMatchup {
//!     ranges: ["AK", "random"].map(|text| text.parse().unwrap()).to_vec(),
//!     board: vec![],
//!     dead: vec![],
//! };
//! let impatient = Impatient(AtomicBool::new(false));
//! let result = range_equity(&matchup, Method::Exact, Threads::ONE, &impatient);
//! assert_eq!(result, Err(EquityError::Cancelled));
//! ```
//!
//! # The chart
//!
//! ```
//! use equity_core::{Method, Sampling, Silent, Threads, chart};
//!
//! let quick = Method::Sampled(Sampling { standard_error: 0.02, ..Sampling::default() });
//! let chart = chart(2, quick, Threads::available(), &Silent).unwrap();
//! assert_eq!(chart.entries.len(), 169);
//! let aces = &chart.entries[0];
//! assert_eq!((aces.class.to_string(), aces.class.grid_cell()), ("AA".to_string(), (0, 0)));
//! assert!(aces.shares.equity() > 0.7);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod chart;
mod error;
mod matchup;
mod progress;
mod ranges;
mod shares;

pub use cards_core::holdem::HandClass;
pub use chart::heads_up::{ClassPair, ClassPairs, class_pairs};
pub use chart::three_way::{ClassTriple, SHOWDOWN_ORDERS, class_triples};
pub use chart::{Chart, ChartEntry, chart};
pub use error::EquityError;
pub use matchup::board_counts::BoardCounts;
pub use matchup::count::equity;
pub use matchup::hands::Matchup;
pub use progress::{Part, Progress, Silent};
pub use ranges::by_board::MAX_SWEEP_STEPS;
pub use ranges::counts::{CountsDiffer, ExactCounts, WeightedCounts};
pub use ranges::exact::MAX_EXACT_DEALS;
pub use ranges::matchup::{DEFAULT_EXACT_WITHIN, Method, RangeMatchup, Sampling};
pub use ranges::result::{ClassEquity, ComboEquity, Counted, RangeEquity};
pub use ranges::split::{MatchupPart, split};
pub use ranges::{counts_board_by_board, exact_counts, range_equity};
pub use shares::PotShares;
pub use work_threads::Threads;

// For the fuzz targets only (cargo-fuzz builds with `--cfg fuzzing`): not part of the library.
#[cfg(fuzzing)]
#[doc(hidden)]
pub use ranges::{count_board_by_board, count_field_and_by_deal};

// The README's example is compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
