//! The sampler's parts against what they should give: shares, draws, standard errors, rounds,
//! decks, tallies and progress.

use std::sync::Mutex;
use std::time::Duration;

use cards_core::{Card, CardSet};
use seeded_rng::SeededRng;
use work_threads::Threads;

use super::{
    Decks, PACKED_TALLIES, ROUND, SHARE_UNITS, SHARES, SampleSums, Table, next_round_size, sampled,
};
use crate::ranges::matchup::{RangeMatchup, Sampling};

fn table(matchup: &RangeMatchup) -> Table {
    let taken: CardSet = matchup.board.iter().chain(&matchup.dead).copied().collect();
    Table::new(matchup, taken)
}

/// Every combo of the deck, the aces at a quarter of the weight.
const ALL_BUT_ACES_AT_A_QUARTER: &str = "AA:0.25, KK-22, A2s+, K2s+, Q2s+, J2s+, T2s+, 92s+, \
    82s+, 72s+, 62s+, 52s+, 42s+, 32s, A2o+, K2o+, Q2o+, J2o+, T2o+, 92o+, 82o+, 72o+, 62o+, \
    52o+, 42o+, 32o";

/// The share of a seat's weight still dealable, against the sum over its combos, for the
/// general way (weights by card and by combo) and a random hand's shortcut.
#[test]
fn the_dealable_share_is_the_weight_of_the_combos_missing_the_dealt_cards() {
    let mut rng = SeededRng::new(0x5EA7);
    for (range, board) in [
        ("AA, KQs:0.5, T9s, 72o:0.25, AsKd", "KH 9H 4C"),
        ("22+:0.3, A2s+, KTo", ""),
        ("random", "2C 7D 9S JH"),
        (ALL_BUT_ACES_AT_A_QUARTER, ""),
    ] {
        let matchup = RangeMatchup::from_text(&[range, "random"], board, "");
        let table = table(&matchup);
        let seat = &table.players[0];
        assert_eq!(seat.shares_by_count.is_some(), range == "random", "{range}");
        let free: Vec<Card> = Card::ALL
            .into_iter()
            .filter(|&card| !table.taken.contains(card))
            .collect();
        for _ in 0..300 {
            let mut deck = free.clone();
            rng.shuffle(&mut deck);
            let dealt = &deck[..rng.index(9)];
            let out: CardSet = dealt.iter().copied().collect();
            let dealable: f64 = seat
                .combos
                .iter()
                .filter(|combo| (combo.set & out).is_empty())
                .map(|combo| combo.weight)
                .sum();
            let share = seat.dealable_share(dealt);
            assert!(
                (share - dealable / seat.total).abs() < 1e-12,
                "{range} {dealt:?}: {share}"
            );
        }
    }
}

/// With all but four cards used, 64 random tries nearly always miss the six combos left: the
/// draw lists them and picks by weight, a pair of aces at a quarter of the others.
#[test]
fn a_draw_among_the_few_combos_left_follows_their_weights() {
    let matchup = RangeMatchup::from_text(&[ALL_BUT_ACES_AT_A_QUARTER, "random"], "", "");
    let table = table(&matchup);
    let seat = &table.players[0];
    let left: CardSet = "AS AH KS KH".parse().unwrap();
    let used = !left;
    let mut rng = SeededRng::new(12);
    let mut drawn = std::collections::BTreeMap::new();
    let draws = 21_000;
    for _ in 0..draws {
        let place = seat.draw(&mut rng, used).expect("six combos are left");
        assert!((seat.combos[place].set & used).is_empty());
        *drawn.entry(seat.combos[place].combo).or_insert(0) += 1;
    }
    assert_eq!(drawn.len(), 6);
    // Weights 0.25 and 1 five times: shares 1/21 and 4/21, within five standard deviations.
    for (combo, &count) in &drawn {
        let share =
            if combo[0].rank() == combo[1].rank() && combo[0].rank() == cards_core::Rank::Ace {
                1.0 / 21.0
            } else {
                4.0 / 21.0
            };
        let expected = share * f64::from(draws);
        let spread = (expected * (1.0 - share)).sqrt();
        assert!(
            (f64::from(count) - expected).abs() < 5.0 * spread,
            "{combo:?}: {count} of {draws}, expected about {expected}"
        );
    }
    // One card left: no combo at all.
    let one_left: CardSet = "AS".parse().unwrap();
    assert_eq!(seat.draw(&mut rng, !one_left), None);
}

