//! Ranks, suits and cards of the standard 52-card deck.

use std::fmt;
use std::str::FromStr;

use crate::symbol::{ParseSymbolError, symbol_enum};

symbol_enum! {
    /// A card's rank, from two (lowest) to ace (highest).
    pub enum Rank ("rank") {
        /// 2.
        Two = '2',
        /// 3.
        Three = '3',
        /// 4.
        Four = '4',
        /// 5.
        Five = '5',
        /// 6.
        Six = '6',
        /// 7.
        Seven = '7',
        /// 8.
        Eight = '8',
        /// 9.
        Nine = '9',
        /// 10, written `T` (`10` is accepted when parsing a card).
        Ten = 'T',
        /// Jack.
        Jack = 'J',
        /// Queen.
        Queen = 'Q',
        /// King.
        King = 'K',
        /// Ace, the highest rank (and the lowest card of the wheel straight A-2-3-4-5).
        Ace = 'A',
    }
}

symbol_enum! {
    /// A card's suit. Suits never rank against each other in hold'em; the order is alphabetical.
    pub enum Suit ("suit") {
        /// Clubs.
        Clubs = 'C',
        /// Diamonds.
        Diamonds = 'D',
        /// Hearts.
        Hearts = 'H',
        /// Spades.
        Spades = 'S',
    }
}

/// One of the 52 cards: a rank and a suit.
///
/// Ordered by rank, then suit. Written `AS`, `TD` (uppercase, `T` for ten); parsed from `AS`,
/// `as`, `Ah` or `10h`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(CardIndex);

/// Declares `CardIndex`, a fieldless enum of the 52 card indices `rank * 4 + suit`.
///
/// Being an enum, it tells the compiler that a card's index is below 52, so tables indexed by
/// card (the evaluator's hottest loads) need no bounds checks and no masking.
macro_rules! card_index {
    ($($name:ident)*) => {
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        enum CardIndex { $($name),* }

        impl CardIndex {
            const ALL: [CardIndex; 52] = [$(CardIndex::$name),*];
        }
    };
}

card_index! {
    I0 I1 I2 I3 I4 I5 I6 I7 I8 I9 I10 I11 I12 I13 I14 I15 I16 I17 I18 I19 I20 I21 I22 I23 I24 I25
    I26 I27 I28 I29 I30 I31 I32 I33 I34 I35 I36 I37 I38 I39 I40 I41 I42 I43 I44 I45 I46 I47 I48
    I49 I50 I51
}

/// Text that is not a card, and why. The message names the bad rank or suit but not the whole
/// text: callers quote the token themselves, cut to a readable length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError {
    reason: CardErrorReason,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum CardErrorReason {
    Shape,
    Rank(ParseSymbolError),
    Suit(ParseSymbolError),
}

impl Card {
    /// The number of cards in a deck.
    pub const COUNT: usize = 52;

    /// Every card, in increasing order (`2C 2D 2H 2S 3C ... AS`).
    pub const ALL: [Card; 52] = {
        let mut cards = [Card(CardIndex::I0); 52];
        let mut index = 0;
        while index < 52 {
            cards[index] = Card(CardIndex::ALL[index]);
            index += 1;
        }
        cards
    };

    /// The card of `rank` and `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Self {
        Card::ALL[rank as usize * 4 + suit as usize]
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[self.index() >> 2]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[self.index() & 3]
    }

    /// The card's position in [`Card::ALL`], `0..52`: `rank * 4 + suit`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The card's id, its index in [`Card::ALL`] as a byte: what [`Hand::from_ids`] reads.
    ///
    /// [`Hand::from_ids`]: crate::Hand::from_ids
    #[inline(always)]
    pub const fn id(self) -> u8 {
        self.0 as u8
    }

    /// The card written by `bytes` (`AS`, `as`, `10h`); the fast path of [`FromStr`] for
    /// readers that hold bytes.
    #[inline]
    pub fn from_ascii(bytes: &[u8]) -> Result<Card, ParseCardError> {
        let (rank, suit) = match *bytes {
            [rank, suit] => (Rank::from_ascii_byte(rank), suit),
            [b'1', b'0', suit] => (Some(Rank::Ten), suit),
            _ => return Err(ParseCardError::from_bytes(bytes)),
        };
        match (rank, Suit::from_ascii_byte(suit)) {
            (Some(rank), Some(suit)) => Ok(Card::new(rank, suit)),
            _ => Err(ParseCardError::from_bytes(bytes)),
        }
    }

    /// The card at `index` in [`Card::ALL`], if `index < 52`.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < 52 {
            Some(Card::ALL[index])
        } else {
            None
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let error = |reason| ParseCardError { reason };
        let mut characters = text.chars();
        let (rank, suit) = match (characters.next(), characters.next(), characters.next()) {
            (Some('1'), Some('0'), Some(suit)) => (Ok(Rank::Ten), suit),
            (Some(rank), Some(suit), None) => (Rank::try_from(rank), suit),
            _ => return Err(error(CardErrorReason::Shape)),
        };
        if characters.next().is_some() {
            return Err(error(CardErrorReason::Shape));
        }
        let rank = rank.map_err(|err| error(CardErrorReason::Rank(err)))?;
        let suit = Suit::try_from(suit).map_err(|err| error(CardErrorReason::Suit(err)))?;
        Ok(Card::new(rank, suit))
    }
}

