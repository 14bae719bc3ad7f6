//! The table evaluator against an oracle written here from the ranking table of the problem
//! pages: every five-card hand, many random six- and seven-card hands, and, in a slow test run
//! with `cargo test -- --ignored`, all 133,784,560 seven-card hands against the known category
//! counts.

use std::collections::HashMap;
use std::sync::OnceLock;

use cards_core::holdem::for_each_hand;
use cards_core::{Card, CardSet, Hand, HandCategory, HandValue};
use seeded_rng::SeededRng;

/// A hand's value as the spec's table states it: the category (0 high card ... 9 royal flush)
/// and the ranks compared left to right, one per group of equal ranks.
type OracleValue = (u8, Vec<u8>);

fn oracle_five(cards: [Card; 5]) -> OracleValue {
    let flush = cards.iter().all(|card| card.suit() == cards[0].suit());
    let mut counts = [0u8; 13];
    for card in cards {
        counts[card.rank() as usize] += 1;
    }
    // Groups as (size, rank), biggest first, then highest rank first.
    let mut groups: Vec<(u8, u8)> = (0..13u8)
        .rev()
        .filter(|&rank| counts[rank as usize] > 0)
        .map(|rank| (counts[rank as usize], rank))
        .collect();
    groups.sort_by_key(|group| std::cmp::Reverse(group.0));
    let sizes: Vec<u8> = groups.iter().map(|group| group.0).collect();
    let ranks: Vec<u8> = groups.iter().map(|group| group.1).collect();
    let straight_top = if sizes.len() == 5 && ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if ranks == [12, 3, 2, 1, 0] {
        Some(3)
    } else {
        None
    };
    match (straight_top, flush) {
        (Some(12), true) => return (9, vec![]),
        (Some(top), true) => return (8, vec![top]),
        _ => {}
    }
    match sizes.as_slice() {
        [4, 1] => (7, ranks),
        [3, 2] => (6, ranks),
        _ if flush => (5, ranks),
        _ if straight_top.is_some() => (4, vec![straight_top.unwrap()]),
        [3, 1, 1] => (3, ranks),
        [2, 2, 1] => (2, ranks),
        [2, 1, 1, 1] => (1, ranks),
        _ => (0, ranks),
    }
}

fn oracle_best(cards: &[Card]) -> OracleValue {
    let mut best: Option<OracleValue> = None;
    let n = cards.len();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let value = oracle_five([cards[a], cards[b], cards[c], cards[d], cards[e]]);
                        if best.as_ref().is_none_or(|best| value > *best) {
                            best = Some(value);
                        }
                    }
                }
            }
        }
    }
    best.unwrap()
}

/// Every five-card hand's oracle value and table value, plus the category counts, computed
/// once for the tests that need them.
struct FiveCardSurvey {
    value_of: HashMap<OracleValue, HandValue>,
    category_counts: [u64; 10],
}

fn five_card_survey() -> &'static FiveCardSurvey {
    static SURVEY: OnceLock<FiveCardSurvey> = OnceLock::new();
    SURVEY.get_or_init(|| {
        let mut value_of: HashMap<OracleValue, HandValue> = HashMap::new();
        let mut category_counts = [0u64; 10];
        let deck = Card::ALL;
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            let cards = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                            let value = Hand::from_cards(&cards).evaluate();
                            let oracle = oracle_five(cards);
                            assert_eq!(value.category() as u8, oracle.0, "{cards:?}");
                            let known = *value_of.entry(oracle).or_insert(value);
                            assert_eq!(
                                known, value,
                                "equal hands must get equal values: {cards:?}"
                            );
                            category_counts[value.category() as usize] += 1;
                        }
                    }
                }
            }
        }
        FiveCardSurvey {
            value_of,
            category_counts,
        }
    })
}

/// The hand of the cards written in `text`, separated by spaces.
fn hand_of(text: &str) -> Hand {
    text.split(' ')
        .map(|card| card.parse::<Card>().unwrap())
        .collect()
}

