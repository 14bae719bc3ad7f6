//! `CardSet`: a set of cards as one `u64`.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

use crate::card::ParseCardError;
use crate::{Card, Rank, Suit};

/// A set of cards, one bit per card.
///
/// Bit `16 * suit + rank` holds a card, so the 13 ranks of one suit are one shift away
/// ([`CardSet::ranks_of_suit`]); that is what flush detection wants. Iteration yields cards in
/// increasing bit order: by suit, then rank.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

/// The bits that stand for cards; the other twelve are always zero.
const VALID_BITS: u64 = 0x1FFF_1FFF_1FFF_1FFF;

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet(VALID_BITS);

    /// The set holding `card` alone.
    pub const fn of(card: Card) -> CardSet {
        CardSet(1 << bit_of(card))
    }

    /// The bit that stands for `card`.
    pub const fn bit(card: Card) -> u64 {
        1 << bit_of(card)
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & Self::bit(card) != 0
    }

    /// Adds `card`; returns whether it was new.
    pub fn insert(&mut self, card: Card) -> bool {
        let was_new = !self.contains(card);
        self.0 |= Self::bit(card);
        was_new
    }

    /// Removes `card`; returns whether it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let was_present = self.contains(card);
        self.0 &= !Self::bit(card);
        was_present
    }

    /// The number of cards in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The ranks held in `suit`, as a 13-bit mask (bit `rank`).
    pub const fn ranks_of_suit(self, suit: Suit) -> u16 {
        ((self.0 >> (16 * suit as u32)) & 0x1FFF) as u16
    }

    /// The ranks held in any suit, as a 13-bit mask (bit `rank`).
    pub const fn ranks(self) -> u16 {
        let folded = self.0 | (self.0 >> 32);
        ((folded | (folded >> 16)) & 0x1FFF) as u16
    }

    /// The cards in increasing bit order (by suit, then rank).
    pub const fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

/// Iterates a [`CardSet`] by popping its lowest bit.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card::new(
            Rank::ALL[(bit & 15) as usize],
            Suit::ALL[(bit >> 4) as usize],
        ))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;

    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> Self {
        let mut set = CardSet::EMPTY;
        for card in cards {
            set.insert(card);
        }
        set
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> Self {
        CardSet::of(card)
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }
}

impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, other: CardSet) {
        self.0 |= other.0;
    }
}

impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }
}

impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, other: CardSet) {
        self.0 &= other.0;
    }
}

impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, other: CardSet) -> CardSet {
        CardSet(self.0 ^ other.0)
    }
}

