//! Exact equity of hand ranges against each other: every joint deal of one combo per player (no
//! card twice, none on the board or dead), weighted by the product of the combos' weights, each
//! counted over every board to come with [`equity`].
//!
//! Deals that are the same up to a renaming of the suits (applied to the board and dead cards
//! too) have the same result, so each is counted once: AS AH against any hand is 1,225 deals but
//! 469 different ones.

use std::collections::HashMap;

use cards_core::holdem::{Combo, Range};
use cards_core::{Card, CardSet, Suit};
use judge_io::Threads;

use crate::{Matchup, equity};

/// Each player's result over every joint deal and every board, weighted.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeEquity {
    /// How many joint deals there are (combos without a shared card, of weight above 0).
    pub deals: u64,
    /// How many of them were counted; the others were renamings of these.
    pub distinct_deals: u64,
    /// Each player's share of the pots won alone, from 0 to 1.
    pub wins: Vec<f64>,
    /// Each player's share of the pots split, from 0 to 1.
    pub ties: Vec<f64>,
    /// The first player's result with each of their combos that is dealt at all, in the range's
    /// order: the breakdown by hand.
    pub first_player_combos: Vec<ComboEquity>,
}

/// The first player's result when they hold one combo.
#[derive(Clone, Debug, PartialEq)]
pub struct ComboEquity {
    /// The combo, higher card first.
    pub combo: Combo,
    /// The combo's share of all the joint deals' weight: how often the first player holds it.
    pub share: f64,
    /// The share of the pots the first player wins alone with it, from 0 to 1.
    pub wins: f64,
    /// The share of the pots they split with it, from 0 to 1.
    pub ties: f64,
}

impl ComboEquity {
    /// The first player's equity with the combo, from 0 to 1.
    pub fn equity(&self) -> f64 {
        self.wins + self.ties
    }
}

impl RangeEquity {
    /// Player `player`'s equity: the share of all pots they win, from 0 to 1.
    pub fn equity(&self, player: usize) -> f64 {
        self.wins[player] + self.ties[player]
    }
}

/// Counts `ranges` (one per player) against each other on `board` with `dead` cards out of play,
/// each matchup on up to `threads` threads; `None` with fewer than two players, when no deal is
/// possible (every choice of combos shares a card) or when the deck cannot complete the board.
///
/// ```
/// use cards_core::holdem::Range;
/// use holdem_equity::range_equity;
/// use judge_io::Threads;
///
/// let ranges: Vec<Range> = ["QQ+,AKs", "JJ-88,AQs+"].map(|text| text.parse().unwrap()).to_vec();
/// let result = range_equity(&ranges, &[], &[], Threads::ONE).unwrap();
/// assert_eq!(format!("{:.4}", 100.0 * result.equity(0)), "73.4378");
/// ```
pub fn range_equity(
    ranges: &[Range],
    board: &[Card],
    dead: &[Card],
    threads: Threads,
) -> Option<RangeEquity> {
    let players = ranges.len();
    // The players' cards, the dead cards and a whole board must fit in the deck.
    if players < 2 || dead.len() + 2 * players + 5 > 52 {
        return None;
    }
    let mut total = Totals::new(players);
    // The first player's totals, by combo of their range.
    let first_range = ranges[0].combos();
    let mut by_first_combo: Vec<Totals> = first_range.iter().map(|_| Totals::new(1)).collect();
    let mut known: HashMap<Vec<Card>, (Vec<f64>, Vec<f64>)> = HashMap::new();
    let mut chosen = Vec::with_capacity(players);
    let taken: CardSet = board.iter().chain(dead).copied().collect();
    deal(ranges, taken, 1.0, &mut chosen, &mut |holes, weight| {
        let key = canonical(holes, board, dead);
        let (wins, ties) = known.entry(key).or_insert_with(|| {
            let matchup = Matchup {
                players: holes.to_vec(),
                board: board.to_vec(),
                dead: dead.to_vec(),
            };
            let counted = equity(&matchup, threads);
            let pots = counted.boards as f64;
            let denominator = (counted.boards * counted.tie_denominator) as f64;
            (
                counted
                    .wins
                    .iter()
                    .map(|&wins| wins as f64 / pots)
                    .collect(),
                counted
                    .tie_units
                    .iter()
                    .map(|&units| units as f64 / denominator)
                    .collect(),
            )
        });
        total.add(weight, wins, ties);
        // A range keeps its combos in order.
        let first = first_range
            .binary_search_by_key(&holes[0], |&(combo, _)| combo)
            .expect("the first combo comes from the first range");
        by_first_combo[first].add(weight, &wins[..1], &ties[..1]);
    });
    if total.deals == 0 {
        return None;
    }
    let first_player_combos = first_range
        .iter()
        .zip(&by_first_combo)
        .filter(|(_, totals)| totals.deals > 0)
        .map(|(&(combo, _), totals)| ComboEquity {
            combo,
            share: totals.weight / total.weight,
            wins: totals.wins[0] / totals.weight,
            ties: totals.ties[0] / totals.weight,
        })
        .collect();
    Some(RangeEquity {
        deals: total.deals,
        distinct_deals: known.len() as u64,
        wins: total.wins.iter().map(|&wins| wins / total.weight).collect(),
        ties: total.ties.iter().map(|&ties| ties / total.weight).collect(),
        first_player_combos,
    })
}

