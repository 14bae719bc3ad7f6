//! Ranges after the flop, board by board: every combo of each range is valued once per board,
//! and sweeps over the combos sorted by value give every joint deal's result without dealing
//! the widest ranges combo by combo.
//!
//! The players take three parts. The *last* player (the widest range but the first player's)
//! is never dealt: its combos sorted by value, how many are below and up to the value to beat is
//! read off running counts as that value climbs. Its combos are valued by their two ranks
//! ([`Groups`]: 91 values a board, not a thousand), but for those that can make a flush. The *sweeping* player (the next widest) is
//! walked in order of value, so the value to beat (the best of the others') only climbs. The
//! *outer* players (none heads-up) are dealt combo by combo as joint deals of their own, each met
//! by one sweep per board.
//!
//! Card removal by inclusion and exclusion: the last player's combos apart from the cards `U`
//! already dealt are all of them, less those holding each card of `U`, plus those made of two
//! cards of `U` (taken away twice). Every joint deal has as many boards to come as any other (the
//! deck less the board, the dead cards and the hole cards), so summing over boards first and
//! deals second counts every deal over every board once.
//!
//! Everything is counted in whole numbers, kept apart by the weights of the deals' combos (each
//! range's different weights are few): the totals are the deal-by-deal count's to the last unit
//! ([`ExactCounts`]), and no order of the threads can change them.

use std::sync::atomic::{AtomicUsize, Ordering};

use cards_core::holdem::Combo;
use cards_core::{Card, CardSet, Hand};
use work_threads::{Threads, map_on_threads};

use crate::error::EquityError;
use crate::matchup::tally::tie_denominator;
use crate::progress::Progress;
use crate::ranges::counts::ExactCounts;
use crate::ranges::exact::{Totals, choose, seconds_per_deal};
use crate::ranges::matchup::RangeMatchup;

/// Boards counted between two looks at progress.
const CHUNK: usize = 16;

/// The most steps an exact count after the flop takes board by board (a combo of the sweeping or
/// the last player met by one joint deal of the others on one board): a few minutes on one
/// thread, as [`MAX_EXACT_DEALS`](crate::MAX_EXACT_DEALS) is for counting deal by deal. Nothing
/// is kept per deal, so the limit is one of time, not of memory.
pub const MAX_SWEEP_STEPS: u64 = 50_000_000_000;

/// The most players counted board by board: split pots in units of 1/2,520 keep a board's sums
/// well inside 64 bits. (Nine hands or more after the flop are few deals anyway.)
const MAX_PLAYERS: usize = 9;

/// The most different weights a range can have (more are counted deal by deal).
const MAX_WEIGHTS: usize = 8;

/// The most combinations of weights a joint deal's combos can have (the product of the numbers
/// of different weights in each range): the counts are kept apart by them.
const MAX_WEIGHT_TUPLES: usize = 64;

/// How much work a board-by-board count of a matchup is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cost {
    /// Steps of the sweeps (see [`MAX_SWEEP_STEPS`]).
    pub steps: f64,
    /// About how long it takes on one thread.
    pub seconds: f64,
}

/// The cost of counting `matchup` board by board, when that is the less work than counting
/// each joint deal over its boards: a flop or more, and not, say, a hand against a hand (one
/// deal, a few hundred boards by their ranks).
pub(crate) fn cost(matchup: &RangeMatchup) -> Option<Cost> {
    let sizes = sizes(matchup)?;
    let players = sizes.len();
    let parts = Parts::of(&sizes);
    let deck = (52 - matchup.board.len() - matchup.dead.len()) as u64;
    let boards = choose(deck, 5 - matchup.board.len() as u64) as f64;
    let outer_deals: f64 = parts.outer.iter().map(|&p| sizes[p] as f64).product();
    let swept = (sizes[parts.sweeping] + sizes[parts.last]) as f64;
    let steps = boards * outer_deals * swept;
    // The last player's combos are valued and climbed through in groups (at most 91, and those
    // able to make a flush).
    let grouped = sizes[parts.last].min(120);
    let valued = (sizes.iter().sum::<usize>() - sizes[parts.last] + grouped) as f64;
    let climbed = (sizes[parts.sweeping] + grouped) as f64;
    // Nanoseconds, as measured on this project's machine (BENCHMARKS.md): a board costs 2,000,
    // valuing and sorting a combo or a group 10, an outer deal 30 and a step of its sweep 6 and
    // 10 more for each outer player (two cards more to take away, four pairs to add back).
    let step = 6.0 + 10.0 * parts.outer.len() as f64;
    let by_board = 1e-9 * boards * (2000.0 + 10.0 * valued + outer_deals * (30.0 + step * climbed));
    let deals: f64 = sizes.iter().map(|&size| size as f64).product();
    let by_deal = deals * seconds_per_deal(players, matchup.board.len());
    (by_board < by_deal).then_some(Cost {
        steps,
        seconds: by_board,
    })
}

/// Each player's side, if the board-by-board count takes the matchup at all: a flop or more, 2
/// to [`MAX_PLAYERS`] players, at most [`MAX_WEIGHTS`] weights in a range and
/// [`MAX_WEIGHT_TUPLES`] combinations of them.
fn sides(matchup: &RangeMatchup) -> Option<Vec<Side>> {
    sizes(matchup)?;
    let out: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    let sides = matchup.ranges.iter();
    Some(sides.map(|range| Side::new(range.combos(), out)).collect())
}

/// Each player's number of combos off the board and dead cards, if the board-by-board count
/// takes the matchup (see [`sides`]).
fn sizes(matchup: &RangeMatchup) -> Option<Vec<usize>> {
    if !(2..=MAX_PLAYERS).contains(&matchup.ranges.len()) || matchup.board.len() < 3 {
        return None;
    }
    let out: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    let mut tuples = 1;
    let mut sizes = Vec::with_capacity(matchup.ranges.len());
    for range in &matchup.ranges {
        let mut weights: Vec<u64> = Vec::new();
        let mut size = 0;
        for (combo, weight) in range.combos() {
            if combo.iter().any(|&card| out.contains(card)) {
                continue;
            }
            size += 1;
            if !weights.contains(&weight.to_bits()) {
                weights.push(weight.to_bits());
                if weights.len() > MAX_WEIGHTS {
                    return None;
                }
            }
        }
        tuples *= weights.len().max(1);
        sizes.push(size);
    }
    (tuples <= MAX_WEIGHT_TUPLES).then_some(sizes)
}

/// Whether the board-by-board count takes the matchup at all (see [`sides`]).
#[cfg(any(fuzzing, test))]
pub(crate) fn takes(matchup: &RangeMatchup) -> bool {
    sides(matchup).is_some()
}

/// Which player plays which part (see the module's comment).
struct Parts {
    outer: Vec<usize>,
    sweeping: usize,
    last: usize,
}

impl Parts {
    /// The widest range but the first player's is the last, the widest of the others sweeps.
    fn of(sizes: &[usize]) -> Parts {
        let widest = |players: &mut dyn Iterator<Item = usize>| {
            players
                .max_by_key(|&player| (sizes[player], player))
                .expect("two players or more")
        };
        let last = widest(&mut (1..sizes.len()));
        let sweeping = widest(&mut (0..sizes.len()).filter(|&player| player != last));
        Parts {
            outer: (0..sizes.len())
                .filter(|&player| player != last && player != sweeping)
                .collect(),
            sweeping,
            last,
        }
    }
}

/// One combo of a range.
#[derive(Clone, Copy)]
struct Entry {
    combo: Combo,
    cards: Hand,
    set: CardSet,
    /// Its place in the range (with the combos the board and dead cards remove).
    place: usize,
    /// Its weight, as a place in [`Side::weights`].
    class: usize,
}

