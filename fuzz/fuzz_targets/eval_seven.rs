//! The table-driven evaluator against the slow reference: for two hands of five to seven distinct
//! cards, the category and the order of the two values agree with the best of every five-card
//! subset scored by `cards_core::reference`; the hands built from card ids are the same.
#![no_main]

use cards_core::reference::{ReferenceValue, evaluate_five, for_each_five};
use cards_core::{Card, Hand};
use libfuzzer_sys::fuzz_target;

/// Up to `size` distinct cards from the bytes, each byte taken modulo 52.
fn cards(bytes: &[u8], size: usize) -> Vec<Card> {
    let mut cards: Vec<Card> = Vec::new();
    for &byte in bytes {
        let card = Card::ALL[usize::from(byte) % Card::COUNT];
        if !cards.contains(&card) && cards.len() < size {
            cards.push(card);
        }
    }
    cards
}

fn reference(cards: &[Card]) -> ReferenceValue {
    let mut best = None;
    for_each_five(cards.len(), |chosen| {
        let five = chosen.map(|index| cards[index]);
        let flush = five.iter().all(|card| card.suit() == five[0].suit());
        let value = evaluate_five(five.map(|card| card.rank() as u8), flush);
        if best.is_none_or(|best| value > best) {
            best = Some(value);
        }
    });
    best.expect("five or more cards")
}

fuzz_target!(|data: &[u8]| {
    let Some((&sizes, rest)) = data.split_first() else {
        return;
    };
    let (first, second) = rest.split_at(rest.len() / 2);
    let first = cards(first, 5 + usize::from(sizes % 3));
    let second = cards(second, 5 + usize::from(sizes / 3 % 3));
    if first.len() < 5 || second.len() < 5 {
        return;
    }
    let values = [&first, &second].map(|cards| Hand::from_cards(cards).evaluate());
    // The same cards as ids make the same hands.
    for cards in [&first, &second] {
        let ids: Vec<u8> = cards.iter().map(|card| card.id()).collect();
        assert_eq!(Hand::from_ids(&ids), Hand::from_cards(cards), "{cards:?}");
    }
    let references = [&first, &second].map(|cards| reference(cards));
    for (value, reference) in values.iter().zip(&references) {
        assert_eq!(
            value.category() as u8,
            reference.category,
            "{first:?} {second:?}"
        );
    }
    assert_eq!(
        values[0].cmp(&values[1]),
        references[0].cmp(&references[1]),
        "{first:?} {second:?}"
    );
});
