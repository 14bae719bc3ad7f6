//! The exact equity tables, as the solver reads them and as they are kept in the repository:
//! heads-up here, three-way in [`three_way`].
//!
//! Heads-up format, version 1 (`data/heads-up-v1.bin`, all integers little-endian):
//!
//! | bytes | what |
//! |---|---|
//! | 4 | `PFEQ` |
//! | 2 | format version, 1 |
//! | 1 | players, 2 |
//! | 1 | 0 |
//! | 4 | boards per joint deal, C(48, 5) = 1,712,304 |
//! | 28,561 × 9 | one combo of the row's hand against the column's hand, rows and columns in the grid's order (row by row from AA; suited above the diagonal): joint deals (1 byte), boards won (4), boards split (4); boards lost are the rest |
//! | 8 | FNV-1a (64 bits) of every byte before it |
//!
//! Every combo of a hand is a renaming of the suits of every other, so one combo's row, times
//! the hand's combos, is the hand's: that is how [`decode`] gives whole-hand counts.

pub mod three_way;

use std::fmt;

use equity_core::{ClassPair, ClassPairs, EquityError, HandClass, Progress, Threads};

const MAGIC: &[u8; 4] = b"PFEQ";
const VERSION: u16 = 1;
pub(crate) const HEADER: usize = 12;
const ENTRY: usize = 9;
const ENTRIES: usize = HandClass::COUNT * HandClass::COUNT;
/// The length of a version 1 heads-up table.
pub const HEADS_UP_BYTES: usize = HEADER + ENTRIES * ENTRY + 8;

/// The heads-up table kept in the repository, made by `cargo xtask tables`.
pub const HEADS_UP: &[u8] = include_bytes!("../../data/heads-up-v1.bin");

/// Why bytes are not a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError(String);

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a push/fold equity table: {}", self.0)
    }
}

impl std::error::Error for TableError {}

/// FNV-1a, 64 bits: a checksum that needs no dependency and catches any changed byte.
pub fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What the two tables' formats share: the header (`PFEQ`, version 1, the players, the boards
/// per deal), a checksum after the entries, and a fixed length.
pub(crate) struct Format {
    pub(crate) players: u8,
    pub(crate) boards_per_deal: u64,
    /// `heads-up`, `C(48, 5)`.
    pub(crate) name: &'static str,
    pub(crate) boards_name: &'static str,
    pub(crate) length: usize,
}

const HEADS_UP_FORMAT: Format = Format {
    players: 2,
    boards_per_deal: ClassPairs::BOARDS_PER_DEAL,
    name: "heads-up",
    boards_name: "C(48, 5)",
    length: HEADS_UP_BYTES,
};

impl Format {
    /// The header, to which the entries and then [`Format::seal`] are added.
    pub(crate) fn header(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.length);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&[self.players, 0]);
        let boards = u32::try_from(self.boards_per_deal).expect("boards per deal fit");
        bytes.extend_from_slice(&boards.to_le_bytes());
        bytes
    }

    /// Adds the checksum of every byte so far.
    pub(crate) fn seal(bytes: &mut Vec<u8>) {
        let sum = checksum(bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
    }

    /// The bytes before the checksum, once the length, the checksum and the header are right.
    pub(crate) fn body<'a>(&self, bytes: &'a [u8]) -> Result<&'a [u8], TableError> {
        let error = |what: String| Err(TableError(what));
        if bytes.len() != self.length {
            return error(format!("{} bytes, not {}", bytes.len(), self.length));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        if u64::from_le_bytes(sum.try_into().expect("8 bytes")) != checksum(body) {
            return error("its checksum does not match".to_string());
        }
        if &body[..4] != MAGIC
            || body[4..6] != VERSION.to_le_bytes()
            || body[6..8] != [self.players, 0]
        {
            return error(format!("not version 1 of a {} table", self.name));
        }
        let boards = u32::from_le_bytes(body[8..12].try_into().expect("4 bytes"));
        if u64::from(boards) != self.boards_per_deal {
            return error(format!("its boards per deal are not {}", self.boards_name));
        }
        Ok(body)
    }
}

/// The table in the format above.
pub fn encode(pairs: &ClassPairs) -> Vec<u8> {
    let mut bytes = HEADS_UP_FORMAT.header();
    for (index, pair) in pairs.entries().iter().enumerate() {
        let combos = row_class(index).combo_count() as u64;
        let one = |count: u64| {
            debug_assert_eq!(count % combos, 0, "a hand's row is its combos' rows");
            count / combos
        };
        bytes.push(u8::try_from(one(pair.deals)).expect("at most 12 combos"));
        for count in [pair.wins, pair.ties] {
            let count = u32::try_from(one(count)).expect("at most 12 × C(48, 5) boards");
            bytes.extend_from_slice(&count.to_le_bytes());
        }
    }
    Format::seal(&mut bytes);
    bytes
}

/// A table from bytes in the format above, its checksum and every entry checked.
pub fn decode(bytes: &[u8]) -> Result<ClassPairs, TableError> {
    let body = HEADS_UP_FORMAT.body(bytes)?;
    let u32_at = |at: usize| u32::from_le_bytes(body[at..at + 4].try_into().expect("4 bytes"));
    let exceeded = || TableError("an entry's boards exceed its deals'".to_string());
    let pairs = (0..ENTRIES)
        .map(|index| {
            let at = HEADER + index * ENTRY;
            let combos = row_class(index).combo_count() as u64;
            let deals = u64::from(body[at]);
            let (wins, ties) = (u64::from(u32_at(at + 1)), u64::from(u32_at(at + 5)));
            let losses = (deals * ClassPairs::BOARDS_PER_DEAL)
                .checked_sub(wins + ties)
                .ok_or_else(exceeded)?;
            Ok(ClassPair {
                deals: combos * deals,
                wins: combos * wins,
                ties: combos * ties,
                losses: combos * losses,
            })
        })
        .collect::<Result<_, TableError>>()?;
    // The losses are the rest of the boards, so every entry adds up.
    Ok(ClassPairs::from_entries(pairs).expect("28,561 entries whose boards add up"))
}

/// The row's hand of the entry at `index`.
fn row_class(index: usize) -> HandClass {
    let row = index / HandClass::COUNT;
    HandClass::from_grid_cell(row / 13, row % 13)
}

/// The heads-up table made from scratch by the equity engine (about 22 s on one thread): the
/// bytes of `data/heads-up-v1.bin`, bit for bit.
pub fn build_heads_up(threads: Threads, progress: &dyn Progress) -> Result<Vec<u8>, EquityError> {
    Ok(encode(&equity_core::class_pairs(threads, progress)?))
}
