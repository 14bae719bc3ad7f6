//! equity-core's counting of hand against hand (by ranks where it applies, by dealing otherwise) against every board
//! dealt one by one and valued with `Hand::evaluate`: two to nine players, a flop, turn or river
//! on the table, up to three dead cards, all taken from the bytes.
#![no_main]

use cards_core::{Card, Hand};
use equity_core::{Matchup, Threads, equity};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else {
        return;
    };
    let players = 2 + usize::from(shape % 8);
    let board_cards = [3, 4, 5][usize::from(shape / 8 % 3)];
    let dead = usize::from(shape / 24 % 4);
    // Distinct cards from the bytes, each taken modulo 52.
    let mut cards: Vec<Card> = Vec::new();
    for &byte in rest {
        let card = Card::ALL[usize::from(byte) % Card::COUNT];
        if !cards.contains(&card) {
            cards.push(card);
        }
    }
    if cards.len() < 2 * players + board_cards + dead {
        return;
    }
    let matchup = Matchup {
        players: (0..players)
            .map(|player| [cards[2 * player], cards[2 * player + 1]])
            .collect(),
        board: cards[2 * players..2 * players + board_cards].to_vec(),
        dead: cards[2 * players + board_cards..2 * players + board_cards + dead].to_vec(),
    };
    let counted = equity(&matchup, Threads::ONE).expect("a valid matchup");

    let deck = matchup.remaining_deck();
    let missing = 5 - board_cards;
    let denominator = counted.tie_denominator;
    let (mut boards, mut wins, mut tie_units) = (0u64, vec![0u64; players], vec![0u64; players]);
    let mut deal = |extra: &[Card]| {
        let board = Hand::from_cards(&matchup.board) + Hand::from_cards(extra);
        let values: Vec<_> = matchup
            .players
            .iter()
            .map(|hole| (Hand::from_cards(hole) + board).evaluate())
            .collect();
        let best = *values.iter().max().unwrap();
        let winners: Vec<usize> = (0..players).filter(|&p| values[p] == best).collect();
        boards += 1;
        if let [winner] = winners[..] {
            wins[winner] += 1;
        } else {
            for &winner in &winners {
                tie_units[winner] += denominator / winners.len() as u64;
            }
        }
    };
    match missing {
        0 => deal(&[]),
        1 => deck.iter().for_each(|&card| deal(&[card])),
        _ => {
            for (index, &first) in deck.iter().enumerate() {
                for &second in &deck[index + 1..] {
                    deal(&[first, second]);
                }
            }
        }
    }
    assert_eq!(
        (counted.boards, &counted.wins, &counted.tie_units),
        (boards, &wins, &tie_units),
        "{matchup:?}"
    );
});
