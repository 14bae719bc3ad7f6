//! Range against range: small ranges with weights on flops and turns against every joint deal
//! and every board dealt by plain loops, and the figures other calculators give for known
//! matchups.

use std::collections::BTreeMap;

use cards_core::holdem::{Combo, Range};
use cards_core::{Card, Hand};
use holdem_equity::{RangeEquity, range_equity};
use judge_io::Threads;
use seeded_rng::SeededRng;

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|card| card.parse().unwrap())
        .collect()
}

fn range(text: &str) -> Range {
    text.parse().unwrap()
}

/// What dealing every combination of combos and every board gives.
struct BruteForce {
    /// Weighted win and tie shares of each player.
    wins: Vec<f64>,
    ties: Vec<f64>,
    /// For each combo of the first player: its weight, and its weighted win and tie shares.
    first_player: BTreeMap<Combo, (f64, f64, f64)>,
}

/// Weighted win and tie shares by dealing every combination of combos and every board.
fn brute_force(ranges: &[Range], board: &[Card], dead: &[Card]) -> BruteForce {
    let players = ranges.len();
    let (mut wins, mut ties, mut total_weight) = (vec![0.0; players], vec![0.0; players], 0.0);
    let mut first_player: BTreeMap<Combo, (f64, f64, f64)> = BTreeMap::new();
    let mut deals: Vec<(Vec<[Card; 2]>, f64)> = vec![(Vec::new(), 1.0)];
    for range in ranges {
        deals = deals
            .into_iter()
            .flat_map(|(holes, weight)| {
                range.combos().iter().map(move |&(combo, combo_weight)| {
                    let mut holes = holes.clone();
                    holes.push(combo);
                    (holes, weight * combo_weight)
                })
            })
            .collect();
    }
    for (holes, weight) in deals {
        let used: Vec<Card> = holes
            .iter()
            .flatten()
            .chain(board)
            .chain(dead)
            .copied()
            .collect();
        let mut distinct = used.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() < used.len() {
            continue;
        }
        let deck: Vec<Card> = Card::ALL
            .into_iter()
            .filter(|card| !used.contains(card))
            .collect();
        let mut boards: Vec<Vec<Card>> = Vec::new();
        match 5 - board.len() {
            1 => boards.extend(deck.iter().map(|&a| vec![a])),
            2 => {
                for (i, &a) in deck.iter().enumerate() {
                    boards.extend(deck[i + 1..].iter().map(|&b| vec![a, b]));
                }
            }
            missing => panic!("no brute force for {missing} cards to come"),
        }
        total_weight += weight;
        let first = first_player.entry(holes[0]).or_default();
        first.0 += weight;
        for extra in &boards {
            let values: Vec<_> = holes
                .iter()
                .map(|hole| {
                    let seven: Vec<Card> = hole.iter().chain(board).chain(extra).copied().collect();
                    Hand::from_cards(&seven).evaluate()
                })
                .collect();
            let best = *values.iter().max().unwrap();
            let winners: Vec<usize> = (0..players).filter(|&p| values[p] == best).collect();
            let share = weight / boards.len() as f64;
            if let [winner] = winners[..] {
                wins[winner] += share;
                first.1 += if winner == 0 { share } else { 0.0 };
            } else {
                for &winner in &winners {
                    ties[winner] += share / winners.len() as f64;
                }
                first.2 += if winners.contains(&0) {
                    share / winners.len() as f64
                } else {
                    0.0
                };
            }
        }
    }
    BruteForce {
        wins: wins.iter().map(|wins| wins / total_weight).collect(),
        ties: ties.iter().map(|ties| ties / total_weight).collect(),
        first_player: first_player
            .into_iter()
            .map(|(combo, (weight, wins, ties))| {
                (combo, (weight / total_weight, wins / weight, ties / weight))
            })
            .collect(),
    }
}

/// Equal but for the order of floating-point additions.
fn close(a: &[f64], b: &[f64]) -> bool {
    let near = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(1e-9);
    a.len() == b.len() && a.iter().zip(b).all(|(&a, &b)| near(a, b))
}

#[test]
fn small_weighted_ranges_match_brute_force() {
    let mut rng = SeededRng::new(0x4A_46E5);
    let classes = [
        "AA", "KK", "QQ", "AKs", "AKo", "T9s", "72o", "55", "JTs", "A5s",
    ];
    let mut deck = Card::ALL;
    for round in 0..60 {
        rng.shuffle(&mut deck);
        let players = 2 + usize::from(round % 4 == 0);
        let board_cards = [3, 4][round % 2];
        let board = &deck[..board_cards];
        let dead = &deck[board_cards..board_cards + rng.index(3)];
        // Each range: one or two classes, or a few exact combos, with weights.
        let ranges: Vec<Range> = (0..players)
            .map(|_| {
                let weight = ["", ":0.5", ":0.25", ":1"][rng.index(4)];
                let text = if rng.index(3) == 0 {
                    let combo = |rng: &mut SeededRng| {
                        let (a, b) = (Card::ALL[rng.index(52)], Card::ALL[rng.index(52)]);
                        if a == b {
                            "AsKs".to_string()
                        } else {
                            format!("{a}{b}")
                        }
                    };
                    format!("{}, {}{weight}", combo(&mut rng), combo(&mut rng))
                } else {
                    let first = classes[rng.index(classes.len())];
                    let second = classes[rng.index(classes.len())];
                    format!("{first}{weight}, {second}")
                };
                range(&text)
            })
            .collect();
        let counted = range_equity(&ranges, board, dead, Threads::ONE);
        let expected = brute_force(&ranges, board, dead);
        let (wins, ties) = (&expected.wins, &expected.ties);
        match counted {
            None => assert!(wins.iter().all(|wins| wins.is_nan()), "{ranges:?}"),
            Some(counted) => {
                let by_combo: Vec<(Combo, f64, f64, f64)> = counted
                    .first_player_combos
                    .iter()
                    .map(|combo| (combo.combo, combo.share, combo.wins, combo.ties))
                    .collect();
                let expected_by_combo: Vec<(Combo, f64, f64, f64)> = expected
                    .first_player
                    .iter()
                    .map(|(&combo, &(share, wins, ties))| (combo, share, wins, ties))
                    .collect();
                assert_eq!(by_combo.len(), expected_by_combo.len(), "{ranges:?}");
                for (got, want) in by_combo.iter().zip(&expected_by_combo) {
                    assert_eq!(got.0, want.0);
                    assert!(
                        close(&[got.1, got.2, got.3], &[want.1, want.2, want.3]),
                        "{got:?} {want:?}"
                    );
                }
                assert!(
                    close(&counted.wins, wins),
                    "{ranges:?} {board:?}: {counted:?} {wins:?}"
                );
                assert!(
                    close(&counted.ties, ties),
                    "{ranges:?} {board:?}: {counted:?} {ties:?}"
                );
            }
        }
    }
}

