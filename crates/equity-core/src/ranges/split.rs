//! A range count too large for one machine, shared out: the first players' ranges narrowed to
//! one combo each, in every way, gives parts whose [`ExactCounts`](crate::ExactCounts) add up to
//! the whole count's. Parts that are the same up to a renaming of the suits which leaves the
//! whole matchup as it is (every range, the board and the dead cards) are counted once and
//! stand for all of them.

use std::collections::BTreeMap;

use cards_core::CardSet;
use cards_core::holdem::{Combo, combo_index, combo_text};

use crate::ranges::canonical::{symmetries, weight_table};
use crate::ranges::deal::deal;
use crate::ranges::matchup::RangeMatchup;
use crate::ranges::suits::{Renaming, rename_combo};

/// One part of a split count: the matchup with its first players holding these combos.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchupPart {
    /// The first players' combos, each with its weight in the player's range.
    pub fixed: Vec<(Combo, f64)>,
    /// How many parts this one stands for (itself included): its renamings by the suit
    /// renamings that leave the whole matchup the same, which count the same.
    pub times: u64,
}

impl MatchupPart {
    /// Each fixed combo as a one-combo range, as the range grammar writes it: `AsKs`, or
    /// `AsKs:0.5` with its weight.
    pub fn ranges_written(&self) -> Vec<String> {
        self.fixed
            .iter()
            .map(|&([high, low], weight)| {
                // `{}` of an f64 is the shortest text that reads back as the same number.
                // Exactly 1, as ranges take a combo without a weight.
                let weight = if weight.to_bits() == 1.0f64.to_bits() {
                    String::new()
                } else {
                    format!(":{weight}")
                };
                format!("{}{weight}", combo_text([high, low]))
            })
            .collect()
    }

    /// The part as a matchup of its own: `whole` with the first players' ranges narrowed.
    pub fn matchup(&self, whole: &RangeMatchup) -> RangeMatchup {
        let mut part = whole.clone();
        for (range, text) in part.ranges.iter_mut().zip(self.ranges_written()) {
            *range = text.parse().expect("a combo with its weight is a range");
        }
        part
    }
}

/// The parts of `matchup`'s exact count with its first `fixed` players' ranges narrowed to one
/// combo each (at most every player), in a fixed order; their counts, each added as many
/// `times` as it says, are the whole count's. A part whose other players have no deal left
/// counts no deals.
///
/// ```
/// use equity_core::{ExactCounts, RangeMatchup, Silent, Threads, exact_counts, split};
///
/// let whole = RangeMatchup {
///     ranges: ["QQ+", "AK", "random"].map(|text| text.parse().unwrap()).to_vec(),
///     board: "Kd 8s 3c".split(' ').map(|card| card.parse().unwrap()).collect(),
///     dead: vec![],
/// };
/// let parts = split(&whole, 1);
/// // Twelve combos of QQ+ are left by the board, renamings of the suits make them four.
/// assert_eq!(parts.iter().map(|part| part.times).sum::<u64>(), 15);
/// let mut sum = ExactCounts::new(0, 0);
/// for part in &parts {
///     let counts = exact_counts(&part.matchup(&whole), Threads::ONE, &Silent).unwrap();
///     if sum.by_weight.is_empty() {
///         sum = ExactCounts::new(counts.boards_per_deal, counts.tie_denominator);
///     }
///     sum.merge(&counts, part.times).unwrap();
/// }
/// assert_eq!(sum, exact_counts(&whole, Threads::ONE, &Silent).unwrap());
/// ```
pub fn split(matchup: &RangeMatchup, fixed: usize) -> Vec<MatchupPart> {
    let fixed = fixed.min(matchup.ranges.len());
    let weights: Vec<Vec<f64>> = matchup.ranges.iter().map(weight_table).collect();
    let symmetries = symmetries(&matchup.ranges, &matchup.board, &matchup.dead);
    let taken: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    // Each part's smallest renaming, and how many parts have it.
    let mut parts: BTreeMap<Vec<Combo>, u64> = BTreeMap::new();
    deal(
        &matchup.ranges[..fixed],
        taken,
        1.0,
        &mut Vec::with_capacity(fixed),
        &mut |combos, _| {
            let smallest = symmetries
                .iter()
                .map(|&renaming| renamed_combos(combos, renaming))
                .min()
                .expect("the identity leaves every matchup the same");
            *parts.entry(smallest).or_default() += 1;
            true
        },
    );
    parts
        .into_iter()
        .map(|(combos, times)| MatchupPart {
            fixed: combos
                .iter()
                .zip(&weights)
                .map(|(&combo, weights)| (combo, weights[combo_index(combo)]))
                .collect(),
            times,
        })
        .collect()
}

