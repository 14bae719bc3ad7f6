//! equity-core's sampled range equity on matchups taken from the bytes: two to six ranges of a
//! few combos with weights (so both the packed count of winners of up to four players and the
//! general one run), any street, up to two dead cards, any seed. Whatever the matchup, sampling
//! either finds no deal where the exact count finds none, or gives shares that add up, the same
//! figures on one thread and on two, and, on a turn or a river (quick to count exactly), figures
//! within six standard errors of the exact ones.
#![no_main]

mod matchup_bytes;

use equity_core::{Counted, EquityError, Method, Sampling, Silent, Threads, range_equity};
use libfuzzer_sys::fuzz_target;
use matchup_bytes::{WEIGHTS, combos_text, distinct_cards, matchup};

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
    // The board and dead cards.
    let Some((_, fixed)) = distinct_cards(&mut bytes, board_cards + dead_cards) else {
        return;
    };
    // Each range: one to three combos, each with a weight.
    let mut texts = Vec::new();
    for _ in 0..players {
        let Some(size) = bytes.next() else { return };
        let Some(text) = combos_text(&mut bytes, 1 + usize::from(size % 3), |weight| {
            WEIGHTS[usize::from(weight % 3)]
        }) else {
            return;
        };
        texts.push(text);
    }
    let matchup = matchup(&texts, &fixed, board_cards);
    // One point of standard error: a few thousand deals.
    let method = Method::Sampled(Sampling {
        seed: u64::from(seed),
        standard_error: 0.01,
        time_limit: None,
    });
    let sampled = range_equity(&matchup, method, Threads::ONE, &Silent);
    let on_two = range_equity(&matchup, method, Threads::new(2).expect("two"), &Silent);
    assert_eq!(sampled, on_two, "{texts:?}");
    // Up to six ranges of three combos at most on a turn or a river, or two ranges on any
    // street: the exact count is quick.
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
