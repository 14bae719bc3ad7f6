//! A hand or range against a *field* of players who all hold the same range, counted board by
//! board, before the flop or after it: one to three players of any range of one weight, or four
//! to eight of a range of whole pairs of ranks ("random", "22+, AK").
//!
//! A deal by deal count walks every joint deal of the field (a hand against three random hands
//! is 1.4 billion of them) and every board for each. Here the order is turned round: for each of
//! the first player's combos `h` and each board, the field's combos that miss both are valued
//! once and sorted, and the outcome of every joint deal of the field on that board follows from
//! how many ordered tuples of pairwise disjoint combos (no card twice) there are among the
//! combos below, at and above `h`'s value. For up to three players those counts come from each
//! set's card degrees and neighbours alone, by inclusion and exclusion over shared cards
//! ([`disjoint`]); for more, from how many cards of each type of interchangeable cards a tuple
//! takes ([`type_pairs`]). No deal of the field is ever made:
//!
//! - `h` wins alone: every field combo below it, `tuples(L, L, …)`;
//! - `h` splits with `j` of the field: `C(k, j) tuples(Q × j, L × (k − j))`, `Q` the combos at
//!   its value;
//! - the field splits above it: at each value `u` above `h`'s, `C(k, j) tuples(Q_u × j, P_u ×
//!   (k − j))` for `j ≥ 2`, `P_u` the combos below `u`;
//! - the field's players win alone on the rest, all `k` of them equally (they are the same
//!   range, so every count is symmetric in them).
//!
//! Every joint deal of the field misses as many boards as any other, so summing the boards' counts
//! over every board counts every deal over every board once: the deal-by-deal totals to the last
//! unit. Boards and hands that are renamings of each other's suits, by renamings that keep the
//! board, the dead cards and the field's range, are counted once ([`suits`](crate::ranges::suits)).
//!
//! This module sets a count up and drives it; a board is counted in [`disjoint_board`] (one to
//! three players) or [`type_pairs_board`] (four to eight), and what a count will take, before it
//! starts, is worked out in [`cost`].

pub(crate) mod cost;
mod disjoint;
mod disjoint_board;
#[cfg(test)]
mod tests;
mod type_pairs;
mod type_pairs_board;

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use cards_core::{Card, Hand};
use work_threads::{Threads, map_on_threads};

use self::disjoint::{ComboSet, each, tuples};
use self::type_pairs::{Programme, TYPES, TypePair};

use crate::error::EquityError;
use crate::matchup::tally::tie_denominator;
use crate::progress::Progress;
use crate::ranges::canonical::symmetries;
use crate::ranges::exact::{Totals, factorial, no_counts};
use crate::ranges::matchup::RangeMatchup;
use crate::ranges::suits::{Renaming, cards_of, orbit, rename_bits};

/// The most players of the field counted by inclusion and exclusion over shared cards: its
/// counts of disjoint tuples are written for up to three sets (four players in all).
const MAX_FIELD: usize = 3;

/// The most players of a field whose range holds whole pairs of ranks, counted by the cards of
/// each type taken ([`type_pairs`]): eight, so nine players in all, as many as any count here
/// takes. Their joint deals pass a `u64` (eight random hands make about 10^23), so deals are
/// counted in `u128`, which holds nine players' deals times their boards (about 10^33).
const MAX_FIELD_BY_TYPES: usize = 8;

/// A matchup of a hand or range against a field, set up for counting.
pub(crate) struct Field {
    /// How many players the field has (1 to [`MAX_FIELD_BY_TYPES`]).
    players: usize,
    /// For a field of more than [`MAX_FIELD`]: the pairs of ranks its range holds, each whole
    /// (every combo off the board and the dead cards).
    rank_pairs: Option<[bool; 91]>,
    /// The cards on the board or dead, and the field's combos off them (with their cards).
    out: u64,
    combos: Vec<(u64, [u8; 2])>,
    /// The weight of each of the field's combos.
    weight: f64,
    /// The board so far, and how many cards of each suit it holds.
    board: Hand,
    board_suits: [usize; 4],
    /// How many cards the board still needs.
    missing: usize,
    /// The first player's combos, one for each set of renamings of each other.
    hands: Vec<FirstHand>,
    tie_denominator: u64,
}

