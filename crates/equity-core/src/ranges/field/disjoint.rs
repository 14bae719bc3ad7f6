//! How many ordered tuples of pairwise disjoint combos there are, one combo from each of up to
//! three sets, from each set's card degrees and neighbours alone (no tuple is dealt).
//!
//! A combo is an edge between its two cards. A tuple is disjoint when no two of its combos share
//! a card, so, writing `c_ij` for "combos i and j conflict", its count is the sum over all tuples
//! of `∏ (1 - c_ij)`. Multiplied out (inclusion and exclusion), each product of conflicts is a
//! count the sets' degrees and neighbours give directly:
//!
//! - one conflict, `c_12`: the pairs sharing a card, `Σ_x d_A(x) d_B(x)`, less the pairs that are
//!   one combo twice (they share both cards);
//! - two conflicts around combo 1, `c_12 c_13`: over combo 1's combos `e`, how many of B's and of
//!   C's it conflicts with (`d(x) + d(y)`, less itself where it is in that set);
//! - three, `c_12 c_13 c_23`: a card common to all three, or a triangle of three cards, one
//!   combo on each side (`N_A(x) ∩ N_C(y)` over B's combos `xy`, on bit sets).
//!
//! So two sets take `|A| |B| - conflicts(A, B)` and three the seven terms of [`triples`]; the
//! terms of four sets or more (cycles of four combos, and more shapes) are not written here.
//! Sets are either the same set or share no combo, as the levels of one sort are.

/// The cards, as bits of a `u64` (`4 × rank + suit`).
pub(super) type Cards = u64;

/// A set of combos by its cards: how many combos, each card's degree (the combos holding it)
/// and neighbours (the cards it makes a combo with), and the combos themselves.
#[derive(Clone, Copy)]
pub(super) struct Combos<'a> {
    /// Which set this is: sets of the same identity are the same set, others share no combo.
    pub identity: usize,
    pub len: i64,
    pub degree: &'a [i64; 52],
    pub neighbours: &'a [Cards; 52],
    /// The cards some combo holds.
    pub support: Cards,
    /// The combos (empty where not kept: two sets do not need them).
    pub list: &'a [[u8; 2]],
}

impl Combos<'_> {
    fn len(&self) -> i64 {
        self.len
    }

    /// How many of this set's combos share a card with `combo` (of the set `of`).
    fn conflicting(&self, [x, y]: [u8; 2], of: usize) -> i64 {
        let itself = i64::from(of == self.identity);
        self.degree[usize::from(x)] + self.degree[usize::from(y)] - itself
    }
}

/// The cards of `cards`, in order.
pub(super) fn each(mut cards: Cards) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (cards != 0).then(|| {
            let card = cards.trailing_zeros() as usize;
            cards &= cards - 1;
            card
        })
    })
}

/// Ordered pairs `(a, b)`, `a` of `a_set` and `b` of `b_set`, that share a card.
fn conflicts(a: &Combos, b: &Combos) -> i64 {
    let shared: i64 = each(a.support & b.support)
        .map(|card| a.degree[card] * b.degree[card])
        .sum();
    // A combo met by itself shares both its cards: counted twice above.
    shared - if a.identity == b.identity { a.len() } else { 0 }
}

/// Over the combos `e` of `a`, the product of how many combos of `b` and of `c` share a card
/// with `e`.
fn around(a: &Combos, b: &Combos, c: &Combos) -> i64 {
    let iterate = a.identity == b.identity
        || a.identity == c.identity
        || a.len <= 4 * i64::from(b.support.count_ones());
    if iterate {
        return a
            .list
            .iter()
            .map(|&combo| b.conflicting(combo, a.identity) * c.conflicting(combo, a.identity))
            .sum();
    }
    // `a` shares no combo with `b` or `c`: over `e = xy`, (d_B(x) + d_B(y))(d_C(x) + d_C(y)) is
    // each card's d_A d_B d_C, and the cross terms, over ordered edges of `a`, d_B(x) d_C(y).
    let at_cards: i64 = each(a.support & b.support & c.support)
        .map(|card| a.degree[card] * b.degree[card] * c.degree[card])
        .sum();
    let across: i64 = each(b.support)
        .map(|x| {
            let partners: i64 = each(a.neighbours[x] & c.support).map(|y| c.degree[y]).sum();
            b.degree[x] * partners
        })
        .sum();
    at_cards + across
}

