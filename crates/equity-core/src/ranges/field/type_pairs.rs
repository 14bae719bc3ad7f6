//! Tuples of pairwise disjoint combos for a field of four players or more, whose range holds
//! whole pairs of ranks: every combo of a pair of ranks, or none ("random", "22+, AK").
//!
//! On a five-card board, two cards are interchangeable when they have one rank and are both of the
//! suit that can make a flush, or both not: they are of one *type*. Every combo of two types (a
//! *type pair*) then has one value, and a tuple of disjoint combos matters only through how many
//! cards of each type it takes. So the tuples are counted by a dynamic programme over the type
//! pairs in order of value, whose state is how many cards of each type are taken (and how many
//! combos, and how many of them are of the level being added):
//!
//! - `t` more combos of a type pair whose types have `f` and `g` cards left can be chosen in
//!   `C(f, t) C(g, t) t!` ways; of one type with `f` cards left, in `f! / ((f − 2t)! 2^t t!)`;
//! - the sets of `k` disjoint combos among the type pairs added so far are the states of `k`
//!   combos; ordered tuples (one combo per player) are `k!` times as many.
//!
//! Sets of type pairs below a value are prefixes of the order, so one pass over the type pairs
//! gives every count a board needs. The states number in the tens of thousands for four players and
//! grow quickly with more, which is why three players or fewer use [`super::disjoint`].

use std::cmp::Ordering;

use crate::ranges::exact::{choose, factorial};

/// The most types: a rank with the flush's suit or without it.
pub(super) const TYPES: usize = 26;

/// Where a state's number of combos is kept, and the number of them of the level being added.
const COMBOS_SHIFT: u32 = 56;
const MARKED_SHIFT: u32 = 60;
const FOUR_BITS: u64 = 0xF;

/// A type pair: two types, the same type twice for a pair of its cards.
pub(super) type TypePair = [u8; 2];

/// States and how many sets each stands for, sorted by state. A `u64` holds any number of sets
/// of eight combos or fewer from the 45 cards a board and a first hand leave: at most
/// C(45, 16) · 15 · 13 · … · 3, about 1.3 · 10^18.
type Table = Vec<(u64, u64)>;

/// The sets of disjoint combos among the type pairs added so far, by their state.
///
/// A state's key packs how many cards of each type are taken, then the combos and the marked
/// combos in the top bits. Adding `t` combos of a type pair adds one number to every key it
/// changes, which keeps their order: so the table is a sorted list, and adding a type pair merges
/// it with one shifted copy of itself for each `t` (quicker than a hash map, by a few times).
pub(super) struct Programme {
    /// How many combos a set holds at most: the field's players.
    players: u64,
    /// Each type's cards, where its count of taken cards is kept in a state, and its width.
    sizes: [u8; TYPES],
    shifts: [u32; TYPES],
    masks: [u64; TYPES],
    /// The sets of fewer combos than players ...
    table: Table,
    /// ... and of as many (they take no more combos, so only their number is kept), by how
    /// many of their combos are of the level being added.
    full: [u128; 9],
    /// The table's shifted copies for each number of combos added, and a merge's output.
    shifted: Vec<Table>,
    merged: Table,
}

impl Programme {
    pub(super) fn new(players: usize) -> Programme {
        Programme {
            players: players as u64,
            sizes: [0; TYPES],
            shifts: [0; TYPES],
            masks: [0; TYPES],
            table: Vec::new(),
            full: [0; 9],
            shifted: vec![Vec::new(); 4],
            merged: Vec::new(),
        }
    }

    /// Starts again with no type pair added, for types of `sizes` cards (four at most).
    pub(super) fn start(&mut self, sizes: &[u8; TYPES]) {
        self.sizes = *sizes;
        let mut shift = 0;
        for (at, &size) in sizes.iter().enumerate() {
            let width = u32::BITS - u32::from(size).leading_zeros();
            self.shifts[at] = shift;
            self.masks[at] = (1 << width) - 1;
            shift += width;
        }
        debug_assert!(shift <= COMBOS_SHIFT, "26 types of at most 4 cards fit");
        self.table.clear();
        self.table.push((0, 1));
        self.full = [0; 9];
    }

