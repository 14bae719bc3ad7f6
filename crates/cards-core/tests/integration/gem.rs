//! Gem hands against a direct implementation of the gem-duel spec's table, over all 462
//! five-color multisets, and `best_completion` against brute force over every partial hand.

use std::cmp::Ordering;

use cards_core::{Gem, GemCategory, GemHand};

/// Every multiset of five colors, as counts per color.
fn all_hands() -> Vec<[u8; 7]> {
    let mut hands = Vec::new();
    for a in 0..7 {
        for b in a..7 {
            for c in b..7 {
                for d in c..7 {
                    for e in d..7 {
                        let mut counts = [0u8; 7];
                        for color in [a, b, c, d, e] {
                            counts[color] += 1;
                        }
                        hands.push(counts);
                    }
                }
            }
        }
    }
    hands
}

/// The spec's table read literally: the category number (1 pair ... 7 flush) and the tie-break
/// colors in the order the table lists them.
fn spec_value(counts: [u8; 7]) -> (u8, Vec<usize>) {
    let colors_with = |count: u8| -> Vec<usize> {
        (0..7)
            .rev()
            .filter(|&color| counts[color] == count)
            .collect()
    };
    let (fives, fours, threes, pairs, singles) = (
        colors_with(5),
        colors_with(4),
        colors_with(3),
        colors_with(2),
        colors_with(1),
    );
    if let [color] = fives[..] {
        return (7, vec![color]);
    }
    if let [color] = fours[..] {
        return (6, vec![color, singles[0]]);
    }
    if let ([triple], [pair]) = (&threes[..], &pairs[..]) {
        return (5, vec![*triple, *pair]);
    }
    if let [triple] = threes[..] {
        return (4, vec![triple, singles[0], singles[1]]);
    }
    if pairs.len() == 2 {
        return (3, vec![pairs[0], pairs[1], singles[0]]);
    }
    if singles.len() == 5 {
        return (2, singles);
    }
    (1, vec![pairs[0], singles[0], singles[1], singles[2]])
}

#[test]
fn there_are_462_hands_of_seven_categories() {
    let hands = all_hands();
    assert_eq!(hands.len(), 462);
    let mut per_category = [0; 7];
    for counts in hands {
        let hand = GemHand::from_counts(counts).unwrap();
        assert_eq!(
            hand.category() as u8 + 1,
            spec_value(counts).0,
            "{counts:?}"
        );
        per_category[hand.category() as usize] += 1;
    }
    // pair 7*C(6,3), straight C(7,5), two pair C(7,2)*5, trips 7*C(6,2), full house 7*6, quads 7*6, flush 7.
    assert_eq!(per_category, [140, 21, 105, 105, 42, 42, 7]);
}

#[test]
fn every_pair_of_hands_compares_like_the_spec_table() {
    let hands = all_hands();
    for &a in &hands {
        for &b in &hands {
            let expected: Ordering = spec_value(a).cmp(&spec_value(b));
            let actual = GemHand::from_counts(a)
                .unwrap()
                .cmp(&GemHand::from_counts(b).unwrap());
            assert_eq!(actual, expected, "{a:?} vs {b:?}");
            assert_eq!(actual == Ordering::Equal, a == b);
        }
    }
}

#[test]
fn best_completion_is_the_best_superset() {
    let hands = all_hands();
    let mut partials: Vec<[u8; 7]> = vec![[0; 7]];
    for _ in 0..5 {
        let mut next = partials.clone();
        for partial in &partials {
            for color in 0..7 {
                let mut more = *partial;
                more[color] += 1;
                if !next.contains(&more) {
                    next.push(more);
                }
            }
        }
        partials = next;
    }
    assert_eq!(partials.len(), 792);
    for partial in partials {
        let expected = hands
            .iter()
            .filter(|hand| (0..7).all(|color| hand[color] >= partial[color]))
            .map(|&hand| GemHand::from_counts(hand).unwrap())
            .max();
        assert_eq!(GemHand::best_completion(partial), expected, "{partial:?}");
    }
    assert_eq!(GemHand::best_completion([2, 2, 2, 0, 0, 0, 0]), None);
}

#[test]
fn four_different_colors_complete_to_a_straight_not_a_pair() {
    // Giving every missing gem to the most frequent color would promise only a pair here.
    let best = GemHand::best_completion([1, 1, 1, 1, 0, 0, 0]).unwrap();
    assert_eq!(best.category(), GemCategory::Straight);
    assert_eq!(best.to_string(), "YPOGB (straight)");
}

#[test]
fn hands_show_their_gems_and_category() {
    let hand = GemHand::from_gems([Gem::Red, Gem::White, Gem::White, Gem::Red, Gem::White]);
    assert_eq!(hand.to_string(), "WWWRR (full house)");
    assert_eq!(
        Gem::ALL.map(Gem::to_char),
        ['B', 'G', 'O', 'P', 'R', 'W', 'Y']
    );
    assert_eq!("w".parse::<Gem>(), Ok(Gem::White));
    assert_eq!(
        "X".parse::<Gem>().unwrap_err().to_string(),
        "invalid gem color 'X'"
    );
}

#[test]
fn a_hand_remembers_its_counts() {
    for counts in all_hands() {
        let hand = GemHand::from_counts(counts).unwrap();
        assert_eq!(hand.counts(), counts);
        let mut from_gems = [0u8; 7];
        for gem in hand.gems() {
            from_gems[gem.index()] += 1;
        }
        assert_eq!(from_gems, counts);
    }
}

#[test]
fn debug_shows_the_gems_and_category() {
    let hand = GemHand::from_gems([Gem::Red, Gem::White, Gem::Red, Gem::White, Gem::Blue]);
    assert_eq!(format!("{hand:?}"), "GemHand(WWRRB (two pair))");
}
