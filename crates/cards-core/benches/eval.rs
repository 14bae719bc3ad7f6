//! Seven-card evaluation throughput, raced against `rs_poker` 5.0.0 on the same hands.
//!
//! Three measures, each for both evaluators:
//! * `from_cards`: random seven-card hands given as seven cards (build the hand, evaluate);
//! * `prebuilt`: the same hands already built, evaluation only;
//! * `enumerate_all`: all 133,784,560 hands in order, adding one card (or one precomputed pair)
//!   per hand: with `for_each_hand`, with plain nested loops, and with `rs_poker`'s accumulator
//!   in the same nested loops.
//!
//! Run with `cargo bench -p cards-core --bench eval`.

use std::hint::black_box;
use std::time::Duration;

use cards_core::holdem::for_each_hand;
use cards_core::{Card, CardSet, Hand, HandValue};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rs_poker::core::{
    Card as RsCard, Rank, Rankable, SevenCardAccum, Suit as RsSuit, Value as RsValue,
};
use seeded_rng::SeededRng;

/// Random hands per measurement: enough that the flush branch and the table lookups stay
/// unpredictable, few enough that the hands themselves stay in cache, so the measure is the
/// evaluator rather than memory bandwidth.
const HANDS: usize = 1 << 12;

fn random_hands() -> Vec<[Card; 7]> {
    let mut rng = SeededRng::new(0xBE7C);
    let mut deck = Card::ALL;
    (0..HANDS)
        .map(|_| {
            rng.shuffle(&mut deck);
            deck[..7].try_into().unwrap()
        })
        .collect()
}

fn to_rs_poker(card: Card) -> RsCard {
    let text = card.to_string();
    let mut characters = text.chars();
    let value = RsValue::from_char(characters.next().unwrap()).unwrap();
    let suit = RsSuit::from_char(characters.next().unwrap().to_ascii_lowercase()).unwrap();
    RsCard::new(value, suit)
}

fn from_cards(c: &mut Criterion) {
    let hands = random_hands();
    let rs_hands: Vec<[RsCard; 7]> = hands.iter().map(|hand| hand.map(to_rs_poker)).collect();
    let mut group = c.benchmark_group("seven_from_cards");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.bench_function("cards_core", |b| {
        b.iter(|| {
            let mut best = HandValue::LOWEST;
            for cards in black_box(&hands) {
                best = best.max(Hand::from_cards(cards).evaluate());
            }
            best
        })
    });
    group.bench_function("rs_poker", |b| {
        b.iter(|| {
            let mut best = Rank::HIGH_CARD_MIN;
            for cards in black_box(&rs_hands) {
                best = best.max(cards[..].rank());
            }
            best
        })
    });
    group.finish();
}

fn prebuilt(c: &mut Criterion) {
    let hands = random_hands();
    let built: Vec<Hand> = hands.iter().map(|cards| Hand::from_cards(cards)).collect();
    let rs_built: Vec<SevenCardAccum> = hands
        .iter()
        .map(|cards| {
            let mut accumulator = SevenCardAccum::new();
            for &card in cards {
                accumulator.add(to_rs_poker(card));
            }
            accumulator
        })
        .collect();
    let mut group = c.benchmark_group("seven_prebuilt");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.bench_function("cards_core", |b| {
        b.iter(|| {
            let mut best = HandValue::LOWEST;
            for hand in black_box(&built) {
                best = best.max(hand.evaluate());
            }
            best
        })
    });
    group.bench_function("rs_poker", |b| {
        b.iter(|| {
            let mut best = Rank::HIGH_CARD_MIN;
            for hand in black_box(&rs_built) {
                best = best.max(hand.rank());
            }
            best
        })
    });
    group.finish();
}

fn enumerate_all(c: &mut Criterion) {
    let mut group = c.benchmark_group("seven_enumerate_all");
    group.throughput(Throughput::Elements(133_784_560));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("cards_core", |b| {
        b.iter(|| {
            let mut best = HandValue::LOWEST;
            for_each_hand(Hand::EMPTY, black_box(CardSet::FULL), 7, |hand| {
                best = best.max(hand.evaluate());
            });
            best
        })
    });
    group.bench_function("cards_core_nested_loops", |b| {
        b.iter(|| best_of_all_cards_core(black_box(&Card::ALL)))
    });
    let rs_deck: Vec<RsCard> = (0u8..52).map(RsCard::from).collect();
    group.bench_function("rs_poker", |b| {
        b.iter(|| best_of_all_rs_poker(black_box(&rs_deck)))
    });
    group.finish();
}

fn best_of_all_cards_core(deck: &[Card; 52]) -> HandValue {
    let mut best = (Hand::EMPTY + deck[0] + deck[1] + deck[2] + deck[3] + deck[4]).evaluate();
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

fn best_of_all_rs_poker(deck: &[RsCard]) -> Rank {
    let mut best = deck[..5].rank();
    let n = deck.len();
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

criterion_group!(benches, from_cards, prebuilt, enumerate_all);
criterion_main!(benches);
