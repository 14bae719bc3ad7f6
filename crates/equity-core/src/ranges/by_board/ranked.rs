//! Heads-up counts by pairs of ranks, from bit sets: a range kept as each card's partners in it,
//! the boards to come taken by the ranks of their new cards, and the pairs of ranks valued once
//! for each such set of ranks (a turn's 48 rivers have 13 ranks, a flop's 1,176 turns and rivers
//! 91 pairs of them). A combo that cannot make a flush on a board is worth what its ranks are
//! worth; those that can are valued one by one.

use cards_core::{Card, CardSet, Hand};

use super::groups::{Flush, GROUPS, group_of};
use super::packed::weight_tier;
use crate::ranges::suits::ONE_SUIT;

/// Cards as the bits of a `u64`: bit `index` for `Card::ALL[index]` (`4 * rank + suit`).
pub(super) type Bits = u64;

/// The cards of a rank.
pub(super) const fn of_rank(rank: usize) -> Bits {
    0xF << (4 * rank)
}

/// The two ranks of each pair of ranks (see [`group_of`]), the higher first.
pub(super) const RANKS_OF_GROUP: [(usize, usize); GROUPS] = {
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

pub(super) fn bits(cards: impl IntoIterator<Item = Card>) -> Bits {
    cards
        .into_iter()
        .fold(0, |bits, card| bits | 1 << card.index())
}

/// The cards of `bits`, by index.
pub(super) fn each(bits: Bits) -> Each {
    Each(bits)
}

/// The cards of a [`Bits`], lowest first.
#[derive(Clone)]
pub(super) struct Each(Bits);

impl Iterator for Each {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let card = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(card)
    }
}

/// One range's combos apart from some cards, as bit sets and counts.
pub(super) struct RangeBits {
    /// The range's different weights, in the order met, and by weight: how many combos, how
    /// many by pair of ranks (`GROUPS` to a weight), and each card's partners in them.
    pub(super) weights: Vec<f64>,
    pub(super) combos: Vec<u64>,
    pub(super) by_ranks: Vec<u32>,
    pub(super) partners: Vec<[Bits; 52]>,
    /// The pairs of ranks the range has combos of: the others are never valued.
    pub(super) groups: Vec<usize>,
}

impl RangeBits {
    /// The combos of `combos` with both cards in `deck`.
    pub(super) fn new(combos: &[(cards_core::holdem::Combo, f64)], deck: Bits) -> RangeBits {
        let mut range = RangeBits {
            weights: Vec::new(),
            combos: Vec::new(),
            by_ranks: Vec::new(),
            partners: Vec::new(),
            groups: Vec::new(),
        };
        for &(combo, weight) in combos {
            if bits(combo) & !deck != 0 {
                continue;
            }
            let tier = range.tier_of(weight);
            let [one, other] = combo.map(Card::index);
            let (high, low) = (one.max(other) >> 2, one.min(other) >> 2);
            range.combos[tier] += 1;
            range.by_ranks[tier * GROUPS + group_of(high, low)] += 1;
            range.partners[tier][one] |= 1 << other;
            range.partners[tier][other] |= 1 << one;
        }
        range.groups = (0..GROUPS)
            .filter(|&group| {
                let counts = range.by_ranks.iter().skip(group).step_by(GROUPS);
                counts.into_iter().any(|&count| count > 0)
            })
            .collect();
        range
    }

    /// The place of `weight` in `weights`, added if new.
    fn tier_of(&mut self, weight: f64) -> usize {
        let tier = weight_tier(&mut self.weights, weight);
        if tier == self.combos.len() {
            self.combos.push(0);
            self.by_ranks.extend([0; GROUPS]);
            self.partners.push([0; 52]);
        }
        tier
    }
}

/// Takes the combos of `card` with each of `partners` out of counts by pair of ranks.
pub(super) fn take_out(counts: &mut [u32], card: usize, mut partners: Bits) {
    let rank = card >> 2;
    while partners != 0 {
        let other = (partners.trailing_zeros() >> 2) as usize;
        let of_other = partners & of_rank(other);
        partners &= !of_other;
        counts[group_of(rank.max(other), rank.min(other))] -= of_other.count_ones();
    }
}

/// The ranks of the cards to come, the higher first, in every way: one empty set on the river,
/// 13 ranks on the turn, 91 pairs of them on the flop.
pub(super) fn rank_sets(missing: usize) -> Vec<Vec<usize>> {
    match missing {
        0 => vec![vec![]],
        1 => (0..13).map(|rank| vec![rank]).collect(),
        _ => (0..13)
            .flat_map(|high| (0..=high).map(move |low| vec![high, low]))
            .collect(),
    }
}