/// One of the first player's combos, counted once for itself and those that are its renamings.
struct FirstHand {
    cards: [u8; 2],
    /// The renamings that keep it, with the board, the dead cards and the field's range.
    keeping: Vec<Renaming>,
    /// How many cards are left for the board, and how many of the field's combos miss the
    /// hand: what the costs need, known without listing them (the plan asks every matchup
    /// against a field for its cost, and most are then counted another way).
    deck_len: usize,
    field_len: usize,
    /// The combos it stands for: their place in the first range, and their weight.
    combos: Vec<(usize, f64)>,
}

impl FirstHand {
    /// The field's deals against one of its combos, each of `players` from the field's combos
    /// that miss it (some of them sharing cards: at least as many as are dealt).
    fn field_deals(&self, players: usize) -> f64 {
        (0..players).map(|_| self.field_len as f64).product()
    }

    /// The joint deals of all its combos, as [`FirstHand::field_deals`] counts them.
    fn deals(&self, players: usize) -> f64 {
        self.combos.len() as f64 * self.field_deals(players)
    }
}

/// What counting a first hand's boards walks, listed when the count starts.
struct Lists {
    /// The cards left for the board: not on it, dead or in this hand, in order.
    deck: Vec<u8>,
    /// The field's combos that miss the board, the dead cards and this hand ...
    field: Vec<[u8; 2]>,
    /// ... by their pair of ranks.
    groups: Vec<Vec<[u8; 2]>>,
}

/// A board's whole numbers, for one of the first player's combos.
#[derive(Clone, Copy, Default)]
struct Sums {
    /// Boards the first player wins alone, over the field's joint deals.
    wins: u128,
    /// The first player's split-pot units.
    tie_units: u128,
    /// Joint deals whose best value is held twice or more (the pot split).
    split: u128,
    /// The field's split-pot units, all its players together.
    field_tie_units: u128,
}

impl Sums {
    /// `deals` joint deals in which the first player ties with `tied` of the field for the best
    /// hand: each of the `1 + tied` takes its share of the pot's `denominator` units.
    fn first_ties(&mut self, deals: u128, tied: usize, denominator: u64) {
        let share = u128::from(denominator) / (tied as u128 + 1);
        self.split += deals;
        self.tie_units += deals * share;
        self.field_tie_units += deals * share * tied as u128;
    }

    /// `deals` joint deals in which two or more of the field split the pot above the first
    /// player: its `denominator` units all go to the field.
    fn field_ties(&mut self, deals: u128, denominator: u64) {
        self.split += deals;
        self.field_tie_units += deals * u128::from(denominator);
    }

    fn add(&mut self, other: Sums, times: u64) {
        let times = u128::from(times);
        self.wins += times * other.wins;
        self.tie_units += times * other.tie_units;
        self.split += times * other.split;
        self.field_tie_units += times * other.field_tie_units;
    }
}

/// What one board's count needs at hand, kept from board to board.
struct Scratch {
    /// By value: each value and the place of its span, sorted.
    keys: Vec<u32>,
    /// The live combos, a span of them for each pair of ranks and each combo valued alone.
    live: Vec<[u8; 2]>,
    spans: Vec<(usize, usize)>,
    /// The combos that make a flush on this board.
    alone: Vec<[u8; 2]>,
    below: ComboSet,
    level: ComboSet,
    /// For a field of more than [`MAX_FIELD`]: the type pairs by value, and the sets of disjoint
    /// combos among them.
    type_pairs: Vec<(u32, TypePair)>,
    level_pairs: Vec<TypePair>,
    programme: Programme,
}

impl Scratch {
    fn new(players: usize) -> Scratch {
        let with_neighbours = players == 3;
        Scratch {
            keys: Vec::new(),
            live: Vec::new(),
            spans: Vec::new(),
            alone: Vec::new(),
            below: ComboSet::new(with_neighbours),
            level: ComboSet::new(with_neighbours),
            type_pairs: Vec::new(),
            level_pairs: Vec::new(),
            programme: Programme::new(players),
        }
    }
}

