//! `Hand`: five to seven cards in the additive form the evaluator reads.

use std::ops::{Add, AddAssign};

use super::key_layout::{
    FLUSH_FLAGS, RANK_BASES, RANK_KEY_BITS, ROW_BITS, SUIT_COUNTER_SHIFT, SUIT_COUNTER_START,
};
use super::tables::tables;
use crate::{Card, CardSet, HandValue};

/// A hand of hold'em cards, kept so that adding a card is one addition and evaluating it is one
/// or two table lookups.
///
/// ```
/// use cards_core::{Card, Hand, HandCategory};
///
/// let cards: Vec<Card> = "AS KS QS JS TS 2D 3C".split(' ').map(|c| c.parse().unwrap()).collect();
/// let hand = Hand::from_cards(&cards);
/// assert_eq!(hand.evaluate().category(), HandCategory::RoyalFlush);
///
/// // Hands that share cards share work: build the common part once, add the rest.
/// let board = Hand::from_cards(&cards[2..]);
/// assert_eq!(board + cards[0] + cards[1], hand);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    /// The rank key and suit counters of `key_layout`.
    key: u64,
    /// The cards themselves, read for the suit that makes a flush.
    cards: CardSet,
}

impl Hand {
    /// The hand without cards.
    pub const EMPTY: Hand = Hand {
        key: SUIT_COUNTER_START,
        cards: CardSet::EMPTY,
    };

    /// The hand of `cards`, which must be distinct.
    #[inline(always)]
    pub fn from_cards(cards: &[Card]) -> Hand {
        let hand = Hand::of_ids(cards.iter().map(|card| card.index()));
        debug_assert_eq!(
            hand.len() as usize,
            cards.len(),
            "a hand's cards must be distinct"
        );
        hand
    }

    /// The hand of the cards with ids `ids`, a card's id being its index in [`Card::ALL`]
    /// (`4 * rank + suit`, `2C` = 0 to `AS` = 51, the numbering most evaluators use). The ids
    /// must be distinct and below 52; the fastest way in for callers that keep cards as bytes.
    /// An id of 52 or more adds no card (the hand's value is then meaningless, never a panic).
    ///
    /// ```
    /// use cards_core::{Card, Hand};
    ///
    /// let ids = [51, 47, 43, 39, 35, 0, 5];
    /// let cards = ids.map(|id| Card::from_index(usize::from(id)).unwrap());
    /// assert_eq!(Hand::from_ids(&ids), Hand::from_cards(&cards));
    /// ```
    #[inline(always)]
    pub fn from_ids(ids: &[u8]) -> Hand {
        // A byte indexes the 256-entry tables without a bounds check.
        Hand::of_ids(ids.iter().map(|&id| usize::from(id)))
    }

    /// The hand of the cards with ids `ids`, each below 256.
    #[inline(always)]
    fn of_ids(ids: impl Iterator<Item = usize>) -> Hand {
        // Two running sums instead of one halve the chain of dependent additions.
        let mut sums = [SUIT_COUNTER_START, 0];
        let mut bits = 0;
        for (position, id) in ids.enumerate() {
            sums[position & 1] = sums[position & 1].wrapping_add(CARD_KEYS[id]);
            bits |= CARD_BITS[id];
        }
        Hand {
            key: sums[0].wrapping_add(sums[1]),
            cards: CardSet(bits),
        }
    }

    /// This hand with `card` added; `card` must not be in the hand already.
    #[inline(always)]
    #[must_use]
    pub const fn add(self, card: Card) -> Hand {
        debug_assert!(
            !self.cards.contains(card),
            "a card was added to a hand twice"
        );
        Hand {
            key: self.key.wrapping_add(CARD_KEYS[card.index()]),
            cards: CardSet(self.cards.0 | CARD_BITS[card.index()]),
        }
    }

    /// This hand without `card`, which must be in the hand.
    #[inline(always)]
    #[must_use]
    pub const fn remove(self, card: Card) -> Hand {
        debug_assert!(
            self.cards.contains(card),
            "a card was removed from a hand without it"
        );
        Hand {
            key: self.key.wrapping_sub(CARD_KEYS[card.index()]),
            cards: CardSet(self.cards.0 & !CARD_BITS[card.index()]),
        }
    }

    /// The union of two hands without common cards.
    #[inline]
    #[must_use]
    pub const fn combine(self, other: Hand) -> Hand {
        debug_assert!(
            self.cards.0 & other.cards.0 == 0,
            "combined hands share cards"
        );
        Hand {
            key: self
                .key
                .wrapping_add(other.key)
                .wrapping_sub(SUIT_COUNTER_START),
            cards: CardSet(self.cards.0 | other.cards.0),
        }
    }

    /// The cards of the hand.
    pub const fn cards(self) -> CardSet {
        self.cards
    }

    /// The number of cards in the hand.
    pub const fn len(self) -> u32 {
        self.cards.len()
    }

    /// Whether the hand has no cards.
    pub const fn is_empty(self) -> bool {
        self.cards.is_empty()
    }

