//! A hand against a range, heads-up ("my hand against their range", the commonest question),
//! counted without the general count's setting up: no sides, groups or sorts. The hand's cards
//! are taken out of the range at once, so no card removal is left to do for it. The range is
//! kept as bit sets (each card's partners in it, by weight) and as counts by pair of ranks; on
//! each board the combos holding a card of it are taken out of those counts, the combos that can
//! make a flush are valued one by one (see [`Flush`]), and the others by their pair of ranks.
//! Boards of the same ranks share those values: a turn's 44 rivers have 13 ranks, a flop's
//! 1,081 turns and rivers 91 pairs of them.

use std::cmp::Ordering;

use cards_core::{Card, CardSet, Hand};

use super::groups::{Flush, GROUPS, group_of};
use crate::error::EquityError;
use crate::matchup::tally::tie_denominator;
use crate::progress::Progress;
use crate::ranges::exact::{Totals, no_counts};
use crate::ranges::matchup::RangeMatchup;

/// The two ranks of each pair of ranks (see [`group_of`]), the higher first.
const RANKS_OF_GROUP: [(usize, usize); GROUPS] = {
    let mut ranks = [(0, 0); GROUPS];
    let mut high = 0;
    while high < 13 {
        let mut low = 0;
        while low <= high {
            ranks[group_of(high, low)] = (high, low);
            low += 1;
        }
        high += 1;
    }
    ranks
};

/// Cards as the bits of a `u64`: bit `index` for `Card::ALL[index]` (`4 * rank + suit`).
type Bits = u64;

/// The cards of a suit: one bit in each rank's four.
const SUIT: Bits = 0x1_1111_1111_1111;

fn bits(cards: impl IntoIterator<Item = Card>) -> Bits {
    cards
        .into_iter()
        .fold(0, |bits, card| bits | 1 << card.index())
}

/// The first player's one combo against the second player's range.
pub(super) struct HandAgainstRange {
    /// The hand, its weight and its place in the first range.
    hand: Hand,
    weight: f64,
    place: usize,
    /// The board so far.
    board: Vec<Card>,
    board_hand: Hand,
    board_set: CardSet,
    /// The cards apart from the board, the dead cards and the hand.
    deck: Bits,
    /// The range's different weights, in the order met, and by weight: how many of its combos
    /// miss the board, the dead cards and the hand, in all and by pair of ranks (`GROUPS`
    /// to a weight), and each card's partners in them.
    weights: Vec<f64>,
    combos: Vec<u64>,
    by_ranks: Vec<u32>,
    partners: Vec<[Bits; 52]>,
    /// The pairs of ranks the range has combos of: the others are never valued.
    groups: Vec<usize>,
}

