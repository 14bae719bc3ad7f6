//! The error for ranges that collide on a named card, against the matchup itself: seeded random
//! lines of two to four players drawn from hands, any-suit forms and classes that share cards.
//! A line refused with `repeated card C` has two players every combo of whom holds C (so no
//! deal is possible), the column points at C written in the later one, and its first place at C
//! written in the earlier; in a line accepted, no two players' ranges have a card that every
//! combo of both holds.

use cards_core::{Card, CardSet};
use equity_io::parse_ranges;
use seeded_rng::SeededRng;

const ITEMS: [&str; 12] = [
    "AsKs",
    "AsQd",
    "Ks As",
    "AsKx",
    "AhKh",
    "KhQh",
    "AK",
    "KK",
    "AsKs, AsQs",
    "Qd Qc",
    "QQ",
    "AKs",
];

/// The cards every combo of a range holds.
fn held_by_all(range: &cards_core::holdem::Range) -> CardSet {
    range
        .combos()
        .iter()
        .fold(CardSet::FULL, |held, (combo, _)| {
            held & combo.iter().copied().collect::<CardSet>()
        })
}

#[test]
fn a_repeated_card_is_named_only_where_two_ranges_both_hold_it() {
    let mut rng = SeededRng::new(43);
    let (mut refused, mut accepted) = (0, 0);
    for _ in 0..2_000 {
        let players = rng.index_in(2, 4);
        let texts: Vec<&str> = (0..players)
            .map(|_| ITEMS[rng.index(ITEMS.len())])
            .collect();
        let line = texts.join(" vs ");
        match parse_ranges(line.as_bytes()) {
            Ok(lines) => {
                accepted += 1;
                // No two players' ranges share a card every combo of both holds.
                let ranges = &lines[0].matchup.ranges;
                for later in 1..ranges.len() {
                    for earlier in 0..later {
                        assert!(
                            (held_by_all(&ranges[earlier]) & held_by_all(&ranges[later]))
                                .is_empty(),
                            "{line}"
                        );
                    }
                }
            }
            Err(err) => {
                let message = err.to_string();
                let Some(rest) = message.split_once(": repeated card ").map(|(_, rest)| rest)
                else {
                    panic!("{line}: {message}");
                };
                refused += 1;
                let card: Card = rest[..2].parse().unwrap();
                let column = |text: &str| -> usize {
                    text.split(", column ")
                        .nth(1)
                        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
                        .unwrap()
                        .parse()
                        .unwrap()
                };
                // The columns point at the card, written in the line.
                let (at, first) = (column(&message), column(rest));
                assert!(first < at, "{line}: {message}");
                for place in [at, first] {
                    let written: Card = line[place - 1..=place].parse().unwrap();
                    assert_eq!(written, card, "{line}: {message}");
                }
                // Two players' ranges, each holding it in every combo, hold those places.
                let holders: Vec<usize> = texts
                    .iter()
                    .enumerate()
                    .filter(|(_, text)| {
                        let range: cards_core::holdem::Range = text.parse().unwrap();
                        held_by_all(&range).contains(card)
                    })
                    .map(|(player, _)| player)
                    .collect();
                assert!(holders.len() >= 2, "{line}: {message}");
            }
        }
    }
    assert!(
        refused > 200 && accepted > 200,
        "{refused} refused, {accepted} accepted"
    );
}
