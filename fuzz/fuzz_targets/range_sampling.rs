//! equity-core's sampled range equity on matchups taken from the bytes: two to six ranges of a
//! few combos with weights (so both the packed count of winners of up to four players and the
//! general one run), any street, up to two dead cards, any seed. Whatever the matchup, sampling
//! either finds no deal where the exact count finds none, or gives shares that add up, the same
//! figures on one thread and on two, and, on a turn or a river (quick to count exactly), figures
//! within six standard errors of the exact ones.
#![no_main]

use cards_core::holdem::Range;
use cards_core::{Card, CardSet};
use equity_core::{
    Counted, EquityError, Method, RangeMatchup, Sampling, Silent, Threads, range_equity,
};
use libfuzzer_sys::fuzz_target;

/// A combo as the range grammar writes it, with a weight of one, a half or a quarter.
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
    let Some((&seed, rest)) = rest.split_first() else {
        return;
    };
    let board_cards = [0, 3, 4, 5][usize::from(shape % 4)];
    let dead_cards = usize::from(shape / 4 % 3);
    let players = 2 + usize::from(shape / 12 % 5);
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
    // Each range: one to three combos from pairs of bytes, each with a weight.
    let mut texts = Vec::new();
    for _ in 0..players {
        let Some(size) = bytes.next() else { return };
        let mut combos = Vec::new();
        while combos.len() < 1 + usize::from(size % 3) {
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
    // One point of standard error: a few thousand deals.
    let method = Method::Sampled(Sampling {
        seed: u64::from(seed),
        standard_error: 0.01,
        time_limit: None,
    });
    let sampled = range_equity(&matchup, method, Threads::ONE, &Silent);
    let on_two = range_equity(&matchup, method, Threads::new(2).expect("two"), &Silent);
    assert_eq!(sampled, on_two, "{texts:?}");
    // Three ranges of three combos at most on a turn or river: the exact count is quick.
    let exact = (board_cards >= 4 || players == 2)
        .then(|| range_equity(&matchup, Method::Exact, Threads::ONE, &Silent));
    let sampled = match sampled {
        Err(EquityError::NoDeal) => {
            if let Some(exact) = exact {
                assert_eq!(exact, Err(EquityError::NoDeal), "{texts:?}");
            }
            return;
        }
        Err(error) => panic!("{error:?}: {texts:?}"),
        Ok(sampled) => sampled,
    };
    let Counted::Sampled {
        standard_errors, ..
    } = &sampled.counted
    else {
        panic!("sampled: {texts:?}");
    };
    let total: f64 = sampled.players.iter().map(|shares| shares.equity()).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}: {texts:?}");
    for shares in &sampled.players {
        assert!(shares.wins >= 0.0 && shares.ties >= 0.0 && shares.equity() <= 1.0 + 1e-9);
    }
    let frequencies: f64 = sampled
        .first_player_combos
        .iter()
        .map(|combo| combo.frequency)
        .sum();
    assert!((frequencies - 1.0).abs() < 1e-9, "{frequencies}: {texts:?}");
    if let Some(Ok(exact)) = exact {
        for ((sampled, exact), error) in sampled
            .players
            .iter()
            .zip(&exact.players)
            .zip(standard_errors)
        {
            // Six standard errors and a little more: a rare result's error is itself
            // estimated from few samples.
            let off = (sampled.equity() - exact.equity()).abs();
            assert!(
                off <= 6.0 * error + 0.003,
                "{texts:?}: {off} against {error}"
            );
        }
    }
});
