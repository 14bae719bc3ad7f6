//! equity-core's count of a hand or range against a field of one range, board by board, held
//! to the deal-by-deal count's whole numbers (every player's, and the first player's combo by
//! combo): a first range of up to four combos with weights, a field of one to three players of
//! one range (up to a dozen combos, one weight), or of four to six players of two to four whole
//! pairs of ranks, a flop, turn or river, up to two dead cards, all taken from the bytes. Fields
//! of seven and eight run the same code, but their deals (at least 8! = 40,320 for eight) are
//! more than the deal-by-deal count does quickly here: unit tests hold them to it.
//!
//! Not before the flop: its 1.7 million boards take some ten seconds an input instrumented, so a
//! short run would try a handful. Each board is counted by the same code whatever the cards
//! before it; the unit tests hold the count before the flop to the deal-by-deal one.
#![no_main]

mod matchup_bytes;

use cards_core::holdem::Range;
use equity_core::count_field_and_by_deal;
use libfuzzer_sys::fuzz_target;
use matchup_bytes::{WEIGHTS, combos_text, distinct_cards, matchup};

/// `count` pairs of ranks on ranks of their own (`AK`, or `QQ` for a pair), from the bytes.
fn rank_pairs(bytes: &mut impl Iterator<Item = u8>, count: usize) -> Option<Vec<String>> {
    const RANKS: &[u8] = b"23456789TJQKA";
    let mut used = 0_u16;
    let mut pairs = Vec::new();
    while pairs.len() < count {
        let byte = bytes.next()?;
        let (high, low) = (usize::from(byte % 13), usize::from(byte / 13 % 13));
        if used & (1 << high | 1 << low) == 0 {
            used |= 1 << high | 1 << low;
            let (high, low) = (RANKS[high.max(low)], RANKS[high.min(low)]);
            pairs.push(String::from_utf8(vec![high, low]).expect("ranks"));
        }
    }
    Some(pairs)
}

/// Ordered tuples of `players` pairwise disjoint combos of `combos` (cards as bits) that miss
/// the cards `taken`, counted up to `most`.
fn deals_up_to(combos: &[u64], players: usize, taken: u64, most: u64) -> u64 {
    if players == 0 {
        return 1;
    }
    let mut deals = 0;
    for &cards in combos.iter().filter(|&&cards| cards & taken == 0) {
        deals += deals_up_to(combos, players - 1, taken | cards, most - deals);
        if deals >= most {
            break;
        }
    }
    deals
}

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else {
        return;
    };
    let board_cards = [3, 4, 5, 5][usize::from(shape % 4)];
    let dead_cards = usize::from(shape / 4 % 3);
    // Fields of four to six players of whole pairs of ranks, counted by the cards of each type
    // taken.
    let by_classes = shape / 36 % 2 == 1;
    let field = if by_classes {
        4 + usize::from(shape / 72 % 3)
    } else {
        1 + usize::from(shape / 12 % 3)
    };
    // Fewer combos where there are more deals to walk.
    let (first_most, field_most) = match (board_cards, field) {
        (_, 1) => (4, 12),
        (_, 2) => (3, 8),
        _ => (2, 5),
    };
    let mut bytes = rest.iter().copied();
    let Some((_, fixed)) = distinct_cards(&mut bytes, board_cards + dead_cards) else {
        return;
    };
    let (Some(first_size), Some(field_size), Some(field_weight)) =
        (bytes.next(), bytes.next(), bytes.next())
    else {
        return;
    };
    let first_size = 1 + usize::from(first_size) % first_most;
    let field_size = 1 + usize::from(field_size) % field_most;
    let field_weight = WEIGHTS[usize::from(field_weight % 2)];
    let mut ranges = Vec::new();
    let mut sizes = vec![(first_size, None)];
    if !by_classes {
        sizes.push((field_size, Some(field_weight)));
    }
    for (size, fixed_weight) in sizes {
        let Some(text) = combos_text(&mut bytes, size, |weight| {
            fixed_weight.unwrap_or(WEIGHTS[usize::from(weight % 3)])
        }) else {
            return;
        };
        ranges.push(text);
    }
    if by_classes {
        let Some(pairs) = rank_pairs(&mut bytes, 2 + usize::from(field_size % 3)) else {
            return;
        };
        let weighted: Vec<String> = (pairs.iter())
            .map(|pair| format!("{pair}{field_weight}"))
            .collect();
        ranges.push(weighted.join(", "));
    }
    let field_range: Range = ranges[1].parse().expect("combos");
    if by_classes {
        // Few enough joint deals and boards for the deal-by-deal count to take about a second
        // at most: instrumented, it counts some 20,000 deals a second.
        let combos: Vec<u64> = (field_range.combos().iter())
            .map(|(combo, _)| {
                combo
                    .iter()
                    .fold(0, |cards, card| cards | 1 << card.index())
            })
            .filter(|&cards| fixed.iter().all(|card| cards & 1 << card.index() == 0))
            .collect();
        let boards = match board_cards {
            3 => 1081,
            4 => 46,
            _ => 1,
        };
        let most_deals = 20_000 / boards;
        if deals_up_to(&combos, field, 0, most_deals + 1) > most_deals {
            return;
        }
    }
    let texts: Vec<String> = std::iter::once(ranges[0].clone())
        .chain(std::iter::repeat_n(ranges[1].clone(), field))
        .collect();
    let matchup = matchup(&texts, &fixed, board_cards);
    let Some(counted) = count_field_and_by_deal(&matchup) else {
        return;
    };
    let [by_field, by_deal] = counted.expect("small ranges: never too large, never cancelled");
    assert_eq!(by_field, by_deal, "{ranges:?} on {:?}", matchup.board);
});