/// Running weighted sums over deals.
struct Totals {
    weight: f64,
    wins: Vec<f64>,
    ties: Vec<f64>,
    deals: u64,
}

impl Totals {
    fn new(players: usize) -> Totals {
        Totals {
            weight: 0.0,
            wins: vec![0.0; players],
            ties: vec![0.0; players],
            deals: 0,
        }
    }

    /// Adds a deal of `weight` whose players' win and tie shares are `wins` and `ties`.
    fn add(&mut self, weight: f64, wins: &[f64], ties: &[f64]) {
        self.weight += weight;
        self.deals += 1;
        for (total, wins) in self.wins.iter_mut().zip(wins) {
            *total += weight * wins;
        }
        for (total, ties) in self.ties.iter_mut().zip(ties) {
            *total += weight * ties;
        }
    }
}

/// Calls `visit(holes, weight)` for every choice of one combo per remaining range, added to
/// `chosen`, that shares no card with `taken` (the board, the dead cards and `chosen`).
fn deal(
    ranges: &[Range],
    taken: CardSet,
    weight: f64,
    chosen: &mut Vec<[Card; 2]>,
    visit: &mut impl FnMut(&[[Card; 2]], f64),
) {
    let Some((range, rest)) = ranges.split_first() else {
        visit(chosen, weight);
        return;
    };
    for &(combo, combo_weight) in range.combos() {
        // Both cards must be new to the deal.
        let mut now_taken = taken;
        if !(now_taken.insert(combo[0]) && now_taken.insert(combo[1])) {
            continue;
        }
        chosen.push(combo);
        deal(rest, now_taken, weight * combo_weight, chosen, visit);
        chosen.pop();
    }
}

/// The smallest renaming of the deal under the 24 permutations of the suits, as one list of
/// cards: each player's hole cards (higher first), then the board and the dead cards, each
/// sorted.
fn canonical(holes: &[[Card; 2]], board: &[Card], dead: &[Card]) -> Vec<Card> {
    let renamed = PERMUTATIONS.map(|permutation| {
        let rename =
            |card: Card| Card::new(card.rank(), Suit::ALL[permutation[card.suit() as usize]]);
        let mut key = Vec::with_capacity(2 * holes.len() + board.len() + dead.len());
        for hole in holes {
            let (a, b) = (rename(hole[0]), rename(hole[1]));
            key.extend([a.max(b), a.min(b)]);
        }
        for cards in [board, dead] {
            let start = key.len();
            key.extend(cards.iter().map(|&card| rename(card)));
            key[start..].sort_unstable();
        }
        key
    });
    renamed.into_iter().min().expect("24 permutations")
}

/// Every permutation of the four suits, as the new suit of each.
const PERMUTATIONS: [[usize; 4]; 24] = {
    let mut all = [[0; 4]; 24];
    let mut found = 0;
    let mut code = 0;
    while code < 256 {
        let p = [code & 3, code >> 2 & 3, code >> 4 & 3, code >> 6];
        let mut seen = 0u8;
        let mut index = 0;
        while index < 4 {
            seen |= 1 << p[index];
            index += 1;
        }
        if seen == 0b1111 {
            all[found] = p;
            found += 1;
        }
        code += 1;
    }
    all
};
