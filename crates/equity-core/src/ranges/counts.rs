//! An exact range count as whole numbers: what parts of one count, made on different threads or
//! machines, add up to exactly and in any order.
//!
//! Weights are kept apart rather than multiplied in: the deals of each weight (the product of
//! their combos' weights) keep their own whole-number totals, and the weights meet the counts
//! only when shares are taken, always in the same order.

use std::fmt;

use crate::matchup::board_counts::BoardCounts;
use crate::shares::PotShares;

/// The whole-number totals of an exact count over joint deals of combos.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactCounts {
    /// How many boards each joint deal is counted over (the same for every deal of a matchup).
    pub boards_per_deal: u64,
    /// The denominator of the tie units: the least common multiple of 2 to the number of
    /// players, so every share of a split pot is a whole number of units.
    pub tie_denominator: u64,
    /// The totals of the deals of each weight, from the lightest weight.
    pub by_weight: Vec<WeightedCounts>,
}

/// The totals of the joint deals of one weight.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightedCounts {
    /// The weight of each of these deals: the product of their combos' weights, above 0.
    pub weight: f64,
    /// How many joint deals have this weight.
    pub deals: u128,
    /// By player: the boards they win alone, over these deals.
    pub wins: Vec<u128>,
    /// By player: their shares of split pots over these deals, in units of
    /// `1 / tie_denominator` of a pot.
    pub tie_units: Vec<u128>,
}

/// Counts that cannot be added: of different numbers of players, or of different boards to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CountsDiffer;

impl fmt::Display for CountsDiffer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "the counts are of matchups with different players or boards to come, or too large \
             to add",
        )
    }
}

impl std::error::Error for CountsDiffer {}

impl ExactCounts {
    /// No deals yet, of matchups whose deals are each counted over `boards_per_deal` boards with
    /// split pots in units of `1 / tie_denominator`.
    pub fn new(boards_per_deal: u64, tie_denominator: u64) -> ExactCounts {
        ExactCounts {
            boards_per_deal,
            tie_denominator,
            by_weight: Vec::new(),
        }
    }

    /// How many joint deals were counted.
    pub fn deals(&self) -> u128 {
        self.by_weight.iter().map(|counts| counts.deals).sum()
    }

    /// The sum of the deals' weights.
    pub fn weight(&self) -> f64 {
        self.by_weight
            .iter()
            .map(|counts| counts.weight * counts.deals as f64)
            .sum()
    }

    /// Player `player`'s shares of all the pots, over every deal by its weight. The figures
    /// depend only on the totals, never on the order in which they were added.
    pub fn shares(&self, player: usize) -> PotShares {
        let pots = self.weight() * self.boards_per_deal as f64;
        let (mut wins, mut ties) = (0.0, 0.0);
        for counts in &self.by_weight {
            wins += counts.weight * counts.wins[player] as f64;
            ties += counts.weight * counts.tie_units[player] as f64;
        }
        PotShares {
            wins: wins / pots,
            ties: ties / (pots * self.tie_denominator as f64),
        }
    }

    /// Adds `times` copies of `other`'s totals; on an error `self` is left as it was.
    pub fn merge(&mut self, other: &ExactCounts, times: u64) -> Result<(), CountsDiffer> {
        let mut sum = self.clone();
        sum.add(other, times)?;
        *self = sum;
        Ok(())
    }

    fn add(&mut self, other: &ExactCounts, times: u64) -> Result<(), CountsDiffer> {
        let players = self.by_weight.first().map(|counts| counts.wins.len());
        let other_players = other.by_weight.first().map(|counts| counts.wins.len());
        if self.boards_per_deal != other.boards_per_deal
            || self.tie_denominator != other.tie_denominator
            || players.zip(other_players).is_some_and(|(a, b)| a != b)
        {
            return Err(CountsDiffer);
        }
        for counts in &other.by_weight {
            let into = self.of_weight(counts.weight, counts.wins.len());
            let times_128 = u128::from(times);
            into.deals = counts
                .deals
                .checked_mul(times_128)
                .and_then(|deals| into.deals.checked_add(deals))
                .ok_or(CountsDiffer)?;
            for (sums, added) in [
                (&mut into.wins, &counts.wins),
                (&mut into.tie_units, &counts.tie_units),
            ] {
                if sums.len() != added.len() {
                    return Err(CountsDiffer);
                }
                for (sum, &added) in sums.iter_mut().zip(added) {
                    *sum = added
                        .checked_mul(times_128)
                        .and_then(|added| sum.checked_add(added))
                        .ok_or(CountsDiffer)?;
                }
            }
        }
        Ok(())
    }

    /// Adds `deals` joint deals of `weight` whose result is `counts`, player `player` of the
    /// matchup holding the seat `seat_of(player)` of `counts`.
    pub(crate) fn add_deals(
        &mut self,
        weight: f64,
        deals: u64,
        counts: &BoardCounts,
        players: usize,
        seat_of: impl Fn(usize) -> usize,
    ) {
        let into = self.of_weight(weight, players);
        into.deals += u128::from(deals);
        for player in 0..players {
            let seat = seat_of(player);
            into.wins[player] += u128::from(deals) * u128::from(counts.wins[seat]);
            into.tie_units[player] += u128::from(deals) * u128::from(counts.tie_units[seat]);
        }
    }