impl Field {
    /// The count, if it takes the matchup: all but the first player holding the same range,
    /// whose combos off the board and dead cards have one weight; a field of one to three
    /// players, or of four to eight whose range holds whole pairs of ranks.
    pub(crate) fn of(matchup: &RangeMatchup) -> Option<Field> {
        let (first, field) = matchup.ranges.split_first()?;
        let range = field.first()?;
        if field.len() > MAX_FIELD_BY_TYPES || field.iter().any(|other| other != range) {
            return None;
        }
        let index = |card: &Card| card.index();
        let board = cards_of(matchup.board.iter().map(index));
        let dead = cards_of(matchup.dead.iter().map(index));
        let out = board | dead;
        let dealable = |combo: [Card; 2]| {
            let cards = cards_of(combo.map(Card::index));
            (cards & out == 0).then_some(cards)
        };
        let field_combos: Vec<(u64, [u8; 2], f64)> = range
            .combos()
            .iter()
            .filter_map(|&(combo, weight)| {
                let cards = dealable(combo)?;
                Some((cards, combo.map(Card::id), weight))
            })
            .collect();
        let weight = field_combos.first()?.2;
        if field_combos
            .iter()
            .any(|combo| combo.2.to_bits() != weight.to_bits())
        {
            return None;
        }
        let rank_pairs = if field.len() > MAX_FIELD {
            Some(whole_rank_pairs(&field_combos, out)?)
        } else {
            None
        };
        // Each card's degree among the field's combos, and each combo as a card's neighbour, so
        // that how many combos miss a hand is `N - d(x) - d(y) + [xy in the field]`.
        let mut degree = [0_usize; 52];
        let mut neighbours = [0_u64; 52];
        for &(_, [x, y], _) in &field_combos {
            let (x, y) = (usize::from(x), usize::from(y));
            degree[x] += 1;
            degree[y] += 1;
            neighbours[x] |= 1 << y;
            neighbours[y] |= 1 << x;
        }
        let renamings = symmetries(std::slice::from_ref(range), &matchup.board, &matchup.dead);
        let mut hands: Vec<FirstHand> = Vec::new();
        let mut representative_of = HashMap::new();
        for (place, &(combo, combo_weight)) in first.combos().iter().enumerate() {
            let Some(cards) = dealable(combo) else {
                continue;
            };
            let least = renamings
                .iter()
                .map(|renaming| rename_bits(cards, renaming))
                .min()
                .unwrap_or(cards);
            let at = *representative_of.entry(least).or_insert_with(|| {
                let [x, y] = combo.map(Card::index);
                hands.push(FirstHand {
                    cards: combo.map(Card::id),
                    keeping: (renamings.iter())
                        .filter(|renaming| rename_bits(cards, renaming) == cards)
                        .copied()
                        .collect(),
                    deck_len: 52 - (out | cards).count_ones() as usize,
                    field_len: field_combos.len() + (neighbours[x] >> y & 1) as usize
                        - degree[x]
                        - degree[y],
                    combos: Vec::new(),
                });
                hands.len() - 1
            });
            hands[at].combos.push((place, combo_weight));
        }
        if hands.is_empty() {
            return None;
        }
        let field = Field {
            players: field.len(),
            rank_pairs,
            out,
            combos: (field_combos.iter())
                .map(|&(cards, combo, _)| (cards, combo))
                .collect(),
            weight,
            board: Hand::from_cards(&matchup.board),
            board_suits: [0, 1, 2, 3].map(|suit| {
                let of_suit = matchup.board.iter().filter(|card| card.index() & 3 == suit);
                of_suit.count()
            }),
            missing: 5 - matchup.board.len(),
            hands,
            tie_denominator: tie_denominator(matchup.ranges.len()),
        };
        field.within_states().then_some(field)
    }

