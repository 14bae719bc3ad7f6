//! Tuples of pairwise disjoint combos for a field of four players or more, whose range holds
//! whole classes of cards: every combo of a pair of ranks, or none ("random", "22+, AK").
//!
//! On a five-card board, two cards are interchangeable when they have one rank and are both of
//! the suit that can make a flush, or both not: they are of one *type*. Every combo of two
//! types (a *class*) then has one value, and a tuple of disjoint combos matters only through how
//! many cards of each type it takes. So the tuples are counted by a dynamic programme over the
//! classes in order of value, whose state is how many cards of each type are taken (and how many
//! combos, and how many of them are of the level being added):
//!
//! - `t` more combos of a class of two types with `f` and `g` cards left can be chosen in
//!   `C(f, t) C(g, t) t!` ways; of one type with `f` cards left, in `f! / ((f − 2t)! 2^t t!)`;
//! - the sets of `k` disjoint combos among the classes added so far are the states of `k` combos;
//!   ordered tuples (one combo per player) are `k!` times as many.
//!
//! Sets of classes below a value are prefixes of the order, so one pass over the classes gives
//! every count a board needs. The states number in the tens of thousands for four players and
//! grow quickly with more, which is why three players or fewer use [`super::disjoint`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The most types: a rank with the flush's suit or without it.
pub(super) const TYPES: usize = 26;

/// Where a state's number of combos is kept, and the number of them of the level being added.
const COMBOS_SHIFT: u32 = 56;
const MARKED_SHIFT: u32 = 60;
const FOUR_BITS: u64 = 0xF;

/// A class: two types, the same type twice for a pair of its cards.
pub(super) type Class = [u8; 2];

/// The sets of disjoint combos among the classes added so far, by their state.
pub(super) struct Sweep {
    /// How many combos a set holds at most: the field's players.
    players: u64,
    /// Each type's cards, where its count of taken cards is kept in a state, and its width.
    sizes: [u8; TYPES],
    shifts: [u32; TYPES],
    masks: [u64; TYPES],
    /// The sets of fewer combos than players, by state ...
    table: HashMap<u64, u128, BuildHasherDefault<KeyHasher>>,
    added: Vec<(u64, u128)>,
    /// ... and of as many (they take no more combos, so only their number is kept), by how
    /// many of their combos are of the level being added.
    full: [u128; 9],
}

impl Sweep {
    pub(super) fn new(players: usize) -> Sweep {
        Sweep {
            players: players as u64,
            sizes: [0; TYPES],
            shifts: [0; TYPES],
            masks: [0; TYPES],
            table: HashMap::default(),
            added: Vec::new(),
            full: [0; 9],
        }
    }

    /// Starts again with no class added, for types of `sizes` cards (four at most).
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
        self.table.insert(0, 1);
        self.full = [0; 9];
    }

    /// Adds the classes `classes`, and returns, by how many of their combos a set holds, the
    /// sets of as many combos as there are players.
    pub(super) fn add_level(&mut self, classes: &[Class]) -> [u128; 9] {
        for &class in classes {
            self.add(class, 1 << MARKED_SHIFT);
        }
        let by_marked = self.full;
        self.full = [by_marked.iter().sum(), 0, 0, 0, 0, 0, 0, 0, 0];
        let marked_mask = FOUR_BITS << MARKED_SHIFT;
        self.added.clear();
        self.added.extend(
            (self.table.iter())
                .filter(|&(&key, _)| key & marked_mask != 0)
                .map(|(&key, &sets)| (key, sets)),
        );
        for (key, _) in &self.added {
            self.table.remove(key);
        }
        for (key, sets) in self.added.drain(..) {
            *self.table.entry(key & !marked_mask).or_default() += sets;
        }
        by_marked
    }

    /// Adds `class` without telling its combos apart from the others'.
    pub(super) fn add_unmarked(&mut self, class: Class) {
        self.add(class, 0);
    }

    /// The sets of as many disjoint combos as there are players, among the classes added.
    pub(super) fn full(&self) -> u128 {
        self.full[0]
    }

    /// Adds `class`, counting each of its combos in a state's marked field by `marked` (1 or 0
    /// in its place).
    fn add(&mut self, [a, b]: Class, marked: u64) {
        let (a, b) = (usize::from(a), usize::from(b));
        let combo_unit = 1 << COMBOS_SHIFT | marked;
        self.added.clear();
        let players = self.players;
        for (&key, &sets) in &self.table {
            let room = players - (key >> COMBOS_SHIFT & FOUR_BITS);
            let left_a = u64::from(self.sizes[a]) - (key >> self.shifts[a] & self.masks[a]);
            if a == b {
                let most = room.min(left_a / 2);
                for taken in 1..=most {
                    let ways = pairings(left_a, taken);
                    let key = key + taken * (2 << self.shifts[a]) + taken * combo_unit;
                    self.added.push((key, sets * ways));
                }
            } else {
                let left_b = u64::from(self.sizes[b]) - (key >> self.shifts[b] & self.masks[b]);
                let most = room.min(left_a).min(left_b);
                for taken in 1..=most {
                    let ways = choose(left_a, taken) * choose(left_b, taken) * factorial(taken);
                    let key = key
                        + taken * (1 << self.shifts[a])
                        + taken * (1 << self.shifts[b])
                        + taken * combo_unit;
                    self.added.push((key, sets * ways));
                }
            }
        }
        for (key, sets) in self.added.drain(..) {
            if key >> COMBOS_SHIFT & FOUR_BITS == players {
                self.full[(key >> MARKED_SHIFT) as usize] += sets;
            } else {
                *self.table.entry(key).or_default() += sets;
            }
        }
    }
}