/// The standard error of a weighted mean, against its definition on made-up samples.
#[test]
fn the_standard_error_is_that_of_a_weighted_mean() {
    let matchup = RangeMatchup::from_text(&["AA", "KK"], "", "");
    let table = table(&matchup);
    let mut rng = SeededRng::new(77);
    let samples: Vec<(f64, f64)> = (0..500)
        .map(|_| (0.1 + super::unit(&mut rng), super::unit(&mut rng)))
        .collect();
    let mut sums = SampleSums::new(&table);
    for &(weight, share) in &samples {
        sums.weight += weight;
        sums.weight_squared += weight * weight;
        // Two thirds won alone, a third from split pots: the error is of their sum.
        sums.wins[0] += weight * share * 2.0 / 3.0;
        sums.ties[0] += weight * share / 3.0;
        sums.squared_shares[0] += weight * weight * share;
        sums.squared_shares_squared[0] += weight * weight * share * share;
    }
    let total: f64 = samples.iter().map(|&(weight, _)| weight).sum();
    let mean = samples
        .iter()
        .map(|&(weight, share)| weight * share)
        .sum::<f64>()
        / total;
    let spread: f64 = samples
        .iter()
        .map(|&(weight, share)| (weight * (share - mean)).powi(2))
        .sum();
    let expected = spread.sqrt() / total;
    let errors = sums.standard_errors();
    assert!(
        (errors[0] - expected).abs() < 1e-12 * expected,
        "{errors:?} {expected}"
    );
    // A player with no samples' shares: no spread beyond the mean's.
    assert!(errors[1].abs() < 1e-12, "{errors:?}");
    let effective = total * total
        / samples
            .iter()
            .map(|&(weight, _)| weight * weight)
            .sum::<f64>();
    assert!((sums.effective_samples() - effective).abs() < 1e-9 * effective);
    assert!(effective < 500.0 && effective > 400.0, "{effective}");
}

/// Near the end a round is the batches still needed, a twentieth more, rounded up: 100
/// batches at 0.9 of the error asked for (squared) need 100 (1/0.9 - 1) more, 11.1, so 12;
/// at least one, at most a whole round.
#[test]
fn the_last_rounds_are_the_batches_still_needed() {
    assert_eq!(next_round_size(100, 0.9), 12);
    assert_eq!(next_round_size(1_000, 0.999), 2);
    assert_eq!(next_round_size(1_000, 0.999_99), 1);
    assert_eq!(next_round_size(100, 0.25), ROUND);
}

/// A deal's deck holds, in its first places, the free cards less the dealt ones, whatever
/// places the dealt cards had: random deals of every size, with and without a board.
#[test]
fn a_deals_deck_is_the_free_cards_less_the_dealt_ones() {
    let mut rng = SeededRng::new(5);
    for round in 0..2_000 {
        let mut cards: Vec<Card> = Card::ALL.to_vec();
        rng.shuffle(&mut cards);
        let taken: CardSet = cards[..[0, 3, 4, 5][round % 4]].iter().copied().collect();
        let free = &cards[taken.len() as usize..];
        let dealt = &free[..2 * (1 + rng.index((free.len() / 2).min(23)))];
        let decks = Decks::new(taken, dealt.len());
        let deck: CardSet = decks.deal(dealt)[..decks.left].iter().copied().collect();
        let expected: CardSet = free[dealt.len()..].iter().copied().collect();
        assert_eq!(deck, expected, "taken {taken:?}, dealt {dealt:?}");
        assert_eq!(deck.len() as usize, decks.left);
    }
}

