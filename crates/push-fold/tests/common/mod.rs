//! What the table tests share: plain enumeration of every board.

use cards_core::holdem::Hand;
use cards_core::{Card, CardSet};

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