fn percent(result: &RangeEquity, player: usize) -> String {
    format!("{:.4}", 100.0 * result.equity(player))
}

/// Figures zekyll/OMPEval's exact enumeration gives (issue 14's table).
#[test]
fn known_range_matchups() {
    // The table gives 75.0794% for QQ+,AKs against JJ-88,AQs+: that is OMPEval's answer
    // against JJ alone, since its range parser has no spans and stops reading at the `-`
    // (omp/CardRange.cpp). Against the whole range the equity is lower.
    let equity_of = |first: &str, second: &str| {
        range_equity(&[range(first), range(second)], &[], &[], Threads::ONE).unwrap()
    };
    assert_eq!(percent(&equity_of("QQ+,AKs", "JJ"), 0), "75.0794");
    let result = equity_of("QQ+,AKs", "JJ-88,AQs+");
    assert_eq!(percent(&result, 0), "73.4378");
    assert_eq!(result.deals, 22 * 32 - 56);
    let board = cards("AH 7C 2D");
    let result = range_equity(
        &[range("QQ+,AKs"), range("random")],
        &board,
        &[],
        Threads::ONE,
    )
    .unwrap();
    assert_eq!(percent(&result, 0), "83.6698");
    let result = range_equity(&[range("AsAh"), range("random")], &[], &[], Threads::ONE).unwrap();
    assert_eq!(percent(&result, 0), "85.2037");
    assert_eq!(result.deals, 1225);
    // Renaming spades and hearts, or clubs and diamonds, leaves AS AH as it is: the deals fall
    // into 469 classes.
    assert_eq!(result.distinct_deals, 469);
    let result = range_equity(&[range("7c2d"), range("random")], &[], &[], Threads::ONE).unwrap();
    assert_eq!(percent(&result, 0), "34.5836");
}

#[test]
fn the_first_players_combos_add_up_to_their_equity() {
    let result = range_equity(
        &[range("AA,KQs:0.5,72o"), range("QQ+")],
        &[],
        &[],
        Threads::ONE,
    )
    .unwrap();
    let combos = &result.first_player_combos;
    assert_eq!(combos.len(), 6 + 4 + 12);
    let shares: f64 = combos.iter().map(|combo| combo.share).sum();
    let equity: f64 = combos
        .iter()
        .map(|combo| combo.share * combo.equity())
        .sum();
    assert!((shares - 1.0).abs() < 1e-12, "{shares}");
    assert!(
        (equity - result.equity(0)).abs() < 1e-12,
        "{equity} {}",
        result.equity(0)
    );
    for combo in combos {
        assert!((combo.equity() - (combo.wins + combo.ties)).abs() < 1e-15);
        assert!(combo.wins > 0.0 && combo.ties > 0.0, "{combo:?}");
    }
}

#[test]
fn a_deck_too_short_for_the_board_is_no_answer() {
    // Six hole cards, three on the board and 41 dead leave two: one board to come.
    let board = cards("2C 3D 4H");
    let kept = cards("AS AH KS KH QS QH 9C 9D");
    let dead: Vec<Card> = Card::ALL
        .into_iter()
        .filter(|card| !board.contains(card) && !kept.contains(card))
        .collect();
    assert_eq!(dead.len(), 41);
    let ranges = [range("AsAh"), range("KsKh"), range("QsQh")];
    let result = range_equity(&ranges, &board, &dead, Threads::ONE).unwrap();
    assert_eq!((result.wins[0], result.ties[0]), (1.0, 0.0));
    let one_more: Vec<Card> = dead.iter().copied().chain(cards("9C")).collect();
    assert_eq!(range_equity(&ranges, &board, &one_more, Threads::ONE), None);
}

#[test]
fn no_possible_deal_is_no_answer() {
    assert_eq!(range_equity(&[range("AA")], &[], &[], Threads::ONE), None);
    assert_eq!(range_equity(&[], &[], &[], Threads::ONE), None);
    assert_eq!(
        range_equity(&[range("AsKs"), range("AsQs")], &[], &[], Threads::ONE),
        None
    );
    assert_eq!(
        range_equity(
            &[range("AA"), range("KK")],
            &cards("AS AH AD AC"),
            &[],
            Threads::ONE
        ),
        None
    );
}
