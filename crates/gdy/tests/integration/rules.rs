//! The rules: the spec's walked-through sample as a log, a plain turn-by-turn simulation written
//! here compared on many seeded random games, conservation of cards, and termination.

use crate::model::plain_game;
use gdy::{Case, Log, Silent, play};
use seeded_rng::SeededRng;

fn case(players: usize, pile: &[u8]) -> Case {
    Case {
        players,
        pile: pile.to_vec(),
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
        "the game turn by turn (players by seat from 1, cards by face value, 1 the ace):",
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
