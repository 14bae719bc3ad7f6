//! The 169 starting hands: a pair, or two ranks suited or offsuit, as players name them (`AA`,
//! `AKs`, `AKo`) and lay them out in the 13 × 13 grid (pairs on the diagonal, suited hands above
//! it, offsuit hands below, ranks from the ace down).

use std::fmt;

use crate::holdem::combo::Combo;
use crate::{Card, Rank, Suit};

/// A starting hand up to the suits' names: `AA` (6 combos), `AKs` (4) or `AKo` (12).
///
/// ```
/// use cards_core::holdem::HandClass;
/// use cards_core::Rank;
///
/// let class = HandClass::new(Rank::Ace, Rank::King, true).unwrap();
/// assert_eq!(class.to_string(), "AKs");
/// assert_eq!(class.combo_count(), 4);
/// assert_eq!(class.grid_cell(), (0, 1));
/// assert_eq!(HandClass::from_grid_cell(1, 0).to_string(), "AKo");
/// assert_eq!(HandClass::all().count(), HandClass::COUNT);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandClass {
    high: Rank,
    low: Rank,
    suited: bool,
}

impl HandClass {
    /// How many classes there are: 13 pairs, 78 suited hands, 78 offsuit hands.
    pub const COUNT: usize = 169;

    /// The class of two ranks (in either order), suited or not; `None` for a suited pair.
    pub fn new(first: Rank, second: Rank, suited: bool) -> Option<HandClass> {
        (first != second || !suited).then(|| HandClass {
            high: first.max(second),
            low: first.min(second),
            suited,
        })
    }

    /// The class of a combo.
    pub fn of([first, second]: Combo) -> HandClass {
        HandClass {
            high: first.rank().max(second.rank()),
            low: first.rank().min(second.rank()),
            suited: first.suit() == second.suit(),
        }
    }

    /// The higher rank (both ranks, for a pair).
    pub fn high(self) -> Rank {
        self.high
    }

    /// The lower rank.
    pub fn low(self) -> Rank {
        self.low
    }

    /// Whether both cards have one rank.
    pub fn is_pair(self) -> bool {
        self.high == self.low
    }

    /// Whether both cards have one suit.
    pub fn is_suited(self) -> bool {
        self.suited
    }

    /// The order players list a range's classes in: pairs, then suited hands, then offsuit
    /// hands, each from the highest ranks down (`AA KK ... 22 AKs ... 32s AKo ... 32o`).
    pub fn cmp_as_listed(&self, other: &HandClass) -> std::cmp::Ordering {
        let key = |class: &HandClass| (class.is_pair(), class.is_suited(), *class);
        key(other).cmp(&key(self))
    }

    /// How many combos the class has: 6 for a pair, 4 suited, 12 offsuit.
    pub fn combo_count(self) -> usize {
        if self.is_pair() {
            6
        } else if self.suited {
            4
        } else {
            12
        }
    }

    /// The class's combos, each with its higher card first; the first of them holds the first
    /// suits of [`Suit::ALL`] (both cards of the first suit when suited; else the first and the
    /// second).
    pub fn combos(self) -> impl Iterator<Item = Combo> {
        let card = Card::new;
        Suit::ALL
            .into_iter()
            .enumerate()
            .flat_map(move |(first, high_suit)| {
                Suit::ALL
                    .into_iter()
                    .enumerate()
                    .filter(move |&(second, _)| {
                        if self.is_pair() {
                            second > first
                        } else if self.suited {
                            second == first
                        } else {
                            second != first
                        }
                    })
                    .map(move |(_, low_suit)| {
                        let (a, b) = (card(self.high, high_suit), card(self.low, low_suit));
                        [a.max(b), a.min(b)]
                    })
            })
    }

    /// The class's cell in the 13 × 13 grid, as (row, column) counted from the ace: a pair on
    /// the diagonal, a suited hand above it (the higher rank's row), an offsuit hand below.
    pub fn grid_cell(self) -> (usize, usize) {
        let (high, low) = (from_ace(self.high), from_ace(self.low));
        if self.suited {
            (high, low)
        } else {
            (low, high)
        }
    }

    /// The class in a cell of the grid, row and column counted from the ace (see
    /// [`HandClass::grid_cell`]).
    ///
    /// # Panics
    ///
    /// If the row or the column is 13 or more.
    pub fn from_grid_cell(row: usize, column: usize) -> HandClass {
        assert!(row < 13 && column < 13, "the grid has 13 rows and columns");
        let (row_rank, column_rank) = (Rank::ALL[12 - row], Rank::ALL[12 - column]);
        HandClass {
            high: row_rank.max(column_rank),
            low: row_rank.min(column_rank),
            suited: row < column,
        }
    }

    /// The 169 classes in the grid's order: row by row from the ace, each row from the ace.
    pub fn all() -> impl Iterator<Item = HandClass> {
        (0..Self::COUNT).map(|cell| HandClass::from_grid_cell(cell / 13, cell % 13))
    }
}

/// How far `rank` is from the ace: 0 for the ace, 12 for the deuce.
fn from_ace(rank: Rank) -> usize {
    12 - rank as usize
}

impl fmt::Display for HandClass {
    /// `AA`, `AKs` or `AKo`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.high.to_char(), self.low.to_char())?;
        if !self.is_pair() {
            f.write_str(if self.suited { "s" } else { "o" })?;
        }
        Ok(())
    }
}
