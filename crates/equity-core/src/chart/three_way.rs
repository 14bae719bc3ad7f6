//! Every three starting hands all in together, exactly: for each joint deal of a combo of each
//! without a shared card, how often each order of the three hands comes at showdown, ties
//! included, over every board. Side pots need the whole order, not only who wins: the second
//! best hand wins the side pot the best cannot cover.
//!
//! The hands are taken in the grid's order (first ≤ second ≤ third). One combo of the first is
//! counted, as the chart does: every combo of a class is a renaming of the suits of another,
//! which the other two classes' combos follow. Deals that a renaming keeping that combo turns
//! into each other are counted once.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};

use cards_core::holdem::{Combo, HandClass};
use cards_core::{Card, CardSet, Hand, HandCategory, HandValue};
use work_threads::{Threads, map_on_threads};

use crate::error::EquityError;
use crate::matchup::by_ranks::RankCounting;
use crate::progress::Progress;
use crate::ranges::suits::{RENAMINGS, Renaming, rename_combo};

/// Boards of five cards from the 46 that three hands leave.
const BOARDS_PER_DEAL: u64 = 1_370_754;

/// The 13 orders of three hands at showdown, ties included, as each player's place: 1 for the
/// best hand, and a hand's place is one more than the hands strictly better (two hands tied
/// first both take 1, and the third 3). [`ClassTriple::orders`] counts them in this order.
pub const SHOWDOWN_ORDERS: [[u8; 3]; 13] = [
    [1, 1, 1],
    [1, 1, 3],
    [1, 3, 1],
    [3, 1, 1],
    [1, 2, 2],
    [2, 1, 2],
    [2, 2, 1],
    [1, 2, 3],
    [1, 3, 2],
    [2, 1, 3],
    [3, 1, 2],
    [2, 3, 1],
    [3, 2, 1],
];

/// The index in [`SHOWDOWN_ORDERS`] of each order, by the hands strictly better than each
/// player's (`9 a + 3 b + c`); orders no three hands can be in are never looked up.
const ORDER_INDEX: [u8; 27] = {
    let mut index = [u8::MAX; 27];
    let mut order: u8 = 0;
    while order < 13 {
        let [a, b, c] = SHOWDOWN_ORDERS[order as usize];
        index[9 * (a as usize - 1) + 3 * (b as usize - 1) + (c as usize - 1)] = order;
        order += 1;
    }
    index
};

/// The order of three hands' values, as an index in [`SHOWDOWN_ORDERS`].
fn order_of([a, b, c]: [HandValue; 3]) -> usize {
    let better =
        |value: HandValue| usize::from(a > value) + usize::from(b > value) + usize::from(c > value);
    usize::from(ORDER_INDEX[9 * better(a) + 3 * better(b) + better(c)])
}

/// Three starting hands all in together: whole numbers over every joint deal of a combo of each
/// without a shared card, and every board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ClassTriple {
    /// How many joint deals there are.
    pub deals: u64,
    /// Boards on which the hands come in each order of [`SHOWDOWN_ORDERS`], over those deals.
    pub orders: [u64; 13],
}

impl ClassTriple {
    /// How many boards each joint deal is counted over: C(46, 5).
    pub const BOARDS_PER_DEAL: u64 = BOARDS_PER_DEAL;
}

/// Each order's boards for one deal of three hands before the flop.
fn order_counts(holes: [Combo; 3]) -> [u64; 13] {
    let taken: CardSet = holes.iter().flatten().copied().collect();
    let available: Vec<Card> = Card::ALL
        .into_iter()
        .filter(|&card| !taken.contains(card))
        .collect();
    // Before the flop no board can give flushes in two suits to three hands (a suited hand
    // needs three more of its suit, so two suits would need six cards): the ranks count it.
    let counting = RankCounting::new(&holes, &[], &available, 5)
        .expect("three hands before the flop are counted by ranks");
    let bases = holes.map(|hole| Hand::from_cards(&hole));
    let mut orders = [0; 13];
    counting.for_each_group(&bases, |values, lone_flush, boards| {
        let mut values = [values[0], values[1], values[2]];
        if lone_flush != 0 {
            // Any flush beats the others' hands: the lowest places it as well as its own.
            values[lone_flush.trailing_zeros() as usize] = HandCategory::Flush.lowest_value();
        }
        orders[order_of(values)] += boards;
    });
    orders
}

