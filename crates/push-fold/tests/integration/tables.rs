//! The heads-up table kept in the crate: its format and checksum, its symmetry, and entries
//! recounted by the equity engine's range count and by plain enumeration of every board.

use cards_core::Card;
use cards_core::holdem::HandClass;
use equity_core::ClassPairs;
use push_fold::tables::{self, HEADS_UP, HEADS_UP_BYTES};

use crate::common;
use seeded_rng::SeededRng;

/// The FNV-1a checksum of `data/heads-up-v1.bin` as made by `cargo xtask tables` on 2026-12-03;
/// a table made differently fails here, and `cargo xtask tables --check` remakes it.
const HEADS_UP_CHECKSUM: u64 = 0xdab8_2d30_701e_562f;

#[test]
fn the_kept_table_is_version_one_with_its_checksum() {
    assert_eq!(HEADS_UP.len(), HEADS_UP_BYTES);
    assert_eq!(&HEADS_UP[..4], b"PFEQ");
    assert_eq!(tables::checksum(HEADS_UP), HEADS_UP_CHECKSUM);
    let pairs = tables::decode(HEADS_UP).unwrap();
    assert_eq!(tables::encode(&pairs), HEADS_UP);
    // Every changed byte is refused: by the checksum, or by the checksum's own bytes.
    for at in [0, 5, 12, 1000, HEADS_UP_BYTES - 9, HEADS_UP_BYTES - 1] {
        let mut corrupt = HEADS_UP.to_vec();
        corrupt[at] ^= 0x10;
        assert!(tables::decode(&corrupt).is_err(), "byte {at}");
    }
    assert!(tables::decode(&HEADS_UP[1..]).is_err());
}

/// A table whose checksum matches but one of whose entries claims more boards won and split
/// than its deals have is refused.
#[test]
fn an_entry_with_more_boards_than_its_deals_is_refused() {
    let mut made = HEADS_UP.to_vec();
    // The first entry's boards won, set beyond its deals' boards.
    made[13..17].copy_from_slice(&u32::MAX.to_le_bytes());
    let body = made.len() - 8;
    let sum = tables::checksum(&made[..body]);
    made[body..].copy_from_slice(&sum.to_le_bytes());
    let error = tables::decode(&made).unwrap_err();
    assert_eq!(
        error.to_string(),
        "not a push/fold equity table: an entry's boards exceed its deals'"
    );
}

#[test]
fn every_pair_read_from_the_other_side_is_the_same_deals_swapped() {
    let pairs = push_fold::heads_up_table();
    let mut deals = 0;
    for first in HandClass::all() {
        for second in HandClass::all() {
            assert_eq!(pairs.get(first, second), pairs.get(second, first).swapped());
            deals += pairs.get(first, second).deals;
        }
    }
    // Every ordered pair of combos without a shared card.
    assert_eq!(deals, 1326 * 1225);
}

fn any_class(random: &mut SeededRng) -> HandClass {
    let index = usize::try_from(random.below(169)).unwrap();
    HandClass::all().nth(index).unwrap()
}

fn class(name: &str) -> HandClass {
    HandClass::all()
        .find(|class| class.to_string() == name)
        .unwrap()
}

/// Random entries (and chosen ones) are what `holdem-equity ranges` counts for the two hands:
/// the same whole numbers.
#[test]
fn random_entries_are_the_range_counts() {
    let pairs = push_fold::heads_up_table();
    let mut random = SeededRng::new(2026);
    let mut chosen = vec![
        (class("AA"), class("KK")),
        (class("AKs"), class("AKo")),
        (class("72o"), class("72o")),
    ];
    chosen.extend((0..6).map(|_| (any_class(&mut random), any_class(&mut random))));
    for (first, second) in chosen {
        let (weighted, _) = common::range_counts(&[first, second]);
        let pair = pairs.get(first, second);
        assert_eq!(weighted.deals, u128::from(pair.deals), "{first} {second}");
        assert_eq!(
            weighted.wins,
            [pair.wins, pair.losses].map(u128::from),
            "{first} {second}"
        );
        assert_eq!(
            weighted.tie_units,
            [pair.ties; 2].map(u128::from),
            "{first} {second}"
        );
    }
}

/// Wins, splits and losses of one combo against another over every board, by dealing each.
fn by_every_board(first: [Card; 2], second: [Card; 2]) -> [u64; 3] {
    let mut counts = [0; 3];
    common::for_every_board([first, second], |[a, b]| {
        counts[usize::from(a <= b) + usize::from(a < b)] += 1;
    });
    counts
}

/// A random entry recounted by plain enumeration: one combo of the first hand against every
/// combo of the second without a shared card, every board dealt and both hands valued.
#[test]
fn a_random_entry_is_every_board_dealt() {
    let pairs = push_fold::heads_up_table();
    let mut random = SeededRng::new(7);
    let (first, second) = (any_class(&mut random), any_class(&mut random));
    let combo = first.combos().next().unwrap();
    let mut totals = [0; 4];
    for other in second
        .combos()
        .filter(|other| !other.iter().any(|card| combo.contains(card)))
    {
        let [won, split, lost] = by_every_board(combo, other);
        assert_eq!(won + split + lost, ClassPairs::BOARDS_PER_DEAL);
        for (total, count) in totals.iter_mut().zip([1, won, split, lost]) {
            *total += count;
        }
    }
    // The table's counts are the whole hand's: each combo of the first hand has the same row.
    let combos = first.combo_count() as u64;
    let pair = pairs.get(first, second);
    assert_eq!(
        [pair.deals, pair.wins, pair.ties, pair.losses],
        totals.map(|total| combos * total),
        "{first} {second}"
    );
}
