//! Gem colors and the five-gem hands of the gem-duel game.
//!
//! The hand order is not poker's: from lowest to highest, pair < straight (five different
//! colors) < two pair < three of a kind < full house < four of a kind < flush (five of one
//! color). Within a category, hands compare by their colors, largest group first and the higher
//! color first among groups of the same size.

use std::fmt;

use crate::symbol::symbol_enum;

symbol_enum! {
    /// A gem color, ordered alphabetically by its letter: `B < G < O < P < R < W < Y`.
    pub enum Gem ("gem color") {
        /// Blue.
        Blue = 'B',
        /// Green.
        Green = 'G',
        /// Orange.
        Orange = 'O',
        /// Purple.
        Purple = 'P',
        /// Red.
        Red = 'R',
        /// White.
        White = 'W',
        /// Yellow.
        Yellow = 'Y',
    }
}

/// The category of a five-gem hand, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum GemCategory {
    /// Exactly two gems share a color; the other three all differ.
    Pair,
    /// Five different colors.
    Straight,
    /// Two pairs and a single.
    TwoPair,
    /// Three of one color and two other, different colors.
    ThreeOfAKind,
    /// Three of one color and two of another.
    FullHouse,
    /// Four of one color.
    FourOfAKind,
    /// Five of one color.
    Flush,
}

impl GemCategory {
    /// Every category, lowest first.
    pub const ALL: [GemCategory; 7] = [
        GemCategory::Pair,
        GemCategory::Straight,
        GemCategory::TwoPair,
        GemCategory::ThreeOfAKind,
        GemCategory::FullHouse,
        GemCategory::FourOfAKind,
        GemCategory::Flush,
    ];

    /// The category's name: `pair`, `straight`, ..., `flush`.
    pub const fn name(self) -> &'static str {
        match self {
            GemCategory::Pair => "pair",
            GemCategory::Straight => "straight",
            GemCategory::TwoPair => "two pair",
            GemCategory::ThreeOfAKind => "three of a kind",
            GemCategory::FullHouse => "full house",
            GemCategory::FourOfAKind => "four of a kind",
            GemCategory::Flush => "flush",
        }
    }
}

impl fmt::Display for GemCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A hand of five gems. `Ord` is the game's comparison; two hands are equal exactly when they
/// hold the same colors.
///
/// ```
/// use cards_core::{Gem, GemCategory, GemHand};
///
/// let four_whites = GemHand::from_gems([Gem::White, Gem::White, Gem::Red, Gem::White, Gem::White]);
/// let four_reds = GemHand::from_gems([Gem::Red, Gem::Red, Gem::White, Gem::Red, Gem::Red]);
/// assert_eq!(four_whites.category(), GemCategory::FourOfAKind);
/// assert!(four_whites > four_reds);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GemHand {
    /// The category in bits 15 to 17, then up to five colors, three bits each, most significant
    /// first: one per group, largest group first, higher color first among equal groups.
    packed: u32,
    /// How many gems of each color the hand holds.
    counts: [u8; 7],
}

impl GemHand {
    /// The hand of five gems, in any order.
    pub fn from_gems(gems: [Gem; 5]) -> GemHand {
        let mut counts = [0u8; 7];
        for gem in gems {
            counts[gem.index()] += 1;
        }
        Self::from_counts(counts).expect("five gems make a hand")
    }

    /// The hand holding `counts[color]` gems of each color, or `None` unless they add up to 5.
    pub fn from_counts(counts: [u8; 7]) -> Option<GemHand> {
        if counts.iter().map(|&count| u32::from(count)).sum::<u32>() != 5 {
            return None;
        }
        // Groups as (size, color), largest first, higher color first among equal sizes.
        let mut groups: Vec<(u8, u8)> = (0..7u8)
            .filter(|&color| counts[usize::from(color)] > 0)
            .map(|color| (counts[usize::from(color)], color))
            .collect();
        groups.sort_unstable_by(|a, b| b.cmp(a));
        let sizes: Vec<u8> = groups.iter().map(|&(size, _)| size).collect();
        let category = match sizes.as_slice() {
            [5] => GemCategory::Flush,
            [4, 1] => GemCategory::FourOfAKind,
            [3, 2] => GemCategory::FullHouse,
            [3, 1, 1] => GemCategory::ThreeOfAKind,
            [2, 2, 1] => GemCategory::TwoPair,
            [1, 1, 1, 1, 1] => GemCategory::Straight,
            _ => GemCategory::Pair,
        };
        let mut packed = u32::from(category as u8);
        for slot in 0..5 {
            let color = groups.get(slot).map_or(0, |&(_, color)| u32::from(color));
            packed = packed << 3 | color;
        }
        Some(GemHand { packed, counts })
    }

    /// The hand's category.
    pub fn category(self) -> GemCategory {
        GemCategory::ALL[(self.packed >> 15) as usize]
    }

    /// How many gems of each color (indexed by [`Gem::index`]) the hand holds.
    pub fn counts(self) -> [u8; 7] {
        self.counts
    }

    /// The hand's gems, largest group first, higher color first among equal groups.
    pub fn gems(self) -> [Gem; 5] {
        let mut gems = [Gem::Blue; 5];
        let mut groups: Vec<(u8, usize)> =
            (0..7).map(|color| (self.counts[color], color)).collect();
        groups.sort_unstable_by(|a, b| b.cmp(a));
        // Colors the hand lacks sort last and fill no slot.
        let mut slot = 0;
        for (size, color) in groups {
            for _ in 0..size {
                gems[slot] = Gem::ALL[color];
                slot += 1;
            }
        }
        gems
    }

    /// The best hand that can still be completed from a partial hand of at most five gems,
    /// whatever colors the missing gems turn out to be; `None` if the partial hand has more
    /// than five gems.
    ///
    /// This is an exact upper bound for searches that collect gems one at a time: no sequence
    /// that starts with `partial` ends with a better hand.
    pub fn best_completion(partial: [u8; 7]) -> Option<GemHand> {
        let held: u8 = partial.iter().sum();
        let missing = 5u8.checked_sub(held)?;
        let mut best = None;
        for_each_completion(partial, missing, 0, &mut |counts| {
            let hand = GemHand::from_counts(counts).expect("completions hold five gems");
            best = best.max(Some(hand));
        });
        best
    }
}

impl fmt::Debug for GemHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GemHand({self})")
    }
}

impl fmt::Display for GemHand {
    /// The gems, largest group first, then the category: `WWWWR (four of a kind)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for gem in self.gems() {
            write!(f, "{gem}")?;
        }
        write!(f, " ({})", self.category())
    }
}

/// Calls `visit` with every way to add `missing` gems of colors `first_color..7` to `counts`.
fn for_each_completion(
    counts: [u8; 7],
    missing: u8,
    first_color: usize,
    visit: &mut impl FnMut([u8; 7]),
) {
    if missing == 0 {
        visit(counts);
        return;
    }
    for color in first_color..7 {
        let mut more = counts;
        more[color] += 1;
        for_each_completion(more, missing - 1, color, visit);
    }
}
