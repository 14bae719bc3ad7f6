//! An interleaved race against `rs_poker` 5.0.0 on the same hands, for honest ratios on a
//! noisy machine.
//!
//! Criterion measures one function after another, so a machine that speeds up or slows down
//! between them skews the comparison. Here the two evaluators alternate in short bursts and
//! the median of the per-burst time ratios is reported, next to the median times.
//!
//! Run with `cargo bench -p cards-core --bench race`.

use std::hint::black_box;
use std::time::Instant;

use cards_core::holdem::for_each_hand;
use cards_core::{Card, CardSet, Hand, HandValue};
use rs_poker::core::{
    Card as RsCard, Rank, Rankable, SevenCardAccum, Suit as RsSuit, Value as RsValue,
};
use seeded_rng::SeededRng;

/// The same number of random hands as the criterion benchmark `eval`.
const HANDS: usize = 1 << 12;
/// Bursts per measure; each burst times both evaluators once.
const BURSTS: usize = 101;
const ALL_SEVEN_CARD_HANDS: usize = 133_784_560;

fn main() {
    let mut rng = SeededRng::new(0xBE7C);
    let mut deck = Card::ALL;
    let hands: Vec<[Card; 7]> = (0..HANDS)
        .map(|_| {
            rng.shuffle(&mut deck);
            deck[..7].try_into().unwrap()
        })
        .collect();
    let rs_hands: Vec<[RsCard; 7]> = hands.iter().map(|hand| hand.map(to_rs_poker)).collect();
    let built: Vec<Hand> = hands.iter().map(|cards| Hand::from_cards(cards)).collect();
    let rs_built: Vec<SevenCardAccum> = rs_hands
        .iter()
        .map(|cards| {
            let mut accumulator = SevenCardAccum::new();
            cards.iter().for_each(|&card| accumulator.add(card));
            accumulator
        })
        .collect();

    println!(
        "{:<14} {:>12} {:>12} {:>18}",
        "measure", "cards_core", "rs_poker", "time ratio"
    );
    let repeats = (1 << 22) / HANDS;
    race("from cards", BURSTS, repeats * HANDS, || {
        (
            time(|| repeat(repeats, || best_from_cards(&hands))),
            time(|| repeat(repeats, || best_from_rs_cards(&rs_hands))),
        )
    });
    race("prebuilt", BURSTS, repeats * HANDS, || {
        (
            time(|| repeat(repeats, || best_prebuilt(&built))),
            time(|| repeat(repeats, || best_rs_prebuilt(&rs_built))),
        )
    });
    let rs_deck: Vec<RsCard> = (0u8..52).map(RsCard::from).collect();
    race("enumerate all", 7, ALL_SEVEN_CARD_HANDS, || {
        (
            time(best_of_all_hands),
            time(|| best_of_all_rs_hands(&rs_deck)),
        )
    });
}

/// Runs `bursts` bursts of `burst` (which returns the two evaluators' times in seconds for
/// `evaluations` hands each) and prints the medians.
fn race(name: &str, bursts: usize, evaluations: usize, mut burst: impl FnMut() -> (f64, f64)) {
    let (mut ours, mut theirs, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..bursts {
        let (our_time, their_time) = burst();
        ours.push(our_time);
        theirs.push(their_time);
        ratios.push(our_time / their_time);
    }
    let per_second = |time: f64| format!("{:.0} M/s", evaluations as f64 / time / 1e6);
    println!(
        "{name:<14} {:>12} {:>12} {:>18}",
        per_second(median(ours)),
        per_second(median(theirs)),
        format!("{:.3} (ours/theirs)", median(ratios))
    );
}

fn time<T>(work: impl FnOnce() -> T) -> f64 {
    let start = Instant::now();
    black_box(work());
    start.elapsed().as_secs_f64()
}

fn repeat<T>(times: usize, mut work: impl FnMut() -> T) {
    for _ in 0..times {
        black_box(work());
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

#[inline(never)]
fn best_from_cards(hands: &[[Card; 7]]) -> HandValue {
    let mut best = HandValue::LOWEST;
    for cards in black_box(hands) {
        best = best.max(Hand::from_cards(cards).evaluate());
    }
    best
}

#[inline(never)]
fn best_from_rs_cards(hands: &[[RsCard; 7]]) -> Rank {
    let mut best = Rank::HIGH_CARD_MIN;
    for cards in black_box(hands) {
        best = best.max(cards[..].rank());
    }
    best
}

#[inline(never)]
fn best_prebuilt(hands: &[Hand]) -> HandValue {
    let mut best = HandValue::LOWEST;
    for hand in black_box(hands) {
        best = best.max(hand.evaluate());
    }
    best
}

#[inline(never)]
fn best_rs_prebuilt(hands: &[SevenCardAccum]) -> Rank {
    let mut best = Rank::HIGH_CARD_MIN;
    for hand in black_box(hands) {
        best = best.max(hand.rank());
    }
    best
}

#[inline(never)]
fn best_of_all_hands() -> HandValue {
    let mut best = HandValue::LOWEST;
    for_each_hand(Hand::EMPTY, black_box(CardSet::FULL), 7, |hand| {
        best = best.max(hand.evaluate());
    });
    best
}

#[inline(never)]
fn best_of_all_rs_hands(deck: &[RsCard]) -> Rank {
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

fn to_rs_poker(card: Card) -> RsCard {
    let text = card.to_string();
    let mut characters = text.chars();
    let value = RsValue::from_char(characters.next().unwrap()).unwrap();
    let suit = RsSuit::from_char(characters.next().unwrap().to_ascii_lowercase()).unwrap();
    RsCard::new(value, suit)
}