/// Ordered triples `(a, b, c)` of the three sets that pairwise share a card.
fn all_conflicting(a: &Combos, b: &Combos, c: &Combos) -> i64 {
    // A card common to all three (two common cards only when the three are one combo).
    let common: i64 = each(a.support & b.support & c.support)
        .map(|card| a.degree[card] * b.degree[card] * c.degree[card])
        .sum();
    let same = if a.identity == b.identity && b.identity == c.identity {
        a.len()
    } else {
        0
    };
    // A triangle: cards x, y, z with xz in one set, xy in the next and yz in the last. The sum
    // is a trace, the same whichever set is walked: walk the smallest.
    let [walked, one, other] = smallest_first([a, b, c]);
    let triangles: i64 = walked
        .list
        .iter()
        .map(|&[first, second]| {
            let (first, second) = (usize::from(first), usize::from(second));
            i64::from((one.neighbours[first] & other.neighbours[second]).count_ones())
                + i64::from((one.neighbours[second] & other.neighbours[first]).count_ones())
        })
        .sum();
    common - same + triangles
}

fn smallest_first<'s, 'a>(mut sets: [&'s Combos<'a>; 3]) -> [&'s Combos<'a>; 3] {
    let smallest = (0..3).min_by_key(|&at| sets[at].len).unwrap_or(0);
    sets.swap(0, smallest);
    sets
}

/// Ordered pairs of disjoint combos, one of `a` and one of `b`.
pub(super) fn pairs(a: &Combos, b: &Combos) -> i64 {
    a.len() * b.len() - conflicts(a, b)
}

/// Ordered triples of pairwise disjoint combos, one of each set.
pub(super) fn triples(a: &Combos, b: &Combos, c: &Combos) -> i64 {
    a.len() * b.len() * c.len()
        - conflicts(a, b) * c.len()
        - conflicts(a, c) * b.len()
        - conflicts(b, c) * a.len()
        + around(a, b, c)
        + around(b, a, c)
        + around(c, a, b)
        - all_conflicting(a, b, c)
}

/// Ordered tuples of pairwise disjoint combos, one from each of `sets` (one to three).
#[expect(
    clippy::cast_sign_loss,
    reason = "a number of tuples: the terms add up to it, never below zero"
)]
pub(super) fn tuples(sets: &[Combos]) -> u64 {
    signed_tuples(sets) as u64
}

fn signed_tuples(sets: &[Combos]) -> i64 {
    match sets {
        [a] => a.len(),
        [a, b] => pairs(a, b),
        [a, b, c] => triples(a, b, c),
        _ => unreachable!("one to three sets"),
    }
}

/// A set of combos being built: how many, their cards' degrees and, if `with_neighbours` (three
/// sets need them, two do not), each card's neighbours and the combos themselves.
#[derive(Clone)]
pub(super) struct ComboSet {
    len: i64,
    degree: [i64; 52],
    neighbours: [Cards; 52],
    support: Cards,
    combos: Vec<[u8; 2]>,
    with_neighbours: bool,
}

impl ComboSet {
    pub(super) fn new(with_neighbours: bool) -> ComboSet {
        ComboSet {
            len: 0,
            degree: [0; 52],
            neighbours: [0; 52],
            support: 0,
            combos: Vec::new(),
            with_neighbours,
        }
    }

    /// Adds `combos`, none of them in the set yet.
    #[inline]
    pub(super) fn extend(&mut self, combos: impl IntoIterator<Item = [u8; 2]>) {
        // The cards held are gathered apart, not written back combo by combo; the loops are
        // apart so that the one without neighbours is only the counting.
        let mut support = 0;
        let mut len = 0;
        let degree = &mut self.degree;
        if self.with_neighbours {
            let (neighbours, list) = (&mut self.neighbours, &mut self.combos);
            combos.into_iter().for_each(|combo @ [x, y]| {
                let (x, y) = (usize::from(x), usize::from(y));
                len += 1;
                degree[x] += 1;
                degree[y] += 1;
                support |= 1 << x | 1 << y;
                neighbours[x] |= 1 << y;
                neighbours[y] |= 1 << x;
                list.push(combo);
            });
        } else {
            combos.into_iter().for_each(|[x, y]| {
                let (x, y) = (usize::from(x), usize::from(y));
                len += 1;
                degree[x] += 1;
                degree[y] += 1;
                support |= 1 << x | 1 << y;
            });
        }
        self.len += len;
        self.support |= support;
    }