/// One range's combos off the board and dead cards, with their weights, and how many of them of
/// each weight there are, in all, by card and by pair of cards.
struct Side {
    entries: Vec<Entry>,
    /// Each entry's weight and cards, for the sweeps.
    held: Vec<Held>,
    /// The range's different weights, in the order met.
    weights: Vec<f64>,
    /// By weight: how many combos have it.
    count: Vec<u32>,
    /// By weight: how many combos hold each card.
    count_by_card: Vec<[u32; 52]>,
    /// The weight of the combo of two cards (`52 * one + other`, both ways): 1 + its place in
    /// `weights`, or 0 outside the range.
    pair_class: Vec<u8>,
}

impl Side {
    fn new(combos: &[(Combo, f64)], out: CardSet) -> Side {
        let mut weights: Vec<f64> = Vec::new();
        let mut entries = Vec::new();
        for (place, &(combo, weight)) in combos.iter().enumerate() {
            let set: CardSet = combo.into_iter().collect();
            if !(set & out).is_empty() {
                continue;
            }
            let same = |other: &f64| other.to_bits() == weight.to_bits();
            let class = weights.iter().position(same).unwrap_or_else(|| {
                weights.push(weight);
                weights.len() - 1
            });
            entries.push(Entry {
                combo,
                cards: Hand::from_cards(&combo),
                set,
                place,
                class,
            });
        }
        let mut count = vec![0; weights.len()];
        let mut count_by_card = vec![[0; 52]; weights.len()];
        let mut pair_class = vec![0; 52 * 52];
        for entry in &entries {
            let [one, other] = entry.combo.map(Card::index);
            count[entry.class] += 1;
            count_by_card[entry.class][one] += 1;
            count_by_card[entry.class][other] += 1;
            // At most MAX_WEIGHT_TUPLES weights reach a count: the rest is refused by `cost`.
            let class = u8::try_from(entry.class + 1).unwrap_or(u8::MAX);
            pair_class[52 * one + other] = class;
            pair_class[52 * other + one] = class;
        }
        Side {
            // A range of more weights is never counted board by board (see `sides`): its
            // `held` is never read.
            held: entries
                .iter()
                .map(|entry| Held::new(entry.class.min(MAX_WEIGHTS - 1), entry.combo))
                .collect(),
            entries,
            weights,
            count,
            count_by_card,
            pair_class,
        }
    }

    /// The weight of the combo of two cards, as a place in `weights`, if it is in the range.
    fn pair(&self, one: usize, other: usize) -> Option<usize> {
        usize::from(self.pair_class[52 * one + other]).checked_sub(1)
    }

    /// Adds to `apart`, by weight, how many of this side's combos hold none of `cards`
    /// (distinct).
    fn apart_from(&self, cards: &[usize], apart: &mut [u64]) {
        // Combos of two of `cards` are taken away twice: added back first, so that no count
        // goes below 0.
        let mut counts: Vec<u64> = self.count.iter().map(|&count| u64::from(count)).collect();
        for (at, &one) in cards.iter().enumerate() {
            for &other in &cards[at + 1..] {
                if let Some(class) = self.pair(one, other) {
                    counts[class] += 1;
                }
            }
        }
        for (class, count) in counts.iter_mut().enumerate() {
            for &card in cards {
                *count -= u64::from(self.count_by_card[class][card]);
            }
            apart[class] += *count;
        }
    }
}

/// How many pairs of ranks there are (13 pairs and 78 of two ranks).
const GROUPS: usize = 91;

/// The bit of a [`Packed`] combo that makes it a group of the last player's combos.
const GROUP: u16 = 1 << 15;

/// The group of two ranks (`high` at least `low`).
const fn group_of(high: usize, low: usize) -> usize {
    high * (high + 1) / 2 + low
}

