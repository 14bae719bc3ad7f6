//! Cards and hand values for the workspace's card games.
//!
//! * [`Rank`], [`Suit`], [`Card`] and [`CardSet`]: the 52-card deck, parsed from `AS`, `as`,
//!   `10h` and shown as `AS`.
//! * [`Hand`] and [`HandValue`]: hold'em hand evaluation of five, six or seven cards with lookup
//!   tables generated at build time from the readable [`reference`](mod@reference) evaluator. Adding a card
//!   to a [`Hand`] is one addition, so enumerating boards costs one addition and one lookup
//!   per hand.
//! * [`best_five`]: which five of seven cards make the value, and in what order to show them.
//! * [`holdem::Range`]: hand ranges (`QQ+, A5s+, AsKs:0.5`) as weighted hole-card combos.
//! * [`Gem`] and [`GemHand`]: the seven gem colors and the five-gem hands of the gem-duel game.
//!
//! ```
//! use cards_core::{Card, Hand, HandCategory};
//!
//! let hand: Hand = ["AH", "2D", "3C", "4S", "5H", "9D", "KC"]
//!     .into_iter()
//!     .map(|card| card.parse::<Card>().unwrap())
//!     .collect();
//! assert_eq!(hand.evaluate().category(), HandCategory::Straight);
//! ```

#![forbid(unsafe_code)]

mod card;
mod card_set;
mod gem;
pub mod holdem;
mod symbol;

pub use card::{Card, ParseCardError, Rank, Suit};
pub use card_set::{CardSet, CardSetIter};
pub use gem::{Gem, GemCategory, GemHand};
pub use holdem::{
    BestFive, Hand, HandCategory, HandValue, HoleCardRule, best_five, in_display_order, reference,
};
pub use symbol::ParseSymbolError;

// The README's example is compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
