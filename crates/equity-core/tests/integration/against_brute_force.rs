//! Equity against brute force written here: every board dealt with plain nested loops and
//! every hand valued by the slow reference evaluator (or, for the big preflop counts behind
//! `cargo test -- --ignored`, by the table evaluator, itself checked on all seven-card hands).

use cards_core::reference::{ReferenceValue, evaluate_five};
use cards_core::{Card, Hand};
use equity_core::{BoardCounts, EquityError, Matchup, PotShares, Threads, equity};
use rstest::rstest;
use seeded_rng::SeededRng;

/// `AS KS  QD QC`: hole cards, no board.
fn preflop(line: &str) -> Matchup {
    let cards: Vec<Card> = line
        .split_whitespace()
        .map(|card| card.parse().unwrap())
        .collect();
    Matchup {
        players: cards.chunks(2).map(|hole| [hole[0], hole[1]]).collect(),
        board: Vec::new(),
        dead: Vec::new(),
    }
}

/// The best five of seven cards, by the reference evaluator.
fn slow_value(seven: &[Card]) -> ReferenceValue {
    let mut best = None;
    for left_out_a in 0..7 {
        for left_out_b in left_out_a + 1..7 {
            let five: Vec<Card> = (0..7)
                .filter(|&i| i != left_out_a && i != left_out_b)
                .map(|i| seven[i])
                .collect();
            let ranks: [u8; 5] = std::array::from_fn(|i| five[i].rank() as u8);
            let flush = five.iter().all(|card| card.suit() == five[0].suit());
            let value = evaluate_five(ranks, flush);
            best = best.max(Some(value));
        }
    }
    best.unwrap()
}

/// Wins and tie shares (as numerator over `denominator`) by dealing every board.
fn brute_force<V: Ord + Copy>(
    matchup: &Matchup,
    value: impl Fn(&[Card]) -> V,
    denominator: u64,
) -> BoardCounts {
    let deck = matchup.remaining_deck();
    let players = matchup.players.len();
    let mut result = BoardCounts {
        boards: 0,
        wins: vec![0; players],
        tie_units: vec![0; players],
        tie_denominator: denominator,
    };
    let mut deal = |extra: &[Card]| {
        let board: Vec<Card> = matchup.board.iter().chain(extra).copied().collect();
        let values: Vec<V> = matchup
            .players
            .iter()
            .map(|hole| value(&[&hole[..], &board].concat()))
            .collect();
        let best = *values.iter().max().unwrap();
        let winners: Vec<usize> = (0..players).filter(|&p| values[p] == best).collect();
        result.boards += 1;
        if let [winner] = winners[..] {
            result.wins[winner] += 1;
        } else {
            for &winner in &winners {
                result.tie_units[winner] += denominator / winners.len() as u64;
            }
        }
    };
    let n = deck.len();
    match 5 - matchup.board.len() {
        0 => deal(&[]),
        1 => (0..n).for_each(|a| deal(&[deck[a]])),
        2 => (0..n).for_each(|a| (a + 1..n).for_each(|b| deal(&[deck[a], deck[b]]))),
        5 => {
            for a in 0..n {
                for b in a + 1..n {
                    for c in b + 1..n {
                        for d in c + 1..n {
                            for e in d + 1..n {
                                deal(&[deck[a], deck[b], deck[c], deck[d], deck[e]]);
                            }
                        }
                    }
                }
            }
        }
        missing => panic!("no brute force for {missing} missing cards"),
    }
    result
}

#[test]
fn ace_king_suited_against_queens_preflop() {
    let matchup = &preflop("AS KS  QD QC");
    let result = equity(matchup, Threads::available()).unwrap();
    assert_eq!(result.boards, 1_712_304);
    assert_eq!(result.wins, [787_966, 917_606]);
    // 6,732 split pots, half a pot to each.
    assert_eq!(result.tie_units, [6_732, 6_732]);
    assert_eq!(result.tie_denominator, 2);
    assert_eq!(
        format!("{:.4}", 100.0 * result.shares(0).equity()),
        "46.2145"
    );
}

/// In two halves, one a thread; every round's matchup is drawn in both, so a round is the same
/// matchup whichever half counts it.
#[rstest]
fn random_turns_and_rivers_match_brute_force(
    #[values(0..750, 750..1_500)] counted: std::ops::Range<usize>,
) {
    let mut rng = SeededRng::new(40);
    let mut deck = Card::ALL;
    for round in 0..1_500 {
        rng.shuffle(&mut deck);
        // Mostly two to four players; now and then up to twenty, past the winner-set histogram.
        let players = if round % 10 == 0 {
            2 + rng.index(19)
        } else {
            2 + rng.index(3)
        };
        // Turns and rivers; a flop (about a thousand boards) now and then.
        let board_cards = if round % 25 == 0 {
            3
        } else {
            [4, 5][round % 2]
        };
        let dead = rng.index(3);
        let mut cards = deck.iter().copied();
        let matchup = Matchup {
            players: (0..players)
                .map(|_| [cards.next().unwrap(), cards.next().unwrap()])
                .collect(),
            board: cards.by_ref().take(board_cards).collect(),
            dead: cards.by_ref().take(dead).collect(),
        };
        if !counted.contains(&round) {
            continue;
        }
        let result = equity(&matchup, Threads::available()).unwrap();
        let expected = brute_force(&matchup, slow_value, result.tie_denominator);
        assert_eq!(result, expected, "{matchup:?}");
    }
}

