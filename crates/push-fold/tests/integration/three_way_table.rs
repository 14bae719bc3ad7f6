//! The three-way table kept in the crate: its format and checksum, its deals, its seats read in
//! any order, and entries recounted by the equity engine's part count, its range count and
//! plain enumeration of every board.

use std::sync::LazyLock;

use cards_core::holdem::HandClass;
use cards_core::{Card, CardSet};
use equity_core::{ClassTriple, SHOWDOWN_ORDERS, Silent, Threads};
use push_fold::tables::checksum;
use push_fold::tables::three_way::{self, THREE_WAY_BYTES, TRIPLES, ThreeWayTable};
use seeded_rng::SeededRng;

use crate::common;

/// The FNV-1a checksum of `data/three-way-v1.bin` as made by the `holdem_equity.jobs` job
/// `three-way` on 2026-12-03; a table made differently fails here.
const THREE_WAY_CHECKSUM: u64 = 0x2660_f258_4f4d_b8d7;

static BYTES: LazyLock<Vec<u8>> = LazyLock::new(|| {
    std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/three-way-v1.bin"
    ))
    .unwrap()
});

static TABLE: LazyLock<ThreeWayTable> = LazyLock::new(|| three_way::decode(BYTES.clone()).unwrap());

fn classes() -> Vec<HandClass> {
    HandClass::all().collect()
}

fn class(name: &str) -> HandClass {
    HandClass::all()
        .find(|class| class.to_string() == name)
        .unwrap()
}

fn any_class(random: &mut SeededRng) -> HandClass {
    classes()[usize::try_from(random.below(169)).unwrap()]
}

/// Every three hands `a ≤ b ≤ c` in the table's order.
fn in_order() -> impl Iterator<Item = [HandClass; 3]> {
    let all = classes();
    (0..169).flat_map(move |a| {
        let all = all.clone();
        (a..169).flat_map(move |b| {
            let all = all.clone();
            (b..169).map(move |c| [all[a], all[b], all[c]])
        })
    })
}

#[test]
fn the_kept_table_is_version_one_with_its_checksum() {
    let bytes = &*BYTES;
    assert_eq!(bytes.len(), THREE_WAY_BYTES);
    assert_eq!(&bytes[..8], b"PFEQ\x01\x00\x03\x00");
    assert_eq!(checksum(bytes), THREE_WAY_CHECKSUM);
    // Read back entry by entry and written again: the same bytes.
    let triples: Vec<ClassTriple> = in_order().map(|hands| TABLE.get(hands)).collect();
    assert_eq!(triples.len(), TRIPLES);
    assert_eq!(three_way::encode(&triples).as_ref(), Some(bytes));
    // Every changed byte is refused: by the checksum, or by the checksum's own bytes.
    for at in [0, 6, 12, 1000, THREE_WAY_BYTES - 9, THREE_WAY_BYTES - 1] {
        let mut corrupt = bytes.clone();
        corrupt[at] ^= 0x10;
        assert!(three_way::decode(corrupt).is_err(), "byte {at}");
    }
    assert!(three_way::decode(bytes[1..].to_vec()).is_err());
}

/// A table whose checksum matches but one of whose entries claims more boards than its deals
/// have is refused.
#[test]
fn an_entry_with_more_boards_than_its_deals_is_refused() {
    let mut made = BYTES.clone();
    // The first entry's boards of the first order, beyond its deals' boards.
    made[13..17].copy_from_slice(&u32::MAX.to_le_bytes());
    let body = made.len() - 8;
    let sum = checksum(&made[..body]);
    made[body..].copy_from_slice(&sum.to_le_bytes());
    let error = three_way::decode(made).unwrap_err();
    assert_eq!(
        error.to_string(),
        "not a push/fold equity table: an entry's boards exceed its deals'"
    );
}

/// Every ordered choice of three combos without a shared card is a deal of the table, once.
#[test]
fn the_deals_are_every_three_combos_without_a_shared_card() {
    let mut deals = 0;
    for hands @ [a, b, c] in in_order() {
        // The seatings of these hands: each distinct order once.
        let seatings = match (a == b, b == c) {
            (true, true) => 1,
            (false, false) => 6,
            _ => 3,
        };
        deals += seatings * TABLE.get(hands).deals;
    }
    assert_eq!(deals, 1326 * 1225 * 1128);
}

