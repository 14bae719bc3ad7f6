//! A player's result, in the one form every count gives it: shares of the pot.

/// A player's share of the pots won alone and of the pots split, each from 0 to 1; their sum is
/// the player's equity. (Percent is for output only.)
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PotShares {
    /// The share of all pots the player wins alone.
    pub wins: f64,
    /// The share of all pots the player gets from split pots (half of each pot split two ways).
    pub ties: f64,
}

impl PotShares {
    /// The player's equity: the share of all pots they get, from 0 to 1.
    pub fn equity(self) -> f64 {
        self.wins + self.ties
    }
}