/// `n! / (k! (n − k)!)` for the few cards of a type.
fn choose(n: u64, k: u64) -> u128 {
    u128::from((n - k + 1..=n).product::<u64>() / factorial_u64(k))
}

fn factorial(n: u64) -> u128 {
    u128::from(factorial_u64(n))
}

fn factorial_u64(n: u64) -> u64 {
    (1..=n).product()
}

/// Sets of `pairs` disjoint pairs among `cards` cards: `cards! / ((cards − 2 pairs)! 2^pairs
/// pairs!)`.
fn pairings(cards: u64, pairs: u64) -> u128 {
    let taken: u64 = (cards - 2 * pairs + 1..=cards).product();
    u128::from(taken / (factorial_u64(pairs) << pairs))
}

/// A quick hash of a state's key (the keys are small integers; no adversary chooses them).
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0.rotate_left(5) ^ value).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
}

#[cfg(test)]
mod tests {
    use super::{Class, Sweep, TYPES};
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

    /// Random types of one to four cards, random classes among them in random levels: every
    /// level's sets by marked combos, and the unmarked full sets, as dealt one by one.
    #[test]
    fn sets_of_disjoint_combos_are_those_dealt_one_by_one() {
        let mut rng = SeededRng::new(11);
        for round in 0..120 {
            let types = 2 + rng.below_u8(5);
            let players = 1 + rng.index(6);
            let mut sizes = [0_u8; TYPES];
            let mut cards: Vec<Vec<u8>> = Vec::new();
            let mut next_card = 0;
            for size in sizes.iter_mut().take(usize::from(types)) {
                *size = 1 + rng.below_u8(4);
                cards.push((next_card..next_card + *size).collect());
                next_card += *size;
            }
            let mut classes: Vec<Class> = Vec::new();
            for a in 0..types {
                for b in a..types {
                    if (a != b || sizes[usize::from(a)] >= 2) && rng.index(3) > 0 {
                        classes.push([a, b]);
                    }
                }
            }
            let combos_of = |[a, b]: Class| {
                let (of_a, of_b) = (&cards[usize::from(a)], &cards[usize::from(b)]);
                let mut combos = Vec::new();
                for (at, &x) in of_a.iter().enumerate() {
                    let partners = if a == b { &of_a[at + 1..] } else { &of_b[..] };
                    combos.extend(partners.iter().map(|&y| [x, y]));
                }
                combos
            };
            let mut sweep = Sweep::new(players);
            sweep.start(&sizes);
            let mut before: Vec<([u8; 2], bool)> = Vec::new();
            for level in classes.chunks(1 + rng.index(3)) {
                if rng.index(2) == 0 {
                    for &class in level {
                        sweep.add_unmarked(class);
                        before.extend(combos_of(class).into_iter().map(|combo| (combo, false)));
                    }
                    let expected: u128 = dealt(&before, players).iter().sum();
                    assert_eq!(sweep.full(), expected, "round {round}");
                    continue;
                }
                let mut with_level = before.clone();
                for &class in level {
                    with_level.extend(combos_of(class).into_iter().map(|combo| (combo, true)));
                }
                assert_eq!(
                    sweep.add_level(level),
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
}
