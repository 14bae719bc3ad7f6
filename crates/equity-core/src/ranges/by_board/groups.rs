//! The widest range's combos by their pairs of ranks, and those groups on one board.

use cards_core::{Card, CardSet};

use super::packed::{BY_WEIGHT_AND_CARD, ByCard, Counts, Held, MAX_WEIGHTS};
use super::sides::Side;

/// How many pairs of ranks there are (13 pairs and 78 of two ranks).
pub(super) const GROUPS: usize = 91;

/// The group of two ranks (`high` at least `low`).
pub(super) const fn group_of(high: usize, low: usize) -> usize {
    high * (high + 1) / 2 + low
}

/// The group of two cards (`one << 6 | other`, either order).
#[expect(
    clippy::cast_possible_truncation,
    reason = "91 groups: a group fits a byte"
)]
pub(super) static GROUP_OF_PAIR: [u8; 64 * 64] = {
    let mut table = [0; 64 * 64];
    let mut one = 0;
    while one < 52 {
        let mut other = 0;
        while other < 52 {
            let (high, low) = if one >> 2 >= other >> 2 {
                (one >> 2, other >> 2)
            } else {
                (other >> 2, one >> 2)
            };
            table[one << 6 | other] = group_of(high, low) as u8;
            other += 1;
        }
        one += 1;
    }
    table
};

/// A card's position among the eight cards of its group, whose higher rank is `high`: its suit,
/// plus 4 for the lower rank of two that differ.
pub(super) fn position(card: usize, high: usize) -> usize {
    if card >> 2 == high {
        card & 3
    } else {
        4 + (card & 3)
    }
}

/// The suit a flush can be made in on a whole board, and how many cards of it a hand must hold
/// for one (0, 1 or 2); on most boards none.
#[derive(Clone, Copy)]
pub(super) struct Flush {
    pub(super) suit: usize,
    pub(super) needed: usize,
}

impl Flush {
    pub(super) fn of(board: CardSet) -> Option<Flush> {
        let mut by_suit = [0; 4];
        for card in board {
            by_suit[card.index() & 3] += 1;
        }
        (0..4).find(|&suit| by_suit[suit] >= 3).map(|suit| Flush {
            suit,
            needed: 5 - by_suit[suit],
        })
    }

    /// Whether two cards may make a flush, or a better one than the board's: their value is
    /// then their own, not their ranks'.
    pub(super) fn reached_by(flush: Option<Flush>, one: usize, other: usize) -> bool {
        flush.is_some_and(|flush| {
            let held = usize::from(one & 3 == flush.suit) + usize::from(other & 3 == flush.suit);
            held >= flush.needed.max(1)
        })
    }
}

/// The last player's combos by their ranks. On a board where no flush can be made, and for the
/// combos that cannot make one (see [`Flush`]), a combo's value depends on its two ranks alone:
/// each of the 91 pairs of ranks is valued once on a board, and the climb adds its combos'
/// counts at once.
pub(super) struct Groups {
    /// Each entry's group.
    pub(super) of_entry: Vec<u8>,
    /// Each group's cards that the sweeps take away (those of the sweeping and the outer
    /// players' combos), with their positions (see [`position`]): the counts by card of the
    /// others are never read.
    pub(super) cards: Vec<Vec<(usize, usize)>>,
    /// Each group's entries (places in the side).
    pub(super) entries: Vec<Vec<u16>>,
    /// How many of a group's combos have each weight (`group * weights + weight`) ...
    pub(super) count: Vec<u32>,
    /// ... and hold each of its eight cards (`8 * (group * weights + weight) + position`, see
    /// [`position`]).
    pub(super) by_card: Vec<u32>,
    /// The entries holding each card.
    pub(super) holding: Vec<Vec<u16>>,
    /// All the entries, by weight and by weight and card.
    pub(super) all: Counts,
    pub(super) all_by_card: Box<ByCard>,
    /// By suit: the entries with both cards of it, and those with one or two.
    pub(super) both: [Vec<u16>; 4],
    pub(super) some: [Vec<u16>; 4],
    pub(super) weights: usize,
}

impl Groups {
    pub(super) fn new(side: &Side, taken_away: CardSet) -> Groups {
        let weights = side.weights.len();
        let mut groups = Groups {
            of_entry: Vec::with_capacity(side.entries.len()),
            cards: (0..13)
                .flat_map(|high| (0..=high).map(move |low| (high, low)))
                .map(|(high, low)| {
                    let ranks = if high == low {
                        vec![high]
                    } else {
                        vec![high, low]
                    };
                    ranks
                        .into_iter()
                        .flat_map(|rank| (0..4).map(move |suit| 4 * rank + suit))
                        .filter(|&card| taken_away.contains(Card::ALL[card]))
                        .map(|card| (position(card, high), card))
                        .collect()
                })
                .collect(),
            entries: vec![Vec::new(); GROUPS],
            count: vec![0; GROUPS * weights],
            by_card: vec![0; 8 * GROUPS * weights],
            holding: vec![Vec::new(); 52],
            all: [0; MAX_WEIGHTS],
            all_by_card: Box::new([0; BY_WEIGHT_AND_CARD]),
            both: Default::default(),
            some: Default::default(),
            weights,
        };
        for (place, (entry, held)) in (0u16..).zip(side.entries.iter().zip(&side.held)) {
            let [high, low] = held.cards();
            let group = group_of(high >> 2, low >> 2);
            groups
                .of_entry
                .push(u8::try_from(group).expect("91 groups"));
            groups.entries[group].push(place);
            groups.count[group * weights + entry.tier] += 1;
            groups.all[entry.tier] += 1;
            for slot in held.slots() {
                groups.all_by_card[slot] += 1;
            }
            for card in [high, low] {
                groups.by_card[8 * (group * weights + entry.tier) + position(card, high >> 2)] += 1;
                groups.holding[card].push(place);
            }
            if high & 3 == low & 3 {
                groups.both[high & 3].push(place);
            }
            groups.some[high & 3].push(place);
            if high & 3 != low & 3 {
                groups.some[low & 3].push(place);
            }
        }
        groups
    }

