//! The exact three-way equity table: every three starting hands all in together, by the order
//! of their hands at showdown.
//!
//! Format, version 1 (`data/three-way-v1.bin`, all integers little-endian):
//!
//! | bytes | what |
//! |---|---|
//! | 4 | `PFEQ` |
//! | 2 | format version, 1 |
//! | 1 | players, 3 |
//! | 1 | 0 |
//! | 4 | boards per joint deal, C(46, 5) = 1,370,754 |
//! | 818,805 × 49 | every three hands `a ≤ b ≤ c` in the grid's order (row by row from AA; suited above the diagonal), `a` slowest and `c` fastest: one combo of `a` with every combo of `b` and of `c`, the joint deals without a shared card (1 byte), and the boards of each of the first 12 showdown orders of [`SHOWDOWN_ORDERS`] over them (4 each); the 13th order's boards are the rest |
//! | 8 | FNV-1a (64 bits) of every byte before it |
//!
//! A showdown order gives each player's place, 1 for the best hand, ties included (two hands
//! tied first both take 1). Every combo of `a` is a renaming of the suits of every other, which
//! `b`'s and `c`'s combos follow, so one combo's counts times `a`'s combos are the hands'.
//! [`ThreeWayTable::get`] reads the three hands in any seat order.

use std::borrow::Cow;
use std::sync::LazyLock;

use equity_core::{ClassTriple, EquityError, HandClass, Progress, SHOWDOWN_ORDERS, Threads};

use super::{Format, HEADER, TableError};

const ENTRY: usize = 1 + 12 * 4;
/// How many sets of three hands there are: C(169 + 2, 3), each hand with itself allowed.
pub const TRIPLES: usize = 818_805;
/// The length of a version 1 three-way table.
pub const THREE_WAY_BYTES: usize = HEADER + TRIPLES * ENTRY + 8;

/// The three-way table kept in the repository, made by `cargo xtask tables --three-way` or the
/// `holdem_equity.jobs` job (40 MB, in the program with the `three-way` feature).
#[cfg(feature = "three-way")]
pub const THREE_WAY: &[u8] = include_bytes!("../../data/three-way-v1.bin");

const FORMAT: Format = Format {
    players: 3,
    boards_per_deal: ClassTriple::BOARDS_PER_DEAL,
    name: "three-way",
    boards_name: "C(46, 5)",
    length: THREE_WAY_BYTES,
};

/// The three-way table, checked, as the solver reads it.
#[derive(Clone, Debug)]
pub struct ThreeWayTable {
    bytes: Cow<'static, [u8]>,
}

/// The place of `class` in the grid's order.
fn grid_index(class: HandClass) -> usize {
    let (row, column) = class.grid_cell();
    row * 13 + column
}

/// The entry of hands `a ≤ b ≤ c` (grid indices) among the triples in the table's order.
fn triple_index(a: usize, b: usize, c: usize) -> usize {
    debug_assert!(a <= b && b <= c && c < HandClass::COUNT);
    // Then those with first hand `a` and a second from `a` to `b - 1`.
    BEFORE[a] + (pairs_before(b) - pairs_before(a)) + (c - b)
}

/// How many pairs `b ≤ c` of hands have `b` before hand `second`: `n + (n - 1) + ...`, one
/// term a hand before it.
const fn pairs_before(second: usize) -> usize {
    let n = HandClass::COUNT;
    second * (2 * n - second + 1) / 2
}

/// How many triples come before those with first hand `a`, by `a` (and all of them last).
const BEFORE: [usize; HandClass::COUNT + 1] = {
    let n = HandClass::COUNT;
    let mut before = [0; HandClass::COUNT + 1];
    let mut first = 0;
    while first < n {
        // First hand `first`: C(n - first + 1, 2) pairs `b ≤ c` from `first` on.
        before[first + 1] = before[first] + (n - first) * (n - first + 1) / 2;
        first += 1;
    }
    before
};

/// The orders of three seats in the table's order (which seat holds its first, second and
/// third hand), and for each, where each stored showdown order goes when the places are moved to
/// the seats: `MOVED[k][order]` for the `k`-th of [`SEATINGS`].
const SEATINGS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

static MOVED: LazyLock<[[usize; 13]; 6]> = LazyLock::new(|| {
    SEATINGS.map(|seats| {
        SHOWDOWN_ORDERS.map(|places| {
            let mut by_seat = [0; 3];
            for (k, &seat) in seats.iter().enumerate() {
                by_seat[seat] = places[k];
            }
            SHOWDOWN_ORDERS
                .iter()
                .position(|&order| order == by_seat)
                .expect("a showdown order")
        })
    })
});

