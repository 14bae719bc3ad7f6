//! The exact result of a matchup of hole cards.

use crate::shares::PotShares;

/// A matchup's exact result over every board that can still come: whole numbers, so results of
/// parts of the boards add up exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardCounts {
    /// How many boards were counted.
    pub boards: u64,
    /// By player: the boards they win alone.
    pub wins: Vec<u64>,
    /// By player: their shares of split pots, in units of `1 / tie_denominator` of a pot.
    pub tie_units: Vec<u64>,
    /// The denominator of `tie_units`: the least common multiple of 2 to the number of players,
    /// so every share of a pot split between any number of them is a whole number of units.
    pub tie_denominator: u64,
}

impl BoardCounts {
    /// Player `player`'s split-pot shares, in pots (a board split two ways adds 1/2).
    pub fn ties(&self, player: usize) -> f64 {
        self.tie_units[player] as f64 / self.tie_denominator as f64
    }

    /// Player `player`'s shares of all the pots: won alone, and split.
    pub fn shares(&self, player: usize) -> PotShares {
        let pots = self.boards as f64;
        let units = (self.boards * self.tie_denominator) as f64;
        PotShares {
            wins: self.wins[player] as f64 / pots,
            ties: self.tie_units[player] as f64 / units,
        }
    }
}
