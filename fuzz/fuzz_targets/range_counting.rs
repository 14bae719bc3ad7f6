//! equity-core's exact range counting after the flop, both the count its cost model chooses
//! (board by board or deal by deal) and the board-by-board count alone, against every joint deal
//! of combos and every board, dealt by plain loops and valued with `Hand::evaluate`: two to four
//! ranges of up to a dozen combos (fewer with more players) with weights, a flop, turn or river,
//! up to two dead cards, all taken from the bytes.
#![no_main]

mod matchup_bytes;

use cards_core::{Card, CardSet, Hand};
use equity_core::{
    Method, PotShares, RangeMatchup, Silent, Threads, count_board_by_board, range_equity,
};
use libfuzzer_sys::fuzz_target;
use matchup_bytes::{WEIGHTS, combos_text, distinct_cards, matchup};

/// Every joint deal of combos with no card twice (none of `known`) and every board: each
/// player's weight times pot shares, and the deals' weight.
fn brute_force(matchup: &RangeMatchup, known: CardSet) -> (Vec<PotShares>, f64) {
    fn walk(
        matchup: &RangeMatchup,
        known: CardSet,
        deal: &mut Vec<([Card; 2], f64)>,
        shares: &mut [PotShares],
        weight: &mut f64,
    ) {
        let Some(range) = matchup.ranges.get(deal.len()) else {
            let used: CardSet = deal.iter().flat_map(|&(combo, _)| combo).collect();
            let deck: Vec<Card> = (!(known | used)).into_iter().collect();
            let deal_weight: f64 = deal.iter().map(|&(_, weight)| weight).product();
            let mut boards = Vec::new();
            match 5 - matchup.board.len() {
                0 => boards.push(Vec::new()),
                1 => boards.extend(deck.iter().map(|&card| vec![card])),
                _ => {
                    for (index, &turn) in deck.iter().enumerate() {
                        boards.extend(deck[index + 1..].iter().map(|&river| vec![turn, river]));
                    }
                }
            }
            for added in &boards {
                let board: Vec<Card> = matchup.board.iter().chain(added).copied().collect();
                let values: Vec<_> = deal
                    .iter()
                    .map(|&(combo, _)| {
                        let cards: Vec<Card> = board.iter().copied().chain(combo).collect();
                        Hand::from_cards(&cards).evaluate()
                    })
                    .collect();
                let best = *values.iter().max().expect("two players or more");
                let level = values.iter().filter(|&&value| value == best).count();
                let share = deal_weight / boards.len() as f64;
                for (shares, &value) in shares.iter_mut().zip(&values) {
                    if value == best && level == 1 {
                        shares.wins += share;
                    } else if value == best {
                        shares.ties += share / level as f64;
                    }
                }
                *weight += share;
            }
            return;
        };
        for &(combo, combo_weight) in range.combos() {
            let used: CardSet = deal.iter().flat_map(|&(combo, _)| combo).collect();
            if combo.iter().all(|&card| !(known | used).contains(card)) {
                deal.push((combo, combo_weight));
                walk(matchup, known, deal, shares, weight);
                deal.pop();
            }
        }
    }
    let mut shares = vec![PotShares::default(); matchup.ranges.len()];
    let mut weight = 0.0;
    walk(matchup, known, &mut Vec::new(), &mut shares, &mut weight);
    (shares, weight)
}

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else {
        return;
    };
    let Some((&players, rest)) = rest.split_first() else {
        return;
    };
    let board_cards = [3, 4, 5][usize::from(shape % 3)];
    let dead_cards = usize::from(shape / 3 % 3);
    // Two players with up to 12 combos each, three with up to 6, four with up to 3.
    let players = 2 + usize::from(players % 3);
    let most = [12, 6, 3][players - 2];
    // At most 3^3 combinations of weights (the board-by-board count takes 64).
    let weights = if players == 4 { 2 } else { 3 };
    let sizes: Vec<usize> = (0..players)
        .map(|player| 1 + (usize::from(shape) / 9 + 5 * player + rest.len()) % most)
        .collect();
    let mut bytes = rest.iter().copied();
    // The board and dead cards.
    let Some((known, fixed)) = distinct_cards(&mut bytes, board_cards + dead_cards) else {
        return;
    };
    // Each range: combos from the bytes, each with one of the first `weights` weights.
    let mut texts = Vec::new();
    for size in sizes {
        let Some(text) = combos_text(&mut bytes, size, |weight| {
            WEIGHTS[usize::from(weight % weights)]
        }) else {
            return;
        };
        texts.push(text);
    }
    let matchup = matchup(&texts, &fixed, board_cards);
    let (shares, weight) = brute_force(&matchup, known);
    let chosen = range_equity(&matchup, Method::Exact, Threads::ONE, &Silent);
    let by_board = count_board_by_board(&matchup, Threads::ONE, &Silent)
        .expect("a flop or more, two to four players, at most 27 combinations of weights");
    // The count chosen is the board-by-board count or the deal-by-deal one: the same whole
    // numbers either way, so the same figures to the last bit.
    if let (Ok(chosen), Ok(by_board)) = (&chosen, &by_board) {
        assert_eq!(chosen.players, by_board.players, "{texts:?}");
        assert_eq!(
            chosen.first_player_combos, by_board.first_player_combos,
            "{texts:?}"
        );
    }
    for counted in [chosen, by_board] {
        match counted {
            Err(error) => assert!(weight == 0.0, "{error:?} with deals to count: {texts:?}"),
            Ok(counted) => {
                let near = |a: f64, b: f64| (a - b).abs() <= 1e-9;
                for (counted, expected) in counted.players.iter().zip(&shares) {
                    assert!(
                        near(counted.wins, expected.wins / weight)
                            && near(counted.ties, expected.ties / weight),
                        "{texts:?}: {counted:?}"
                    );
                }
            }
        }
    }
});
