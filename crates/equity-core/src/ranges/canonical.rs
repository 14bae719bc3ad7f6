//! Deals up to renaming: the 24 renamings of the suits, and the trading of seats between players
//! with equal ranges, leave a deal's result the same (player for player), so each class of deals
//! is counted once, in its smallest form.

use std::collections::HashMap;

use cards_core::holdem::{COMBOS, Combo, Range, combo_index};
use cards_core::{Card, CardSet};

use crate::ranges::suits::{RENAMINGS, Renaming, rename_card, rename_combo};

/// The canonical deals found so far, each with its place in the order found.
#[derive(Default)]
pub(crate) struct CanonicalDeals {
    places: HashMap<Vec<Card>, usize>,
    /// The deals, in the order found.
    pub(crate) distinct: Vec<Vec<Card>>,
}

impl CanonicalDeals {
    /// The place of `key` among the deals found so far, adding it if it is new.
    pub(crate) fn place_of(&mut self, key: Vec<Card>) -> usize {
        if let Some(&place) = self.places.get(&key) {
            return place;
        }
        self.places.insert(key.clone(), self.distinct.len());
        self.distinct.push(key);
        self.distinct.len() - 1
    }
}

/// Which players may trade places: those with the same range. Trading their hands leaves the
/// deal's weight and, player for player, its result.
pub(crate) struct Seating {
    /// The players of each set of equal ranges, in order.
    groups: Vec<Vec<usize>>,
}

impl Seating {
    /// Players with equal ranges may trade places.
    pub(crate) fn new(ranges: &[Range]) -> Seating {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for (player, range) in ranges.iter().enumerate() {
            match groups.iter_mut().find(|group| ranges[group[0]] == *range) {
                Some(group) => group.push(player),
                None => groups.push(vec![player]),
            }
        }
        Seating { groups }
    }

    /// Every player may trade places with every other: for a matchup whose players' results are
    /// wanted whichever seat they hold.
    pub(crate) fn anyone(players: usize) -> Seating {
        Seating {
            groups: vec![(0..players).collect()],
        }
    }
}

/// Where each player of a deal sits in its canonical deal: five bits per player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Seats(u128);

impl Seats {
    /// The seat of `player`.
    pub(crate) fn of(self, player: usize) -> usize {
        (self.0 >> (5 * player) & 31) as usize
    }
}

/// The smallest form of a deal under the 24 renamings of the suits (applied to the board and
/// dead cards too) and the trading of places `seating` allows, as one list of cards: each
/// seat's hole cards (higher first), then the board and the dead cards, each sorted; and where
/// each of the deal's players sits in it.
pub(crate) fn canonical(
    holes: &[Combo],
    board: &[Card],
    dead: &[Card],
    seating: &Seating,
) -> (Vec<Card>, Seats) {
    // Called for every deal walked: the lists are made once and reused for each renaming.
    let (mut smallest, mut key) = (Vec::new(), Vec::new());
    let mut smallest_seats = None;
    let mut renamed_holes: Vec<Combo> = Vec::with_capacity(holes.len());
    let mut seated: Vec<Combo> = vec![[Card::ALL[0]; 2]; holes.len()];
    let mut order: Vec<usize> = Vec::with_capacity(holes.len());
    for renaming in RENAMINGS {
        renamed_holes.clear();
        renamed_holes.extend(holes.iter().map(|&hole| rename_combo(hole, renaming)));
        // In each group of equal ranges, the highest hand takes the group's first seat.
        let mut seats = 0u128;
        for group in &seating.groups {
            order.clone_from(group);
            order.sort_by(|&a, &b| renamed_holes[b].cmp(&renamed_holes[a]).then(a.cmp(&b)));
            for (&seat, &player) in group.iter().zip(&order) {
                seated[seat] = renamed_holes[player];
                seats |= (seat as u128) << (5 * player);
            }
        }
        key.clear();
        key.extend(seated.iter().flatten());
        // The seats lead the key: a renaming whose seats sort after the smallest's cannot give
        // the smallest key, and its board is not renamed.
        if smallest_seats.is_some() && key[..] > smallest[..key.len()] {
            continue;
        }
        for cards in [board, dead] {
            let start = key.len();
            key.extend(cards.iter().map(|&card| rename_card(card, renaming)));
            key[start..].sort_unstable();
        }
        if smallest_seats.is_none() || key < smallest {
            smallest.clone_from(&key);
            smallest_seats = Some(Seats(seats));
        }
    }
    (smallest, smallest_seats.expect("24 renamings"))
}

/// A range's weight for each of the 1,326 combos (0 outside it).
pub(crate) fn weight_table(range: &Range) -> Vec<f64> {
    let mut table = vec![0.0; COMBOS];
    for &(combo, weight) in range.combos() {
        table[combo_index(combo)] = weight;
    }
    table
}

/// The renamings of the suits (as the new suit of each) that leave every one of `ranges` (with
/// its weights), the board and the dead cards as they are: a count over such a matchup gives a
/// deal and its renamings the same result, so each is counted once.
pub(crate) fn symmetries(ranges: &[Range], board: &[Card], dead: &[Card]) -> Vec<Renaming> {
    let weights: Vec<Vec<f64>> = ranges.iter().map(weight_table).collect();
    let keeps = |cards: &[Card], renaming: Renaming| {
        let set: CardSet = cards.iter().copied().collect();
        cards
            .iter()
            .all(|&card| set.contains(rename_card(card, renaming)))
    };
    RENAMINGS
        .into_iter()
        .filter(|&renaming| {
            keeps(board, renaming)
                && keeps(dead, renaming)
                && ranges.iter().zip(&weights).all(|(range, weights)| {
                    range.combos().iter().all(|&(combo, weight)| {
                        weights[combo_index(rename_combo(combo, renaming))].to_bits()
                            == weight.to_bits()
                    })
                })
        })
        .collect()
}