impl ThreeWayTable {
    /// The three hands seated in this order (any order, a hand more than once), all in
    /// together: their joint deals and each showdown order's boards, the places given seat by
    /// seat.
    pub fn get(&self, hands: [HandClass; 3]) -> ClassTriple {
        let index = hands.map(grid_index);
        // The seats sorted by hand: `seats[k]` is the seat holding the table's `k`-th hand.
        let seating = SEATINGS
            .iter()
            .position(|seats| {
                index[seats[0]] <= index[seats[1]] && index[seats[1]] <= index[seats[2]]
            })
            .expect("some order of the seats sorts their hands");
        let seats = SEATINGS[seating];
        let at = HEADER + ENTRY * triple_index(index[seats[0]], index[seats[1]], index[seats[2]]);
        let combos = hands[seats[0]].combo_count() as u64;
        let entry = &self.bytes[at..at + ENTRY];
        let deals = u64::from(entry[0]);
        let mut stored = [0; 13];
        for (order, bytes) in stored.iter_mut().zip(entry[1..].chunks_exact(4)) {
            *order = u64::from(u32::from_le_bytes(bytes.try_into().expect("4 bytes")));
        }
        stored[12] = deals * ClassTriple::BOARDS_PER_DEAL - stored[..12].iter().sum::<u64>();
        let mut orders = [0; 13];
        for (&moved, boards) in MOVED[seating].iter().zip(stored) {
            orders[moved] = combos * boards;
        }
        ClassTriple {
            deals: combos * deals,
            orders,
        }
    }
}

/// The table in the format above, from every three hands `a ≤ b ≤ c` in the table's order with
/// their whole hands' counts (as [`equity_core::class_triples`] gives them, part after part);
/// `None` when there are not [`TRIPLES`] of them or one does not fit the format (its counts not
/// its first hand's combos' times one combo's, more than 255 deals, or boards that are not its
/// deals').
pub fn encode(triples: &[ClassTriple]) -> Option<Vec<u8>> {
    if triples.len() != TRIPLES {
        return None;
    }
    let mut bytes = FORMAT.header();
    let mut triple = triples.iter();
    for a in 0..HandClass::COUNT {
        let combos = HandClass::from_grid_cell(a / 13, a % 13).combo_count() as u64;
        let one = |count: u64| count.is_multiple_of(combos).then_some(count / combos);
        for _ in 0..(HandClass::COUNT - a) * (HandClass::COUNT - a + 1) / 2 {
            let &ClassTriple { deals, orders } = triple.next().expect("counted above");
            if orders.iter().sum::<u64>() != deals * ClassTriple::BOARDS_PER_DEAL {
                return None;
            }
            bytes.push(u8::try_from(one(deals)?).ok()?);
            for &order in &orders[..12] {
                bytes.extend_from_slice(&u32::try_from(one(order)?).ok()?.to_le_bytes());
            }
        }
    }
    Format::seal(&mut bytes);
    Some(bytes)
}

/// A table from bytes in the format above (kept in the program, or read), its checksum and
/// every entry checked.
pub fn decode(bytes: impl Into<Cow<'static, [u8]>>) -> Result<ThreeWayTable, TableError> {
    let bytes = bytes.into();
    let body = FORMAT.body(&bytes)?;
    for entry in body[HEADER..].chunks_exact(ENTRY) {
        let counted: u64 = entry[1..]
            .chunks_exact(4)
            .map(|bytes| u64::from(u32::from_le_bytes(bytes.try_into().expect("4 bytes"))))
            .sum();
        if counted > u64::from(entry[0]) * ClassTriple::BOARDS_PER_DEAL {
            return Err(TableError(
                "an entry's boards exceed its deals'".to_string(),
            ));
        }
    }
    Ok(ThreeWayTable { bytes })
}

/// The three-way table made from scratch by the equity engine (about 2 core-hours; the
/// `holdem_equity.jobs` job shares it out): the bytes of `data/three-way-v1.bin`, bit for bit.
/// `progress` hears the share of the parts done, and can stop it.
pub fn build(threads: Threads, progress: &dyn Progress) -> Result<Vec<u8>, EquityError> {
    let classes: Vec<HandClass> = HandClass::all().collect();
    let mut triples = Vec::with_capacity(TRIPLES);
    for (a, &first) in classes.iter().enumerate() {
        for &second in &classes[a..] {
            if progress.is_cancelled() {
                return Err(EquityError::Cancelled);
            }
            triples.extend(equity_core::class_triples(
                first,
                second,
                threads,
                &equity_core::Silent,
            )?);
            progress.report(triples.len() as f64 / TRIPLES as f64);
        }
    }
    Ok(encode(&triples).expect("the engine's counts fit the format"))
}

#[cfg(test)]
mod tests {
    use equity_core::HandClass;

    use super::{TRIPLES, triple_index};

    /// The triples' indices are 0, 1, 2, ... in the table's order, `c` fastest.
    #[test]
    fn triples_are_numbered_in_order() {
        let mut next = 0;
        for a in 0..HandClass::COUNT {
            for b in a..HandClass::COUNT {
                for c in b..HandClass::COUNT {
                    assert_eq!(triple_index(a, b, c), next);
                    next += 1;
                }
            }
        }
        assert_eq!(next, TRIPLES);
    }
}