    /// The value of the best five cards of this hand of five, six or seven cards.
    ///
    /// For other sizes the result is meaningless (but never a panic); see
    /// [`Hand::checked_evaluate`].
    #[inline(always)]
    pub fn evaluate(self) -> HandValue {
        if self.key & FLUSH_FLAGS != 0 {
            self.evaluate_with_flush()
        } else {
            self.evaluate_ranks()
        }
    }

    /// [`Hand::evaluate`] of a hand with a flush, about one hand in thirty: out of line, so that
    /// the common path is short and a hand built from card ids makes its card mask only here
    /// (6 to 8 percent quicker from card ids on an AMD Zen 5, BENCHMARKS.md).
    #[cold]
    #[inline(never)]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the flush suit's 13 rank bits are rotated to the bottom; the rest is ignored"
    )]
    fn evaluate_with_flush(self) -> HandValue {
        // Suit `s` flags at bit 48 + 4 s, so four times that bit number is 16 s modulo 64:
        // rotating the card mask by it brings the suit's 13 rank bits to the bottom.
        let flush_flags = self.key & FLUSH_FLAGS;
        let suit_ranks = self.cards.0.rotate_right(4 * flush_flags.trailing_zeros());
        Hand::evaluate_flush(suit_ranks as u16)
    }

    /// The value of the best five cards by their ranks alone, as if no five shared a suit: the
    /// value of a hand without a flush, whatever its suits. For counting many boards at once
    /// when the suits cannot matter (holdem-equity's boards on which nobody can make a flush).
    #[inline]
    pub fn evaluate_ignoring_flushes(self) -> HandValue {
        self.evaluate_ranks()
    }

    /// The value of a hand of five to seven cards with a flush, from the ranks of its flush
    /// suit alone (`suit_ranks`, bit `rank`; bits above the 13th are ignored): of seven cards, a
    /// flush leaves two, too few for a full house or four of a kind, so the best flush or
    /// straight flush is the hand's value. For counting many boards at once by which cards of
    /// one suit they hold (holdem-equity). With fewer than five ranks the result is meaningless
    /// (but never a panic).
    #[inline(always)]
    pub fn evaluate_flush(suit_ranks: u16) -> HandValue {
        HandValue::from_raw(tables().flush[usize::from(suit_ranks & 0x1FFF)])
    }

    /// The value of this hand by its ranks alone, for hands without a flush.
    #[inline(always)]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the rank key is the key's low 32 bits, by the layout"
    )]
    fn evaluate_ranks(self) -> HandValue {
        let rank_key = self.key as u32;
        let row = rank_key & ((1 << ROW_BITS) - 1);
        let tables = tables();
        let slot = 2 * u32::from(tables.row_offsets[row as usize]) + (rank_key >> ROW_BITS);
        // Valid hands always land inside the table; others read zero instead of panicking.
        HandValue::from_raw(tables.rank.get(slot as usize).copied().unwrap_or(0))
    }

    /// The value of the best five cards, or `None` unless the hand holds five to seven cards.
    #[inline]
    pub fn checked_evaluate(self) -> Option<HandValue> {
        (5..=7).contains(&self.len()).then(|| self.evaluate())
    }
}

impl Add<Card> for Hand {
    type Output = Hand;

    #[inline]
    fn add(self, card: Card) -> Hand {
        Hand::add(self, card)
    }
}

impl AddAssign<Card> for Hand {
    #[inline]
    fn add_assign(&mut self, card: Card) {
        *self = Hand::add(*self, card);
    }
}

impl Add<Hand> for Hand {
    type Output = Hand;

    #[inline]
    fn add(self, other: Hand) -> Hand {
        self.combine(other)
    }
}

impl FromIterator<Card> for Hand {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> Self {
        cards.into_iter().fold(Hand::EMPTY, Hand::add)
    }
}

// `evaluate` reads the rank key as the key's low 32 bits: it must fit there, below the counters.
const _: () = assert!(RANK_KEY_BITS <= 32 && RANK_KEY_BITS <= SUIT_COUNTER_SHIFT);

/// What each card adds to the key: its rank's base and one to its suit's counter.
///
/// Indexed by a byte, so a card id needs no bounds check: ids of 52 and more add nothing.
const CARD_KEYS: [u64; 256] = {
    let mut keys = [0u64; 256];
    let mut index = 0;
    while index < 52 {
        let card = Card::ALL[index];
        keys[index] = RANK_BASES[card.rank() as usize] as u64
            + (1 << (SUIT_COUNTER_SHIFT + 4 * card.suit() as u32));
        index += 1;
    }
    keys
};

/// Each card's bit in a [`CardSet`], by card id as [`CARD_KEYS`].
const CARD_BITS: [u64; 256] = {
    let mut bits = [0u64; 256];
    let mut index = 0;
    while index < 52 {
        bits[index] = CardSet::bit(Card::ALL[index]);
        index += 1;
    }
    bits
};