    /// What counting the first hand `hand`'s boards walks.
    fn lists(&self, hand: &FirstHand) -> Lists {
        let cards = cards_of(hand.cards.map(usize::from));
        let field: Vec<[u8; 2]> = (self.combos.iter())
            .filter(|combo| combo.0 & cards == 0)
            .map(|combo| combo.1)
            .collect();
        let mut groups = vec![Vec::new(); 91];
        for &combo in &field {
            groups[rank_pair(combo)].push(combo);
        }
        Lists {
            deck: (0..52_u8)
                .filter(|&card| (self.out | cards) & 1 << card == 0)
                .collect(),
            field,
            groups,
        }
    }

    /// Counts every board and every joint deal: the totals counting deal by deal gives.
    pub(crate) fn count(
        &self,
        matchup: &RangeMatchup,
        threads: Threads,
        progress: &dyn Progress,
    ) -> Result<Totals, EquityError> {
        let lists: Vec<Lists> = self.hands.iter().map(|hand| self.lists(hand)).collect();
        let field_deals: Vec<u128> = lists.iter().map(|lists| self.field_deals(lists)).collect();
        // Work items: a hand and the first one or two cards of its boards.
        let lead_cards = self.missing.min(2);
        let mut items = Vec::new();
        for (hand, hand_lists) in lists.iter().enumerate() {
            // A hand no joint deal of the field misses has no totals: its boards are not
            // walked.
            if field_deals[hand] == 0 {
                continue;
            }
            each_subset(&hand_lists.deck, 0, lead_cards, 0, &mut |lead, next| {
                items.push((hand, lead, next));
            });
        }
        let done = AtomicUsize::new(0);
        let counted = map_on_threads(items.len(), threads, |item| {
            if progress.is_cancelled() {
                return Err(EquityError::Cancelled);
            }
            let (hand, lead, next) = items[item];
            let (first_hand, hand_lists) = (&self.hands[hand], &lists[hand]);
            let mut scratch = Scratch::new(self.players);
            let mut sums = Sums::default();
            let left = self.missing - lead_cards;
            let mut cancelled = false;
            each_subset(&hand_lists.deck, next, left, lead, &mut |added, _| {
                let Some(times) = orbit(added, &first_hand.keeping).filter(|_| !cancelled) else {
                    return;
                };
                let board = match &self.rank_pairs {
                    Some(rank_pairs) => self.board_by_type_pairs(
                        rank_pairs,
                        first_hand,
                        &hand_lists.deck,
                        added,
                        &mut scratch,
                        progress,
                    ),
                    None => Some(self.board(first_hand, &hand_lists.groups, added, &mut scratch)),
                };
                match board {
                    Some(board) => sums.add(board, times),
                    None => cancelled = true,
                }
            });
            if cancelled {
                return Err(EquityError::Cancelled);
            }
            let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress.report(finished as f64 / items.len() as f64);
            Ok((hand, sums))
        });
        let mut by_hand = vec![Sums::default(); self.hands.len()];
        for result in counted {
            let (hand, sums) = result?;
            by_hand[hand].add(sums, 1);
        }
        Ok(self.totals(matchup, &field_deals, &by_hand))
    }

    /// How many joint deals of the field miss a first hand, whose lists are `lists`.
    fn field_deals(&self, lists: &Lists) -> u128 {
        let Some(rank_pairs) = &self.rank_pairs else {
            let mut combos = ComboSet::new(self.players == 3);
            combos.extend(lists.field.iter().copied());
            return tuples(&vec![combos.view(0); self.players]).into();
        };
        // By the cards of each rank taken: every combo of the range's pairs of ranks (a pair of
        // ranks with too few cards left adds none).
        let mut sizes = [0_u8; TYPES];
        for &card in &lists.deck {
            sizes[usize::from(card >> 2)] += 1;
        }
        let mut programme = Programme::new(self.players);
        programme.start(&sizes);
        for high in 0..13_u8 {
            for low in (0..=high).filter(|&low| rank_pairs[ranks_place(high, low)]) {
                programme.add_unmarked([low, high]);
            }
        }
        programme.full() * u128::from(factorial(self.players as u64))
    }