    /// Takes entry `place` out of its group in a board's tables (`count`, `by_card`).
    pub(super) fn take_out(
        &self,
        place: usize,
        held: Held,
        count: &mut [u32],
        by_card: &mut [u32],
    ) {
        let group = usize::from(self.of_entry[place]);
        let at = group * self.weights + held.tier();
        count[at] -= 1;
        let [high, low] = held.cards();
        for card in [high, low] {
            by_card[8 * at + position(card, high >> 2)] -= 1;
        }
    }

    /// Takes entry `place`, holding a card of the board, out of a board's tables: its group's
    /// and all the combos' (`all`, `all_by_card`).
    pub(super) fn take_out_dead(
        &self,
        place: usize,
        held: Held,
        (count, by_card, all, all_by_card): (&mut [u32], &mut [u32], &mut Counts, &mut ByCard),
    ) {
        self.take_out(place, held, count, by_card);
        let [high, low] = held.slots();
        all[held.tier()] -= 1;
        all_by_card[high] -= 1;
        all_by_card[low] -= 1;
    }
}

/// The groups on one board: their counts less the combos holding a card of the board or able to
/// make a flush on it, and their values.
pub(super) struct GroupsOnBoard {
    pub(super) count: Vec<u32>,
    pub(super) by_card: Vec<u32>,
    pub(super) values: [u32; GROUPS],
    pub(super) flush: Option<Flush>,
    /// The values of the combos able to make a flush on this board (`one << 6 | other`, both
    /// ways).
    pub(super) flushes: Box<[u32; 64 * 64]>,
    /// `taken[place]` is `board` or `base` for the entries out of their group on this board.
    pub(super) taken: Vec<u32>,
    pub(super) board: u32,
    /// Boards of two cards to come are dealt turn by turn: the counts less the combos holding
    /// the first of the two (`base_card`, the empty set when one card or none is to come)
    /// serve every board with that card (`count`,
    /// `by_card`, then all the combos by weight and by weight and card), those combos marked
    /// `base` in `taken`.
    pub(super) base: (Vec<u32>, Vec<u32>, Counts, Box<ByCard>),
    pub(super) base_card: Option<CardSet>,
    pub(super) base_mark: u32,
}

impl GroupsOnBoard {
    pub(super) fn new(groups: &Groups) -> GroupsOnBoard {
        GroupsOnBoard {
            count: groups.count.clone(),
            by_card: groups.by_card.clone(),
            values: [0; GROUPS],
            flush: None,
            flushes: Box::new([0; 64 * 64]),
            taken: vec![0; groups.of_entry.len()],
            board: 0,
            base: (
                groups.count.clone(),
                groups.by_card.clone(),
                groups.all,
                groups.all_by_card.clone(),
            ),
            base_card: None,
            base_mark: 0,
        }
    }

    /// A new mark for `taken`, never used before on this scratch (which counts at most two
    /// marks for each of a count's 1,176 boards or fewer).
    pub(super) fn mark(&mut self) -> u32 {
        self.board += 1;
        self.board
    }

    /// Whether entry `place` is out of its group on this board.
    pub(super) fn is_out(&self, place: usize) -> bool {
        let mark = self.taken[place];
        mark == self.board || mark == self.base_mark
    }

    /// The value of the last player's combo of two cards (in their range, dealt on this board).
    pub(super) fn value_of(&self, one: usize, other: usize) -> u32 {
        if self.flush.is_some() && Flush::reached_by(self.flush, one, other) {
            self.flushes[(one << 6 | other) % (64 * 64)]
        } else {
            self.values[usize::from(GROUP_OF_PAIR[(one << 6 | other) % (64 * 64)])]
        }
    }

    /// Adds a group's counts (by weight, and by weight and card) to running counts.
    pub(super) fn add(
        &self,
        groups: &Groups,
        group: usize,
        counts: &mut Counts,
        by_card: &mut ByCard,
    ) {
        let cards = &groups.cards[group];
        for weight in 0..groups.weights {
            let at = group * groups.weights + weight;
            let count = self.count[at];
            if count == 0 {
                continue;
            }
            counts[weight % MAX_WEIGHTS] += count;
            let row: &[u32; 8] = self.by_card[8 * at..][..8].try_into().expect("eight cards");
            for &(position, card) in cards {
                by_card[(weight << 6 | card) % BY_WEIGHT_AND_CARD] += row[position % 8];
            }
        }
    }
}