    /// Adds the type pairs `type_pairs`, and returns, by how many of their combos a set holds, the
    /// sets of as many combos as there are players.
    pub(super) fn add_level(&mut self, type_pairs: &[TypePair]) -> [u128; 9] {
        for &type_pair in type_pairs {
            self.add(type_pair, 1 << MARKED_SHIFT);
        }
        let by_marked = self.full;
        self.full = [by_marked.iter().sum(), 0, 0, 0, 0, 0, 0, 0, 0];
        // The marked count is the key's top field: the table is in runs of one count each,
        // each still sorted once the count is cleared.
        let mut runs = std::mem::take(&mut self.table);
        while let Some(&(key, _)) = runs.last() {
            let marked = key >> MARKED_SHIFT;
            let run_start = runs.partition_point(|&(key, _)| key >> MARKED_SHIFT < marked);
            let run = runs
                .drain(run_start..)
                .map(|(key, sets)| (key - (marked << MARKED_SHIFT), sets));
            self.shifted[0].clear();
            self.shifted[0].extend(run);
            merge(&self.table, &self.shifted[0], &mut self.merged);
            std::mem::swap(&mut self.table, &mut self.merged);
        }
        by_marked
    }

    /// Adds `type_pair` without telling its combos apart from the others'.
    pub(super) fn add_unmarked(&mut self, type_pair: TypePair) {
        self.add(type_pair, 0);
    }

    /// The sets of as many disjoint combos as there are players, among the type pairs added.
    pub(super) fn full(&self) -> u128 {
        self.full[0]
    }

    /// How many states the table holds.
    #[cfg(test)]
    fn states(&self) -> usize {
        self.table.len()
    }

    /// Adds `type_pair`, counting each of its combos in a state's marked field by `marked` (1 or 0
    /// in its place).
    #[expect(
        clippy::cast_possible_truncation,
        reason = "cards of a type and combos: four at most, and six"
    )]
    fn add(&mut self, [a, b]: TypePair, marked: u64) {
        let (a, b) = (usize::from(a), usize::from(b));
        let players = self.players;
        let (size_a, size_b) = (u64::from(self.sizes[a]), u64::from(self.sizes[b]));
        let most = if a == b {
            size_a / 2
        } else {
            size_a.min(size_b)
        }
        .min(players);
        // One more combo of the type pair: the key's change.
        let step = if a == b {
            2 << self.shifts[a]
        } else {
            (1 << self.shifts[a]) + (1 << self.shifts[b])
        } + (1 << COMBOS_SHIFT | marked);
        for shifted in &mut self.shifted {
            shifted.clear();
        }
        for &(key, sets) in &self.table {
            let room = players - (key >> COMBOS_SHIFT & FOUR_BITS);
            let left_a = size_a - (key >> self.shifts[a] & self.masks[a]);
            let left_b = size_b - (key >> self.shifts[b] & self.masks[b]);
            let fits = if a == b {
                left_a / 2
            } else {
                left_a.min(left_b)
            };
            for taken in 1..=room.min(fits) {
                let ways = if a == b {
                    PAIRINGS[left_a as usize][taken as usize]
                } else {
                    MATCHINGS[left_a as usize][left_b as usize][taken as usize]
                };
                let (key, sets) = (key + taken * step, sets * ways);
                if taken == room {
                    self.full[(key >> MARKED_SHIFT) as usize] += u128::from(sets);
                } else {
                    self.shifted[(taken - 1) as usize].push((key, sets));
                }
            }
        }
        // The copies shrink as more combos are added: merged among themselves from the
        // smallest, then once into the table.
        for taken in (2..=most as usize).rev() {
            let (first, rest) = self.shifted.split_at_mut(taken - 1);
            merge(&first[taken - 2], &rest[0], &mut self.merged);
            std::mem::swap(&mut first[taken - 2], &mut self.merged);
        }
        if most > 0 {
            merge(&self.table, &self.shifted[0], &mut self.merged);
            std::mem::swap(&mut self.table, &mut self.merged);
        }
    }
}