impl ParseCardError {
    /// The error for `bytes`, which are not a card, with the most precise reason.
    #[cold]
    fn from_bytes(bytes: &[u8]) -> ParseCardError {
        let shape = ParseCardError {
            reason: CardErrorReason::Shape,
        };
        match std::str::from_utf8(bytes) {
            Ok(text) => text.parse::<Card>().err().unwrap_or(shape),
            Err(_) => shape,
        }
    }
}

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reason {
            CardErrorReason::Shape => f.write_str("not a rank followed by a suit"),
            CardErrorReason::Rank(err) | CardErrorReason::Suit(err) => err.fmt(f),
        }
    }
}

impl std::error::Error for ParseCardError {}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::{Card, Rank, Suit};

    #[track_caller]
    fn check(text: &str, expected: Result<&str, &str>) {
        let parsed = text.parse::<Card>();
        match (parsed, expected) {
            (Ok(card), Ok(expected)) => assert_eq!(card.to_string(), expected),
            (Err(err), Err(expected)) => assert_eq!(err.to_string(), expected),
            (parsed, expected) => panic!("{text:?} parsed as {parsed:?}, expected {expected:?}"),
        }
    }

    #[rstest]
    #[case::upper("AS", Ok("AS"))]
    #[case::lower("as", Ok("AS"))]
    #[case::mixed("Ah", Ok("AH"))]
    #[case::ten_as_t("td", Ok("TD"))]
    #[case::ten_as_digits("10h", Ok("TH"))]
    #[case::two("2c", Ok("2C"))]
    #[case::bad_suit("AX", Err("invalid suit 'X'"))]
    #[case::bad_rank("1S", Err("invalid rank '1'"))]
    #[case::one_character("A", Err("not a rank followed by a suit"))]
    #[case::too_long("ASD", Err("not a rank followed by a suit"))]
    #[case::ten_too_long("10SD", Err("not a rank followed by a suit"))]
    #[case::empty("", Err("not a rank followed by a suit"))]
    #[case::unicode("Aé", Err("invalid suit 'é'"))]
    fn parses_cards(#[case] text: &str, #[case] expected: Result<&str, &str>) {
        check(text, expected);
    }

    #[test]
    fn every_card_round_trips_through_text_and_index() {
        for (index, card) in Card::ALL.into_iter().enumerate() {
            assert_eq!(card.index(), index);
            assert_eq!(Card::from_index(index), Some(card));
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(card.to_string().to_lowercase().parse::<Card>(), Ok(card));
            assert_eq!(Card::new(card.rank(), card.suit()), card);
        }
        assert_eq!(Card::from_index(52), None);
    }

    #[test]
    fn bytes_parse_like_text() {
        let samples: [&[u8]; 12] = [
            b"AS",
            b"as",
            b"10h",
            b"Td",
            b"1S",
            b"AX",
            b"A",
            b"ASD",
            b"",
            b"\xc3\x89S",
            b"\xffS",
            b"10",
        ];
        for bytes in samples {
            let from_text = std::str::from_utf8(bytes).map(str::parse::<Card>);
            match (Card::from_ascii(bytes), from_text) {
                (Ok(card), Ok(Ok(expected))) => assert_eq!(card, expected),
                (Err(err), Ok(Err(expected))) => assert_eq!(err, expected),
                (Err(err), Err(_)) => {
                    assert_eq!(err.to_string(), "not a rank followed by a suit");
                }
                (actual, expected) => panic!("{bytes:?}: {actual:?} vs {expected:?}"),
            }
        }
    }

    #[test]
    fn cards_order_by_rank_then_suit() {
        let two_of_spades = Card::new(Rank::Two, Suit::Spades);
        let three_of_clubs = Card::new(Rank::Three, Suit::Clubs);
        assert!(two_of_spades < three_of_clubs);
        assert_eq!(Card::ALL[0].to_string(), "2C");
        assert_eq!(Card::ALL[51].to_string(), "AS");
    }
}
