//! Each player's side of a board-by-board count: which part the player takes, their combos off
//! the board with their weights, the combinations of the players' weights, and the joint deals
//! of the outer players.

use cards_core::holdem::Combo;
use cards_core::{Card, CardSet, Hand};

use super::packed::{Held, MAX_WEIGHTS, weight_tier};

/// Which player plays which part (see the module's comment).
pub(super) struct Parts {
    pub(super) outer: Vec<usize>,
    pub(super) sweeping: usize,
    pub(super) last: usize,
}

impl Parts {
    /// The widest range but the first player's is the last, the widest of the others sweeps.
    pub(super) fn of(sizes: &[usize]) -> Parts {
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
pub(super) struct Entry {
    pub(super) combo: Combo,
    pub(super) cards: Hand,
    pub(super) set: CardSet,
    /// Its place in the range (with the combos the board and dead cards remove).
    pub(super) place: usize,
    /// Its weight, as a place in [`Side::weights`].
    pub(super) tier: usize,
}

/// One range's combos off the board and dead cards, with their weights, and how many of them of
/// each weight there are, in all, by card and by pair of cards.
pub(super) struct Side {
    pub(super) entries: Vec<Entry>,
    /// Each entry's weight and cards, for the sweeps.
    pub(super) held: Vec<Held>,
    /// The range's different weights, in the order met.
    pub(super) weights: Vec<f64>,
    /// By weight: how many combos have it.
    pub(super) count: Vec<u32>,
    /// By weight: how many combos hold each card.
    pub(super) count_by_card: Vec<[u32; 52]>,
    /// The weight of the combo of two cards (`52 * one + other`, both ways): 1 + its place in
    /// `weights`, or 0 outside the range.
    pub(super) pair_tier: Vec<u8>,
}

impl Side {
    pub(super) fn new(combos: &[(Combo, f64)], out: CardSet) -> Side {
        let mut weights: Vec<f64> = Vec::new();
        let mut entries = Vec::new();
        for (place, &(combo, weight)) in combos.iter().enumerate() {
            let set: CardSet = combo.into_iter().collect();
            if !(set & out).is_empty() {
                continue;
            }
            let tier = weight_tier(&mut weights, weight);
            entries.push(Entry {
                combo,
                cards: Hand::from_cards(&combo),
                set,
                place,
                tier,
            });
        }
        let mut count = vec![0; weights.len()];
        let mut count_by_card = vec![[0; 52]; weights.len()];
        let mut pair_tier = vec![0; 52 * 52];
        for entry in &entries {
            let [one, other] = entry.combo.map(Card::index);
            count[entry.tier] += 1;
            count_by_card[entry.tier][one] += 1;
            count_by_card[entry.tier][other] += 1;
            // At most MAX_WEIGHT_TUPLES weights reach a count: the rest is refused by `cost`.
            let tier = u8::try_from(entry.tier + 1).unwrap_or(u8::MAX);
            pair_tier[52 * one + other] = tier;
            pair_tier[52 * other + one] = tier;
        }
        Side {
            // A range of more weights is never counted board by board (see `sides`): its
            // `held` is never read.
            held: entries
                .iter()
                .map(|entry| Held::new(entry.tier.min(MAX_WEIGHTS - 1), entry.combo))
                .collect(),
            entries,
            weights,
            count,
            count_by_card,
            pair_tier,
        }
    }

    /// The weight of the combo of two cards, as a place in `weights`, if it is in the range.
    pub(super) fn pair(&self, one: usize, other: usize) -> Option<usize> {
        usize::from(self.pair_tier[52 * one + other]).checked_sub(1)
    }

    /// Adds to `apart`, by weight, how many of this side's combos hold none of `cards`
    /// (distinct).
    pub(super) fn apart_from(&self, cards: &[usize], apart: &mut [u64]) {
        // Combos of two of `cards` are taken away twice: added back first, so that no count
        // goes below 0.
        let mut counts: Vec<u64> = self.count.iter().map(|&count| u64::from(count)).collect();
        for (at, &one) in cards.iter().enumerate() {
            for &other in &cards[at + 1..] {
                if let Some(tier) = self.pair(one, other) {
                    counts[tier] += 1;
                }
            }
        }
        for (tier, count) in counts.iter_mut().enumerate() {
            for &card in cards {
                *count -= u64::from(self.count_by_card[tier][card]);
            }
            apart[tier] += *count;
        }
    }
}
/// The combinations of weights of a joint deal's combos, one weight per player: each numbered
/// by mixed radix (the first player's weight the most significant), with the deal's weight as
/// the deal-by-deal count makes it (the product of the combos' weights in the players' order).
pub(super) struct Tuples {
    /// By player: the step of the number between two of their weights.
    pub(super) strides: Vec<usize>,
    /// By number: the deal's weight.
    pub(super) products: Vec<f64>,
}

impl Tuples {
    pub(super) fn new(sides: &[Side]) -> Tuples {
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

    pub(super) fn len(&self) -> usize {
        self.products.len()
    }
}

/// Every joint deal of the outer players' combos (one empty deal when there are none).
pub(super) struct OuterDeals {
    /// Each deal's combos, a place in each outer player's side, `players` to a deal.
    pub(super) places: Vec<u16>,
    /// Each deal's hole cards, `2 * players` to a deal.
    pub(super) cards: Vec<Card>,
    pub(super) sets: Vec<CardSet>,
    /// Each deal's share of the number of its weights (see [`Tuples`]).
    pub(super) numbers: Vec<usize>,
    pub(super) players: usize,
}

impl OuterDeals {
    pub(super) fn new(sides: &[Side], outer: &[usize], tuples: &Tuples) -> OuterDeals {
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
    pub(super) fn add(
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
                number += entry.tier * tuples.strides[player];
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

    pub(super) fn len(&self) -> usize {
        self.sets.len()
    }

    pub(super) fn places(&self, deal: usize) -> &[u16] {
        &self.places[deal * self.players..][..self.players]
    }

    pub(super) fn cards(&self, deal: usize) -> impl Iterator<Item = usize> + '_ {
        self.cards[2 * deal * self.players..][..2 * self.players]
            .iter()
            .map(|card| card.index())
    }
}