/// The packed tallies of up to four players are what the general count gives each winner:
/// every set of winners, summed over as many boards as a deal has.
#[test]
fn packed_tallies_match_the_shares_of_each_set_of_winners() {
    for (winners, &tallies) in PACKED_TALLIES.iter().enumerate().skip(1) {
        let count = winners.count_ones() as usize;
        let packed = tallies * 8;
        for player in 0..4 {
            let (alone, twelfths) = (
                packed >> (16 * player) & 0xFF,
                packed >> (16 * player + 8) & 0xFF,
            );
            let won = winners >> player & 1 == 1;
            let units = if won { SHARES[count] } else { 0 };
            assert_eq!(
                twelfths * (SHARE_UNITS / 12),
                8 * units,
                "{winners:b}, {player}"
            );
            assert_eq!(
                alone,
                u64::from(won && count == 1) * 8,
                "{winners:b}, {player}"
            );
        }
    }
}

/// The breakdown by the first player's combo adds up to the first player's figures: each
/// combo's shares weighted by how often it was dealt, over several rounds of batches merged.
#[test]
fn the_first_players_combos_add_up_to_their_figures() {
    let matchup = RangeMatchup::from_text(&["AK, QQ:0.5", "random", "JJ+"], "", "");
    let sampling = Sampling {
        seed: 9,
        standard_error: 0.004,
        time_limit: None,
    };
    let result = sampled(&matchup, &sampling, Threads::ONE, &crate::progress::Silent).unwrap();
    let super::Counted::Sampled { deals, .. } = result.counted else {
        panic!("sampled");
    };
    // A round's sixteen batches, or more, merged (boards preflop).
    assert!(
        deals >= 16 * super::BATCH / super::BOARDS_PER_DEAL[5] as u64,
        "{deals}"
    );
    assert_eq!(result.first_player_combos.len(), 22);
    let (mut frequency, mut wins, mut ties) = (0.0, 0.0, 0.0);
    for combo in &result.first_player_combos {
        frequency += combo.frequency;
        wins += combo.frequency * combo.shares.wins;
        ties += combo.frequency * combo.shares.ties;
    }
    assert!((frequency - 1.0).abs() < 1e-9, "{frequency}");
    assert!(
        (wins - result.players[0].wins).abs() < 1e-9,
        "{wins} {:?}",
        result.players
    );
    assert!(
        (ties - result.players[0].ties).abs() < 1e-9,
        "{ties} {:?}",
        result.players
    );
}

fn reports(sampling: Sampling) -> Vec<f64> {
    let seen = Mutex::new(Vec::new());
    let matchup = RangeMatchup::from_text(&["AsKs", "random", "random"], "", "");
    let progress = |done: f64| seen.lock().unwrap().push(done);
    sampled(&matchup, &sampling, Threads::ONE, &progress).unwrap();
    seen.into_inner().unwrap()
}

/// The progress guess: the share of the samples needed (which grow with the square of the
/// error still to shed), or of the time allowed, whichever is further; always below one.
#[test]
fn progress_guesses_by_the_error_or_the_time_whichever_is_further() {
    let by_error = reports(Sampling {
        seed: 4,
        standard_error: 0.0005,
        time_limit: None,
    });
    assert!(by_error.len() >= 3, "{by_error:?}");
    assert!(
        by_error.iter().all(|&done| done > 0.0 && done < 1.0),
        "{by_error:?}"
    );
    assert!(by_error[0] < 0.5, "{by_error:?}");
    // The last look before the error is reached: most of the samples are in.
    assert!(by_error[by_error.len() - 1] > 0.5, "{by_error:?}");
    // Loose bounds, not a speed test: a round of boards takes a few milliseconds (61 rounds
    // in 200 ms on a Zen 4), and the three reports and the last past half the limit asked
    // for below hold while a round takes up to a sixth of a second.
    let by_time = reports(Sampling {
        seed: 4,
        standard_error: 1e-9,
        time_limit: Some(Duration::from_millis(500)),
    });
    assert!(by_time.len() >= 3, "{by_time:?}");
    assert!(
        by_time.windows(2).all(|pair| pair[0] < pair[1]),
        "{by_time:?}"
    );
    assert!(
        by_time.iter().all(|&done| done > 0.0 && done <= 1.0),
        "{by_time:?}"
    );
    assert!(by_time[by_time.len() - 1] > 0.5, "{by_time:?}");
}
