//! The search against a plain minimax over every order of picks, written here with the slow
//! reference evaluator, on seeded random cases; and every `--explain` line replayed.

use cards_core::reference::{ReferenceValue, evaluate_five};
use cards_core::{Card, CardSet};
use poker_decision::{Case, CaseSolver, PickGame, Winner, parse};
use search_core::Game;
use seeded_rng::SeededRng;

fn reference_value(cards: &[Card]) -> ReferenceValue {
    let ranks: [u8; 5] = std::array::from_fn(|index| cards[index].rank() as u8);
    let flush = cards.iter().all(|card| card.suit() == cards[0].suit());
    evaluate_five(ranks, flush)
}

/// Alice's result (1, 0, -1) with both players choosing perfectly from here.
fn plain_minimax(
    case: &Case,
    alice: &mut Vec<Card>,
    bob: &mut Vec<Card>,
    left: &mut Vec<Card>,
) -> i32 {
    if left.is_empty() {
        let alice_value = reference_value(&[&case.alice[..], alice].concat());
        let bob_value = reference_value(&[&case.bob[..], bob].concat());
        return match alice_value.cmp(&bob_value) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Less => -1,
        };
    }
    let alice_moves = alice.len() == bob.len();
    let mut results = Vec::new();
    for index in 0..left.len() {
        let card = left.remove(index);
        let hand = if alice_moves { &mut *alice } else { &mut *bob };
        hand.push(card);
        results.push(plain_minimax(case, alice, bob, left));
        let hand = if alice_moves { &mut *alice } else { &mut *bob };
        hand.pop();
        left.insert(index, card);
    }
    if alice_moves {
        *results.iter().max().unwrap()
    } else {
        *results.iter().min().unwrap()
    }
}

fn expected_winner(case: &Case) -> Winner {
    match plain_minimax(
        case,
        &mut Vec::new(),
        &mut Vec::new(),
        &mut case.community.to_vec(),
    ) {
        1 => Winner::Alice,
        0 => Winner::Draw,
        _ => Winner::Bob,
    }
}

fn random_case(rng: &mut SeededRng, deck: &[Card]) -> Case {
    let mut deck = deck.to_vec();
    rng.shuffle(&mut deck);
    Case {
        alice: [deck[0], deck[1]],
        bob: [deck[2], deck[3]],
        community: std::array::from_fn(|index| deck[4 + index]),
    }
}

#[test]
fn random_cases_match_plain_minimax() {
    let mut rng = SeededRng::new(8);
    let mut solver = CaseSolver::default();
    let full_deck = Card::ALL.to_vec();
    // Few ranks or few suits make straights, flushes and ties common.
    let narrow_ranks: Vec<Card> = Card::ALL
        .iter()
        .copied()
        .filter(|card| (card.rank() as usize).is_multiple_of(3))
        .collect();
    let two_suits: Vec<Card> = Card::ALL
        .iter()
        .copied()
        .filter(|card| (card.suit() as usize) < 2)
        .collect();
    for round in 0..3_000 {
        let deck = [&full_deck, &narrow_ranks, &two_suits][round % 3];
        let case = random_case(&mut rng, deck);
        assert_eq!(solver.winner(&case), expected_winner(&case), "{case:?}");
    }
}

#[test]
fn golden_cases_match_plain_minimax() {
    let mut solver = CaseSolver::default();
    for case in golden_cases::cases("poker-decision").unwrap() {
        let Ok(cases) = parse(&case.input().unwrap()) else {
            continue;
        };
        for game in cases.iter().take(300) {
            assert_eq!(
                solver.winner(game),
                expected_winner(game),
                "{}: {game:?}",
                case.name
            );
        }
    }
}

#[test]
fn explained_lines_are_legal_optimal_and_end_as_announced() {
    let mut rng = SeededRng::new(9);
    let mut solver = CaseSolver::default();
    for _ in 0..300 {
        let case = random_case(&mut rng, &Card::ALL);
        let (winner, lines) = solver.explain(&case);
        assert_eq!(winner, expected_winner(&case));
        let (heading, lines) = lines.split_once('\n').unwrap();
        assert_eq!(
            heading,
            "  one optimal line of picks (A: Alice, B: Bob), then both hands as they end:"
        );
        let lines: Vec<&str> = lines.lines().collect();
        assert_eq!(lines.len(), 3, "{lines:?}");
        let picks: Vec<(&str, Card)> = lines[0]
            .strip_prefix("  picks: ")
            .unwrap()
            .split(' ')
            .map(|pick| {
                let (player, card) = pick.split_once(':').unwrap();
                (player, card.parse().unwrap())
            })
            .collect();
        assert_eq!(
            picks.iter().map(|pick| pick.0).collect::<Vec<_>>(),
            ["A", "B", "A", "B", "A", "B"]
        );
        let taken: CardSet = picks.iter().map(|pick| pick.1).collect();
        assert_eq!(taken, case.community.iter().copied().collect::<CardSet>());
        // Every pick keeps the game's value: replaying with plain minimax after each pick.
        let (mut alice, mut bob, mut left) = (Vec::new(), Vec::new(), case.community.to_vec());
        let value = plain_minimax(&case, &mut alice, &mut bob, &mut left.clone());
        for (player, card) in picks {
            left.retain(|&other| other != card);
            if player == "A" {
                alice.push(card);
            } else {
                bob.push(card);
            }
            assert_eq!(
                plain_minimax(
                    &case,
                    &mut alice.clone(),
                    &mut bob.clone(),
                    &mut left.clone()
                ),
                value
            );
        }
        let alice_cards: CardSet = case.alice.iter().chain(&alice).copied().collect();
        let shown: CardSet = lines[1]
            .strip_prefix("  Alice: ")
            .unwrap()
            .split(" (")
            .next()
            .unwrap()
            .split(' ')
            .map(|card| card.parse::<Card>().unwrap())
            .collect();
        assert_eq!(shown, alice_cards);
        assert!(lines[2].starts_with("  Bob: "));
    }
}

#[test]
fn the_game_ends_with_two_cards_left_at_the_value_plain_minimax_gives() {
    // Every position with four, five or six cards taken (Alice holding her share of them) is
    // terminal, with the value for the player to move: Alice with an even number taken.
    let deck: Vec<Card> = CardSet::FULL.iter().collect();
    let mut rng = SeededRng::new(11);
    for _ in 0..20 {
        let case = random_case(&mut rng, &deck);
        let game = PickGame::new(&case);
        for taken in 0u64..64 {
            let count = taken.count_ones();
            for alice_picks in (0u64..64).filter(|&picks| picks & !taken == 0) {
                if alice_picks.count_ones() != count.div_ceil(2) {
                    continue;
                }
                let position = taken | alice_picks << 6;
                let value = game.terminal_value(position);
                if count < 4 {
                    assert_eq!(value, None, "{position:012b}");
                    continue;
                }
                let cards = |mask: u64| -> Vec<Card> {
                    (0..6)
                        .filter(|&index| mask >> index & 1 == 1)
                        .map(|index| case.community[index])
                        .collect()
                };
                let alice_result = plain_minimax(
                    &case,
                    &mut cards(alice_picks),
                    &mut cards(taken & !alice_picks),
                    &mut cards(!taken & 63),
                );
                let expected = if count % 2 == 0 {
                    alice_result
                } else {
                    -alice_result
                };
                assert_eq!(value, Some(expected), "{position:012b}");
            }
        }
    }
}
