//! Why a count has no result.

use std::fmt;

use cards_core::{Card, CardSet};

/// Why a matchup has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EquityError {
    /// Fewer than two players.
    TooFewPlayers,
    /// A board of other than 0, 3, 4 or 5 cards (the number it has).
    BoardSize(usize),
    /// A card held twice (by two players, a player and the board, the board and the dead
    /// cards, ...).
    RepeatedCard(Card),
    /// The players' cards, the dead cards and a whole board do not fit in one deck.
    DeckTooShort,
    /// Every choice of one combo per player shares a card (with another or the board).
    NoDeal,
    /// Exact counting was asked for (or chosen) but would take too long: more than
    /// [`MAX_EXACT_DEALS`](crate::MAX_EXACT_DEALS) joint deals counted deal by deal, more than
    /// [`MAX_SWEEP_STEPS`](crate::MAX_SWEEP_STEPS) counted board by board, or, for
    /// [`Method::Auto`](crate::Method::Auto), more than its time.
    TooLarge,
    /// The caller's [`Progress`](crate::Progress) asked the count to stop.
    Cancelled,
}

impl fmt::Display for EquityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EquityError::TooFewPlayers => f.write_str("a matchup needs at least two players"),
            EquityError::BoardSize(cards) => {
                write!(f, "a board has 0, 3, 4 or 5 cards, not {cards}")
            }
            EquityError::RepeatedCard(card) => write!(f, "the card {card} is dealt twice"),
            EquityError::DeckTooShort => {
                f.write_str("the players, the dead cards and the board need more than 52 cards")
            }
            EquityError::NoDeal => f.write_str(
                "no deal is possible: every choice of one combo per player shares a card (with \
                 another combo, the board or the dead cards)",
            ),
            EquityError::TooLarge => f.write_str("too many deals to count exactly"),
            EquityError::Cancelled => f.write_str("the count was cancelled"),
        }
    }
}

impl std::error::Error for EquityError {}

/// The checks every count makes of what it is given: two players or more, a board of 0, 3, 4 or
/// 5 cards, no card twice among `named` (the cards the matchup names: the board and dead cards,
/// and the hole cards where they are known), and a deck large enough for every player's two
/// cards, the dead cards and a whole board.
pub(crate) fn check_deal(
    players: usize,
    board: &[Card],
    dead: &[Card],
    mut named: impl Iterator<Item = Card>,
) -> Result<(), EquityError> {
    if players < 2 {
        return Err(EquityError::TooFewPlayers);
    }
    if !matches!(board.len(), 0 | 3 | 4 | 5) {
        return Err(EquityError::BoardSize(board.len()));
    }
    let mut seen = CardSet::EMPTY;
    if let Some(card) = named.find(|&card| !seen.insert(card)) {
        return Err(EquityError::RepeatedCard(card));
    }
    if dead.len() + 5 + 2 * players > 52 {
        return Err(EquityError::DeckTooShort);
    }
    Ok(())
}
