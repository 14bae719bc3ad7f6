//! `HandValue`: how strong a hold'em hand is, as one comparable number.

use std::fmt;

/// The category of a hold'em hand, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum HandCategory {
    /// Five different ranks, no straight, no flush.
    HighCard,
    /// Two cards of one rank.
    OnePair,
    /// Two pairs.
    TwoPair,
    /// Three cards of one rank.
    ThreeOfAKind,
    /// Five consecutive ranks (A-2-3-4-5 is the lowest).
    Straight,
    /// Five cards of one suit.
    Flush,
    /// Three of one rank and two of another.
    FullHouse,
    /// Four cards of one rank.
    FourOfAKind,
    /// A straight in one suit, below the royal flush.
    StraightFlush,
    /// T J Q K A of one suit: the top straight flush.
    RoyalFlush,
}

impl HandCategory {
    /// Every category, lowest first.
    pub const ALL: [HandCategory; 10] = [
        HandCategory::HighCard,
        HandCategory::OnePair,
        HandCategory::TwoPair,
        HandCategory::ThreeOfAKind,
        HandCategory::Straight,
        HandCategory::Flush,
        HandCategory::FullHouse,
        HandCategory::FourOfAKind,
        HandCategory::StraightFlush,
        HandCategory::RoyalFlush,
    ];

    /// The lowest value of the category: every hand of it is worth at least this, every hand of
    /// a lower category less. A comparison with it is cheaper than asking a value its category.
    pub const fn lowest_value(self) -> HandValue {
        HandValue((self as u16) << HandValue::CATEGORY_SHIFT)
    }

    /// The category's name as the judges write it: `royal flush` ... `high card`.
    pub const fn name(self) -> &'static str {
        match self {
            HandCategory::HighCard => "high card",
            HandCategory::OnePair => "one pair",
            HandCategory::TwoPair => "two pair",
            HandCategory::ThreeOfAKind => "three of a kind",
            HandCategory::Straight => "straight",
            HandCategory::Flush => "flush",
            HandCategory::FullHouse => "full house",
            HandCategory::FourOfAKind => "four of a kind",
            HandCategory::StraightFlush => "straight flush",
            HandCategory::RoyalFlush => "royal flush",
        }
    }
}

impl fmt::Display for HandCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The value of a hold'em hand (its best five cards): `Ord` is the poker comparison, higher is
/// better, equal values split the pot.
///
/// The number is the category in the top four bits and the hand's place within its category
/// below, so [`HandValue::category`] is a shift. Exactly 7,462 different values exist.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandValue(u16);

impl HandValue {
    /// The lowest value: 7-5-4-3-2 of mixed suits.
    pub const LOWEST: HandValue = HandValue(0);

    /// Bits below the category.
    pub(crate) const CATEGORY_SHIFT: u32 = 12;

    /// The value with the given raw number, as stored in the lookup tables.
    pub(crate) const fn from_raw(raw: u16) -> Self {
        HandValue(raw)
    }

    /// The raw number: the category in bits 12 to 15, the place within the category below.
    pub const fn to_raw(self) -> u16 {
        self.0
    }

    /// The hand's category.
    pub const fn category(self) -> HandCategory {
        HandCategory::ALL[(self.0 >> Self::CATEGORY_SHIFT) as usize]
    }

    /// The hand's place within its category, from 0 for the weakest.
    pub const fn place_in_category(self) -> u16 {
        self.0 & ((1 << Self::CATEGORY_SHIFT) - 1)
    }
}

impl fmt::Debug for HandValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "HandValue({} #{})",
            self.category(),
            self.place_in_category()
        )
    }
}
