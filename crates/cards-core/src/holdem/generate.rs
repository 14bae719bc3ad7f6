//! Generates the hold'em lookup tables from the slow reference evaluator: at build time for the
//! crate's statics (`build.rs` compiles this file on its own), and on first use in the judge
//! bundles, which have no build script (the `tables-at-startup` feature).
//!
//! * `flush`: the value of every 13-bit rank pattern of one suit holding five to seven cards
//!   (the flush or straight flush it makes);
//! * `rank` and `row_offsets`: the value of every multiset of five to seven ranks that makes no
//!   flush, stored under a perfect hash of its rank key (see `key_layout.rs`): the row is the
//!   key's low `ROW_BITS` bits, the column the rest, and each row is displaced to the first even
//!   offset where its columns land on free slots ("first-fit row displacement"); `row_offsets`
//!   holds the offsets halved, in 16 bits. Rows made from the low bits of the key look alike
//!   less than rows made from its high bits, which is what lets them pack into a table barely
//!   larger than the number of keys.
//!
//! Values are `category << 12 | place`, where `place` numbers the distinct five-card values of
//! the category from the weakest, so the numbers compare like the hands.

use std::collections::{BTreeMap, HashMap};

use super::key_layout::{RANK_BASES, RANK_KEY_BITS, ROW_BITS};
use super::reference::{ReferenceValue, evaluate_best};

/// The three tables, as the generator makes them.
pub struct GeneratedTables {
    /// Indexed by a suit's 13-bit rank pattern.
    pub flush: Vec<u16>,
    /// Indexed by a row's offset plus a column.
    pub rank: Vec<u16>,
    /// Each row's offset, halved.
    pub row_offsets: Vec<u16>,
}

/// Generates the tables.
pub fn generate() -> GeneratedTables {
    let codes = ValueCodes::new();
    let (rank, row_offsets) = rank_lookup(&codes);
    GeneratedTables {
        flush: flush_lookup(&codes),
        rank,
        row_offsets,
    }
}

/// Numbers every distinct five-card value: `category << 12 | place within the category`.
struct ValueCodes {
    code: BTreeMap<ReferenceValue, u16>,
}

impl ValueCodes {
    fn new() -> Self {
        let mut values: Vec<ReferenceValue> = Vec::new();
        for_each_rank_multiset(5, 5, &mut |ranks| {
            values.push(evaluate_best(ranks, false));
            if distinct(ranks) {
                values.push(evaluate_best(ranks, true));
            }
        });
        values.sort_unstable();
        values.dedup();
        assert_eq!(
            values.len(),
            7_462,
            "five-card hands have 7,462 distinct values"
        );
        let mut code = BTreeMap::new();
        let mut place = 0u16;
        let mut previous_category = None;
        for value in values {
            if previous_category != Some(value.category) {
                place = 0;
                previous_category = Some(value.category);
            }
            code.insert(value, u16::from(value.category) << 12 | place);
            place += 1;
        }
        ValueCodes { code }
    }

    fn of(&self, value: ReferenceValue) -> u16 {
        self.code[&value]
    }
}

/// The value of every one-suit rank pattern of five to seven cards, indexed by the pattern.
fn flush_lookup(codes: &ValueCodes) -> Vec<u16> {
    (0u32..1 << 13)
        .map(|pattern| {
            if !(5..=7).contains(&pattern.count_ones()) {
                return 0;
            }
            let ranks: Vec<u8> = (0..13).filter(|rank| pattern >> rank & 1 == 1).collect();
            codes.of(evaluate_best(&ranks, true))
        })
        .collect()
}

