//! `best_five` against the texas-best-hand spec: its sample, and random hands checked against
//! an oracle that applies the spec's words literally (every choice of five, the spec's display
//! order, then the tie rule slot by slot).

use cards_core::{BestFive, Card, Hand, HoleCardRule, Rank, best_five};
use rstest::rstest;
use seeded_rng::SeededRng;

fn parse_seven(line: &str) -> [Card; 7] {
    let cards: Vec<Card> = line
        .split_whitespace()
        .map(|card| card.parse().unwrap())
        .collect();
    cards.try_into().unwrap()
}

fn shown(best: BestFive) -> String {
    let cards: Vec<String> = best.cards.iter().map(Card::to_string).collect();
    format!("{}: {}", best.value.category(), cards.join(" "))
}

#[track_caller]
fn check(line: &str, rule: HoleCardRule, expected: &str) {
    assert_eq!(shown(best_five(&parse_seven(line), rule)), expected);
}

#[rstest]
#[case::royal_on_top("AS KS QS JS TS 2D 3C", "royal flush: AS KS QS JS TS")]
#[case::wheel("AH 2D 3C 4S 5H 9D KC", "straight: 5H 4S 3C 2D AH")]
#[case::two_pair_kicker("7H 7C KD KS QH QD 2S", "two pair: KD KS QH QD 7H")]
#[case::two_trips("KH KC KD QS QH QD 2S", "full house: KH KC KD QS QH")]
#[case::steel_wheel("2H 3H 4H 5H AH AD AS", "straight flush: 5H 4H 3H 2H AH")]
#[case::quads_kicker("9C 9D 9H 9S 8C 8D 8H", "four of a kind: 9C 9D 9H 9S 8C")]
#[case::high_card("AH KD 7S 5C 3H 2D 9C", "high card: AH KD 9C 7S 5C")]
#[case::six_card_straight("2C 3D 4H 5S 6C 7D KH", "straight: 7D 6C 5S 4H 3D")]
#[case::pair_group_in_input_order("5S 5D 2H 2C QH 4S 4H", "two pair: 5S 5D 4S 4H QH")]
#[case::three_pairs_and_an_ace("AD 9C 9S 4H 4D KS KC", "two pair: KS KC 9C 9S AD")]
#[case::kicker_tie_takes_earliest("3D 9C 9S 4H 4D KS KC", "two pair: KS KC 9C 9S 4H")]
fn spec_examples(#[case] line: &str, #[case] expected: &str) {
    check(line, HoleCardRule::AnyFive, expected);
}

#[test]
fn both_hole_cards_must_play() {
    check(
        "2C 7D AS KS QS JS TS",
        HoleCardRule::BothHoleCards,
        "high card: AS KS QS 7D 2C",
    );
    check(
        "2C 7D AS KS QS JS TS",
        HoleCardRule::AnyFive,
        "royal flush: AS KS QS JS TS",
    );
}

/// The spec's display order of five chosen input indices.
fn spec_order(seven: [Card; 7], chosen: &[usize], is_straight: bool) -> Vec<usize> {
    let ranks: Vec<Rank> = chosen.iter().map(|&index| seven[index].rank()).collect();
    let wheel = is_straight && ranks.contains(&Rank::Ace) && ranks.contains(&Rank::Two);
    let height = |rank: Rank| {
        if wheel && rank == Rank::Ace {
            -1
        } else {
            rank as i32
        }
    };
    // Groups of equal rank, each in input order; biggest group first, then highest.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &index in chosen {
        match groups
            .iter_mut()
            .find(|group| seven[group[0]].rank() == seven[index].rank())
        {
            Some(group) => group.push(index),
            None => groups.push(vec![index]),
        }
    }
    groups.sort_by_key(|group| {
        (
            std::cmp::Reverse(group.len()),
            std::cmp::Reverse(height(seven[group[0]].rank())),
        )
    });
    groups.into_iter().flatten().collect()
}

fn oracle(seven: [Card; 7], rule: HoleCardRule) -> (String, Vec<usize>) {
    let mut choices: Vec<Vec<usize>> = Vec::new();
    for left_out_a in 0..7 {
        for left_out_b in left_out_a + 1..7 {
            let kept: Vec<usize> = (0..7)
                .filter(|&i| i != left_out_a && i != left_out_b)
                .collect();
            if rule == HoleCardRule::AnyFive || (kept.contains(&0) && kept.contains(&1)) {
                choices.push(kept);
            }
        }
    }
    let value_of = |choice: &Vec<usize>| {
        Hand::from_cards(&choice.iter().map(|&i| seven[i]).collect::<Vec<_>>()).evaluate()
    };
    let best = choices.iter().map(value_of).max().unwrap();
    let is_straight = matches!(best.category().name(), "straight" | "straight flush");
    let mut tied: Vec<Vec<usize>> = choices
        .iter()
        .filter(|choice| value_of(choice) == best)
        .map(|choice| spec_order(seven, choice, is_straight))
        .collect();
    for slot in 0..5 {
        let earliest = tied.iter().map(|order| order[slot]).min().unwrap();
        tied.retain(|order| order[slot] == earliest);
    }
    (best.category().to_string(), tied.swap_remove(0))
}

#[test]
fn random_hands_match_the_literal_oracle() {
    let mut rng = SeededRng::new(2024);
    let mut deck = Card::ALL;
    for round in 0..50_000 {
        rng.shuffle(&mut deck);
        // Deal from a few ranks now and then so that ties between choices are common.
        let seven: [Card; 7] = if round % 3 == 0 {
            let mut narrow: Vec<Card> = deck
                .iter()
                .copied()
                .filter(|card| card.rank() as usize % 4 == 0)
                .collect();
            rng.shuffle(&mut narrow);
            narrow[..7].try_into().unwrap()
        } else {
            deck[..7].try_into().unwrap()
        };
        for rule in [HoleCardRule::AnyFive, HoleCardRule::BothHoleCards] {
            let best = best_five(&seven, rule);
            let (category, order) = oracle(seven, rule);
            let expected: Vec<Card> = order.iter().map(|&index| seven[index]).collect();
            assert_eq!(
                (best.value.category().to_string(), best.cards.to_vec()),
                (category, expected),
                "{seven:?} {rule:?}"
            );
            if rule == HoleCardRule::AnyFive {
                assert_eq!(best.value, Hand::from_cards(&seven).evaluate());
            }
            assert_eq!(Hand::from_cards(&best.cards).evaluate(), best.value);
        }
    }
}