/// The group of two cards (`one << 6 | other`, either order).
#[expect(
    clippy::cast_possible_truncation,
    reason = "91 groups: a group fits a byte"
)]
static GROUP_OF_PAIR: [u8; 64 * 64] = {
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
fn position(card: usize, high: usize) -> usize {
    if card >> 2 == high {
        card & 3
    } else {
        4 + (card & 3)
    }
}

/// The suit a flush can be made in on a whole board, and how many cards of it a hand must hold
/// for one (0, 1 or 2); on most boards none.
#[derive(Clone, Copy)]
struct Flush {
    suit: usize,
    needed: usize,
}

impl Flush {
    fn of(board: CardSet) -> Option<Flush> {
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
    fn reached_by(flush: Option<Flush>, one: usize, other: usize) -> bool {
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
struct Groups {
    /// Each entry's group.
    of_entry: Vec<u8>,
    /// Each group's cards that the sweeps take away (those of the sweeping and the outer
    /// players' combos), with their positions (see [`position`]): the counts by card of the
    /// others are never read.
    cards: Vec<Vec<(usize, usize)>>,
    /// Each group's entries (places in the side).
    entries: Vec<Vec<u16>>,
    /// How many of a group's combos have each weight (`group * weights + weight`) ...
    count: Vec<u32>,
    /// ... and hold each of its eight cards (`8 * (group * weights + weight) + position`, see
    /// [`position`]).
    by_card: Vec<u32>,
    /// The entries holding each card.
    holding: Vec<Vec<u16>>,
    /// All the entries, by weight and by weight and card.
    all: Counts,
    all_by_card: Box<ByCard>,
    /// By suit: the entries with both cards of it, and those with one or two.
    both: [Vec<u16>; 4],
    some: [Vec<u16>; 4],
    weights: usize,
}

impl Groups {
    fn new(side: &Side, taken_away: CardSet) -> Groups {
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
            groups.count[group * weights + entry.class] += 1;
            groups.all[entry.class] += 1;
            for slot in held.slots() {
                groups.all_by_card[slot] += 1;
            }
            for card in [high, low] {
                groups.by_card[8 * (group * weights + entry.class) + position(card, high >> 2)] +=
                    1;
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
    fn take_out(&self, place: usize, held: Held, count: &mut [u32], by_card: &mut [u32]) {
        let group = usize::from(self.of_entry[place]);
        let at = group * self.weights + held.class();
        count[at] -= 1;
        let [high, low] = held.cards();
        for card in [high, low] {
            by_card[8 * at + position(card, high >> 2)] -= 1;
        }
    }

    /// Takes entry `place`, holding a card of the board, out of a board's tables: its group's
    /// and all the combos' (`all`, `all_by_card`).
    fn take_out_dead(
        &self,
        place: usize,
        held: Held,
        (count, by_card, all, all_by_card): (&mut [u32], &mut [u32], &mut Counts, &mut ByCard),
    ) {
        self.take_out(place, held, count, by_card);
        let [high, low] = held.slots();
        all[held.class()] -= 1;
        all_by_card[high] -= 1;
        all_by_card[low] -= 1;
    }
}

/// The groups on one board: their counts less the combos holding a card of the board or able to
/// make a flush on it, and their values.
struct GroupsOnBoard {
    count: Vec<u32>,
    by_card: Vec<u32>,
    values: [u32; GROUPS],
    flush: Option<Flush>,
    /// The values of the combos able to make a flush on this board (`one << 6 | other`, both
    /// ways).
    flushes: Box<[u32; 64 * 64]>,
    /// `taken[place]` is `board` or `base` for the entries out of their group on this board.
    taken: Vec<u32>,
    board: u32,
    /// Boards of two cards to come are dealt turn by turn: the counts less the combos holding
    /// the first of the two (`base_card`, the empty set when one card or none is to come)
    /// serve every board with that card (`count`,
    /// `by_card`, then all the combos by weight and by weight and card), those combos marked
    /// `base` in `taken`.
    base: (Vec<u32>, Vec<u32>, Counts, Box<ByCard>),
    base_card: Option<CardSet>,
    base_mark: u32,
}

impl GroupsOnBoard {
    fn new(groups: &Groups) -> GroupsOnBoard {
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
    fn mark(&mut self) -> u32 {
        self.board += 1;
        self.board
    }

    /// Whether entry `place` is out of its group on this board.
    fn is_out(&self, place: usize) -> bool {
        let mark = self.taken[place];
        mark == self.board || mark == self.base_mark
    }

    /// The value of the last player's combo of two cards (in their range, dealt on this board).
    fn value_of(&self, one: usize, other: usize) -> u32 {
        if self.flush.is_some() && Flush::reached_by(self.flush, one, other) {
            self.flushes[(one << 6 | other) % (64 * 64)]
        } else {
            self.values[usize::from(GROUP_OF_PAIR[(one << 6 | other) % (64 * 64)])]
        }
    }

    /// Adds a group's counts (by weight, and by weight and card) to running counts.
    fn add(&self, groups: &Groups, group: usize, counts: &mut Counts, by_card: &mut ByCard) {
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

/// The combinations of weights of a joint deal's combos, one weight per player: each numbered
/// by mixed radix (the first player's weight the most significant), with the deal's weight as
/// the deal-by-deal count makes it (the product of the combos' weights in the players' order).
struct Tuples {
    /// By player: the step of the number between two of their weights.
    strides: Vec<usize>,
    /// By number: the deal's weight.
    products: Vec<f64>,
}

impl Tuples {
    fn new(sides: &[Side]) -> Tuples {
        let mut strides = vec![1; sides.len()];
        for player in (0..sides.len().saturating_sub(1)).rev() {
            strides[player] = strides[player + 1] * sides[player + 1].weights.len();
        }
        let count = strides[0] * sides[0].weights.len();
        let products = (0..count)
            .map(|number| {
                sides
                    .iter()
                    .zip(&strides)
                    .fold(1.0, |product, (side, &stride)| {
                        product * side.weights[number / stride % side.weights.len()]
                    })
            })
            .collect();
        Tuples { strides, products }
    }

    fn len(&self) -> usize {
        self.products.len()
    }
}

/// Every joint deal of the outer players' combos (one empty deal when there are none).
struct OuterDeals {
    /// Each deal's combos, a place in each outer player's side, `players` to a deal.
    places: Vec<u16>,
    /// Each deal's hole cards, `2 * players` to a deal.
    cards: Vec<Card>,
    sets: Vec<CardSet>,
    /// Each deal's share of the number of its weights (see [`Tuples`]).
    numbers: Vec<usize>,
    players: usize,
}

impl OuterDeals {
    fn new(sides: &[Side], outer: &[usize], tuples: &Tuples) -> OuterDeals {
        let mut deals = OuterDeals {
            places: Vec::new(),
            cards: Vec::new(),
            sets: Vec::new(),
            numbers: Vec::new(),
            players: outer.len(),
        };
        let mut chosen = Vec::with_capacity(outer.len());
        deals.add(sides, outer, tuples, &mut chosen, CardSet::EMPTY);
        deals
    }

    /// Adds every deal that goes on from the `chosen` places of the first outer players.
    fn add(
        &mut self,
        sides: &[Side],
        outer: &[usize],
        tuples: &Tuples,
        chosen: &mut Vec<u16>,
        set: CardSet,
    ) {
        let Some(&player) = outer.get(chosen.len()) else {
            let mut number = 0;
            for (&place, &player) in chosen.iter().zip(outer) {
                let entry = &sides[player].entries[usize::from(place)];
                self.cards.extend(entry.combo);
                number += entry.class * tuples.strides[player];
            }
            self.places.extend_from_slice(chosen);
            self.sets.push(set);
            self.numbers.push(number);
            return;
        };
        for (place, entry) in (0u16..).zip(&sides[player].entries) {
            if (entry.set & set).is_empty() {
                chosen.push(place);
                self.add(sides, outer, tuples, chosen, set | entry.set);
                chosen.pop();
            }
        }
    }

    fn len(&self) -> usize {
        self.sets.len()
    }

    fn places(&self, deal: usize) -> &[u16] {
        &self.places[deal * self.players..][..self.players]
    }

    fn cards(&self, deal: usize) -> impl Iterator<Item = usize> + '_ {
        self.cards[2 * deal * self.players..][..2 * self.players]
            .iter()
            .map(|card| card.index())
    }
}

/// Whole-number sums over deals and boards, kept apart by the deals' weights: each player's
/// boards won alone and split-pot units, and the first player's with each of their combos.
/// Within [`MAX_SWEEP_STEPS`] they fit 64 bits: a count has fewer deals times boards than its
/// steps times 1,326 (the last player's combos), 6.6·10^13, and a board's pot is at most 2,520
/// units.
struct Tally {
    players: usize,
    tuples: usize,
    /// By weights' number, then player.
    wins: Vec<u64>,
    tie_units: Vec<u64>,
    /// By the first player's combo (its place in their side), then weights' number.
    first_wins: Vec<u64>,
    first_tie_units: Vec<u64>,
}

impl Tally {
    fn new(players: usize, tuples: usize, first_combos: usize) -> Tally {
        Tally {
            players,
            tuples,
            wins: vec![0; tuples * players],
            tie_units: vec![0; tuples * players],
            first_wins: vec![0; first_combos * tuples],
            first_tie_units: vec![0; first_combos * tuples],
        }
    }

    fn add(&mut self, other: &Tally) {
        for (sums, added) in [
            (&mut self.wins, &other.wins),
            (&mut self.tie_units, &other.tie_units),
            (&mut self.first_wins, &other.first_wins),
            (&mut self.first_tie_units, &other.first_tie_units),
        ] {
            for (sum, added) in sums.iter_mut().zip(added) {
                *sum += added;
            }
        }
    }

    /// Adds boards won alone and split-pot units to `player` in the deals of weights `number`.
    fn credit(&mut self, number: usize, player: usize, wins: u64, units: u64) {
        self.wins[number * self.players + player] += wins;
        self.tie_units[number * self.players + player] += units;
    }

    /// The same for the first player holding their `first` combo (its place in their side).
    fn credit_first(&mut self, first: usize, number: usize, wins: u64, units: u64) {
        self.first_wins[first * self.tuples + number] += wins;
        self.first_tie_units[first * self.tuples + number] += units;
    }
}

/// Counts a matchup with a flop or more board by board (see [`cost`]): the totals counting deal
/// by deal gives, to the last unit.
pub(crate) fn by_board(
    matchup: &RangeMatchup,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Totals, EquityError> {
    let players = matchup.ranges.len();
    let out: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    let sides = sides(matchup).unwrap_or_else(|| {
        panic!(
            "counted board by board: a flop or more, 2 to {MAX_PLAYERS} players, at most \
             {MAX_WEIGHT_TUPLES} combinations of weights"
        )
    });
    let sizes: Vec<usize> = sides.iter().map(|side| side.entries.len()).collect();
    let parts = Parts::of(&sizes);
    let tuples = Tuples::new(&sides);
    let outer = OuterDeals::new(&sides, &parts.outer, &tuples);
    // The cards whose counts the sweeps read: those of the sweeping and the outer players.
    let taken_away: CardSet = parts
        .outer
        .iter()
        .chain([&parts.sweeping])
        .flat_map(|&player| &sides[player].entries)
        .fold(CardSet::EMPTY, |cards, entry| cards | entry.set);
    let groups = Groups::new(&sides[parts.last], taken_away);
    let count = Count {
        flop: matchup.board.iter().copied().collect(),
        sides: &sides,
        parts: &parts,
        outer: &outer,
        groups: &groups,
        tuples: &tuples,
        tie_denominator: tie_denominator(players),
    };
    let (deals, first_deals) = count.deals();

    let deck: Vec<Card> = (!out).into_iter().collect();
    let missing = 5 - matchup.board.len();
    let boards = completions(&deck, missing);
    let board = Hand::from_cards(&matchup.board);
    let chunks = boards.len().div_ceil(CHUNK);
    // A few bands of chunks per thread, each with its own tally: whole numbers, added in any
    // order.
    let bands = chunks.min(4 * threads.get());
    let done = AtomicUsize::new(0);
    let counted: Vec<Result<Tally, EquityError>> = map_on_threads(bands, threads, |band| {
        let mut tally = Tally::new(players, tuples.len(), sizes[0]);
        let mut scratch = Scratch::new(&sides, &parts, &groups);
        for chunk in (band..chunks).step_by(bands) {
            if progress.is_cancelled() {
                return Err(EquityError::Cancelled);
            }
            for added in &boards[chunk * CHUNK..boards.len().min((chunk + 1) * CHUNK)] {
                count.board(board, *added, &mut scratch, &mut tally);
            }
            let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress.report(finished as f64 / chunks as f64);
        }
        Ok(tally)
    });
    let mut tally = Tally::new(players, tuples.len(), sizes[0]);
    for band in counted {
        tally.add(&band?);
    }

    // Every deal is counted over the same number of boards: those that miss its hole cards.
    let boards_per_deal = choose((deck.len() - 2 * players) as u64, missing as u64);
    let new_counts = || ExactCounts::new(boards_per_deal, tie_denominator(players));
    let mut all = new_counts();
    let mut by_first_combo: Vec<ExactCounts> = matchup.ranges[0]
        .combos()
        .iter()
        .map(|_| new_counts())
        .collect();
    for (number, &weight) in tuples.products.iter().enumerate() {
        if deals[number] > 0 {
            all.add_totals(
                weight,
                deals[number],
                &tally.wins[number * players..][..players],
                &tally.tie_units[number * players..][..players],
            );
        }
        for (first, entry) in sides[0].entries.iter().enumerate() {
            let at = first * tuples.len() + number;
            if first_deals[at] > 0 {
                by_first_combo[entry.place].add_totals(
                    weight,
                    first_deals[at],
                    &[tally.first_wins[at]],
                    &[tally.first_tie_units[at]],
                );
            }
        }
    }
    let deals = deals.iter().sum();
    Ok(Totals {
        all,
        by_first_combo,
        deals,
        distinct_deals: deals,
    })
}

/// Every way to add `missing` (0, 1 or 2) cards of `deck` to the board.
fn completions(deck: &[Card], missing: usize) -> Vec<CardSet> {
    match missing {
        0 => vec![CardSet::EMPTY],
        1 => deck.iter().map(|&card| CardSet::of(card)).collect(),
        2 => deck
            .iter()
            .enumerate()
            .flat_map(|(index, &first)| {
                deck[index + 1..]
                    .iter()
                    .map(move |&second| [first, second].into_iter().collect())
            })
            .collect(),
        _ => unreachable!("a flop or more is on the board"),
    }
}

/// A combo as the sweeps need it, in 15 bits: its weight (a place in [`Side::weights`], below
/// [`MAX_WEIGHTS`]) and its two cards. (The 16th bit marks a group in [`Packed`].)
#[derive(Clone, Copy)]
struct Held(u16);

impl Held {
    fn new(class: usize, combo: Combo) -> Held {
        let [high, low] = combo.map(Card::index);
        // Below 8 weights and 52 cards: 3 + 6 + 6 bits.
        Held(u16::try_from(class << 12 | high << 6 | low).expect("16 bits"))
    }

    fn class(self) -> usize {
        usize::from(self.0 >> 12 & 7)
    }

    fn cards(self) -> [usize; 2] {
        [usize::from(self.0 >> 6 & 0x3F), usize::from(self.0 & 0x3F)]
    }

    /// Its two cards' places in a table by weight and card ([`BY_WEIGHT_AND_CARD`]): 64 cards
    /// to a weight, so that the place is below the table's size by construction.
    fn slots(self) -> [usize; 2] {
        let class = self.class() << 6;
        [
            usize::from(self.0 >> 6 & 0x1FF),
            class | usize::from(self.0 & 0x3F),
        ]
    }
}

/// The size of a table of counts by weight and card: 64 places to a weight (see
/// [`Held::slots`]).
const BY_WEIGHT_AND_CARD: usize = 64 * MAX_WEIGHTS;

/// Running counts of the last player's combos by weight.
type Counts = [u32; MAX_WEIGHTS];

/// Running counts of the last player's combos by weight and card (see [`Held::slots`]).
type ByCard = [u32; BY_WEIGHT_AND_CARD];

/// A combo on a board, packed for the sort: its value in the high 16 bits, and below it the
/// last player's [`Held`] or group ([`GROUP`] and its number), or the sweeping player's place in
/// their side (below 1,326).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Packed(u32);

impl Packed {
    fn new(value: u32, low: u16) -> Packed {
        Packed(value << 16 | u32::from(low))
    }

    fn value(self) -> u32 {
        self.0 >> 16
    }

    fn low(self) -> u16 {
        (self.0 & 0xFFFF) as u16
    }
}

/// Sorts packed combos by value: a few hundred or fewer by comparison, more a byte at a time
/// (two counting passes, quicker than a comparison sort for a thousand combos).
fn sort_by_value(values: &mut Vec<Packed>, scratch: &mut Vec<Packed>) {
    if values.len() <= 256 {
        values.sort_unstable();
        return;
    }
    for shift in [16, 24] {
        let digit = |packed: Packed| (packed.0 >> shift & 0xFF) as usize;
        let mut starts = [0usize; 257];
        for &value in values.iter() {
            starts[digit(value) + 1] += 1;
        }
        for at in 0..256 {
            starts[at + 1] += starts[at];
        }
        scratch.clear();
        scratch.resize(values.len(), Packed(0));
        for &value in values.iter() {
            let slot = &mut starts[digit(value)];
            scratch[*slot] = value;
            *slot += 1;
        }
        std::mem::swap(values, scratch);
    }
}

/// A value no hand has: the combo is not dealt on this board.
const NOT_DEALT: u32 = u32::MAX;

/// The last player's combos below the value to beat and up to it, by weight, in all and by
/// card, as the value climbs through their combos sorted by value.
struct Climb {
    below: Counts,
    at_most: Counts,
    /// By weight and card (see [`Held::slots`]).
    below_by_card: Box<ByCard>,
    at_most_by_card: Box<ByCard>,
    /// How many weights the last player's range has.
    classes: usize,
    next_below: usize,
    next_at_most: usize,
}

impl Climb {
    fn new(classes: usize) -> Climb {
        Climb {
            below: [0; MAX_WEIGHTS],
            at_most: [0; MAX_WEIGHTS],
            below_by_card: Box::new([0; BY_WEIGHT_AND_CARD]),
            at_most_by_card: Box::new([0; BY_WEIGHT_AND_CARD]),
            classes,
            next_below: 0,
            next_at_most: 0,
        }
    }

    fn reset(&mut self) {
        self.below.fill(0);
        self.at_most.fill(0);
        self.below_by_card[..64 * self.classes].fill(0);
        self.at_most_by_card[..64 * self.classes].fill(0);
        self.next_below = 0;
        self.next_at_most = 0;
    }

    /// Climbs to `value` (never lower than before) through the last player's combos and
    /// groups, sorted by value.
    fn to(&mut self, value: u32, sorted: &[Packed], groups: &Groups, on_board: &GroupsOnBoard) {
        while let Some(&other) = sorted.get(self.next_below) {
            if other.value() >= value {
                break;
            }
            add(
                other,
                groups,
                on_board,
                &mut self.below,
                &mut self.below_by_card,
            );
            self.next_below += 1;
        }
        while let Some(&other) = sorted.get(self.next_at_most) {
            if other.value() > value {
                break;
            }
            add(
                other,
                groups,
                on_board,
                &mut self.at_most,
                &mut self.at_most_by_card,
            );
            self.next_at_most += 1;
        }
    }
}

/// Adds one of the last player's combos, or a group of them, to running counts by weight and
/// by weight and card (see [`Held::slots`]).
fn add(
    packed: Packed,
    groups: &Groups,
    on_board: &GroupsOnBoard,
    counts: &mut Counts,
    by_card: &mut ByCard,
) {
    let low = packed.low();
    if low & GROUP == 0 {
        let held = Held(low);
        let [high, low] = held.slots();
        counts[held.class()] += 1;
        by_card[high] += 1;
        by_card[low] += 1;
    } else {
        on_board.add(groups, usize::from(low & !GROUP), counts, by_card);
    }
}

/// How many of the last player's combos of one weight a sweeping combo meets, by where it
/// stands against the outer deal's best hand (above it, level with it, under it) and where the
/// last player's combo stands against the value to beat (below it, level with it), and how many
/// beat it.
#[derive(Clone, Copy, Default)]
struct Met {
    above_lt: u64,
    above_eq: u64,
    level_lt: u64,
    level_eq: u64,
    under_lt: u64,
    under_eq: u64,
    gt: u64,
}

/// Room for one board's count, kept between boards.
struct Scratch {
    /// Each outer player's combos' values on the board, by place ([`NOT_DEALT`] for those
    /// holding a card of it).
    values: Vec<Vec<u32>>,
    /// The sweeping and the last player's combos on the board, sorted by value.
    sweeping: Vec<Packed>,
    last: Vec<Packed>,
    /// Room for the radix sort.
    sort: Vec<Packed>,
    /// The last player's groups on the board.
    groups: GroupsOnBoard,
    /// An outer deal's hole cards, by index.
    outer_cards: Vec<usize>,
    /// The last player's combos made of two cards of an outer deal: weight and value.
    pairs: Vec<(usize, u32)>,
    climb: Climb,
    /// By the last player's weight: their combos on the board, in all and by card.
    on_board: Counts,
    /// By weight and card (see [`Held::slots`]).
    on_board_by_card: Box<ByCard>,
    /// By the sweeping and the last player's weights, for one outer deal.
    met: Vec<Met>,
}

impl Scratch {
    fn new(sides: &[Side], parts: &Parts, groups: &Groups) -> Scratch {
        let classes = sides[parts.last].weights.len();
        Scratch {
            values: sides
                .iter()
                .map(|side| vec![NOT_DEALT; side.entries.len()])
                .collect(),
            sweeping: Vec::new(),
            last: Vec::new(),
            sort: Vec::new(),
            groups: GroupsOnBoard::new(groups),
            outer_cards: Vec::new(),
            pairs: Vec::new(),
            climb: Climb::new(classes),
            on_board: [0; MAX_WEIGHTS],
            on_board_by_card: Box::new([0; BY_WEIGHT_AND_CARD]),
            met: vec![Met::default(); sides[parts.sweeping].weights.len() * classes],
        }
    }
}

/// What a count reads.
struct Count<'a> {
    /// The board's cards so far (a flop or more).
    flop: CardSet,
    sides: &'a [Side],
    parts: &'a Parts,
    outer: &'a OuterDeals,
    groups: &'a Groups,
    tuples: &'a Tuples,
    tie_denominator: u64,
}

impl Count<'_> {
    /// How many joint deals there are, by weights' number, and by the first player's combo
    /// (its place in their side) and weights' number.
    fn deals(&self) -> (Vec<u64>, Vec<u64>) {
        let Count {
            sides,
            parts,
            outer,
            tuples,
            ..
        } = *self;
        let mut deals = vec![0; tuples.len()];
        let mut first_deals = vec![0; sides[0].entries.len() * tuples.len()];
        let first_outer = parts.outer.iter().position(|&player| player == 0);
        let last = &sides[parts.last];
        let mut apart = vec![0; last.weights.len()];
        let mut cards = Vec::new();
        for deal in 0..outer.len() {
            cards.clear();
            cards.extend(outer.cards(deal));
            for (place, entry) in sides[parts.sweeping].entries.iter().enumerate() {
                if !(entry.set & outer.sets[deal]).is_empty() {
                    continue;
                }
                cards.extend(entry.combo.map(Card::index));
                apart.fill(0);
                last.apart_from(&cards, &mut apart);
                cards.truncate(2 * outer.players);
                let first = first_outer.map_or(place, |at| usize::from(outer.places(deal)[at]));
                for (class, &apart) in apart.iter().enumerate() {
                    let number = outer.numbers[deal]
                        + entry.class * tuples.strides[parts.sweeping]
                        + class * tuples.strides[parts.last];
                    deals[number] += apart;
                    first_deals[first * tuples.len() + number] += apart;
                }
            }
        }
        (deals, first_deals)
    }

    /// Adds one board's wins and split-pot units to the tally.
    fn board(&self, board: Hand, added: CardSet, scratch: &mut Scratch, tally: &mut Tally) {
        let full = added.into_iter().fold(board, Hand::add);
        let Count {
            sides,
            parts,
            outer,
            ..
        } = *self;
        let dealt = |entry: &Entry| (entry.set & added).is_empty();
        let value = |entry: &Entry| u32::from(full.combine(entry.cards).evaluate().to_raw());
        for &player in &parts.outer {
            let values = &mut scratch.values[player];
            for (entry, slot) in sides[player].entries.iter().zip(values.iter_mut()) {
                *slot = if dealt(entry) {
                    value(entry)
                } else {
                    NOT_DEALT
                };
            }
        }
        scratch.sweeping.clear();
        scratch.sweeping.extend(
            (0u16..)
                .zip(&sides[parts.sweeping].entries)
                .filter(|(_, entry)| dealt(entry))
                .map(|(place, entry)| Packed::new(value(entry), place)),
        );
        sort_by_value(&mut scratch.sweeping, &mut scratch.sort);
        self.last_on_board(full, added, scratch);
        for deal in 0..outer.len() {
            if (outer.sets[deal] & added).is_empty() {
                self.outer_deal(deal, scratch, tally);
            }
        }
    }

    /// The last player's combos on a board, sorted by value: by group, but those able to make a
    /// flush each on its own.
    fn last_on_board(&self, full: Hand, added: CardSet, scratch: &mut Scratch) {
        let (groups, last) = (self.groups, &self.sides[self.parts.last]);
        let on_board = &mut scratch.groups;
        let flush = Flush::of(self.flop | added);
        let mut cards = added.into_iter().map(Card::index);
        // With two cards to come, the first is shared by the boards dealt after it.
        let (base_card, own_card) = match (cards.next(), cards.next()) {
            (Some(first), Some(second)) => (Some(first), Some(second)),
            (first, _) => (None, first),
        };
        let base_set: CardSet = base_card.map(|card| Card::ALL[card]).into_iter().collect();
        if on_board.base_card != Some(base_set) {
            on_board.base_mark = on_board.mark();
            let base = &mut on_board.base;
            base.0.copy_from_slice(&groups.count);
            base.1.copy_from_slice(&groups.by_card);
            base.2 = groups.all;
            base.3.copy_from_slice(&groups.all_by_card[..]);
            for &place in base_card.map_or(&[][..], |card| &groups.holding[card]) {
                let place = usize::from(place);
                on_board.taken[place] = on_board.base_mark;
                let base = &mut on_board.base;
                let tables = (&mut base.0[..], &mut base.1[..], &mut base.2, &mut *base.3);
                groups.take_out_dead(place, last.held[place], tables);
            }
            on_board.base_card = Some(base_set);
        }
        on_board.mark();
        on_board.count.copy_from_slice(&on_board.base.0);
        on_board.by_card.copy_from_slice(&on_board.base.1);
        // All the combos, less those holding a card of the board (by weight and card; the
        // weights the range has).
        scratch.on_board = on_board.base.2;
        let used = 64 * groups.weights;
        scratch.on_board_by_card[..used].copy_from_slice(&on_board.base.3[..used]);
        on_board.flush = flush;
        if let Some(card) = own_card {
            for &place in &groups.holding[card] {
                let place = usize::from(place);
                if !on_board.is_out(place) {
                    on_board.taken[place] = on_board.board;
                    let tables = (
                        &mut on_board.count[..],
                        &mut on_board.by_card[..],
                        &mut scratch.on_board,
                        &mut *scratch.on_board_by_card,
                    );
                    groups.take_out_dead(place, last.held[place], tables);
                }
            }
        }
        scratch.last.clear();
        if let Some(flush) = on_board.flush {
            let able = if flush.needed == 2 {
                &groups.both[flush.suit]
            } else {
                &groups.some[flush.suit]
            };
            for &place in able {
                let place = usize::from(place);
                if !on_board.is_out(place) {
                    on_board.taken[place] = on_board.board;
                    let held = last.held[place];
                    groups.take_out(place, held, &mut on_board.count, &mut on_board.by_card);
                    let value =
                        u32::from(full.combine(last.entries[place].cards).evaluate().to_raw());
                    let [one, other] = held.cards();
                    on_board.flushes[one << 6 | other] = value;
                    on_board.flushes[other << 6 | one] = value;
                    scratch.last.push(Packed::new(value, held.0));
                }
            }
        }
        for group in 0..GROUPS {
            let counts = &on_board.count[group * groups.weights..][..groups.weights];
            if counts.iter().all(|&count| count == 0) {
                continue;
            }
            let place = groups.entries[group]
                .iter()
                .map(|&place| usize::from(place))
                .find(|&place| !on_board.is_out(place))
                .expect("a group with combos left has one");
            let value = u32::from(full.combine(last.entries[place].cards).evaluate().to_raw());
            on_board.values[group] = value;
            let group = u16::try_from(group).expect("91 groups");
            scratch.last.push(Packed::new(value, GROUP | group));
        }
        sort_by_value(&mut scratch.last, &mut scratch.sort);
    }

    /// One outer deal's sweep on a board.
    fn outer_deal(&self, deal: usize, scratch: &mut Scratch, tally: &mut Tally) {
        let Count {
            sides,
            parts,
            outer,
            tuples,
            tie_denominator: units,
            ..
        } = *self;
        let last = &sides[parts.last];
        let classes = last.weights.len();
        // The outer deal's best value, and which of its players hold it.
        let mut best = None;
        let mut at_best: Vec<usize> = Vec::new();
        for (&player, &place) in parts.outer.iter().zip(outer.places(deal)) {
            let value = scratch.values[player][usize::from(place)];
            if best.is_none_or(|best| value > best) {
                best = Some(value);
                at_best.clear();
            }
            if best == Some(value) {
                at_best.push(player);
            }
        }
        let held = at_best.len() as u64;
        scratch.outer_cards.clear();
        scratch.outer_cards.extend(outer.cards(deal));
        // The last player's combos made of two of the outer deal's cards: weight and value.
        scratch.pairs.clear();
        for (at, &one) in scratch.outer_cards.iter().enumerate() {
            for &other in &scratch.outer_cards[at + 1..] {
                if let Some(class) = last.pair(one, other) {
                    scratch
                        .pairs
                        .push((class, scratch.groups.value_of(one, other)));
                }
            }
        }
        let first_sweeps = parts.sweeping == 0;
        scratch.met.fill(Met::default());
        scratch.climb.reset();
        for &packed in &scratch.sweeping {
            let place = usize::from(packed.low());
            let combo = sides[parts.sweeping].held[place];
            let [high, low] = combo.cards();
            if !scratch.outer_cards.is_empty()
                && (outer.sets[deal].contains(Card::ALL[high])
                    || outer.sets[deal].contains(Card::ALL[low]))
            {
                continue;
            }
            let value = packed.value();
            let to_beat = best.map_or(value, |best| best.max(value));
            scratch
                .climb
                .to(to_beat, &scratch.last, self.groups, &scratch.groups);
            let climb = &scratch.climb;
            let standing = match best {
                Some(best) if value < best => Standing::Under,
                Some(best) if value == best => Standing::Level,
                _ => Standing::Above,
            };
            let number = outer.numbers[deal] + combo.class() * tuples.strides[parts.sweeping];
            let itself = last.pair(high, low);
            for class in 0..classes {
                let (mut lt, mut le, mut apart) = (
                    climb.below[class],
                    climb.at_most[class],
                    scratch.on_board[class],
                );
                // Combos made of two of the dealt cards are taken away twice: added back first
                // (the last player's copy of this very combo, level with it; the outer deal's
                // own pairs; those of a card of each), so that no count goes below 0.
                let mut add_back = |pair_value: u32| {
                    apart += 1;
                    lt += u32::from(pair_value < to_beat);
                    le += u32::from(pair_value <= to_beat);
                };
                if itself == Some(class) {
                    add_back(value);
                }
                for &(pair_class, pair_value) in &scratch.pairs {
                    if pair_class == class {
                        add_back(pair_value);
                    }
                }
                for &one in &scratch.outer_cards {
                    for other in [high, low] {
                        if last.pair(one, other) == Some(class) {
                            add_back(scratch.groups.value_of(one, other));
                        }
                    }
                }
                let below_by_card = &climb.below_by_card[64 * class..][..64];
                let at_most_by_card = &climb.at_most_by_card[64 * class..][..64];
                let on_board_by_card = &scratch.on_board_by_card[64 * class..][..64];
                for card in [high, low] {
                    lt -= below_by_card[card];
                    le -= at_most_by_card[card];
                    apart -= on_board_by_card[card];
                }
                for &card in &scratch.outer_cards {
                    lt -= below_by_card[card];
                    le -= at_most_by_card[card];
                    apart -= on_board_by_card[card];
                }
                let (lt, eq, gt) = (u64::from(lt), u64::from(le - lt), u64::from(apart - le));
                let met = &mut scratch.met[combo.class() * classes + class];
                met.gt += gt;
                match standing {
                    Standing::Above => {
                        met.above_lt += lt;
                        met.above_eq += eq;
                    }
                    Standing::Level => {
                        met.level_lt += lt;
                        met.level_eq += eq;
                    }
                    Standing::Under => {
                        met.under_lt += lt;
                        met.under_eq += eq;
                    }
                }
                if first_sweeps && standing != Standing::Under {
                    let (wins, ties) = match standing {
                        Standing::Above => (lt, eq * units / 2),
                        _ => (0, lt * units / (held + 1) + eq * units / (held + 2)),
                    };
                    let number = number + class * tuples.strides[parts.last];
                    tally.credit_first(place, number, wins, ties);
                }
            }
        }
        // Each combination of the sweeping and the last player's weights: the boards and
        // split-pot units of every player.
        let first_outer = parts.outer.iter().position(|&player| player == 0);
        for (at, met) in scratch.met.iter().enumerate() {
            let number = outer.numbers[deal]
                + at / classes * tuples.strides[parts.sweeping]
                + at % classes * tuples.strides[parts.last];
            tally.credit(
                number,
                parts.sweeping,
                met.above_lt,
                met.above_eq * units / 2
                    + met.level_lt * units / (held + 1)
                    + met.level_eq * units / (held + 2),
            );
            tally.credit(
                number,
                parts.last,
                met.gt,
                met.above_eq * units / 2
                    + met.level_eq * units / (held + 2)
                    + met.under_eq * units / (held + 1),
            );
            if at_best.is_empty() {
                continue;
            }
            // The outer players at the best value: alone or level, under or level with the
            // sweeping combo, the last player's combo below or level.
            let (wins, ties) = if held == 1 {
                (
                    met.under_lt,
                    met.under_eq * units / 2 + met.level_lt * units / 2 + met.level_eq * units / 3,
                )
            } else {
                (
                    0,
                    met.under_lt * units / held
                        + met.under_eq * units / (held + 1)
                        + met.level_lt * units / (held + 1)
                        + met.level_eq * units / (held + 2),
                )
            };
            for &player in &at_best {
                tally.credit(number, player, wins, ties);
            }
            if let Some(at) = first_outer.filter(|_| at_best.contains(&0)) {
                let first = usize::from(outer.places(deal)[at]);
                tally.credit_first(first, number, wins, ties);
            }
        }
    }
}

/// Where a sweeping combo stands against the outer deal's best hand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Standing {
    Above,
    Level,
    Under,
}

#[cfg(test)]
mod tests {
    use cards_core::holdem::Range;
    use cards_core::{Card, CardSet, Hand};
    use seeded_rng::SeededRng;
    use work_threads::Threads;

    use super::{MAX_SWEEP_STEPS, cost, takes};
    use crate::error::EquityError;
    use crate::progress::{Progress, Silent};
    use crate::ranges::exact::{MAX_EXACT_DEALS, equity_of, exact};
    use crate::ranges::matchup::RangeMatchup;
    use crate::ranges::result::{Counted, RangeEquity};
    use crate::shares::PotShares;

    /// The board-by-board count's figures.
    fn by_board(
        matchup: &RangeMatchup,
        threads: Threads,
        progress: &dyn Progress,
    ) -> Result<RangeEquity, EquityError> {
        equity_of(matchup, &super::by_board(matchup, threads, progress)?)
    }

    /// Equal but for the order of floating-point additions (brute force adds its shares one
    /// board at a time).
    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-12
    }

    fn close_shares(a: PotShares, b: PotShares) -> bool {
        close(a.wins, b.wins) && close(a.ties, b.ties)
    }

    /// The same figures to the last bit, and as many deals (all of them distinct board by
    /// board).
    fn same(by_board: &RangeEquity, by_deal: &RangeEquity) -> bool {
        let (
            Counted::Exact {
                deals,
                distinct_deals,
            },
            Counted::Exact {
                deals: expected, ..
            },
        ) = (&by_board.counted, &by_deal.counted)
        else {
            return false;
        };
        deals == expected
            && distinct_deals == deals
            && by_board.players == by_deal.players
            && by_board.first_player_combos == by_deal.first_player_combos
    }

    const ITEMS: [&str; 16] = [
        "AA",
        "KK:0.5",
        "AKs",
        "AK",
        "QQ+",
        "T9s",
        "72o:0.25",
        "55-33",
        "JTs",
        "A5s:0.75",
        "KQo",
        "98s+",
        "22+:0.1",
        "AsKs",
        "AhKh:0.3",
        "A2s+, K9o+",
    ];

    /// A seeded random matchup of `players` ranges of up to `items` items each, on a board of
    /// `board` cards with up to two dead cards; now and then the same range twice, so that
    /// every combo collides with itself.
    fn random_matchup(
        rng: &mut SeededRng,
        players: usize,
        items: usize,
        board: usize,
    ) -> RangeMatchup {
        let mut deck = Card::ALL;
        rng.shuffle(&mut deck);
        let dead = rng.index(3);
        let mut ranges: Vec<Range> = Vec::new();
        for _ in 0..players {
            if !ranges.is_empty() && rng.index(4) == 0 {
                ranges.push(ranges[rng.index(ranges.len())].clone());
                continue;
            }
            let count = 1 + rng.index(items);
            let text: Vec<&str> = (0..count).map(|_| ITEMS[rng.index(ITEMS.len())]).collect();
            ranges.push(text.join(", ").parse().unwrap());
        }
        RangeMatchup {
            ranges,
            board: deck[..board].to_vec(),
            dead: deck[board..board + dead].to_vec(),
        }
    }

    fn agree(matchup: &RangeMatchup, counted: Result<RangeEquity, EquityError>) {
        let by_deal = exact(matchup, MAX_EXACT_DEALS, None, Threads::ONE, &Silent);
        match (counted, by_deal) {
            (Ok(counted), Ok(by_deal)) => {
                assert!(
                    same(&counted, &by_deal),
                    "{matchup:?}\n{counted:?}\n{by_deal:?}"
                );
            }
            (Err(EquityError::NoDeal), Err(EquityError::NoDeal)) => {}
            (counted, by_deal) => panic!("{matchup:?}: {counted:?} against {by_deal:?}"),
        }
    }

    /// Seeded random heads-up matchups on flops, turns and rivers, with weights, dead cards and
    /// ranges that collide heavily: the board-by-board count gives what counting each deal
    /// over its boards gives, on any number of threads.
    #[test]
    fn heads_up_board_by_board_is_the_deal_by_deal_count() {
        let mut rng = SeededRng::new(0xB0A2D);
        for round in 0..48 {
            let matchup = random_matchup(&mut rng, 2, 3, [3, 4, 5][round % 3]);
            let threads = Threads::new(1 + round % 3).unwrap();
            agree(&matchup, by_board(&matchup, threads, &Silent));
        }
    }

    /// The same with three to six players: every part (outer, sweeping, last) taken by
    /// ranges of every size, and the first player outer or sweeping.
    #[test]
    fn multiway_board_by_board_is_the_deal_by_deal_count() {
        let mut rng = SeededRng::new(0x3A7);
        for round in 0..60 {
            let players = 3 + round % 4;
            let board = [4, 5, 3][round % 3];
            // Narrower ranges with more players and boards to come, so that counting deal by
            // deal stays quick.
            let items = if players > 3 || board == 3 { 1 } else { 2 };
            let mut matchup = random_matchup(&mut rng, players, items, board);
            let most = if board == 3 { 16 } else { 64 };
            for (player, range) in matchup.ranges.iter_mut().enumerate() {
                // The widest two ranges are left wide (the sweeping and the last player).
                let most = if players > 4 && (1..players - 2).contains(&player) {
                    4
                } else {
                    most
                };
                *range = range.combos()[..range.len().min(most)]
                    .iter()
                    .copied()
                    .collect();
            }
            agree(&matchup, by_board(&matchup, Threads::ONE, &Silent));
        }
    }

    /// A combo dealt to a player, with its weight.
    type Dealt = ([Card; 2], f64);

    /// Calls `walk` with every joint deal that goes on from `deal`.
    fn deals(
        matchup: &RangeMatchup,
        out: CardSet,
        deal: &mut Vec<Dealt>,
        walk: &mut dyn FnMut(&[Dealt]),
    ) {
        let Some(range) = matchup.ranges.get(deal.len()) else {
            walk(deal);
            return;
        };
        for &(combo, weight) in range.combos() {
            let taken = |card: &Card| {
                out.contains(*card) || deal.iter().any(|(other, _)| other.contains(card))
            };
            if !combo.iter().any(taken) {
                deal.push((combo, weight));
                deals(matchup, out, deal, walk);
                deal.pop();
            }
        }
    }

    /// Every joint deal (no card twice) and every board, dealt by plain loops and valued one
    /// hand at a time: each player's weight times pot shares, and the deals' weight.
    fn brute_force(matchup: &RangeMatchup) -> (Vec<PotShares>, f64) {
        let out: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
        let players = matchup.ranges.len();
        let mut shares = vec![PotShares::default(); players];
        let mut weight = 0.0;
        let mut deal = Vec::new();
        let mut walk = |deal: &[Dealt]| {
            let used: CardSet = deal.iter().flat_map(|(combo, _)| *combo).collect();
            let deal_weight: f64 = deal.iter().map(|(_, weight)| weight).product();
            let deck: Vec<Card> = Card::ALL
                .into_iter()
                .filter(|card| !out.contains(*card) && !used.contains(*card))
                .collect();
            let missing = 5 - matchup.board.len();
            let mut boards: Vec<Vec<Card>> = vec![Vec::new()];
            for _ in 0..missing {
                boards = boards
                    .iter()
                    .flat_map(|board| {
                        deck.iter()
                            .filter(|card| board.last().is_none_or(|last| last < *card))
                            .map(|&card| [&board[..], &[card]].concat())
                    })
                    .collect();
            }
            for added in boards {
                let values: Vec<_> = deal
                    .iter()
                    .map(|(combo, _)| {
                        let cards = [&matchup.board[..], &added, &combo[..]].concat();
                        Hand::from_cards(&cards).evaluate()
                    })
                    .collect();
                let best = *values.iter().max().unwrap();
                let level = values.iter().filter(|&&value| value == best).count();
                for (player, &value) in values.iter().enumerate() {
                    if value == best && level == 1 {
                        shares[player].wins += deal_weight;
                    } else if value == best {
                        shares[player].ties += deal_weight / level as f64;
                    }
                }
                weight += deal_weight;
            }
        };
        deals(matchup, out, &mut deal, &mut walk);
        (shares, weight)
    }

    /// Against brute force: seeded small ranges, two to four players, flop, turn and river.
    #[test]
    fn board_by_board_is_brute_force() {
        let mut rng = SeededRng::new(0xB2F);
        for round in 0..36 {
            let players = 2 + round % 3;
            let board = [5, 4, 3][round / 3 % 3];
            let mut matchup = random_matchup(&mut rng, players, 1, board);
            let most = if board == 3 { 2 } else { 4 };
            for range in &mut matchup.ranges {
                *range = range.combos()[..range.len().min(most)]
                    .iter()
                    .copied()
                    .collect();
            }
            let (shares, weight) = brute_force(&matchup);
            match by_board(&matchup, Threads::ONE, &Silent) {
                Ok(counted) => {
                    for (counted, expected) in counted.players.iter().zip(&shares) {
                        let expected = PotShares {
                            wins: expected.wins / weight,
                            ties: expected.ties / weight,
                        };
                        assert!(close_shares(*counted, expected), "{matchup:?}");
                    }
                }
                Err(error) => assert_eq!((error, weight), (EquityError::NoDeal, 0.0)),
            }
        }
    }

    /// A three-way range matchup on a flop as large as OMPEval's race takes (213,840 joint
    /// deals, 211 million hands valued here one at a time): OMPEval's exact enumeration gives
    /// the first player 77.3173%; every deal dealt gives 77.3433%, as does the count here.
    #[test]
    fn three_ranges_on_a_flop_are_brute_force() {
        let matchup = RangeMatchup::from_text(&["QQ+, AKs", "TT-99", "random"], "AH 7C 2D", "");
        let board = Hand::from_cards(&matchup.board);
        let on_board: CardSet = matchup.board.iter().copied().collect();
        let (mut equity, mut boards) = ([0.0; 3], 0u64);
        for &(first, _) in matchup.ranges[0].combos() {
            for &(second, _) in matchup.ranges[1].combos() {
                for &(third, _) in matchup.ranges[2].combos() {
                    let dealt: CardSet = [first, second, third].concat().into_iter().collect();
                    if dealt.len() != 6 || !(dealt & on_board).is_empty() {
                        continue;
                    }
                    let deck: Vec<Card> = (!(dealt | on_board)).into_iter().collect();
                    let hands = [first, second, third].map(|combo| Hand::from_cards(&combo));
                    for (at, &turn) in deck.iter().enumerate() {
                        for &river in &deck[at + 1..] {
                            let full = board.add(turn).add(river);
                            let values = hands.map(|hand| full.combine(hand).evaluate());
                            let best = *values.iter().max().unwrap();
                            let level = values.iter().filter(|&&value| value == best).count();
                            for (equity, value) in equity.iter_mut().zip(values) {
                                if value == best {
                                    *equity += 1.0 / level as f64;
                                }
                            }
                            boards += 1;
                        }
                    }
                }
            }
        }
        let counted = by_board(&matchup, Threads::ONE, &Silent).unwrap();
        for (counted, equity) in counted.players.iter().zip(equity) {
            assert!(
                close(counted.equity(), equity / boards as f64),
                "{counted:?}"
            );
        }
        assert_eq!(
            format!("{:.4}", 100.0 * counted.players[0].equity()),
            "77.3433"
        );
    }

    #[test]
    fn the_radix_sort_orders_by_value() {
        let mut rng = SeededRng::new(31);
        let mut scratch = Vec::new();
        for length in [0, 1, 2, 100, 256, 257, 1326] {
            let mut values: Vec<super::Packed> = (0..length)
                .map(|place| {
                    super::Packed(u32::try_from(rng.next_u64() >> 48).unwrap() << 16 | place)
                })
                .collect();
            let mut expected = values.clone();
            expected.sort_by_key(|packed| packed.value());
            super::sort_by_value(&mut values, &mut scratch);
            // The same values in order (of equal values, in any order).
            let value = |packed: &super::Packed| packed.value();
            assert_eq!(
                values.iter().map(value).collect::<Vec<_>>(),
                expected.iter().map(value).collect::<Vec<_>>()
            );
            values.sort_unstable();
            expected.sort_unstable();
            assert_eq!(values, expected);
        }
    }

    /// Progress by chunks of boards, to one; a cancelled count is an error, not a figure.
    #[test]
    fn progress_is_reported_chunk_by_chunk_and_a_count_can_be_cancelled() {
        struct Stop;
        impl crate::progress::Progress for Stop {
            fn report(&self, _done: f64) {}
            fn is_cancelled(&self) -> bool {
                true
            }
        }
        let matchup = RangeMatchup::from_text(&["QQ+, AKs", "random"], "AH 7C 2D", "");
        let seen = std::sync::Mutex::new(Vec::new());
        let progress = |done: f64| seen.lock().unwrap().push(done);
        by_board(&matchup, Threads::ONE, &progress).unwrap();
        let seen = seen.into_inner().unwrap();
        // 49 cards give 1,176 turns and rivers: 74 chunks of 16.
        assert_eq!(seen.len(), 74);
        for (chunk, &done) in (1..).zip(&seen) {
            assert!((done - f64::from(chunk) / 74.0).abs() < 1e-12, "{seen:?}");
        }
        assert_eq!(
            by_board(&matchup, Threads::new(2).unwrap(), &Stop).map(|_| ()),
            Err(EquityError::Cancelled)
        );
    }

    /// Board by board where it is the less work: ranges after the flop, two players or more;
    /// not a hand against a hand (one deal), nor preflop.
    #[test]
    fn board_by_board_is_chosen_where_it_is_less_work() {
        let applies = |ranges: &[&str], board: &str| {
            cost(&RangeMatchup::from_text(ranges, board, "")).is_some()
        };
        assert!(applies(&["QQ+, AKs", "random"], "AH 7C 2D"));
        assert!(applies(&["random", "random"], "KH 9H 4C 2S"));
        assert!(applies(&["AsKs", "random"], "AH 7C 2D 9S"));
        assert!(applies(&["22+, ATs+, KQs", "99+, AJ+"], "KH 9H 4C"));
        assert!(applies(&["AsKs", "random", "random"], "AH 7C 2D"));
        assert!(applies(&["QQ+", "random", "random"], "2C 3D 4H"));
        assert!(!applies(&["AsKs", "QdQc"], "AH 7C 2D"));
        assert!(!applies(&["AsKs", "QdQc", "7h7d"], "AH 7C 2D"));
        assert!(!applies(&["AsKs", "QdQc"], "AH 7C 2D 9S 3S"));
        assert!(!applies(&["random", "random"], ""));
        // Up to nine players and 64 combinations of weights.
        let flop = |ranges: &[&str]| RangeMatchup::from_text(ranges, "AH 7C 2D", "");
        assert!(takes(&flop(&["random"; 9])) && !takes(&flop(&["random"; 10])));
        let eight = "KK:0.1, QQ:0.2, JJ:0.3, TT:0.4, 99:0.5, 88:0.6, 66:0.8, 55:0.9";
        let nine = "KK:0.1, QQ:0.2, JJ:0.3, TT:0.4, 99:0.5, 88:0.6, 66:0.8, 55:0.9, 44:0.95";
        assert!(takes(&flop(&[eight, eight])) && !takes(&flop(&[eight, nine])));
        // At most 8 weights in one range, whatever the others hold.
        let weights = |count: usize| -> String {
            let pairs = ["KK", "QQ", "JJ", "TT", "99", "88", "66", "55", "44", "33"];
            let suited = ["KQs", "KJs", "KTs", "K9s", "K8s", "K6s", "K5s", "K4s"];
            let items = pairs.iter().chain(&suited).take(count);
            let weighted: Vec<String> = (1..)
                .zip(items)
                .map(|(at, item)| format!("{item}:0.{at:02}"))
                .collect();
            weighted.join(", ")
        };
        assert!(takes(&flop(&[&weights(8), "AsKs"])));
        assert!(!takes(&flop(&[&weights(9), "AsKs"])));
        // Three random hands on a flop are within the limit, four are not.
        let steps = |players: usize| {
            let matchup = RangeMatchup::from_text(&vec!["random"; players], "AH 7C 2D", "");
            cost(&matchup).unwrap().steps
        };
        assert!((steps(3) - 1176.0 * 1176.0 * 2352.0).abs() < 1.0);
        assert!(steps(3) < MAX_SWEEP_STEPS as f64 && steps(4) > MAX_SWEEP_STEPS as f64);
    }
}