    /// The totals of every player, and of the first by combo, from each hand's joint deals of
    /// the field and sums.
    fn totals(&self, matchup: &RangeMatchup, field_deals: &[u128], by_hand: &[Sums]) -> Totals {
        let (mut all, mut by_first_combo) = no_counts(matchup);
        let field = self.players as u64;
        let mut deals = 0;
        for ((hand, &hand_deals), sums) in self.hands.iter().zip(field_deals).zip(by_hand) {
            let pots = hand_deals * u128::from(all.boards_per_deal);
            // The field's players share what the first player does not win alone and the
            // split pots, equally.
            let (field_wins, field) = (pots - sums.wins - sums.split, u128::from(field));
            debug_assert_eq!(field_wins % field, 0);
            debug_assert_eq!(sums.field_tie_units % field, 0);
            let mut wins = vec![field_wins / field; 1 + self.players];
            let mut tie_units = vec![sums.field_tie_units / field; 1 + self.players];
            wins[0] = sums.wins;
            tie_units[0] = sums.tie_units;
            // A combo no joint deal of the field misses has no deals, and no totals.
            if hand_deals == 0 {
                continue;
            }
            for &(place, combo_weight) in &hand.combos {
                // The weight as a deal by deal count makes it, player by player.
                let weight = (0..self.players).fold(combo_weight, |weight, _| weight * self.weight);
                all.add_totals(weight, hand_deals, &wins, &tie_units);
                by_first_combo[place].add_totals(
                    weight,
                    hand_deals,
                    &[sums.wins],
                    &[sums.tie_units],
                );
                deals += hand_deals;
            }
        }
        Totals {
            all,
            by_first_combo,
            deals,
            distinct_deals: deals,
        }
    }

    /// The board with the cards `added`, and how many cards of each suit it holds.
    fn dealt_board(&self, added: u64) -> (Hand, [usize; 4]) {
        let mut board = self.board;
        let mut by_suit = self.board_suits;
        for card in each(added) {
            board += Card::ALL[card];
            by_suit[card & 3] += 1;
        }
        (board, by_suit)
    }
}

/// The value of the combo `[x, y]` on the board `board`.
fn value_on(board: Hand, [x, y]: [u8; 2]) -> u32 {
    let hand = board + Card::ALL[usize::from(x)] + Card::ALL[usize::from(y)];
    u32::from(hand.evaluate().to_raw())
}

/// A combo's pair of ranks, one of 91 places: `high (high + 1) / 2 + low`.
fn rank_pair([x, y]: [u8; 2]) -> usize {
    ranks_place(x >> 2, y >> 2)
}

/// The place of a pair of ranks (either order) among the 91.
fn ranks_place(a: u8, b: u8) -> usize {
    let (high, low) = (a.max(b), a.min(b));
    usize::from(high * (high + 1) / 2 + low)
}

/// The pairs of ranks of `combos`, if each is whole: every combo of its ranks that misses the
/// cards `out`.
fn whole_rank_pairs(combos: &[(u64, [u8; 2], f64)], out: u64) -> Option<[bool; 91]> {
    let mut held = [0_u32; 91];
    for &(_, combo, _) in combos {
        held[rank_pair(combo)] += 1;
    }
    let left = |rank: u8| 4 - (out >> (4 * rank) & 0xF).count_ones();
    let mut whole = [false; 91];
    for high in 0..13 {
        for low in 0..=high {
            let place = ranks_place(high, low);
            let all = if high == low {
                left(high) * (left(high).saturating_sub(1)) / 2
            } else {
                left(high) * left(low)
            };
            match held[place] {
                0 => {}
                some if some == all => whole[place] = true,
                _ => return None,
            }
        }
    }
    Some(whole)
}

/// Calls `visit(cards | chosen, next)` for every choice of `count` cards of `deck[from..]`,
/// `next` the place after the last chosen.
fn each_subset(
    deck: &[u8],
    from: usize,
    count: usize,
    cards: u64,
    visit: &mut impl FnMut(u64, usize),
) {
    if count == 0 {
        return visit(cards, from);
    }
    for at in from..(deck.len() + 1).saturating_sub(count) {
        each_subset(deck, at + 1, count - 1, cards | 1 << deck[at], visit);
    }
}