/// `first` with `second` and each class from `second` on, in the grid's order (the classes from
/// `second`'s place in [`HandClass::all`] to the last), all in together, exactly; `first` must
/// not come after `second` in the grid. The hands are the players in that order. Half a second
/// on one thread on average, up to about two (all 14,365 parts: about 2 core-hours).
/// `progress` hears the share of the deals counted, and can stop it.
pub fn class_triples(
    first: HandClass,
    second: HandClass,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Vec<ClassTriple>, EquityError> {
    let classes: Vec<HandClass> = HandClass::all().collect();
    let place = |class: HandClass| classes.iter().position(|&c| c == class).expect("a class");
    assert!(
        place(first) <= place(second),
        "{first} comes after {second} in the grid"
    );
    let combo = first.combos().next().expect("a class has combos");
    let taken: CardSet = combo.into_iter().collect();
    // The renamings of the suits that keep the first hand's combo.
    let keeping: Vec<Renaming> = RENAMINGS
        .into_iter()
        .filter(|&renaming| {
            let mut kept = rename_combo(combo, renaming);
            kept.sort_unstable();
            let mut combo = combo;
            combo.sort_unstable();
            kept == combo
        })
        .collect();
    let free = |hole: &Combo| !hole.iter().any(|&card| taken.contains(card));
    let seconds: Vec<Combo> = second.combos().filter(free).collect();
    // Each deal's place among the distinct ones, and the third hand's class (from 0 for `second`).
    let mut distinct: Vec<[Combo; 2]> = Vec::new();
    let mut places: HashMap<[Combo; 2], usize> = HashMap::new();
    let mut uses: Vec<(usize, usize)> = Vec::new();
    for (column, &third) in classes[place(second)..].iter().enumerate() {
        for &x in &seconds {
            for y in third.combos().filter(free) {
                if y.iter().any(|card| x.contains(card)) {
                    continue;
                }
                let key = keeping
                    .iter()
                    .map(|&renaming| [rename_combo(x, renaming), rename_combo(y, renaming)])
                    .min()
                    .expect("the identity keeps the combo");
                let next = distinct.len();
                let deal = *places.entry(key).or_insert(next);
                if deal == next {
                    distinct.push(key);
                }
                uses.push((deal, column));
            }
        }
    }
    let done = AtomicUsize::new(0);
    let counted: Vec<[u64; 13]> = map_on_threads(distinct.len(), threads, |index| {
        if progress.is_cancelled() {
            return Err(EquityError::Cancelled);
        }
        let [x, y] = distinct[index];
        let orders = order_counts([combo, x, y]);
        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress.report(finished as f64 / distinct.len() as f64);
        Ok(orders)
    })
    .into_iter()
    .collect::<Result<_, _>>()?;
    let mut triples = vec![ClassTriple::default(); classes.len() - place(second)];
    for (deal, column) in uses {
        let triple = &mut triples[column];
        triple.deals += 1;
        for (total, boards) in triple.orders.iter_mut().zip(counted[deal]) {
            *total += boards;
        }
    }
    // Every combo of the first class counts as the one counted.
    let combos = first.combo_count() as u64;
    for triple in &mut triples {
        triple.deals *= combos;
        for total in &mut triple.orders {
            *total *= combos;
        }
    }
    Ok(triples)
}

#[cfg(test)]
mod tests {
    use cards_core::holdem::HandClass;
    use cards_core::{Card, CardSet, Hand};
    use seeded_rng::SeededRng;
    use work_threads::Threads;

    use super::{
        BOARDS_PER_DEAL, ClassTriple, SHOWDOWN_ORDERS, class_triples, order_counts, order_of,
    };
    use crate::progress::Silent;

    /// A part's entries are every deal of a combo of each hand counted one by one: one combo of
    /// the first hand with renamings counted once and scaled gives the same whole numbers.
    #[test]
    fn a_part_is_every_deal_counted() {
        let all: Vec<HandClass> = HandClass::all().collect();
        let named = |text: &str| *all.iter().find(|class| class.to_string() == text).unwrap();
        for (first, second, thirds) in [
            // Parts from the grid's last rows are short: a suited first and second with an
            // offsuit, a pair and the same class third, and three pairs of one rank.
            ("AKs", "32s", &["32s", "72o", "22"][..]),
            ("22", "22", &["22"]),
        ] {
            let (first, second) = (named(first), named(second));
            let part = class_triples(first, second, Threads::new(2).unwrap(), &Silent).unwrap();
            let from = all.iter().position(|&class| class == second).unwrap();
            assert_eq!(part.len(), 169 - from);
            for third in thirds.iter().map(|third| named(third)) {
                let mut every = ClassTriple::default();
                for a in first.combos() {
                    for b in second.combos() {
                        for c in third.combos() {
                            let cards: CardSet = [a, b, c].iter().flatten().copied().collect();
                            if cards.len() == 6 {
                                every.deals += 1;
                                for (total, boards) in
                                    every.orders.iter_mut().zip(order_counts([a, b, c]))
                                {
                                    *total += boards;
                                }
                            }
                        }
                    }
                }
                let at = all.iter().position(|&class| class == third).unwrap() - from;
                assert_eq!(part[at], every, "{first} {second} {third}");
            }
        }
    }

    /// Every order of three values, by sorting: each comes out as its places say.
    #[test]
    fn orders_are_the_places_of_the_values() {
        let values = ["7C 5D 4H 3S 2C", "7C 6D 4H 3S 2C", "8C 5D 4H 3S 2C"].map(|cards| {
            let cards: Vec<Card> = cards.split(' ').map(|card| card.parse().unwrap()).collect();
            Hand::from_cards(&cards).evaluate()
        });
        for a in values {
            for b in values {
                for c in values {
                    let places = [a, b, c].map(|value| {
                        1 + [a, b, c]
                            .map(|other| u8::from(other > value))
                            .iter()
                            .sum::<u8>()
                    });
                    assert_eq!(SHOWDOWN_ORDERS[order_of([a, b, c])], places);
                }
            }
        }
    }

    /// Seeded random deals of three hands, every board dealt and valued: the counts by ranks
    /// are the same, order by order.
    #[test]
    fn order_counts_match_every_board_dealt() {
        let card = |text: &str| -> Card { text.parse().unwrap() };
        let mut rng = SeededRng::new(43);
        let mut deck = Card::ALL;
        // Flushes for two players in one suit, and for two players in two suits; then random.
        let mut deals = vec![
            [["AH", "KH"], ["QH", "JH"], ["2C", "2D"]].map(|hole| hole.map(card)),
            [["AH", "KH"], ["QS", "JS"], ["TH", "TS"]].map(|hole| hole.map(card)),
        ];
        for _ in 0..3 {
            rng.shuffle(&mut deck);
            deals.push([[deck[0], deck[1]], [deck[2], deck[3]], [deck[4], deck[5]]]);
        }
        for holes in deals {
            let taken: Vec<Card> = holes.iter().flatten().copied().collect();
            let rest: Vec<Card> = Card::ALL
                .into_iter()
                .filter(|card| !taken.contains(card))
                .collect();
            let mut dealt = [0u64; 13];
            let bases = holes.map(|hole| Hand::from_cards(&hole));
            for a in 0..rest.len() {
                for b in a + 1..rest.len() {
                    for c in b + 1..rest.len() {
                        for d in c + 1..rest.len() {
                            for e in d + 1..rest.len() {
                                let board = Hand::from_cards(&[
                                    rest[a], rest[b], rest[c], rest[d], rest[e],
                                ]);
                                let values = bases.map(|base| base.combine(board).evaluate());
                                dealt[order_of(values)] += 1;
                            }
                        }
                    }
                }
            }
            assert_eq!(dealt.iter().sum::<u64>(), BOARDS_PER_DEAL);
            assert_eq!(order_counts(holes), dealt, "{holes:?}");
        }
    }
}