/// Calls `visit` with `count` random hands of `size` cards, the same for the same `seed`.
fn for_random_hands(seed: u64, count: usize, size: usize, mut visit: impl FnMut(&[Card])) {
    let mut rng = SeededRng::new(seed);
    let mut deck = Card::ALL;
    for _ in 0..count {
        rng.shuffle(&mut deck);
        visit(&deck[..size]);
    }
}

#[test]
fn five_card_hands_have_the_known_category_counts() {
    let expected = [
        1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4,
    ];
    assert_eq!(five_card_survey().category_counts, expected);
    assert_eq!(expected.iter().sum::<u64>(), 2_598_960);
}

#[test]
fn each_category_starts_at_its_lowest_value() {
    for &value in five_card_survey().value_of.values() {
        let category = value.category();
        assert!(category.lowest_value() <= value, "{value:?}");
        assert_eq!(category.lowest_value().category(), category);
        if let Some(&next) = HandCategory::ALL.get(category as usize + 1) {
            assert!(value < next.lowest_value(), "{value:?}");
        }
    }
    // The lowest values themselves are hands: 7-5-4-3-2 of mixed suits, and so on.
    assert_eq!(
        hand_of("7C 5D 4H 3S 2C").evaluate(),
        HandCategory::HighCard.lowest_value()
    );
    assert_eq!(
        hand_of("7C 5C 4C 3C 2C").evaluate(),
        HandCategory::Flush.lowest_value()
    );
}

#[test]
fn five_card_values_order_exactly_like_the_oracle() {
    let survey = five_card_survey();
    assert_eq!(survey.value_of.len(), 7_462);
    let mut pairs: Vec<(&OracleValue, &HandValue)> = survey.value_of.iter().collect();
    pairs.sort();
    assert!(
        pairs.windows(2).all(|pair| pair[0].1 < pair[1].1),
        "table values must be strictly increasing in oracle order"
    );
}

/// Ignoring flushes values a hand by its ranks: the value of the same ranks with the suits
/// spread so that no five share one.
#[test]
fn ignoring_flushes_values_the_ranks_alone() {
    let survey = five_card_survey();
    let mut flushes = 0;
    for_random_hands(0x5EED_0008, 50_000, 7, |cards| {
        let hand = Hand::from_cards(cards);
        // The oracle on the same ranks as seen without any flush: suits that never repeat five
        // times (cards of one rank keep their different suits; ranks go round the suits).
        let mut seen_of_rank = [0usize; 13];
        let spread: Vec<Card> = cards
            .iter()
            .enumerate()
            .map(|(index, card)| {
                let rank = card.rank();
                let copy = seen_of_rank[rank as usize];
                seen_of_rank[rank as usize] += 1;
                // Copies of a rank take distinct suits; the first copies go round by position.
                let suit = cards_core::Suit::ALL[(index + copy * 2) % 4];
                Card::new(rank, suit)
            })
            .collect();
        let mut distinct = spread.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() < 7 {
            return;
        }
        let has_flush = |cards: &[Card]| {
            cards_core::Suit::ALL
                .iter()
                .any(|&suit| cards.iter().filter(|card| card.suit() == suit).count() >= 5)
        };
        assert!(!has_flush(&spread));
        flushes += usize::from(has_flush(cards));
        let expected = survey.value_of[&oracle_best(&spread)];
        assert_eq!(hand.evaluate_ignoring_flushes(), expected, "{cards:?}");
        if !has_flush(cards) {
            assert_eq!(hand.evaluate(), expected, "{cards:?}");
        }
    });
    assert!(flushes > 100, "{flushes} hands with a flush");
}

