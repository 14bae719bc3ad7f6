//! What both seven-card benchmarks measure: the same random hands for both evaluators, and the
//! same loops, so criterion's figures and the interleaved race's ratios describe one thing.

#![allow(dead_code)] // each benchmark uses its own subset

use std::hint::black_box;

use cards_core::holdem::for_each_hand;
use cards_core::{Card, CardSet, Hand, HandValue};
use rs_poker::core::{
    Card as RsCard, Rank, Rankable, SevenCardAccum, Suit as RsSuit, Value as RsValue,
};
use seeded_rng::SeededRng;

/// Random hands per measurement: enough that the flush branch and the table lookups stay
/// unpredictable, few enough that the hands themselves stay in cache, so the measure is the
/// evaluator rather than memory bandwidth.
pub const HANDS: usize = 1 << 12;

/// Every seven-card hand.
pub const ALL_SEVEN_CARD_HANDS: u64 = 133_784_560;

/// The random hands, as seven cards each.
pub fn random_hands() -> Vec<[Card; 7]> {
    let mut rng = SeededRng::new(0xBE7C);
    let mut deck = Card::ALL;
    (0..HANDS)
        .map(|_| {
            rng.shuffle(&mut deck);
            deck[..7].try_into().unwrap()
        })
        .collect()
}

/// The same card in `rs_poker`'s type.
pub fn to_rs_poker(card: Card) -> RsCard {
    let text = card.to_string();
    let mut characters = text.chars();
    let value = RsValue::from_char(characters.next().unwrap()).unwrap();
    let suit = RsSuit::from_char(characters.next().unwrap().to_ascii_lowercase()).unwrap();
    RsCard::new(value, suit)
}

/// `rs_poker`'s accumulator of the same cards.
pub fn rs_poker_hand(cards: &[RsCard; 7]) -> SevenCardAccum {
    let mut accumulator = SevenCardAccum::new();
    for &card in cards {
        accumulator.add(card);
    }
    accumulator
}

#[inline(never)]
pub fn best_from_cards(hands: &[[Card; 7]]) -> HandValue {
    let mut best = HandValue::LOWEST;
    for cards in black_box(hands) {
        best = best.max(Hand::from_cards(cards).evaluate());
    }
    best
}

#[inline(never)]
pub fn best_from_ids(hands: &[[u8; 7]]) -> HandValue {
    let mut best = HandValue::LOWEST;
    for ids in black_box(hands) {
        best = best.max(Hand::from_ids(ids).evaluate());
    }
    best
}

#[inline(never)]
pub fn best_from_rs_cards(hands: &[[RsCard; 7]]) -> Rank {
    let mut best = Rank::HIGH_CARD_MIN;
    for cards in black_box(hands) {
        best = best.max(cards[..].rank());
    }
    best
}

#[inline(never)]
pub fn best_prebuilt(hands: &[Hand]) -> HandValue {
    let mut best = HandValue::LOWEST;
    for hand in black_box(hands) {
        best = best.max(hand.evaluate());
    }
    best
}

#[inline(never)]
pub fn best_rs_prebuilt(hands: &[SevenCardAccum]) -> Rank {
    let mut best = Rank::HIGH_CARD_MIN;
    for hand in black_box(hands) {
        best = best.max(hand.rank());
    }
    best
}

/// Every seven-card hand through `for_each_hand`.
#[inline(never)]
pub fn best_of_all_hands() -> HandValue {
    let mut best = HandValue::LOWEST;
    for_each_hand(Hand::EMPTY, black_box(CardSet::FULL), 7, |hand| {
        best = best.max(hand.evaluate());
    });
    best
}

/// Every seven-card hand in plain nested loops, one card added per hand.
#[inline(never)]
pub fn best_of_all_hands_nested(deck: &[Card; 52]) -> HandValue {
    let deck = black_box(deck);
    let mut best = HandValue::LOWEST;
    for a in 0..52 {
        let h1 = Hand::EMPTY + deck[a];
        for b in a + 1..52 {
            let h2 = h1 + deck[b];
            for c in b + 1..52 {
                let h3 = h2 + deck[c];
                for d in c + 1..52 {
                    let h4 = h3 + deck[d];
                    for e in d + 1..52 {
                        let h5 = h4 + deck[e];
                        for f in e + 1..52 {
                            let h6 = h5 + deck[f];
                            for &card in &deck[f + 1..] {
                                best = best.max((h6 + card).evaluate());
                            }
                        }
                    }
                }
            }
        }
    }
    best
}

/// Every seven-card hand through `rs_poker`'s accumulator, in the same nested loops.
#[inline(never)]
pub fn best_of_all_rs_hands(deck: &[RsCard]) -> Rank {
    let deck = black_box(deck);
    let n = deck.len();
    let mut best = Rank::HIGH_CARD_MIN;
    for a in 0..n {
        let mut h1 = SevenCardAccum::new();
        h1.add(deck[a]);
        for b in a + 1..n {
            let h2 = h1 + deck[b];
            for c in b + 1..n {
                let h3 = h2 + deck[c];
                for d in c + 1..n {
                    let h4 = h3 + deck[d];
                    for e in d + 1..n {
                        let h5 = h4 + deck[e];
                        for f in e + 1..n {
                            let h6 = h5 + deck[f];
                            for &card in &deck[f + 1..] {
                                best = best.max((h6 + card).rank());
                            }
                        }
                    }
                }
            }
        }
    }
    best
}

/// `rs_poker`'s deck in its own order.
pub fn rs_poker_deck() -> Vec<RsCard> {
    (0u8..52).map(RsCard::from).collect()
}