impl Sub for CardSet {
    type Output = CardSet;
    /// The cards of `self` that are not in `other`.
    fn sub(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The cards of the deck that are not in the set.
    fn not(self) -> CardSet {
        CardSet(!self.0 & VALID_BITS)
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (position, card) in self.iter().enumerate() {
            if position > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

/// Cards separated by white space, as [`Display`](fmt::Display) writes them (`"AS KS QS"`, any
/// case); a set, so a card written twice is in it once.
impl std::str::FromStr for CardSet {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<CardSet, Self::Err> {
        text.split_whitespace().map(str::parse::<Card>).collect()
    }
}

/// `16 * suit + rank`, worked out from the card's index (`rank * 4 + suit`) by arithmetic alone:
/// the sets' hottest path (sampling draws cards into one).
#[expect(
    clippy::cast_possible_truncation,
    reason = "a card's index is below 52"
)]
const fn bit_of(card: Card) -> u32 {
    let index = card.index() as u32;
    16 * (index & 3) + (index >> 2)
}

#[cfg(test)]
mod tests {
    use super::CardSet;
    use crate::{Card, Rank, Suit};

    fn cards(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn every_card_has_its_own_bit() {
        let all: CardSet = Card::ALL.into_iter().collect();
        assert_eq!(all, CardSet::FULL);
        assert_eq!(all.len(), 52);
        let mut sorted: Vec<Card> = all.iter().collect();
        sorted.sort();
        assert_eq!(sorted, Card::ALL);
    }

    #[test]
    fn a_cards_bit_is_sixteen_per_suit_plus_its_rank() {
        for card in Card::ALL {
            let bit = 16 * card.suit() as u32 + card.rank() as u32;
            assert_eq!(CardSet::bit(card), 1 << bit, "{card}");
            assert_eq!(
                CardSet::of(card).ranks_of_suit(card.suit()),
                1 << card.rank() as u32
            );
        }
    }

    #[test]
    fn set_operations() {
        let a: CardSet = cards("AS KS QS");
        let b: CardSet = cards("KS QH");
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).to_string(), "KS");
        assert_eq!((a - b).to_string(), "QS AS");
        assert_eq!((a ^ b).len(), 3);
        assert_eq!((!a).len(), 49);
        assert!((!a & a).is_empty());
    }

    #[test]
    fn insert_remove_contains() {
        let mut set = CardSet::EMPTY;
        let ace = Card::new(Rank::Ace, Suit::Hearts);
        assert!(set.insert(ace));
        assert!(!set.insert(ace));
        assert!(set.contains(ace));
        assert!(set.remove(ace));
        assert!(!set.remove(ace));
        assert!(set.is_empty());
    }

    #[test]
    fn suit_ranks_are_one_shift_away() {
        let set: CardSet = cards("2H 5H AH AS");
        assert_eq!(set.ranks_of_suit(Suit::Hearts), 0b1_0000_0000_1001);
        assert_eq!(set.ranks_of_suit(Suit::Spades), 0b1_0000_0000_0000);
        assert_eq!(set.ranks_of_suit(Suit::Clubs), 0);
        assert_eq!(set.ranks(), 0b1_0000_0000_1001);
    }

    #[test]
    fn ranks_are_the_ranks_held_in_any_suit() {
        for card in Card::ALL {
            assert_eq!(CardSet::of(card).ranks(), 1 << card.rank() as u32, "{card}");
        }
        // A rank held in several suits is held once.
        for suits in 1..16u32 {
            let set: CardSet = Suit::ALL
                .into_iter()
                .filter(|&suit| suits >> suit as u32 & 1 == 1)
                .map(|suit| Card::new(Rank::Nine, suit))
                .collect();
            assert_eq!(set.ranks(), 1 << Rank::Nine as u32, "{set}");
        }
        assert_eq!(CardSet::FULL.ranks(), 0x1FFF);
    }

    #[test]
    fn a_card_alone_is_a_set_of_one() {
        for card in Card::ALL {
            let set = CardSet::of(card);
            assert_eq!(set, CardSet::from(card));
            assert_eq!(set.0, CardSet::bit(card));
            assert_eq!(set.len(), 1);
            assert!(set.contains(card) && !set.is_empty());
            assert_eq!(set.iter().collect::<Vec<_>>(), [card]);
        }
    }

    #[test]
    fn iteration_knows_its_length() {
        let set: CardSet = cards("2C 9D TH AS");
        let mut iter = set.iter();
        for left in (0..=4).rev() {
            assert_eq!(iter.size_hint(), (left, Some(left)));
            assert_eq!(iter.len(), left);
            iter.next();
        }
        assert_eq!(iter.next(), None);
        assert_eq!(CardSet::FULL.iter().len(), 52);
    }

    #[test]
    fn assigning_operators_match_the_plain_ones() {
        let a: CardSet = cards("AS KS QS");
        let b: CardSet = cards("KS QH");
        let mut union = a;
        union |= b;
        assert_eq!(union, a | b);
        assert_eq!(union.to_string(), "QH QS KS AS");
        let mut common = a;
        common &= b;
        assert_eq!(common, a & b);
        assert_eq!(common.to_string(), "KS");
    }

    #[test]
    fn text_reads_back_what_display_writes() {
        let set = cards("2C 9D TH AS");
        assert_eq!(set.to_string().parse::<CardSet>(), Ok(set));
        assert_eq!(cards("as as  kd"), cards("KD AS"));
        assert_eq!(cards(" "), CardSet::EMPTY);
        assert!("AS XX".parse::<CardSet>().is_err());
    }

    #[test]
    fn debug_shows_the_cards() {
        let set: CardSet = cards("AS 2C");
        assert_eq!(format!("{set:?}"), "{2C, AS}");
        assert_eq!(format!("{:?}", CardSet::EMPTY), "{}");
        assert_eq!(format!("{:?}", vec!["TD".parse::<Card>().unwrap()]), "[TD]");
    }
}