#[test]
fn a_flush_is_valued_by_its_suits_ranks_alone() {
    let survey = five_card_survey();
    let mut flushes = 0;
    for_random_hands(0xF1_0511, 200_000, 7, |cards| {
        let hand = Hand::from_cards(cards);
        for suit in cards_core::Suit::ALL {
            let suit_ranks = hand.cards().ranks_of_suit(suit);
            if suit_ranks.count_ones() >= 5 {
                flushes += 1;
                let expected = survey.value_of[&oracle_best(cards)];
                assert_eq!(Hand::evaluate_flush(suit_ranks), expected, "{cards:?}");
                // Bits above the 13 ranks are no ranks.
                assert_eq!(Hand::evaluate_flush(suit_ranks | 0xE000), expected);
            }
        }
    });
    assert!(flushes > 4_000, "{flushes} flushes");
    // Every set of five to seven ranks of one suit, alone.
    for suit_ranks in 0..1u16 << 13 {
        if (5..=7).contains(&suit_ranks.count_ones()) {
            let cards: Vec<Card> = (0..13)
                .filter(|&rank| suit_ranks >> rank & 1 == 1)
                .map(|rank| Card::new(cards_core::Rank::ALL[rank], cards_core::Suit::Hearts))
                .collect();
            let expected = survey.value_of[&oracle_best(&cards)];
            assert_eq!(Hand::evaluate_flush(suit_ranks), expected, "{cards:?}");
        }
    }
}

#[test]
fn hands_from_card_ids_are_hands_from_cards() {
    let mut rng = SeededRng::new(0x1D5);
    let mut deck = Card::ALL;
    for size in [0, 1, 2, 5, 6, 7] {
        for _ in 0..2_000 {
            rng.shuffle(&mut deck);
            let cards = &deck[..size];
            let ids: Vec<u8> = cards.iter().map(|card| card.id()).collect();
            assert_eq!(Hand::from_ids(&ids), Hand::from_cards(cards), "{cards:?}");
        }
    }
    // Ids count from 2C to AS, four to a rank.
    assert_eq!(
        Card::ALL.map(Card::id).to_vec(),
        (0..52).collect::<Vec<u8>>()
    );
    assert_eq!("AS".parse::<Card>().unwrap().id(), 51);
    // Ids past the deck add nothing, and never panic.
    assert_eq!(
        Hand::from_ids(&[0, 52, 255]),
        Hand::from_cards(&[Card::ALL[0]])
    );
}

#[test]
fn any_card_ids_evaluate_without_panicking() {
    // Repeated ids, ids past the deck and more than seven cards make meaningless hands: their
    // rank keys hash anywhere, and the lookup must still stay inside its table.
    let mut rng = SeededRng::new(0x1D6);
    for _ in 0..20_000 {
        let length = rng.index(40);
        let ids: Vec<u8> = (0..length).map(|_| rng.below_u8(u8::MAX)).collect();
        let _ = Hand::from_ids(&ids).evaluate();
    }
    for id in 0..52 {
        for count in 0..=255 {
            let _ = Hand::from_ids(&vec![id; count]).evaluate();
        }
    }
}

#[test]
fn six_and_seven_card_hands_match_the_oracle() {
    let survey = five_card_survey();
    let mut rng = SeededRng::new(0x5EED_0007);
    let mut deck = Card::ALL;
    for round in 0..200_000 {
        let size = if round % 2 == 0 { 6 } else { 7 };
        rng.shuffle(&mut deck);
        let cards = &deck[..size];
        let expected = survey.value_of[&oracle_best(cards)];
        assert_eq!(Hand::from_cards(cards).evaluate(), expected, "{cards:?}");
    }
}

#[test]
fn flushes_and_straights_at_the_edges() {
    let survey = five_card_survey();
    for text in [
        "AS 2S 3S 4S 5S 9D 9H", // wheel straight flush beside a pair
        "AS 2S 3S 4S 5S 6S 9H", // six-high straight flush, not the wheel
        "AS KS QS JS TS 9S 8S", // royal flush inside seven spades
        "AH 2D 3C 4S 5H KD KC", // wheel straight beats a pair of kings
        "QH KD AC 2S 3H 7D 8C", // no wrap-around straight
        "2H 2D 2C 2S AH AD AC", // quads with trips beside them
        "KH KD KC QS QH QD 2S", // two trips make a full house
        "9H 8H 7H 6H 4H 5D 5C", // flush over a straight-less pair
        "TH JD QC KS AH AD AC", // broadway straight beats trips
    ] {
        let cards: Vec<Card> = text.split(' ').map(|card| card.parse().unwrap()).collect();
        let expected = survey.value_of[&oracle_best(&cards)];
        assert_eq!(Hand::from_cards(&cards).evaluate(), expected, "{text}");
    }
}