/// One board's counts, by weight and pair of ranks: the range's combos dealt on it that cannot
/// make a flush.
struct Scratch {
    counts: Vec<u32>,
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
        let mut count = HandAgainstRange {
            hand: Hand::from_cards(&combo),
            weight,
            place,
            board: matchup.board.clone(),
            board_hand: Hand::from_cards(&matchup.board),
            board_set: matchup.board.iter().copied().collect(),
            deck,
            weights: Vec::new(),
            combos: Vec::new(),
            by_ranks: Vec::new(),
            partners: Vec::new(),
            groups: Vec::new(),
        };
        for &(combo, weight) in second.combos() {
            if bits(combo) & !deck != 0 {
                continue;
            }
            let same = |other: &f64| other.to_bits() == weight.to_bits();
            let class = count.weights.iter().position(same).unwrap_or_else(|| {
                count.weights.push(weight);
                count.combos.push(0);
                count.by_ranks.extend([0; GROUPS]);
                count.partners.push([0; 52]);
                count.weights.len() - 1
            });
            let [one, other] = combo.map(Card::index);
            let (high, low) = (one.max(other) >> 2, one.min(other) >> 2);
            count.combos[class] += 1;
            count.by_ranks[class * GROUPS + group_of(high, low)] += 1;
            count.partners[class][one] |= 1 << other;
            count.partners[class][other] |= 1 << one;
        }
        count.groups = (0..GROUPS)
            .filter(|&group| {
                count
                    .by_ranks
                    .iter()
                    .skip(group)
                    .step_by(GROUPS)
                    .any(|&n| n > 0)
            })
            .collect();
        Some(count)
    }

    /// Counts every board to come: the totals the deal-by-deal count gives, to the last unit.
    pub(super) fn count(
        &self,
        matchup: &RangeMatchup,
        progress: &dyn Progress,
    ) -> Result<Totals, EquityError> {
        let classes = self.weights.len();
        // By weight: the boards and combos against which the hand wins, ties and loses.
        let mut tally = vec![[0u64; 3]; classes];
        let mut scratch = Scratch {
            counts: vec![0; classes * GROUPS],
        };
        // The ranks of the cards to come, the higher first; then the boards of those ranks.
        let missing = 5 - self.board.len();
        let rank_sets: Vec<Vec<usize>> = match missing {
            0 => vec![vec![]],
            1 => (0..13).map(|rank| vec![rank]).collect(),
            _ => (0..13)
                .flat_map(|high| (0..=high).map(move |low| vec![high, low]))
                .collect(),
        };
        let mut values = [0; GROUPS];
        for (at, ranks) in rank_sets.iter().enumerate() {
            if progress.is_cancelled() {
                return Err(EquityError::Cancelled);
            }
            progress.report(at as f64 / rank_sets.len() as f64);
            let boards = self.boards_of(ranks);
            if boards.is_empty() {
                continue;
            }
            self.values_by_ranks(ranks, &mut values);
            for added in boards {
                self.board(added, &values, &mut scratch, &mut tally);
            }
        }
        progress.report(1.0);

        let units = tie_denominator(2);
        let (mut all, mut by_first_combo) = no_counts(matchup);
        for (class, [wins, ties, losses]) in tally.into_iter().enumerate() {
            let deals = self.combos[class];
            if deals == 0 {
                continue;
            }
            // As the deal-by-deal count weighs a deal: the product of its combos' weights.
            let weight = self.weight * self.weights[class];
            let tie_units = ties * units / 2;
            all.add_totals(weight, deals, &[wins, losses], &[tie_units, tie_units]);
            by_first_combo[self.place].add_totals(weight, deals, &[wins], &[tie_units]);
        }
        let deals = self.combos.iter().sum();
        Ok(Totals {
            all,
            by_first_combo,
            deals,
            distinct_deals: deals,
        })
    }

    /// The cards to come on each board whose cards to come have `ranks`.
    fn boards_of(&self, ranks: &[usize]) -> Vec<Bits> {
        let of_rank = |rank: usize| self.deck & 0xF << (4 * rank);
        match *ranks {
            [] => vec![0],
            [rank] => each(of_rank(rank)).map(|card| 1 << card).collect(),
            [high, low] => each(of_rank(high))
                .flat_map(|one| {
                    let others = of_rank(low) & if high == low { (1 << one) - 1 } else { !0 };
                    each(others).map(move |other| 1 << one | 1 << other)
                })
                .collect(),
            _ => unreachable!("at most two cards to come"),
        }
    }

    /// The value (raw) of each pair of ranks on the boards whose cards to come have `ranks`, by
    /// ranks alone (as if none could make a flush): cards of the right ranks stand for the
    /// board's and the pair's, each rank's cards given suits in turn so that none is twice.
    fn values_by_ranks(&self, ranks: &[usize], values: &mut [u16; GROUPS]) {
        // How many cards of each rank the board holds; the `nth` card of a rank stands in.
        let mut on_board = [0; 13];
        let stand_in = |rank: usize, nth: usize| Card::ALL[4 * rank + nth];
        let mut board = Hand::EMPTY;
        let board_ranks = self.board.iter().map(|card| card.index() >> 2);
        for rank in board_ranks.chain(ranks.iter().copied()) {
            board = board.add(stand_in(rank, on_board[rank]));
            on_board[rank] += 1;
        }
        for &group in &self.groups {
            let (high, low) = RANKS_OF_GROUP[group];
            // Four cards of a rank at most: a pair of ranks with no cards left has no combos.
            let next_low = on_board[low] + usize::from(high == low);
            if on_board[high] >= 4 || next_low >= 4 {
                continue;
            }
            let pair = board
                .add(stand_in(high, on_board[high]))
                .add(stand_in(low, next_low));
            values[group] = pair.evaluate_ignoring_flushes().to_raw();
        }
    }

    /// Adds one board's wins, ties and losses of the hand, by weight, to `tally`: the board's
    /// cards to come are `added`, and the pairs of ranks' values on it `values`.
    fn board(
        &self,
        added: Bits,
        values: &[u16; GROUPS],
        scratch: &mut Scratch,
        tally: &mut [[u64; 3]],
    ) {
        let (mut full, mut board) = (self.board_hand, self.board_set);
        for card in each(added).map(|card| Card::ALL[card]) {
            full = full.add(card);
            board |= CardSet::of(card);
        }
        let hand = full.combine(self.hand).evaluate().to_raw();
        let deck = self.deck & !added;
        let flush = Flush::of(board);
        scratch.counts.copy_from_slice(&self.by_ranks);
        for (class, partners) in self.partners.iter().enumerate() {
            let counts = &mut scratch.counts[class * GROUPS..][..GROUPS];
            // The combos holding a card to come are not dealt.
            let mut gone = 0;
            for card in each(added) {
                take_out(counts, card, partners[card] & self.deck & !gone);
                gone |= 1 << card;
            }
            // Those able to make a flush, or a better one than the board's, are valued one by
            // one, each once: from the card of the suit (the higher, if both are).
            let Some(flush) = flush else {
                continue;
            };
            let suit = SUIT << flush.suit;
            for card in each(deck & suit) {
                let others = if flush.needed <= 1 {
                    deck & !(suit & !((1 << card) - 1))
                } else {
                    deck & suit & ((1 << card) - 1)
                };
                let flushing = partners[card] & others;
                take_out(counts, card, flushing);
                for other in each(flushing) {
                    let value = full
                        .add(Card::ALL[card])
                        .add(Card::ALL[other])
                        .evaluate()
                        .to_raw();
                    tally[class][standing(hand.cmp(&value))] += 1;
                }
            }
        }
        // The others by their ranks; on a board of five of a suit, that flush at least.
        let at_least = match flush {
            Some(flush) if flush.needed == 0 => {
                let suit = Card::ALL[flush.suit].suit();
                Hand::evaluate_flush(board.ranks_of_suit(suit)).to_raw()
            }
            _ => 0,
        };
        for &group in &self.groups {
            let standing = standing(hand.cmp(&values[group].max(at_least)));
            for (class, tally) in tally.iter_mut().enumerate() {
                tally[standing] += u64::from(scratch.counts[class * GROUPS + group]);
            }
        }
    }
}

/// Takes the combos of `card` with each of `partners` out of the counts by pair of ranks.
fn take_out(counts: &mut [u32], card: usize, mut partners: Bits) {
    let rank = card >> 2;
    while partners != 0 {
        let other = (partners.trailing_zeros() >> 2) as usize;
        let of_rank = partners & 0xF << (4 * other);
        partners &= !of_rank;
        counts[group_of(rank.max(other), rank.min(other))] -= of_rank.count_ones();
    }
}

/// The cards of `bits`, by index.
fn each(mut bits: Bits) -> impl Iterator<Item = usize> + Clone {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let card = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            card
        })
    })
}

/// Where the hand's comparison with a combo's value is tallied: wins, ties, losses.
fn standing(ordering: Ordering) -> usize {
    match ordering {
        Ordering::Greater => 0,
        Ordering::Equal => 1,
        Ordering::Less => 2,
    }
}
