//! The rules: the spec's walked-through sample as a log, a plain turn-by-turn simulation written
//! here compared on many seeded random games, conservation of cards, and termination.

use gdy::{Case, Log, Silent, play};
use seeded_rng::SeededRng;

fn case(players: usize, pile: &[u8]) -> Case {
    Case {
        players,
        pile: pile.to_vec(),
        players_offset: 0,
    }
}

#[test]
fn the_spec_sample_walks_through_as_written() {
    let mut log = Log::default();
    let outcome = play(
        &case(2, &[3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1]),
        &mut log,
    )
    .unwrap();
    let expected = [
        "deal: 1 takes 3 4 5 6 7; 2 takes 8 9 10 11 12; 2 cards stay in the pile",
        "1 leads 3",
        "2 passes",
        "draw round from 1: 1 draws 13, 2 draws 1",
        "1 leads 4",
        "2 passes",
        "draw round from 1: the pile is empty",
        "1 leads 5",
        "2 passes",
        "draw round from 1: the pile is empty",
        "1 leads 6",
        "2 passes",
        "draw round from 1: the pile is empty",
        "1 leads 7",
        "2 follows with 8",
        "1 passes",
        "draw round from 2: the pile is empty",
        "2 leads 9",
        "1 passes",
        "draw round from 2: the pile is empty",
        "2 leads 10",
        "1 passes",
        "draw round from 2: the pile is empty",
        "2 leads 11",
        "1 passes",
        "draw round from 2: the pile is empty",
        "2 leads 12",
        "1 follows with 13, its last card, and wins",
    ];
    let log = log.finish();
    let lines: Vec<&str> = log.lines().map(str::trim_start).collect();
    assert_eq!(lines, expected);
    assert_eq!((outcome.winner, outcome.points_left[1]), (0, 1));
}

/// The spec's rules, one player at a time, with hands as plain lists of face values.
fn plain_game(players: usize, pile: &[u8]) -> (usize, Vec<u64>) {
    let order = |face: u8| {
        [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2]
            .iter()
            .position(|&f| f == face)
            .unwrap()
    };
    let successor = |face: u8| match face {
        13 => Some(1),
        1 => Some(2),
        2 => None,
        face => Some(face + 1),
    };
    let mut pile = pile.iter().copied();
    let mut hands: Vec<Vec<u8>> = vec![Vec::new(); players];
    'deal: for hand in hands.iter_mut() {
        for _ in 0..5 {
            match pile.next() {
                Some(card) => hand.push(card),
                None => break 'deal,
            }
        }
    }
    let take = |hand: &mut Vec<u8>, card: u8| {
        let at = hand.iter().position(|&held| held == card).unwrap();
        hand.remove(at);
    };
    let mut leader = 0;
    loop {
        let lowest = *hands[leader]
            .iter()
            .min_by_key(|&&card| order(card))
            .unwrap();
        take(&mut hands[leader], lowest);
        if hands[leader].is_empty() {
            return finish(leader, &hands);
        }
        let (mut last_player, mut last) = (leader, lowest);
        let mut turn = (leader + 1) % players;
        while last != 2 && turn != last_player {
            let wanted = successor(last).filter(|&card| card != 2);
            let card = match wanted {
                Some(card) if hands[turn].contains(&card) => Some(card),
                _ if hands[turn].contains(&2) => Some(2),
                _ => None,
            };
            if let Some(card) = card {
                take(&mut hands[turn], card);
                if hands[turn].is_empty() {
                    return finish(turn, &hands);
                }
                (last_player, last) = (turn, card);
            }
            turn = (turn + 1) % players;
        }
        let mut seat = last_player;
        for _ in 0..players {
            let Some(card) = pile.next() else { break };
            hands[seat].push(card);
            seat = (seat + 1) % players;
        }
        leader = last_player;
    }
}

fn finish(winner: usize, hands: &[Vec<u8>]) -> (usize, Vec<u64>) {
    (
        winner,
        hands
            .iter()
            .map(|hand| hand.iter().map(|&card| u64::from(card)).sum())
            .collect(),
    )
}

fn random_pile(rng: &mut SeededRng, cards: usize, values: &[u8]) -> Vec<u8> {
    (0..cards).map(|_| *rng.choose(values).unwrap()).collect()
}

#[test]
fn random_games_match_the_plain_simulation_and_conserve_cards() {
    let mut rng = SeededRng::new(5);
    let all: Vec<u8> = (1..=13).collect();
    for round in 0..3_000 {
        let players = 1 + rng.index([1, 3, 8, 70, 200][round % 5]);
        let cards = 1 + rng.index([4, 12, 60, 400][round % 4]);
        // Few distinct values now and then, so 2s, aces and long runs come up often.
        let values: Vec<u8> = match round % 3 {
            0 => all.clone(),
            1 => vec![1, 2, 13],
            _ => (1..=13).filter(|_| rng.chance(1, 2)).chain([2]).collect(),
        };
        let pile = random_pile(&mut rng, cards, &values);
        let outcome = play(&case(players, &pile), &mut Silent).unwrap();
        let (winner, points) = plain_game(players, &pile);
        assert_eq!(
            (outcome.winner, &outcome.points_left),
            (winner, &points),
            "{players} {pile:?}"
        );

        // Every card is in a hand, in the pile, or played.
        assert_eq!(outcome.in_hands + outcome.pile_left + outcome.played, cards);

        let mut log = Log::default();
        play(&case(players, &pile), &mut log).unwrap();
        let log = log.finish();
        let last = log.lines().last().unwrap().trim_start();
        assert!(last.starts_with(&format!("{} ", winner + 1)), "{last}");
        assert!(last.ends_with("its last card, and wins"), "{last}");
    }
}
