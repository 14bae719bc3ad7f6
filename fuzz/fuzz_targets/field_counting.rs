//! equity-core's count of a hand or range against a field of one range, board by board, held
//! to the deal-by-deal count's whole numbers (every player's, and the first player's combo by
//! combo): a first range of up to four combos with weights, a field of one to three players of
//! one range (up to a dozen combos, one weight), a flop, turn or river (before the flop, with
//! the smallest ranges), up to two dead cards, all taken from the bytes.
#![no_main]

use cards_core::holdem::Range;
use cards_core::{Card, CardSet};
use equity_core::{RangeMatchup, count_field_and_by_deal};
use libfuzzer_sys::fuzz_target;

/// A combo as the range grammar writes it, with a weight.
fn combo_text(cards: [Card; 2], weight: &str) -> String {
    let card = |card: Card| {
        format!(
            "{}{}",
            card.rank().to_char(),
            card.suit().to_char().to_ascii_lowercase()
        )
    };
    format!("{}{}{weight}", card(cards[0]), card(cards[1]))
}

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else {
        return;
    };
    let board_cards = [3, 4, 5, 0][usize::from(shape % 4)];
    let dead_cards = usize::from(shape / 4 % 3);
    let field = 1 + usize::from(shape / 12 % 3);
    // Fewer combos where there are more deals to walk (before the flop, few at all).
    let (first_most, field_most) = match (board_cards, field) {
        (0, _) => (1, 3),
        (_, 1) => (4, 12),
        (_, 2) => (3, 8),
        _ => (2, 5),
    };
    let mut bytes = rest.iter().copied();
    let mut next = || bytes.next();
    let mut known = CardSet::EMPTY;
    let mut fixed = Vec::new();
    while fixed.len() < board_cards + dead_cards {
        let Some(byte) = next() else { return };
        let card = Card::ALL[usize::from(byte) % Card::COUNT];
        if known.insert(card) {
            fixed.push(card);
        }
    }
    let (Some(first_size), Some(field_size), Some(field_weight)) = (next(), next(), next()) else {
        return;
    };
    let first_size = 1 + usize::from(first_size) % first_most;
    let field_size = 1 + usize::from(field_size) % field_most;
    let field_weight = ["", ":0.5"][usize::from(field_weight % 2)];
    let mut ranges = Vec::new();
    for (size, fixed_weight) in [(first_size, None), (field_size, Some(field_weight))] {
        let mut combos = Vec::new();
        while combos.len() < size {
            let (Some(a), Some(b), Some(weight)) = (next(), next(), next()) else {
                return;
            };
            let (a, b) = (
                Card::ALL[usize::from(a) % 52],
                Card::ALL[usize::from(b) % 52],
            );
            if a != b {
                let weight = fixed_weight.unwrap_or(["", ":0.5", ":0.25"][usize::from(weight % 3)]);
                combos.push(combo_text([a.max(b), a.min(b)], weight));
            }
        }
        ranges.push(combos.join(", "));
    }
    let field_range: Range = ranges[1].parse().expect("combos");
    let matchup = RangeMatchup {
        ranges: std::iter::once(ranges[0].parse().expect("combos"))
            .chain(std::iter::repeat_n(field_range, field))
            .collect(),
        board: fixed[..board_cards].to_vec(),
        dead: fixed[board_cards..].to_vec(),
    };
    let Some(counted) = count_field_and_by_deal(&matchup) else {
        return;
    };
    let [by_field, by_deal] = counted.expect("small ranges: never too large, never cancelled");
    assert_eq!(by_field, by_deal, "{ranges:?} on {:?}", matchup.board);
});