#[test]
fn hands_are_additive_and_order_free() {
    let mut rng = SeededRng::new(11);
    let mut deck = Card::ALL;
    for _ in 0..10_000 {
        rng.shuffle(&mut deck);
        let seven = &deck[..7];
        let whole = Hand::from_cards(seven);
        let mut reversed: Vec<Card> = seven.to_vec();
        reversed.reverse();
        assert_eq!(Hand::from_cards(&reversed), whole);
        let split = Hand::from_cards(&seven[..2]) + Hand::from_cards(&seven[2..]);
        assert_eq!(split, whole);
        assert_eq!(whole.cards().len(), 7);
        assert_eq!(whole.checked_evaluate(), Some(whole.evaluate()));
        let mut added = Hand::EMPTY;
        for &card in seven {
            added += card;
        }
        assert_eq!(added, whole);
        assert_eq!(
            whole.remove(seven[3]).remove(seven[0]) + seven[0] + seven[3],
            whole
        );
        assert!(!whole.is_empty());
    }
    assert!(Hand::EMPTY.is_empty());
    assert!(Hand::from_cards(&[]).is_empty());
}

#[test]
fn a_value_is_its_category_and_its_place_in_it() {
    let mut places = [0u16; 10];
    for &value in five_card_survey().value_of.values() {
        let category = value.category();
        assert_eq!(
            value.to_raw(),
            category.lowest_value().to_raw() + value.place_in_category(),
            "{value:?}"
        );
        places[category as usize] = places[category as usize].max(value.place_in_category() + 1);
    }
    // Places count from 0 without gaps: the number of distinct hands of each category.
    assert_eq!(places, [1277, 2860, 858, 858, 10, 1277, 156, 156, 9, 1]);
    let value = hand_of("AS KS QS JS TS").evaluate();
    assert_eq!(format!("{value:?}"), "HandValue(royal flush #0)");
    assert_eq!(hand_of("7C 5D 4H 3S 2C").evaluate().to_raw(), 0);
}

#[test]
fn other_sizes_are_refused_not_panicked_on() {
    let cards = &Card::ALL[..9];
    for size in 0..=9 {
        let hand = Hand::from_cards(&cards[..size]);
        assert_eq!(hand.checked_evaluate().is_some(), (5..=7).contains(&size));
        // Meaningless but safe: never a panic.
        let _ = hand.evaluate();
    }
}

#[test]
fn categories_have_the_judges_names() {
    let names: Vec<&str> = HandCategory::ALL
        .iter()
        .map(|category| category.name())
        .collect();
    assert_eq!(
        names,
        [
            "high card",
            "one pair",
            "two pair",
            "three of a kind",
            "straight",
            "flush",
            "full house",
            "four of a kind",
            "straight flush",
            "royal flush"
        ]
    );
}

/// All 133,784,560 seven-card hands against the known category counts (straight flushes
/// include the royal ones): the evaluator and the enumeration that feeds it at once.
#[test]
#[ignore = "slow: walks all 133,784,560 seven-card hands; run with `cargo test -- --ignored`"]
fn every_seven_card_hand_has_the_known_category_counts() {
    let mut counts = [0u64; 10];
    for_each_hand(Hand::EMPTY, CardSet::FULL, 7, |hand| {
        counts[hand.evaluate().category() as usize] += 1;
    });
    let straight_flushes =
        counts[HandCategory::StraightFlush as usize] + counts[HandCategory::RoyalFlush as usize];
    let by_category = [
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        counts[4],
        counts[5],
        counts[6],
        counts[7],
        straight_flushes,
    ];
    assert_eq!(
        by_category,
        [
            23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184,
            224_848, 41_584
        ]
    );
    assert_eq!(by_category.iter().sum::<u64>(), 133_784_560);
}