/// The cards to come of each board whose new cards are of `deck` and have `ranks`.
pub(super) fn boards_of(deck: Bits, ranks: &[usize]) -> Vec<Bits> {
    match *ranks {
        [] => vec![0],
        [rank] => each(deck & of_rank(rank)).map(|card| 1 << card).collect(),
        [high, low] => each(deck & of_rank(high))
            .flat_map(|one| {
                let others = deck & of_rank(low) & if high == low { (1 << one) - 1 } else { !0 };
                each(others).map(move |other| 1 << one | 1 << other)
            })
            .collect(),
        _ => unreachable!("at most two cards to come"),
    }
}

/// The value (raw) of each pair of ranks of `groups` on the boards of `board` and cards to come
/// of `ranks`, by ranks alone (as if none could make a flush): stand-in cards of the right
/// ranks, each rank's given suits in turn so that none is twice. A pair of ranks with no card
/// left has no combos: its value is left as it was.
pub(super) fn values_by_ranks(
    board: &[Card],
    ranks: &[usize],
    groups: &[usize],
    values: &mut [u16; GROUPS],
) {
    // How many cards of each rank the board holds; the `nth` card of a rank stands in.
    let mut on_board = [0; 13];
    let stand_in = |rank: usize, nth: usize| Card::ALL[4 * rank + nth];
    let mut hand = Hand::EMPTY;
    let board_ranks = board.iter().map(|card| card.index() >> 2);
    for rank in board_ranks.chain(ranks.iter().copied()) {
        hand = hand.add(stand_in(rank, on_board[rank]));
        on_board[rank] += 1;
    }
    for &group in groups {
        let (high, low) = RANKS_OF_GROUP[group];
        let next_low = on_board[low] + usize::from(high == low);
        if on_board[high] >= 4 || next_low >= 4 {
            continue;
        }
        let pair = hand
            .add(stand_in(high, on_board[high]))
            .add(stand_in(low, next_low));
        values[group] = pair.evaluate_ignoring_flushes().to_raw();
    }
}

/// The board so far: its cards, and as a hand and a set to add the cards to come to.
pub(super) struct Board {
    pub(super) cards: Vec<Card>,
    hand: Hand,
    set: CardSet,
}

impl Board {
    pub(super) fn new(cards: &[Card]) -> Board {
        Board {
            cards: cards.to_vec(),
            hand: Hand::from_cards(cards),
            set: cards.iter().copied().collect(),
        }
    }

    /// The whole board once the cards `added` come.
    pub(super) fn with(&self, added: Bits) -> Whole {
        Whole::of(self.hand, self.set, added)
    }
}

/// A whole board: its cards, the flush it allows, and the least a combo is worth on it.
pub(super) struct Whole {
    pub(super) hand: Hand,
    pub(super) flush: Option<Flush>,
    /// By suit: the cards that make a combo able to make a flush (or a better one than the
    /// board's) with a card of the suit: none, those of the flush's suit, or all.
    reaching: [Bits; 4],
    /// On a board of five of a suit, that flush: no combo is worth less. Otherwise 0.
    pub(super) at_least: u16,
}

impl Whole {
    /// The board `board` (as a hand and a set) with the cards `added`.
    fn of(board: Hand, set: CardSet, added: Bits) -> Whole {
        let (mut hand, mut set) = (board, set);
        for card in each(added).map(|card| Card::ALL[card]) {
            hand = hand.add(card);
            set |= CardSet::of(card);
        }
        let flush = Flush::of(set);
        let at_least = match flush {
            Some(flush) if flush.needed == 0 => {
                let suit = Card::ALL[flush.suit].suit();
                Hand::evaluate_flush(set.ranks_of_suit(suit)).to_raw()
            }
            _ => 0,
        };
        let mut reaching = [0; 4];
        if let Some(flush) = flush {
            let suit = ONE_SUIT << flush.suit;
            reaching = [if flush.needed <= 1 { suit } else { 0 }; 4];
            reaching[flush.suit] = if flush.needed <= 1 { !0 } else { suit };
        }
        Whole {
            hand,
            flush,
            reaching,
            at_least,
        }
    }

    /// The cards that make a combo able to make a flush with `card`.
    pub(super) fn reaching(&self, card: usize) -> Bits {
        self.reaching[card & 3]
    }

    /// The value (raw) of the combo of two cards, off the board.
    pub(super) fn value(&self, one: usize, other: usize) -> u16 {
        let hand = self.hand.add(Card::ALL[one]).add(Card::ALL[other]);
        hand.evaluate().to_raw()
    }

    /// Each combo of `partners` (by card) of cards of `live` that can make a flush on this
    /// board, once: its two cards.
    pub(super) fn flushing<'a>(
        &'a self,
        partners: &'a [Bits; 52],
        live: Bits,
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        let suit = self.flush.map_or(0, |flush| ONE_SUIT << flush.suit);
        // From the card of the suit; from the higher when both are.
        each(live & suit).flat_map(move |card| {
            let others = live & (self.reaching(card) & !(suit & !((1 << card) - 1)));
            each(partners[card] & others).map(move |other| (card, other))
        })
    }
}
