//! One board of a field of one to three players: the field's combos that miss the first
//! player's sorted by value, and the joint deals below, at and above its value counted as
//! tuples of disjoint combos by [`disjoint`](super::disjoint).

use arrayvec::ArrayVec;

use super::disjoint::{ComboSet, Combos, tuples};
use super::{Field, FirstHand, MAX_FIELD, Scratch, Sums, value_on};
use crate::ranges::exact::choose;
use crate::ranges::suits::cards_of;

impl Field {
    /// One board: the first player's hand `hand` (its field's combos by pair of ranks in
    /// `groups`) with the cards `added` to the board.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "at most 1,326 spans: a span's place fits the key's 16 bits"
    )]
    pub(super) fn board(
        &self,
        hand: &FirstHand,
        groups: &[Vec<[u8; 2]>],
        added: u64,
        scratch: &mut Scratch,
    ) -> Sums {
        let (board, by_suit) = self.dealt_board(added);
        let value = |combo| value_on(board, combo);
        // The suit of a flush, and how many cards of it a combo must hold to make one (or a
        // better one than the board's): such combos are valued alone, the others by their
        // ranks (any of a pair of ranks stands for all).
        let flush = (0..4).find(|&suit| by_suit[suit] >= 3);
        let needed = flush.map_or(3, |suit| (5 - by_suit[suit]).max(1));
        let makes_flush = |combo: [u8; 2]| {
            let held = combo
                .iter()
                .filter(|&&card| Some(usize::from(card & 3)) == flush);
            held.count() >= needed
        };
        let Scratch {
            keys,
            live,
            spans,
            alone,
            below,
            level,
            ..
        } = scratch;
        keys.clear();
        live.clear();
        spans.clear();
        alone.clear();
        for group in groups {
            let start = live.len();
            for &combo in group {
                if cards_of(combo.map(usize::from)) & added != 0 {
                    continue;
                }
                if makes_flush(combo) {
                    alone.push(combo);
                } else {
                    live.push(combo);
                }
            }
            if live.len() > start {
                keys.push(value(live[start]) << 16 | spans.len() as u32);
                spans.push((start, live.len()));
            }
        }
        for &combo in alone.iter() {
            keys.push(value(combo) << 16 | spans.len() as u32);
            spans.push((live.len(), live.len() + 1));
            live.push(combo);
        }
        keys.sort_unstable();

        let first = value(hand.cards);
        below.clear();
        let mut sums = Sums::default();
        let mut first_counted = false;
        let mut at = 0;
        while at < keys.len() {
            let value = keys[at] >> 16;
            let end = at
                + keys[at..]
                    .iter()
                    .take_while(|&&key| key >> 16 == value)
                    .count();
            let combos = keys[at..end].iter().flat_map(|&key| {
                let (start, end) = spans[(key & 0xFFFF) as usize];
                &live[start..end]
            });
            if value < first {
                below.extend(combos.copied());
                at = end;
                continue;
            }
            if !first_counted {
                level.clear();
                if value == first {
                    level.extend(combos.clone().copied());
                }
                self.first_player(below, level, &mut sums);
                first_counted = true;
                // A field of one is done; a field of two splits above with no one below.
                match self.players {
                    1 => break,
                    2 if value == first => {
                        at = end;
                        continue;
                    }
                    2 => {}
                    _ => below.add_all(level),
                }
                if value == first {
                    at = end;
                    continue;
                }
            }
            // The field's splits at a value above the first player's: two combos or more.
            if combos.clone().nth(1).is_some() {
                level.clear();
                level.extend(combos.clone().copied());
                self.field_splits(level, below, &mut sums);
                if self.players == 3 {
                    below.add_all(level);
                }
            } else if self.players == 3 {
                below.extend(combos.copied());
            }
            at = end;
        }
        if !first_counted {
            level.clear();
            self.first_player(below, level, &mut sums);
        }
        sums
    }

    /// The first player's wins and splits: the field's combos below it are `below`, at its
    /// value `level`.
    fn first_player(&self, below: &ComboSet, level: &ComboSet, sums: &mut Sums) {
        let (below, level) = (below.view(0), level.view(1));
        sums.wins += self.tuples_of(level, below, 0);
        if level.len == 0 {
            return;
        }
        for tied in 1..=self.players {
            let deals = self.tuples_of(level, below, tied);
            sums.first_ties(deals, tied, self.tie_denominator);
        }
    }

    /// The field's splits above the first player: two or more at the value of `level`, the
    /// rest `below` it.
    fn field_splits(&self, level: &ComboSet, below: &ComboSet, sums: &mut Sums) {
        let (below, level) = (below.view(0), level.view(1));
        for tied in 2..=self.players {
            let deals = self.tuples_of(level, below, tied);
            sums.field_ties(deals, self.tie_denominator);
        }
    }

    /// The field's joint deals with exactly `tied` players (any of them) holding combos of
    /// `level` and the others of `below`.
    fn tuples_of(&self, level: Combos, below: Combos, tied: usize) -> u128 {
        let mut sets: ArrayVec<Combos, MAX_FIELD> = ArrayVec::new();
        (0..tied).for_each(|_| sets.push(level));
        (tied..self.players).for_each(|_| sets.push(below));
        let seatings = choose(self.players as u64, tied as u64);
        u128::from(seatings * tuples(&sets))
    }
}
