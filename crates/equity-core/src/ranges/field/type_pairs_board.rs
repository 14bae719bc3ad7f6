//! One board of a field of four to eight players whose range holds whole pairs of ranks: the
//! field's combos grouped into type pairs of one value, added to the dynamic programme of
//! [`type_pairs`](super::type_pairs) in order of value.

use super::type_pairs::{TYPES, type_of};
use super::{Field, FirstHand, Scratch, Sums, ranks_place, value_on};
use crate::progress::Progress;
use crate::ranges::exact::factorial;

impl Field {
    /// One board, for a field of more than [`MAX_FIELD`](super::MAX_FIELD) whose range holds
    /// the pairs of ranks `rank_pairs` whole: the first player's hand `hand`, the cards `deck`
    /// left for the board and the field, and the cards `added` to the board. `None` if
    /// `progress` asks to stop (a board can take seconds: six players on a board that can make a
    /// flush, over a minute).
    pub(super) fn board_by_type_pairs(
        &self,
        rank_pairs: &[bool; 91],
        hand: &FirstHand,
        deck: &[u8],
        added: u64,
        scratch: &mut Scratch,
        progress: &dyn Progress,
    ) -> Option<Sums> {
        let (board, by_suit) = self.dealt_board(added);
        let value = |combo| value_on(board, combo);
        // A card's type: its rank, and whether it is of the suit that can make a flush. The
        // first two cards of each type stand for all.
        let flush = (0..4_u8).find(|&suit| by_suit[usize::from(suit)] >= 3);
        let mut sizes = [0_u8; TYPES];
        let mut representatives = [[0_u8; 2]; TYPES];
        for &card in deck.iter().filter(|&&card| added & 1 << card == 0) {
            let kind = type_of(card, flush);
            if let Some(place) = representatives[kind].get_mut(usize::from(sizes[kind])) {
                *place = card;
            }
            sizes[kind] += 1;
        }
        let Scratch {
            type_pairs,
            programme,
            level_pairs: level,
            ..
        } = scratch;
        type_pairs.clear();
        for a in (0..TYPES).filter(|&a| sizes[a] > 0) {
            for b in (a..TYPES).filter(|&b| sizes[b] > 0) {
                #[expect(clippy::cast_possible_truncation, reason = "26 types")]
                let type_pair = [a as u8, b as u8];
                if !rank_pairs[ranks_place(type_pair[0] >> 1, type_pair[1] >> 1)] {
                    continue;
                }
                let combo = match a == b {
                    true if sizes[a] < 2 => continue,
                    true => representatives[a],
                    false => [representatives[a][0], representatives[b][0]],
                };
                type_pairs.push((value(combo), type_pair));
            }
        }
        type_pairs.sort_unstable();

        let first = value(hand.cards);
        let players = self.players;
        // The orders of the field's players: a set of disjoint combos seats them in each.
        let seatings = u128::from(factorial(players as u64));
        programme.start(&sizes);
        let mut sums = Sums::default();
        let mut first_counted = false;
        let mut at = 0;
        while at < type_pairs.len() {
            if progress.is_cancelled() {
                return None;
            }
            let value = type_pairs[at].0;
            let end = at
                + (type_pairs[at..].iter())
                    .take_while(|type_pair| type_pair.0 == value)
                    .count();
            level.clear();
            level.extend(type_pairs[at..end].iter().map(|type_pair| type_pair.1));
            at = end;
            if value < first {
                for &type_pair in level.iter() {
                    programme.add_unmarked(type_pair);
                }
                continue;
            }
            if !first_counted {
                first_counted = true;
                sums.wins += seatings * programme.full();
            }
            let by_tied = programme.add_level(level);
            // With the first player: one of the field or more. Above it: two or more (one
            // alone is the field's win, the rest of the pots).
            let lowest_tied = if value == first { 1 } else { 2 };
            for (tied, &sets) in by_tied
                .iter()
                .enumerate()
                .take(players + 1)
                .skip(lowest_tied)
            {
                let deals = seatings * sets;
                if value == first {
                    sums.first_ties(deals, tied, self.tie_denominator);
                } else {
                    sums.field_ties(deals, self.tie_denominator);
                }
            }
        }
        if !first_counted {
            sums.wins += seatings * programme.full();
        }
        Some(sums)
    }
}
