//! equity-core's exact range counting heads-up after the flop (board by board where its cost
//! model chooses it, deal by deal otherwise) against every joint deal of two combos and every
//! board, dealt by plain loops and valued with `Hand::evaluate`: two ranges of up to a dozen
//! combos with weights, a flop, turn or river, up to two dead cards, all taken from the bytes.
#![no_main]

use cards_core::holdem::Range;
use cards_core::{Card, CardSet, Hand};
use equity_core::{Method, RangeMatchup, Silent, Threads, range_equity};
use libfuzzer_sys::fuzz_target;

/// A combo as the range grammar writes it, with a weight of a quarter, a half or one.
fn combo_text(cards: [Card; 2], weight: u8) -> String {
    let card = |card: Card| {
        format!(
            "{}{}",
            card.rank().to_char(),
            card.suit().to_char().to_ascii_lowercase()
        )
    };
    let weight = ["", ":0.5", ":0.25"][usize::from(weight % 3)];
    format!("{}{}{weight}", card(cards[0]), card(cards[1]))
}

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else {
        return;
    };
    let board_cards = [3, 4, 5][usize::from(shape % 3)];
    let dead_cards = usize::from(shape / 3 % 3);
    let sizes = [
        1 + usize::from(shape / 9 % 12),
        1 + usize::from(rest.len() % 12),
    ];
    let mut bytes = rest.iter().copied();
    // The board and dead cards: distinct cards from the bytes, modulo 52.
    let mut known = CardSet::EMPTY;
    let mut fixed = Vec::new();
    while fixed.len() < board_cards + dead_cards {
        let Some(byte) = bytes.next() else { return };
        let card = Card::ALL[usize::from(byte) % Card::COUNT];
        if known.insert(card) {
            fixed.push(card);
        }
    }
    // Each range: combos from pairs of bytes (a combo may touch the board: it is then never
    // dealt), each with a weight.
    let mut texts = Vec::new();
    for size in sizes {
        let mut combos = Vec::new();
        while combos.len() < size {
            let (Some(a), Some(b), Some(weight)) = (bytes.next(), bytes.next(), bytes.next())
            else {
                return;
            };
            let (a, b) = (
                Card::ALL[usize::from(a) % 52],
                Card::ALL[usize::from(b) % 52],
            );
            if a != b {
                combos.push(combo_text([a.max(b), a.min(b)], weight));
            }
        }
        texts.push(combos.join(", "));
    }
    let ranges: Vec<Range> = texts
        .iter()
        .map(|text| text.parse().expect("combos"))
        .collect();
    let matchup = RangeMatchup {
        ranges,
        board: fixed[..board_cards].to_vec(),
        dead: fixed[board_cards..].to_vec(),
    };
    let counted = range_equity(&matchup, Method::Exact, Threads::ONE, &Silent);

    // Every joint deal of combos without a shared card, and every board for it.
    let deck: Vec<Card> = (!known).into_iter().collect();
    let missing = 5 - board_cards;
    let (mut weight, mut wins, mut ties) = (0.0, [0.0; 2], 0.0);
    for &(first, first_weight) in matchup.ranges[0].combos() {
        for &(second, second_weight) in matchup.ranges[1].combos() {
            let cards: CardSet = first.into_iter().chain(second).collect();
            if cards.len() < 4 || !(cards & known).is_empty() {
                continue;
            }
            let pair = first_weight * second_weight;
            let rest: Vec<Card> = deck
                .iter()
                .copied()
                .filter(|&card| !cards.contains(card))
                .collect();
            let mut boards = Vec::new();
            match missing {
                0 => boards.push(Vec::new()),
                1 => boards.extend(rest.iter().map(|&card| vec![card])),
                _ => {
                    for (index, &turn) in rest.iter().enumerate() {
                        boards.extend(rest[index + 1..].iter().map(|&river| vec![turn, river]));
                    }
                }
            }
            for added in &boards {
                let board: Vec<Card> = matchup.board.iter().chain(added).copied().collect();
                let value = |combo: [Card; 2]| {
                    let cards: Vec<Card> = board.iter().copied().chain(combo).collect();
                    Hand::from_cards(&cards).evaluate()
                };
                let (a, b) = (value(first), value(second));
                let share = pair / boards.len() as f64;
                weight += share;
                if a > b {
                    wins[0] += share;
                } else if b > a {
                    wins[1] += share;
                } else {
                    ties += share / 2.0;
                }
            }
        }
    }
    match counted {
        Err(error) => assert!(weight == 0.0, "{error:?} with deals to count: {texts:?}"),
        Ok(counted) => {
            let near = |a: f64, b: f64| (a - b).abs() <= 1e-9;
            for player in 0..2 {
                let shares = counted.players[player];
                assert!(
                    near(shares.wins, wins[player] / weight),
                    "{texts:?}: {counted:?}"
                );
                assert!(near(shares.ties, ties / weight), "{texts:?}: {counted:?}");
            }
        }
    }
});