    /// Adds the combos of `other`, none of them in the set yet; `other` must have neighbours
    /// if this set has.
    pub(super) fn add_all(&mut self, other: &ComboSet) {
        self.len += other.len;
        for card in each(other.support) {
            self.degree[card] += other.degree[card];
            self.neighbours[card] |= other.neighbours[card];
        }
        self.support |= other.support;
        if self.with_neighbours {
            self.combos.extend_from_slice(&other.combos);
        }
    }

    /// Empties the set, touching only the cards it holds.
    pub(super) fn clear(&mut self) {
        for card in each(self.support) {
            self.degree[card] = 0;
            self.neighbours[card] = 0;
        }
        self.len = 0;
        self.support = 0;
        self.combos.clear();
    }

    pub(super) fn view(&self, identity: usize) -> Combos<'_> {
        Combos {
            identity,
            len: self.len,
            degree: &self.degree,
            neighbours: &self.neighbours,
            support: self.support,
            list: &self.combos,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{ComboSet, Combos, around, tuples};
    use seeded_rng::SeededRng;

    /// Ordered tuples of pairwise disjoint combos, one from each list, dealt one by one.
    fn dealt(lists: &[&[[u8; 2]]]) -> u64 {
        fn deal(lists: &[&[[u8; 2]]], taken: u64) -> u64 {
            let Some((list, rest)) = lists.split_first() else {
                return 1;
            };
            list.iter()
                .filter(|&&[x, y]| taken & (1 << x | 1 << y) == 0)
                .map(|&[x, y]| deal(rest, taken | 1 << x | 1 << y))
                .sum()
        }
        deal(lists, 0)
    }

    /// Every choice of one to three sets among three disjoint random sets of combos of a small
    /// deck (with repeats: the same set twice or three times), counted both ways.
    #[test]
    fn tuples_of_disjoint_combos_are_those_dealt_one_by_one() {
        let mut rng = SeededRng::new(42);
        for round in 0..300 {
            let deck = 4 + rng.below_u8(9);
            let mut sets = [0, 1, 2].map(|_| ComboSet::new(true));
            for x in 0..deck {
                for y in x + 1..deck {
                    // Some combos in no set; the cards spread over the 52.
                    let which = rng.index(4);
                    if which < 3 {
                        sets[which].extend([[x * 3, y * 3]]);
                    }
                }
            }
            let views: Vec<Combos> = (0..3).map(|at| sets[at].view(at)).collect();
            for count in 1..=3 {
                for choice in 0..3_usize.pow(count) {
                    let picked: Vec<usize> =
                        (0..count).map(|at| choice / 3_usize.pow(at) % 3).collect();
                    let chosen: Vec<Combos> = picked.iter().map(|&at| views[at]).collect();
                    let lists: Vec<&[[u8; 2]]> =
                        picked.iter().map(|&at| &sets[at].combos[..]).collect();
                    assert_eq!(
                        tuples(&chosen),
                        dealt(&lists),
                        "round {round}, sets {picked:?}"
                    );
                }
            }
        }
    }

    /// The two ways of summing around a set agree, whichever is taken.
    #[test]
    fn around_a_set_by_its_combos_or_its_cards() {
        let mut rng = SeededRng::new(7);
        for _ in 0..200 {
            let mut sets = [0, 1, 2].map(|_| ComboSet::new(true));
            for x in 0..20_u8 {
                for y in x + 1..20 {
                    let which = rng.index(5);
                    if which < 3 {
                        sets[which].extend([[x, y]]);
                    }
                }
            }
            // The first set is large, so it is summed by its cards; by its combos, directly:
            let [a, b, c] = [0, 1, 2].map(|at| sets[at].view(at));
            let direct: i64 = a
                .list
                .iter()
                .map(|&combo| b.conflicting(combo, 0) * c.conflicting(combo, 0))
                .sum();
            assert_eq!(around(&a, &b, &c), direct);
            assert_eq!(around(&a, &b, &b), {
                a.list
                    .iter()
                    .map(|&combo| b.conflicting(combo, 0).pow(2))
                    .sum::<i64>()
            });
        }
    }
}