/// A few preflop matchups, every board (1.4 to 1.7 million) dealt by plain loops.
#[test]
#[ignore = "slow: deals every preflop board by plain loops; run with `cargo test -- --ignored`"]
fn preflop_matchups_match_brute_force() {
    for line in [
        "AH AD  KS KC",
        "7S 2D  JH TH",
        "AS KS  QD QC  7H 7D",
        "5C 5D  6C 6D  AH KH",
    ] {
        let matchup = &preflop(line);
        let result = equity(matchup, Threads::available()).unwrap();
        let fast_value = |seven: &[Card]| Hand::from_cards(seven).evaluate();
        assert_eq!(
            result,
            brute_force(matchup, fast_value, result.tie_denominator),
            "{line}"
        );
    }
}

#[test]
fn a_deck_with_exactly_the_cards_to_come_deals_one_board_and_a_shorter_one_is_refused() {
    let mut cards = Card::ALL.iter().copied();
    let players = vec![
        [cards.next().unwrap(), cards.next().unwrap()],
        [cards.next().unwrap(), cards.next().unwrap()],
    ];
    let board: Vec<Card> = cards.by_ref().take(3).collect();
    let rest: Vec<Card> = cards.collect();
    // Two cards to come: leave exactly two in the deck, then one.
    let matchup = |left: usize| Matchup {
        players: players.clone(),
        board: board.clone(),
        dead: rest[left..].to_vec(),
    };
    let result = equity(&matchup(2), Threads::ONE).unwrap();
    assert_eq!(result.boards, 1);
    let expected = brute_force(&matchup(2), slow_value, result.tie_denominator);
    assert_eq!(result, expected);
    assert_eq!(
        equity(&matchup(1), Threads::ONE),
        Err(EquityError::DeckTooShort)
    );
}

#[test]
fn matchups_that_cannot_be_dealt_are_refused_with_the_reason() {
    let card = |text: &str| -> Card { text.parse().unwrap() };
    let check = |players: &[&str], board: &[&str], dead: &[&str]| {
        let holes = players
            .iter()
            .map(|hole| {
                let (first, second) = hole.split_once(' ').unwrap();
                [card(first), card(second)]
            })
            .collect();
        let matchup = Matchup {
            players: holes,
            board: board.iter().map(|text| card(text)).collect(),
            dead: dead.iter().map(|text| card(text)).collect(),
        };
        equity(&matchup, Threads::ONE).map(|counts| counts.boards)
    };
    assert_eq!(check(&["AS KS"], &[], &[]), Err(EquityError::TooFewPlayers));
    assert_eq!(
        check(&["AS KS", "QD QC"], &["2H", "3H"], &[]),
        Err(EquityError::BoardSize(2))
    );
    assert_eq!(
        check(&["AS KS", "QD AS"], &[], &[]),
        Err(EquityError::RepeatedCard(card("AS")))
    );
    assert_eq!(
        check(&["AS KS", "QD QC"], &["2H", "3H", "4H"], &["4H"]),
        Err(EquityError::RepeatedCard(card("4H")))
    );
    assert_eq!(
        check(&["AS KS", "QD QC"], &["2H", "3H", "4H", "5H", "6H"], &[]),
        Ok(1)
    );
    assert_eq!(
        EquityError::RepeatedCard(card("4H")).to_string(),
        "the card 4H is dealt twice"
    );
}

#[test]
fn split_pots_are_counted_in_units_that_divide_among_any_number_of_winners() {
    // The least common multiple of 2 to the number of players: 2, 6, 12, 60, 60, 420.
    let mut cards = Card::ALL.iter().copied();
    let mut players = vec![[cards.next().unwrap(), cards.next().unwrap()]];
    let board: Vec<Card> = cards.by_ref().skip(20).take(5).collect();
    for denominator in [2, 6, 12, 60, 60, 420] {
        players.push([cards.next().unwrap(), cards.next().unwrap()]);
        let matchup = Matchup {
            players: players.clone(),
            board: board.clone(),
            dead: Vec::new(),
        };
        assert_eq!(
            equity(&matchup, Threads::ONE).unwrap().tie_denominator,
            denominator,
            "{} players",
            players.len()
        );
    }
}

#[test]
fn a_board_everyone_plays_splits_the_pot_in_equal_shares() {
    let card = |text: &str| -> Card { text.parse().unwrap() };
    let board: Vec<Card> = ["AS", "KS", "QS", "JS", "TS"].map(card).to_vec();
    let two = Matchup {
        players: vec![[card("2C"), card("3D")], [card("2H"), card("3S")]],
        board: board.clone(),
        dead: Vec::new(),
    };
    let counts = equity(&two, Threads::ONE).unwrap();
    assert_eq!((counts.boards, counts.tie_units.clone()), (1, vec![1, 1]));
    assert!((counts.ties(0) - 0.5).abs() < 1e-15);
    assert_eq!(
        counts.shares(1),
        PotShares {
            wins: 0.0,
            ties: 0.5
        }
    );
    let three = Matchup {
        players: vec![
            [card("2C"), card("3D")],
            [card("4H"), card("5C")],
            [card("6D"), card("7H")],
        ],
        board,
        dead: Vec::new(),
    };
    let counts = equity(&three, Threads::ONE).unwrap();
    assert_eq!(
        (counts.tie_units.clone(), counts.tie_denominator),
        (vec![2, 2, 2], 6)
    );
    for player in 0..3 {
        assert!((counts.ties(player) - 1.0 / 3.0).abs() < 1e-15);
        assert!((counts.shares(player).equity() - 1.0 / 3.0).abs() < 1e-15);
    }
}
