//! What a count against a field will take, known before it starts: about how long on one thread
//! (and how long counting deal by deal would, which `plan` weighs it against), and for a field
//! counted by type pairs, the most states a board's count holds, which bounds its memory.

use std::collections::HashMap;

use super::type_pairs::{self, TYPES, type_of};
use super::{Field, FirstHand, MAX_FIELD, ranks_place};
use crate::ranges::exact::{choose, factorial, seconds_by_deal};
use crate::ranges::suits::{ONE_SUIT, cards_of};

/// The longest an exact count against a field is expected to take on one thread, in seconds:
/// a few minutes, as for the other exact counts (a hand against three random hands takes about
/// ten seconds; a range of every hand against them, half an hour, is refused).
pub(crate) const MAX_SECONDS: f64 = 300.0;

/// The most states a field's count by type pairs may hold for a board
/// ([`type_pairs::most_states`]): about 1.8 GB for each thread, as measured (some 90 bytes a state,
/// with the table's shifted copies). Six random hands on a river that can make a flush take 17
/// million; seven take 83 million, 7.5 GB, and are not taken.
const MAX_STATES: u64 = 20_000_000;

impl Field {
    /// Whether every board of every first hand counted by type pairs stays within [`MAX_STATES`].
    pub(super) fn within_states(&self) -> bool {
        // A field that could not pass the bound on any board (five players or fewer, and so
        // every field counted otherwise) is not weighed board by board; the others' bounds are
        // kept by their types' sizes, which many hands and boards share.
        let mut worst = [0; TYPES];
        worst
            .chunks_mut(2)
            .for_each(|rank| rank.copy_from_slice(&[3, 1]));
        if type_pairs::most_states(&worst, self.players) <= MAX_STATES {
            return true;
        }
        let mut known = HashMap::new();
        let mut most_states = |sizes: [u8; TYPES]| {
            *known
                .entry(sizes)
                .or_insert_with(|| type_pairs::most_states(&sizes, self.players))
        };
        (self.hands.iter()).all(|hand| self.most_states(hand, &mut most_states) <= MAX_STATES)
    }

    /// At most how many states counting a first hand's boards by type pairs holds (0 for a field
    /// counted otherwise). On a river or turn, each board's; before, as if the field could take
    /// every card left, split by each suit the board could make a flush of.
    pub(super) fn most_states(
        &self,
        hand: &FirstHand,
        of_sizes: &mut impl FnMut([u8; TYPES]) -> u64,
    ) -> u64 {
        let Some(rank_pairs) = &self.rank_pairs else {
            return 0;
        };
        let held = self.out | cards_of(hand.cards.map(usize::from));
        // Only ranks of the range's pairs are taken.
        let mut in_range = [false; 13];
        for high in 0..13_u8 {
            for low in (0..=high).filter(|&low| rank_pairs[ranks_place(high, low)]) {
                in_range[usize::from(high)] = true;
                in_range[usize::from(low)] = true;
            }
        }
        let mut most_for = |held: u64, flush: Option<u8>| {
            let mut sizes = [0_u8; TYPES];
            for card in
                (0..52_u8).filter(|&card| held & 1 << card == 0 && in_range[usize::from(card >> 2)])
            {
                sizes[type_of(card, flush)] += 1;
            }
            of_sizes(sizes)
        };
        if self.missing == 1 {
            // Each river's board: a flush in the suit it brings to three, if any.
            let flush_with = |river: u8| {
                (0..4_u8).find(|&suit| {
                    self.board_suits[usize::from(suit)] + usize::from(river & 3 == suit) >= 3
                })
            };
            return (0..52_u8)
                .filter(|&river| held & 1 << river == 0)
                .map(|river| most_for(held | 1 << river, flush_with(river)))
                .max()
                .unwrap_or(0);
        }
        // A river's board exactly; before the turn, the field taking any card left, split by
        // each suit the cards to come could make a flush of, or not split.
        let flushes =
            (0..4_u8).filter(|&suit| self.board_suits[usize::from(suit)] + self.missing >= 3);
        (std::iter::once(None).chain(flushes.map(Some)))
            .map(|flush| most_for(held, flush))
            .max()
            .unwrap_or(0)
    }

    /// About how long the count takes on one thread, in seconds.
    pub(crate) fn seconds(&self) -> f64 {
        self.hands
            .iter()
            .map(|hand| {
                let boards = choose(hand.deck_len as u64, self.missing as u64) as f64
                    / hand.keeping.len() as f64;
                // Nanoseconds, as measured (BENCHMARKS.md): a board costs 300, and each of the
                // field's combos on it 4, 6 or 26 (valued by its pair of ranks and summed, for
                // a field of one, two or three).
                let per_board = match self.players {
                    1..=MAX_FIELD => {
                        300.0 + [4.0, 6.0, 26.0][self.players - 1] * hand.field_len as f64
                    }
                    // By type pairs: a board that can make a flush has twice the types, and some
                    // fifty times the states (for four to seven players; eight players' is
                    // the trend's, as they take too many states to be counted there).
                    players => {
                        let at = players - MAX_FIELD - 1;
                        let share = self.flush_share(hand);
                        (1.0 - share) * [5.5e6, 2.8e7, 1.6e8, 6.3e8, 1.8e9][at]
                            + share * [2.9e8, 3.0e9, 2.4e10, 1.2e11, 6e11][at]
                    }
                };
                1e-9 * boards * per_board
            })
            .sum()
    }

    /// The share of the boards to come, for the first hand `hand`, that can make a flush (three
    /// cards of a suit or more).
    pub(super) fn flush_share(&self, hand: &FirstHand) -> f64 {
        let held = self.out | cards_of(hand.cards.map(usize::from));
        let left = [0, 1, 2, 3].map(|suit| 13 - (held >> suit & ONE_SUIT).count_ones());
        let (mut flush, mut all) = (0, 0);
        // How many cards of each suit the board gets, and how many boards deal that.
        let missing = self.missing;
        for clubs in 0..=missing {
            for diamonds in 0..=missing - clubs {
                for hearts in 0..=missing - clubs - diamonds {
                    let added = [clubs, diamonds, hearts, missing - clubs - diamonds - hearts];
                    if (0..4).any(|suit| added[suit] > left[suit] as usize) {
                        continue;
                    }
                    let boards: u64 = (0..4)
                        .map(|suit| choose(u64::from(left[suit]), added[suit] as u64))
                        .product();
                    all += boards;
                    if (0..4).any(|suit| self.board_suits[suit] + added[suit] >= 3) {
                        flush += boards;
                    }
                }
            }
        }
        flush as f64 / all.max(1) as f64
    }

    /// About how long counting deal by deal would take on one thread: every deal walked, and
    /// one of each group of deals that are renamings of each other (of the suits, and the
    /// field's seats) counted.
    pub(crate) fn seconds_by_deal(&self) -> f64 {
        let seatings = factorial(self.players as u64);
        let (mut deals, mut groups) = (0.0, 0.0);
        for hand in &self.hands {
            deals += hand.deals(self.players);
            groups +=
                hand.field_deals(self.players) / (hand.keeping.len() as u64 * seatings) as f64;
        }
        seconds_by_deal(deals, groups, 1 + self.players, 5 - self.missing)
    }
}
