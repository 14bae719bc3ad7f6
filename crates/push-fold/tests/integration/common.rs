//! What the table tests share: the range count of some hands, and plain enumeration of every
//! board.

use cards_core::holdem::{Hand, HandClass};
use cards_core::{Card, CardSet};
use equity_core::{RangeMatchup, Silent, Threads, WeightedCounts, exact_counts};

/// What `holdem-equity ranges` counts for these hands, each as a range of its combos: the
/// deals' counts (all of one weight) and the denominator of split pots.
pub fn range_counts(hands: &[HandClass]) -> (WeightedCounts, u64) {
    let matchup = RangeMatchup {
        ranges: hands
            .iter()
            .map(|class| class.to_string().parse().unwrap())
            .collect(),
        board: Vec::new(),
        dead: Vec::new(),
    };
    let counts = exact_counts(&matchup, Threads::available(), &Silent).unwrap();
    let [weighted] = counts.by_weight.as_slice() else {
        panic!("one weight")
    };
    (weighted.clone(), counts.tie_denominator)
}

/// Calls `count` with each hole's value on every board of five cards the holes leave, dealt one
/// by one.
pub fn for_every_board<const N: usize>(
    holes: [[Card; 2]; N],
    mut count: impl FnMut([cards_core::HandValue; N]),
) {
    let used: CardSet = holes.iter().flatten().copied().collect();
    let deck: Vec<Card> = Card::ALL
        .into_iter()
        .filter(|&card| !used.contains(card))
        .collect();
    let bases = holes.map(|hole| Hand::from_cards(&hole));
    let mut board = [0, 1, 2, 3, 4];
    loop {
        let cards = Hand::from_cards(&board.map(|at| deck[at]));
        count(bases.map(|base| base.combine(cards).evaluate()));
        // The next five positions in increasing order, or the end.
        let Some(place) = (0..5)
            .rev()
            .find(|&place| board[place] < deck.len() - 5 + place)
        else {
            return;
        };
        board[place] += 1;
        for next in place + 1..5 {
            board[next] = board[next - 1] + 1;
        }
    }
}