/// The same hands in other seats: the same deals, each order's places moved with the seats.
#[test]
fn seats_read_in_any_order_move_the_places_with_them() {
    let mut random = SeededRng::new(3);
    for _ in 0..200 {
        let hands = [(); 3].map(|()| any_class(&mut random));
        let triple = TABLE.get(hands);
        for seats in [[1, 0, 2], [2, 1, 0], [1, 2, 0]] {
            let moved = TABLE.get(seats.map(|seat| hands[seat]));
            assert_eq!(moved.deals, triple.deals);
            for (places, &boards) in SHOWDOWN_ORDERS.iter().zip(&triple.orders) {
                let moved_places = seats.map(|seat| places[seat]);
                let order = SHOWDOWN_ORDERS
                    .iter()
                    .position(|&order| order == moved_places)
                    .unwrap();
                assert_eq!(moved.orders[order], boards, "{hands:?} {seats:?}");
            }
        }
    }
}

/// Random parts of the job counted again by the engine: the same entries.
#[test]
fn random_parts_are_the_engines_count() {
    let all = classes();
    let mut random = SeededRng::new(2027);
    for _ in 0..2 {
        let [mut a, mut b] = [(); 2].map(|()| usize::try_from(random.below(169)).unwrap());
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        let counted =
            equity_core::class_triples(all[a], all[b], Threads::available(), &Silent).unwrap();
        for (c, triple) in (b..169).zip(counted) {
            assert_eq!(TABLE.get([all[a], all[b], all[c]]), triple);
        }
    }
}

/// Random entries (and chosen ones) are what `holdem-equity ranges` counts for the three
/// hands: each player's boards won alone and split, as whole numbers.
#[test]
fn random_entries_are_the_range_counts() {
    let mut random = SeededRng::new(2028);
    let mut chosen = vec![
        [class("AA"), class("KK"), class("QQ")],
        [class("72o"), class("AKs"), class("72o")],
    ];
    chosen.extend((0..3).map(|_| [(); 3].map(|()| any_class(&mut random))));
    for hands in chosen {
        let (weighted, tie_denominator) = common::range_counts(&hands);
        assert_eq!(tie_denominator, 6);
        let triple = TABLE.get(hands);
        assert_eq!(weighted.deals, u128::from(triple.deals), "{hands:?}");
        // A place of 1 alone wins the pot; shared by two, half (3 units of 1/6); by three, a
        // third (2 units).
        let (mut wins, mut tie_units) = ([0u128; 3], [0u128; 3]);
        for (places, &boards) in SHOWDOWN_ORDERS.iter().zip(&triple.orders) {
            let firsts = places
                .iter()
                .map(|&place| usize::from(place == 1))
                .sum::<usize>();
            for (player, &place) in places.iter().enumerate() {
                match (place, firsts) {
                    (1, 1) => wins[player] += u128::from(boards),
                    (1, _) => tie_units[player] += u128::from(boards) * 6 / firsts as u128,
                    _ => {}
                }
            }
        }
        assert_eq!(weighted.wins, wins, "{hands:?}");
        assert_eq!(weighted.tie_units, tie_units, "{hands:?}");
    }
}

/// One combo of each hand against each other's, every board dealt and the three hands valued.
fn by_every_board(holes: [[Card; 2]; 3]) -> [u64; 13] {
    let mut orders = [0; 13];
    common::for_every_board(holes, |values| {
        let places = values.map(|value| {
            1 + values
                .map(|other| u8::from(other > value))
                .iter()
                .sum::<u8>()
        });
        orders[SHOWDOWN_ORDERS
            .iter()
            .position(|&order| order == places)
            .unwrap()] += 1;
    });
    orders
}

/// An entry recounted by plain enumeration: every combo of each hand without a shared card,
/// every board dealt (AKs seated first, aces second and AKs again third: seats in another
/// order than the table's, a class twice, two flush draws; 12 deals).
#[test]
fn an_entry_is_every_board_dealt() {
    let hands = [class("AKs"), class("AA"), class("AKs")];
    let mut totals = [0; 13];
    let mut deals = 0;
    for first in hands[0].combos() {
        for second in hands[1].combos() {
            for third in hands[2].combos() {
                let cards: CardSet = [first, second, third].iter().flatten().copied().collect();
                if cards.len() < 6 {
                    continue;
                }
                deals += 1;
                for (total, boards) in totals
                    .iter_mut()
                    .zip(by_every_board([first, second, third]))
                {
                    *total += boards;
                }
            }
        }
    }
    assert_eq!(
        TABLE.get(hands),
        ClassTriple {
            deals,
            orders: totals
        }
    );
}