    /// Adds `deals` joint deals of `weight` whose boards won alone and split-pot units, by
    /// player, are `wins` and `tie_units`.
    pub(crate) fn add_totals<Units: Copy + Into<u128>>(
        &mut self,
        weight: f64,
        deals: impl Into<u128>,
        wins: &[Units],
        tie_units: &[Units],
    ) {
        let into = self.of_weight(weight, wins.len());
        into.deals += deals.into();
        for (sum, &added) in into.wins.iter_mut().zip(wins) {
            *sum += added.into();
        }
        for (sum, &added) in into.tie_units.iter_mut().zip(tie_units) {
            *sum += added.into();
        }
    }

    /// The totals of `weight`, made empty for `players` players if there are none yet.
    fn of_weight(&mut self, weight: f64, players: usize) -> &mut WeightedCounts {
        let place = self
            .by_weight
            .binary_search_by(|counts| counts.weight.total_cmp(&weight));
        let place = match place {
            Ok(place) => place,
            Err(place) => {
                self.by_weight.insert(
                    place,
                    WeightedCounts {
                        weight,
                        deals: 0,
                        wins: vec![0; players],
                        tie_units: vec![0; players],
                    },
                );
                place
            }
        };
        &mut self.by_weight[place]
    }
}

#[cfg(test)]
mod tests {
    use super::{CountsDiffer, ExactCounts};
    use crate::matchup::board_counts::BoardCounts;

    fn board_counts(wins: [u64; 2], tie_units: [u64; 2]) -> BoardCounts {
        BoardCounts {
            boards: 10,
            wins: wins.to_vec(),
            tie_units: tie_units.to_vec(),
            tie_denominator: 2,
        }
    }

    #[test]
    #[expect(
        clippy::float_cmp,
        reason = "exact by construction: halves and small integers"
    )]
    fn deals_of_each_weight_keep_their_own_totals_and_shares_weigh_them() {
        let mut counts = ExactCounts::new(10, 2);
        counts.add_deals(0.5, 2, &board_counts([6, 2], [4, 4]), 2, |player| player);
        counts.add_deals(1.0, 1, &board_counts([6, 2], [4, 4]), 2, |player| {
            1 - player
        });
        counts.add_deals(0.5, 1, &board_counts([10, 0], [0, 0]), 2, |player| player);
        assert_eq!(counts.deals(), 4);
        assert_eq!(counts.weight(), 2.5);
        let weights: Vec<f64> = counts.by_weight.iter().map(|c| c.weight).collect();
        assert_eq!(weights, [0.5, 1.0]);
        assert_eq!(counts.by_weight[0].wins, [22, 4]);
        assert_eq!(counts.by_weight[0].tie_units, [8, 8]);
        assert_eq!(counts.by_weight[1].wins, [2, 6]);
        // Player 0: (0.5 × 22 + 2) wins in 25 pots, (0.5 × 8 + 4) / 2 pots split.
        let shares = counts.shares(0);
        assert_eq!(shares.wins, 13.0 / 25.0);
        assert_eq!(shares.ties, 4.0 / 25.0);
    }

    #[test]
    fn merging_adds_copies_in_any_order_and_refuses_other_matchups() {
        let mut one = ExactCounts::new(10, 2);
        one.add_deals(1.0, 3, &board_counts([6, 2], [4, 4]), 2, |player| player);
        let mut other = ExactCounts::new(10, 2);
        other.add_deals(0.25, 1, &board_counts([1, 8], [2, 2]), 2, |player| player);
        let mut forward = ExactCounts::new(10, 2);
        forward.merge(&one, 1).unwrap();
        forward.merge(&other, 3).unwrap();
        let mut backward = ExactCounts::new(10, 2);
        backward.merge(&other, 2).unwrap();
        backward.merge(&one, 1).unwrap();
        backward.merge(&other, 1).unwrap();
        assert_eq!(forward, backward);
        assert_eq!(forward.deals(), 6);
        assert_eq!(forward.by_weight[0].wins, [3, 24]);
        let mut turn = ExactCounts::new(1, 2);
        assert_eq!(turn.merge(&one, 1), Err(CountsDiffer));
        let mut three = ExactCounts::new(10, 6);
        assert_eq!(three.merge(&one, 1), Err(CountsDiffer));
        // Totals that would pass a `u128`: of deals, or of a player's wins.
        for (deals, wins) in [(u128::MAX - 1, 3), (3, u128::MAX - 1)] {
            let mut near_full = one.clone();
            near_full.by_weight[0].deals = deals;
            near_full.by_weight[0].wins[0] = wins;
            let mut huge = near_full.clone();
            assert_eq!(huge.merge(&one, 1), Err(CountsDiffer));
            assert_eq!(huge, near_full);
        }
        assert_eq!(
            CountsDiffer.to_string(),
            "the counts are of matchups with different players or boards to come, or too large to \
             add"
        );
    }
}