fn renamed_combos(combos: &[Combo], renaming: Renaming) -> Vec<Combo> {
    combos
        .iter()
        .map(|&combo| rename_combo(combo, renaming))
        .collect()
}

#[cfg(test)]
mod tests {
    use cards_core::holdem::Range;
    use seeded_rng::SeededRng;
    use work_threads::Threads;

    use super::split;
    use crate::progress::Silent;
    use crate::ranges::counts::ExactCounts;
    use crate::ranges::exact_counts;
    use crate::ranges::matchup::RangeMatchup;

    fn sum_of_parts(whole: &RangeMatchup, whole_counts: &ExactCounts, fixed: usize) -> ExactCounts {
        let mut sum = ExactCounts::new(whole_counts.boards_per_deal, whole_counts.tie_denominator);
        for part in split(whole, fixed) {
            let counts = exact_counts(&part.matchup(whole), Threads::ONE, &Silent).unwrap();
            sum.merge(&counts, part.times).unwrap();
        }
        sum
    }

    /// The parts of seeded random matchups (weights, dead cards, boards, 2 to 4 players, ranges
    /// that collide, the first one to four players fixed) add up to the whole count, number for
    /// number.
    #[test]
    fn the_parts_add_up_to_the_whole_count() {
        let ranges = [
            "random",
            "QQ+",
            "AK:0.5, KQs",
            "22+:0.25",
            "AsKs",
            "T9s, 98s:0.5, AhQh",
            "JJ-77",
            "AKo:0.3",
            "Ac2c, 7h7d",
        ];
        let boards = ["", "Kd 8s 3c", "Ah 7c 2d 9h", "Ks Qs Js 2h 3d"];
        let mut rng = SeededRng::new(2026);
        let mut tried = 0;
        for case in 0..200 {
            let players = rng.index_in(2, 4);
            let chosen: Vec<&str> = (0..players)
                .map(|_| ranges[rng.index(ranges.len())])
                .collect();
            let board = boards[rng.index(boards.len())];
            let dead = if rng.below(2) == 0 { "" } else { "5c 5d" };
            let whole = RangeMatchup::from_text(&chosen, board, dead);
            let fixed = rng.index_in(1, players);
            // Kept to a fraction of a second each: few deals (preflop, whole boards take a
            // thousand times longer to count), and each part is a count of its own.
            let deals: usize = whole.ranges.iter().map(Range::len).product();
            if deals > if board.is_empty() { 100 } else { 50_000 }
                || split(&whole, fixed).len() > 300
            {
                continue;
            }
            let whole_counts = exact_counts(&whole, Threads::ONE, &Silent).unwrap();
            assert_eq!(
                sum_of_parts(&whole, &whole_counts, fixed),
                whole_counts,
                "case {case}: {chosen:?} | {board} | {dead}, {fixed} fixed"
            );
            tried += 1;
        }
        assert!(tried >= 50, "{tried}");
    }

    /// The chart's parts: a hand and the first random hand fixed, renamings of the suits that
    /// leave the hand as it is counted once.
    #[test]
    fn renamings_that_leave_the_matchup_the_same_are_counted_once() {
        let whole = RangeMatchup::from_text(&["AsKs", "random", "random"], "", "");
        let parts = split(&whole, 2);
        // The other hand's 1,225 combos, up to renaming the three other suits.
        assert_eq!(parts.iter().map(|part| part.times).sum::<u64>(), 1225);
        assert_eq!(parts.len(), 367);
        let aces = RangeMatchup::from_text(&["AsAh", "random"], "2s 3h 4d", "");
        let parts = split(&aces, 2);
        // A♠ A♥ and a board with a spade, a heart and a diamond: no renaming but the identity, and
        // a part for each of the other hand's 47 × 46 / 2 combos.
        assert_eq!(parts.len(), 1081);
        assert!(parts.iter().all(|part| part.times == 1));
        // Renamings of each other (the flop has no spade and no heart), but weighted apart.
        let weighted = RangeMatchup::from_text(&["AsKs:0.5, AhKh", "random"], "2c 3d 4c", "");
        let parts = split(&weighted, 1);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].ranges_written(), ["AhKh"]);
        assert_eq!(parts[1].ranges_written(), ["AsKs:0.5"]);
        let whole_counts = exact_counts(&weighted, Threads::ONE, &Silent).unwrap();
        assert_eq!(sum_of_parts(&weighted, &whole_counts, 1), whole_counts);
    }
}
