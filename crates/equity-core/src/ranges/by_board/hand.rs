//! A hand against a range, heads-up ("my hand against their range", the commonest question),
//! counted without the general count's setting up: no sides, groups or sorts. The hand's cards
//! are taken out of the range at once, so no card removal is left to do for it. The range is
//! kept as bit sets and counts by pair of ranks ([`ranked`](super::ranked)); on each board the
//! combos holding a card of it are taken out of those counts, the combos that can make a flush
//! are valued one by one, and the others by their pair of ranks.

use std::cmp::Ordering;

use cards_core::Hand;

use super::groups::GROUPS;
use super::ranked::{
    Bits, Board, RangeBits, bits, boards_of, each, rank_sets, take_out, values_by_ranks,
};
use crate::error::EquityError;
use crate::matchup::tally::tie_denominator;
use crate::progress::Progress;
use crate::ranges::exact::{Totals, no_counts};
use crate::ranges::matchup::RangeMatchup;

/// The first player's one combo against the second player's range.
pub(super) struct HandAgainstRange {
    /// The hand, its weight and its place in the first range.
    hand: Hand,
    weight: f64,
    place: usize,
    /// The board so far.
    board: Board,
    /// The cards apart from the board, the dead cards and the hand.
    deck: Bits,
    /// The range's combos apart from those cards.
    range: RangeBits,
}

impl HandAgainstRange {
    /// The count, if the matchup is two players and the first has one combo off the board and
    /// the dead cards.
    pub(super) fn of(matchup: &RangeMatchup) -> Option<HandAgainstRange> {
        let [first, second] = &matchup.ranges[..] else {
            return None;
        };
        let out = bits(matchup.board.iter().chain(&matchup.dead).copied());
        let mut dealt = (0..)
            .zip(first.combos())
            .filter(|(_, (combo, _))| bits(*combo) & out == 0);
        let (place, &(combo, weight)) = dealt.next()?;
        if dealt.next().is_some() {
            return None;
        }
        let deck = ((1 << 52) - 1) & !out & !bits(combo);
        Some(HandAgainstRange {
            hand: Hand::from_cards(&combo),
            weight,
            place,
            board: Board::new(&matchup.board),
            deck,
            range: RangeBits::new(second.combos(), deck),
        })
    }

    /// Counts every board to come: the totals the deal-by-deal count gives, to the last unit.
    pub(super) fn count(
        &self,
        matchup: &RangeMatchup,
        progress: &dyn Progress,
    ) -> Result<Totals, EquityError> {
        let range = &self.range;
        // By weight: the boards and combos against which the hand wins, ties and loses.
        let mut tally = vec![[0u64; 3]; range.weights.len()];
        let mut counts = vec![0; range.by_ranks.len()];
        let rank_sets = rank_sets(5 - self.board.cards.len());
        let mut values = [0; GROUPS];
        for (at, ranks) in rank_sets.iter().enumerate() {
            if progress.is_cancelled() {
                return Err(EquityError::Cancelled);
            }
            let boards = boards_of(self.deck, ranks);
            if !boards.is_empty() {
                values_by_ranks(&self.board.cards, ranks, &range.groups, &mut values);
                for added in boards {
                    self.board(added, &values, &mut counts, &mut tally);
                }
            }
            progress.report((at + 1) as f64 / rank_sets.len() as f64);
        }

        let units = tie_denominator(2);
        let (mut all, mut by_first_combo) = no_counts(matchup);
        for (tier, [wins, ties, losses]) in tally.into_iter().enumerate() {
            let deals = range.combos[tier];
            if deals == 0 {
                continue;
            }
            // As the deal-by-deal count weighs a deal: the product of its combos' weights.
            let weight = self.weight * range.weights[tier];
            let tie_units = ties * units / 2;
            all.add_totals(weight, deals, &[wins, losses], &[tie_units, tie_units]);
            by_first_combo[self.place].add_totals(weight, deals, &[wins], &[tie_units]);
        }
        let deals = range.combos.iter().map(|&deals| u128::from(deals)).sum();
        Ok(Totals {
            all,
            by_first_combo,
            deals,
            distinct_deals: deals,
        })
    }

    /// Adds one board's wins, ties and losses of the hand, by weight, to `tally`: the board's
    /// cards to come are `added`, and the pairs of ranks' values on it `values`; `counts` is
    /// room for the range's combos on it by weight and pair of ranks.
    fn board(
        &self,
        added: Bits,
        values: &[u16; GROUPS],
        counts: &mut [u32],
        tally: &mut [[u64; 3]],
    ) {
        let range = &self.range;
        let whole = self.board.with(added);
        let hand = whole.hand.combine(self.hand).evaluate().to_raw();
        let live = self.deck & !added;
        counts.copy_from_slice(&range.by_ranks);
        for (tier, partners) in range.partners.iter().enumerate() {
            let counts = &mut counts[tier * GROUPS..][..GROUPS];
            // The combos holding a card to come are not dealt.
            let mut gone = 0;
            for card in each(added) {
                take_out(counts, card, partners[card] & self.deck & !gone);
                gone |= 1 << card;
            }
            // Those able to make a flush, or a better one than the board's, are valued one by
            // one.
            for (card, other) in whole.flushing(partners, live) {
                take_out(counts, card, 1 << other);
                tally[tier][standing(hand.cmp(&whole.value(card, other)))] += 1;
            }
        }
        // The others by their ranks, summed in registers: a tally in memory made each group's
        // addition wait for the last one's store.
        for (tier, tally) in tally.iter_mut().enumerate() {
            let counts = &counts[tier * GROUPS..][..GROUPS];
            let (mut wins, mut ties, mut dealt) = (0, 0, 0);
            for &group in &range.groups {
                let value = values[group].max(whole.at_least);
                let count = u64::from(counts[group]);
                wins += if hand > value { count } else { 0 };
                ties += if hand == value { count } else { 0 };
                dealt += count;
            }
            let [tally_wins, tally_ties, tally_losses] = tally;
            *tally_wins += wins;
            *tally_ties += ties;
            *tally_losses += dealt - wins - ties;
        }
    }
}

/// Where the hand's comparison with a combo's value is tallied: wins, ties, losses.
fn standing(ordering: Ordering) -> usize {
    match ordering {
        Ordering::Greater => 0,
        Ordering::Equal => 1,
        Ordering::Less => 2,
    }
}