/// The perfect-hash table of non-flush values and its per-row offsets.
fn rank_lookup(codes: &ValueCodes) -> (Vec<u16>, Vec<u16>) {
    // The best five of n ranks is the best, over the ranks held, of the best five of the other
    // n - 1: only the five-rank multisets go through the reference evaluator, which keeps
    // generating the tables quick enough to do at start-up.
    let mut entries: Vec<(u32, u16)> = Vec::new();
    let mut code_of_key: HashMap<u32, u16> = HashMap::new();
    for size in 5..=7 {
        for_each_rank_multiset(size, size, &mut |ranks| {
            let key: u32 = ranks
                .iter()
                .map(|&rank| RANK_BASES[usize::from(rank)])
                .sum();
            let code = if size == 5 {
                codes.of(evaluate_best(ranks, false))
            } else {
                ranks
                    .iter()
                    .map(|&rank| code_of_key[&(key - RANK_BASES[usize::from(rank)])])
                    .max()
                    .expect("six or seven ranks")
            };
            code_of_key.insert(key, code);
            entries.push((key, code));
        });
    }
    entries.sort_unstable();
    assert!(
        entries.windows(2).all(|pair| pair[0].0 != pair[1].0),
        "RANK_BASES must give every multiset of five to seven ranks its own key"
    );
    assert!(
        entries.last().unwrap().0 < 1 << RANK_KEY_BITS,
        "rank keys exceed RANK_KEY_BITS"
    );

    let row_count = 1usize << ROW_BITS;
    let mut rows: Vec<Vec<u32>> = vec![Vec::new(); row_count];
    for &(key, _) in &entries {
        rows[(key & ((1 << ROW_BITS) - 1)) as usize].push(key >> ROW_BITS);
    }
    // Place the fullest rows first: they are the hardest to fit once the table fills up.
    let mut order: Vec<usize> = (0..row_count)
        .filter(|&row| !rows[row].is_empty())
        .collect();
    order.sort_by_key(|&row| (std::cmp::Reverse(rows[row].len()), row));

    let mut used = Slots::default();
    let mut first_free = 0usize;
    let mut table_len = 0usize;
    let mut offsets = vec![0u16; row_count];
    for row in order {
        let columns = &rows[row];
        let lowest = *columns.iter().min().unwrap() as usize;
        // The first even offset (halved, every offset fits in 16 bits, which halves the offset
        // table) that puts every column on a free slot, and the lowest one at or after the first
        // free slot. Sixty-four offsets are tried at once: bit `i` of `fitting` says whether
        // offset `base + i` is even and puts no column checked so far on a used slot.
        let mut base = first_free.saturating_sub(lowest).next_multiple_of(2);
        let offset = loop {
            let mut fitting = EVEN_OFFSETS;
            for &column in columns {
                fitting &= !used.window(base + column as usize);
                if fitting == 0 {
                    break;
                }
            }
            if fitting != 0 {
                break base + fitting.trailing_zeros() as usize;
            }
            base += 64;
        };
        for &column in columns {
            let slot = offset + column as usize;
            used.insert(slot);
            table_len = table_len.max(slot + 1);
        }
        while used.contains(first_free) {
            first_free += 1;
        }
        offsets[row] = u16::try_from(offset / 2).expect("halved offsets fit in 16 bits");
    }

    let mut lookup = vec![0u16; table_len];
    for (key, code) in entries {
        let slot =
            2 * u32::from(offsets[(key & ((1 << ROW_BITS) - 1)) as usize]) + (key >> ROW_BITS);
        lookup[slot as usize] = code;
    }
    (lookup, offsets)
}

/// The even ones of 64 offsets that start at an even one.
const EVEN_OFFSETS: u64 = 0x5555_5555_5555_5555;

/// The slots of the rank table taken so far, one bit each.
#[derive(Default)]
struct Slots {
    words: Vec<u64>,
}

impl Slots {
    fn contains(&self, slot: usize) -> bool {
        self.words
            .get(slot / 64)
            .is_some_and(|word| word >> (slot % 64) & 1 == 1)
    }

    fn insert(&mut self, slot: usize) {
        if self.words.len() <= slot / 64 {
            self.words.resize(slot / 64 + 1, 0);
        }
        self.words[slot / 64] |= 1 << (slot % 64);
    }

    /// Bit `i`: whether slot `start + i` is taken.
    fn window(&self, start: usize) -> u64 {
        let word = |index: usize| self.words.get(index).copied().unwrap_or(0);
        let (index, shift) = (start / 64, start % 64);
        if shift == 0 {
            word(index)
        } else {
            word(index) >> shift | word(index + 1) << (64 - shift)
        }
    }
}

/// Calls `visit` with every multiset of `min..=max` ranks holding at most four of each rank,
/// as a sorted list.
fn for_each_rank_multiset(min: usize, max: usize, visit: &mut impl FnMut(&[u8])) {
    fn extend(
        rank: u8,
        ranks: &mut Vec<u8>,
        min: usize,
        max: usize,
        visit: &mut impl FnMut(&[u8]),
    ) {
        if rank == 13 {
            if ranks.len() >= min {
                visit(ranks);
            }
            return;
        }
        let before = ranks.len();
        for count in 0..=4 {
            if before + count > max {
                break;
            }
            ranks.truncate(before);
            ranks.extend(std::iter::repeat_n(rank, count));
            extend(rank + 1, ranks, min, max, visit);
        }
        ranks.truncate(before);
    }
    extend(0, &mut Vec::new(), min, max, visit);
}

fn distinct(ranks: &[u8]) -> bool {
    ranks.windows(2).all(|pair| pair[0] != pair[1])
}
