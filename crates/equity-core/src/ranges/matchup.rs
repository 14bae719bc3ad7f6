//! What a range count is asked: the ranges, the board, the dead cards, and how to count.

use std::time::Duration;

use cards_core::Card;
use cards_core::holdem::Range;

/// Ranges against each other: one range per player, the board so far and the dead cards.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeMatchup {
    /// Each player's range, in order.
    pub ranges: Vec<Range>,
    /// The board dealt so far: 0, 3, 4 or 5 cards.
    pub board: Vec<Card>,
    /// Cards out of play.
    pub dead: Vec<Card>,
}

impl RangeMatchup {
    /// Player `player`'s combos that can be dealt: those holding no board or dead card.
    ///
    /// ```
    /// use equity_core::RangeMatchup;
    ///
    /// let matchup = RangeMatchup {
    ///     ranges: vec!["AA".parse().unwrap(), "KK".parse().unwrap()],
    ///     board: vec!["AS".parse().unwrap(), "KS".parse().unwrap(), "2D".parse().unwrap()],
    ///     dead: Vec::new(),
    /// };
    /// assert_eq!(matchup.dealable(0).len(), 3);
    /// ```
    pub fn dealable(&self, player: usize) -> Range {
        let taken = |card: &Card| self.board.contains(card) || self.dead.contains(card);
        self.ranges[player]
            .combos()
            .iter()
            .copied()
            .filter(|(combo, _)| !combo.iter().any(taken))
            .collect()
    }
}

/// How to count a range matchup.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// Every joint deal and every board.
    Exact,
    /// Random deals and boards until the standard error or the time limit is reached.
    Sampled(Sampling),
    /// Exact when that is expected to take at most `exact_within`, else sampled.
    Auto {
        /// The longest an exact count may be expected to take, on the given threads.
        exact_within: Duration,
        /// How to sample otherwise.
        sampling: Sampling,
    },
}

/// The longest [`Method::default`] lets an exact count be expected to take.
pub const DEFAULT_EXACT_WITHIN: Duration = Duration::from_secs(3);

impl Default for Method {
    /// Exact when that should take at most [`DEFAULT_EXACT_WITHIN`], else sampled with
    /// [`Sampling::default`].
    fn default() -> Method {
        Method::Auto {
            exact_within: DEFAULT_EXACT_WITHIN,
            sampling: Sampling::default(),
        }
    }
}

/// When and how to stop sampling.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampling {
    /// The seed: the same seed, standard error and matchup give the same figures, on any number
    /// of threads (unless the time limit stops the run first).
    pub seed: u64,
    /// Stop once every player's equity has a standard error at most this, as a share (0.0005
    /// is 0.05 percentage points).
    pub standard_error: f64,
    /// Stop after this long, whatever the standard error.
    pub time_limit: Option<Duration>,
}

impl Default for Sampling {
    /// Seed 1, to a standard error of 0.05 percentage points, however long that takes.
    fn default() -> Sampling {
        Sampling {
            seed: 1,
            standard_error: 0.0005,
            time_limit: None,
        }
    }
}

#[cfg(test)]
impl RangeMatchup {
    /// A matchup written as the tests write it: ranges in the range grammar, the board and the
    /// dead cards as cards separated by spaces (`"AH 7C 2D"`).
    pub(crate) fn from_text(ranges: &[&str], board: &str, dead: &str) -> RangeMatchup {
        let cards = |text: &str| -> Vec<Card> {
            text.split_whitespace()
                .map(|card| card.parse().expect("a card"))
                .collect()
        };
        RangeMatchup {
            ranges: ranges
                .iter()
                .map(|range| range.parse().expect("a range"))
                .collect(),
            board: cards(board),
            dead: cards(dead),
        }
    }
}