/// The type of the card `card` (`4 × rank + suit`) on a board whose suit that can make a flush
/// is `flush`: `2 × rank` for the rank's cards of the other suits, `2 × rank + 1` for its card
/// of that suit.
pub(super) fn type_of(card: u8, flush: Option<u8>) -> usize {
    usize::from(card >> 2) * 2 + usize::from(Some(card & 3) == flush)
}

/// At most how many states a programme over types of `sizes` cards holds for `players` players:
/// the ways to take the cards of fewer than `players` combos, by how many of each type, whichever
/// type pairs are added (all of them reach every way). What a count's memory is weighed by.
pub(super) fn most_states(sizes: &[u8; TYPES], players: usize) -> u64 {
    let most_cards = 2 * (players - 1);
    // By how many cards are taken in all: the ways, over the types so far.
    let mut ways = vec![0_u64; most_cards + 1];
    ways[0] = 1;
    for &size in sizes {
        for taken in (1..=most_cards).rev() {
            let more: u64 = (1..=usize::from(size).min(taken))
                .map(|of_type| ways[taken - of_type])
                .sum();
            ways[taken] += more;
        }
    }
    ways.iter().step_by(2).sum()
}

/// Merges the sorted tables `one` and `other` into `into`, adding the sets of a state in both.
fn merge(one: &[(u64, u64)], other: &[(u64, u64)], into: &mut Table) {
    into.clear();
    into.reserve(one.len() + other.len());
    let (mut i, mut j) = (0, 0);
    while i < one.len() && j < other.len() {
        let (x, y) = (one[i], other[j]);
        match x.0.cmp(&y.0) {
            Ordering::Less => {
                into.push(x);
                i += 1;
            }
            Ordering::Greater => {
                into.push(y);
                j += 1;
            }
            Ordering::Equal => {
                into.push((x.0, x.1 + y.1));
                i += 1;
                j += 1;
            }
        }
    }
    into.extend_from_slice(&one[i..]);
    into.extend_from_slice(&other[j..]);
}

/// Ways to choose `t` disjoint combos of two types with `f` and `g` cards left (four at most):
/// `MATCHINGS[f][g][t] = C(f, t) C(g, t) t!`.
const MATCHINGS: [[[u64; 5]; 5]; 5] = {
    let mut table = [[[0; 5]; 5]; 5];
    let mut f = 0;
    while f < 5 {
        let mut g = 0;
        while g < 5 {
            let mut t = 0;
            while t <= f && t <= g {
                table[f][g][t] =
                    choose(f as u64, t as u64) * choose(g as u64, t as u64) * factorial(t as u64);
                t += 1;
            }
            g += 1;
        }
        f += 1;
    }
    table
};

/// Ways to choose `t` disjoint combos of one type with `f` cards left: `PAIRINGS[f][t] = f! /
/// ((f − 2t)! 2^t t!)`.
const PAIRINGS: [[u64; 5]; 5] = {
    let mut table = [[0; 5]; 5];
    let mut f = 0;
    while f < 5 {
        let mut t = 0;
        while 2 * t <= f {
            table[f][t] =
                factorial(f as u64) / (factorial((f - 2 * t) as u64) * (factorial(t as u64) << t));
            t += 1;
        }
        f += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::{Programme, TYPES, TypePair, most_states, type_of};
    use seeded_rng::SeededRng;

    /// Sets of `players` pairwise disjoint combos among `combos`, by how many are `marked`,
    /// dealt one by one (each set once: combos in increasing place).
    fn dealt(combos: &[([u8; 2], bool)], players: usize) -> [u128; 9] {
        fn deal(
            combos: &[([u8; 2], bool)],
            from: usize,
            left: usize,
            taken: u64,
            marked: usize,
            into: &mut [u128; 9],
        ) {
            if left == 0 {
                into[marked] += 1;
                return;
            }
            for at in from..combos.len() {
                let ([x, y], is_marked) = combos[at];
                let cards = 1 << x | 1 << y;
                if taken & cards == 0 {
                    let marked = marked + usize::from(is_marked);
                    deal(combos, at + 1, left - 1, taken | cards, marked, into);
                }
            }
        }
        let mut into = [0; 9];
        deal(combos, 0, players, 0, 0, &mut into);
        into
    }

    /// Random types of one to four cards, random type pairs among them in random levels: every
    /// level's sets by marked combos, and the unmarked full sets, as dealt one by one.
    #[test]
    fn sets_of_disjoint_combos_are_those_dealt_one_by_one() {
        let mut rng = SeededRng::new(11);
        for round in 0..120 {
            let types = 2 + rng.below_u8(5);
            let players = 1 + rng.index(8);
            let mut sizes = [0_u8; TYPES];
            let mut cards: Vec<Vec<u8>> = Vec::new();
            let mut next_card = 0;
            for size in sizes.iter_mut().take(usize::from(types)) {
                *size = 1 + rng.below_u8(4);
                cards.push((next_card..next_card + *size).collect());
                next_card += *size;
            }
            let mut type_pairs: Vec<TypePair> = Vec::new();
            for a in 0..types {
                for b in a..types {
                    if (a != b || sizes[usize::from(a)] >= 2) && rng.index(3) > 0 {
                        type_pairs.push([a, b]);
                    }
                }
            }
            let combos_of = |[a, b]: TypePair| {
                let (of_a, of_b) = (&cards[usize::from(a)], &cards[usize::from(b)]);
                let mut combos = Vec::new();
                for (at, &x) in of_a.iter().enumerate() {
                    let partners = if a == b { &of_a[at + 1..] } else { &of_b[..] };
                    combos.extend(partners.iter().map(|&y| [x, y]));
                }
                combos
            };
            let mut programme = Programme::new(players);
            programme.start(&sizes);
            let mut before: Vec<([u8; 2], bool)> = Vec::new();
            for level in type_pairs.chunks(1 + rng.index(3)) {
                if rng.index(2) == 0 {
                    for &type_pair in level {
                        programme.add_unmarked(type_pair);
                        before.extend(combos_of(type_pair).into_iter().map(|combo| (combo, false)));
                    }
                    let expected: u128 = dealt(&before, players).iter().sum();
                    assert_eq!(programme.full(), expected, "round {round}");
                    continue;
                }
                let mut with_level = before.clone();
                for &type_pair in level {
                    with_level.extend(combos_of(type_pair).into_iter().map(|combo| (combo, true)));
                }
                assert_eq!(
                    programme.add_level(level),
                    dealt(&with_level, players),
                    "round {round}, level {level:?}"
                );
                before = with_level
                    .into_iter()
                    .map(|(combo, _)| (combo, false))
                    .collect();
            }
        }
    }

    /// Every type pair of random types added: the table holds exactly the states `most_states`
    /// counts; some of them: no more.
    #[test]
    fn most_states_bounds_the_table_and_every_type_pair_reaches_it() {
        let mut rng = SeededRng::new(12);
        for round in 0..200 {
            let players = 1 + rng.index(8);
            let mut sizes = [0_u8; TYPES];
            for size in sizes.iter_mut().take(2 + rng.index(12)) {
                *size = rng.below_u8(5);
            }
            let every = rng.index(2) == 0;
            let mut programme = Programme::new(players);
            programme.start(&sizes);
            for a in 0..TYPES {
                for b in a..TYPES {
                    let fits = if a == b {
                        sizes[a] >= 2
                    } else {
                        sizes[a] > 0 && sizes[b] > 0
                    };
                    if fits && (every || rng.index(3) == 0) {
                        #[expect(clippy::cast_possible_truncation, reason = "26 types")]
                        programme.add_unmarked([a as u8, b as u8]);
                    }
                }
            }
            let most = most_states(&sizes, players);
            let states = programme.states() as u64;
            if every {
                assert_eq!(states, most, "round {round}: {sizes:?}, {players} players");
            } else {
                assert!(
                    states <= most,
                    "round {round}: {sizes:?}, {players} players"
                );
            }
        }
    }

    /// A rank's two types: its cards of the suit that can make a flush apart from the others,
    /// and all its cards in one where no suit can.
    #[test]
    fn a_card_is_of_its_rank_s_flush_type_if_of_the_flush_suit() {
        // The seven of hearts (4 × 5 + 2) and of spades.
        assert_eq!(type_of(22, Some(2)), 11);
        assert_eq!(type_of(23, Some(2)), 10);
        assert_eq!(type_of(22, None), 10);
        assert_eq!(type_of(0, Some(0)), 1);
    }
}
