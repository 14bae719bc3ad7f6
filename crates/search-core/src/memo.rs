//! Memo tables: what alpha-beta has learned about positions, as bounds on their values.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// What a remembered value says about a position's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// A remembered value and what kind of bound it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The value, for the player to move.
    pub value: i32,
    /// Whether it is exact or a bound.
    pub bound: Bound,
}

/// A table from positions' keys to [`Entry`]s: what [`Solver`](crate::Solver) remembers in.
/// Three are offered: [`DenseMemo`] and [`HashMemo`], which remember everything, and
/// [`TranspositionTable`](crate::TranspositionTable), of a fixed size, which forgets the cheaper
/// of two results; implement it for another, which [`Entry`] and [`Bound`] are public for.
pub trait Memo {
    /// What is known about the position with this key, if anything.
    fn get(&self, key: u64) -> Option<Entry>;
    /// Remembers `entry` for the position with this key, replacing what was there. `work` is
    /// how many positions the search looked at to learn it: a memo that must forget something
    /// forgets what is cheapest to learn again.
    fn insert(&mut self, key: u64, entry: Entry, work: u64);
    /// Forgets everything (for a new game whose positions reuse the same numbers).
    fn clear(&mut self);
    /// Whether the solver looks up and stores a position whose bounds from the game span `span`
    /// points (`i32::MAX` without bounds), `searched` positions into the current search: every
    /// position, unless the memo says otherwise ([`GatedMemo`]).
    #[inline(always)]
    fn serves(&self, _span: i32, _searched: u64) -> bool {
        true
    }
}

/// A memo that leaves positions whose bounds span at most `points` to the search, neither
/// looked up nor stored, once a search (one call of [`Solver::value`](crate::Solver::value)
/// or [`Solver::value_within`](crate::Solver::value_within)) has looked at `after` positions.
///
/// A long search fills a large table beyond the processor's caches, and each lookup then waits
/// on main memory; near the end of a game, where the search below a position is small, that
/// wait costs more than the positions the memo saves. Short searches, whose table stays in the
/// caches, keep the memo everywhere (Connect Four, spans of 8 or less, 10 empty cells, after a
/// million positions: its hardest generated positions a fifth quicker, with 85% more positions
/// searched). A wrapper rather than a solver setting, so that other memos pay nothing for it.
#[derive(Clone, Debug)]
pub struct GatedMemo<M> {
    memo: M,
    points: i32,
    after: u64,
}

impl<M: Memo> GatedMemo<M> {
    /// `memo`, serving positions whose bounds span at most `points` only in a search's first
    /// `after` positions.
    pub fn new(memo: M, points: i32, after: u64) -> Self {
        GatedMemo {
            memo,
            points,
            after,
        }
    }
}

impl<M: Memo> Memo for GatedMemo<M> {
    #[inline]
    fn get(&self, key: u64) -> Option<Entry> {
        self.memo.get(key)
    }

    #[inline]
    fn insert(&mut self, key: u64, entry: Entry, work: u64) {
        self.memo.insert(key, entry, work);
    }

    fn clear(&mut self) {
        self.memo.clear();
    }

    #[inline]
    fn serves(&self, span: i32, searched: u64) -> bool {
        span > self.points || searched < self.after
    }
}

/// A memo with one slot per position `0..2^bits`: no hashing, four bytes a slot, and clearing
/// is O(1) because every slot carries the generation that wrote it.
///
/// Positions outside the range, and values outside `i16`, are simply not remembered, which
/// costs time, never correctness.
#[derive(Clone, Debug)]
pub struct DenseMemo {
    slots: Vec<Slot>,
    /// The current generation, in `1..=GENERATIONS`; slots of other generations are empty.
    generation: u16,
}

/// A remembered value and, in one `u16`, the bound (low two bits) and the generation.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    value: i16,
    stamp: u16,
}

/// Generations before the stamps wrap around and every slot must be emptied for real.
const GENERATIONS: u16 = (1 << 14) - 1;

impl DenseMemo {
    /// A memo for positions below `2^bits`.
    pub fn new(bits: u32) -> Self {
        DenseMemo {
            slots: vec![Slot::default(); 1 << bits],
            generation: 1,
        }
    }
}

impl Memo for DenseMemo {
    #[inline]
    fn get(&self, position: u64) -> Option<Entry> {
        let slot = self.slots.get(usize::try_from(position).ok()?)?;
        if slot.stamp >> 2 != self.generation {
            return None;
        }
        let bound = match slot.stamp & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry {
            value: i32::from(slot.value),
            bound,
        })
    }

    #[inline]
    fn insert(&mut self, position: u64, entry: Entry, _work: u64) {
        let (Ok(index), Ok(value)) = (usize::try_from(position), i16::try_from(entry.value)) else {
            return;
        };
        let bound = match entry.bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let stamp = self.generation << 2 | bound;
        if let Some(slot) = self.slots.get_mut(index) {
            *slot = Slot { value, stamp };
        }
    }

    fn clear(&mut self) {
        if self.generation == GENERATIONS {
            self.slots.fill(Slot::default());
            self.generation = 1;
        } else {
            self.generation += 1;
        }
    }
}

/// A memo for positions of any size, in a hash map: for games whose positions need too many bits
/// for a [`DenseMemo`] (one slot per possible position). None of this workspace's games does; it is
/// offered for those that do, and tested on the same games as the dense one.
#[derive(Clone, Debug, Default)]
pub struct HashMemo {
    entries: HashMap<u64, Entry, BuildHasherDefault<MixHasher>>,
}

impl HashMemo {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }
}

impl Memo for HashMemo {
    fn get(&self, position: u64) -> Option<Entry> {
        self.entries.get(&position).copied()
    }

    fn insert(&mut self, position: u64, entry: Entry, _work: u64) {
        self.entries.insert(position, entry);
    }

    fn clear(&mut self) {
        self.entries.clear();
    }
}

/// A fast hasher for `u64` positions: one multiplication by an odd constant spreads the bits.
/// Positions are not chosen by an adversary, so a keyed hash would only cost time.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    fn write_u64(&mut self, value: u64) {
        self.0 = (self.0 ^ value)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
}

#[cfg(test)]
mod tests {
    use super::{Bound, DenseMemo, Entry, GENERATIONS, GatedMemo, HashMemo, Memo};

    const ENTRY: Entry = Entry {
        value: -7,
        bound: Bound::Lower,
    };

    #[test]
    fn a_gated_memo_serves_narrow_spans_only_early_in_a_search_and_clears_its_memo() {
        let mut memo = GatedMemo::new(DenseMemo::new(4), 3, 10);
        assert!(memo.serves(4, 1_000) && memo.serves(i32::MAX, u64::MAX));
        assert!(memo.serves(3, 0) && memo.serves(3, 9) && memo.serves(-5, 9));
        assert!(!memo.serves(3, 10) && !memo.serves(2, 11));
        assert!(DenseMemo::new(4).serves(0, u64::MAX));
        memo.insert(5, ENTRY, 1);
        assert_eq!(memo.get(5), Some(ENTRY));
        memo.clear();
        assert_eq!(memo.get(5), None);
    }

    #[test]
    fn a_dense_memo_remembers_until_cleared() {
        let mut memo = DenseMemo::new(4);
        assert_eq!(memo.get(5), None);
        memo.insert(5, ENTRY, 1);
        assert_eq!(memo.get(5), Some(ENTRY));
        for bound in [Bound::Exact, Bound::Upper] {
            let entry = Entry { value: 3, bound };
            memo.insert(5, entry, 1);
            assert_eq!(memo.get(5), Some(entry));
        }
        memo.clear();
        assert_eq!(memo.get(5), None);
        // Outside the table, or beyond i16: not remembered, and no panic.
        memo.insert(16, ENTRY, 1);
        assert_eq!(memo.get(16), None);
        memo.insert(
            1,
            Entry {
                value: 40_000,
                bound: Bound::Exact,
            },
            1,
        );
        assert_eq!(memo.get(1), None);
    }

    #[test]
    fn clearing_forgets_even_when_the_generations_wrap_around() {
        let mut memo = DenseMemo::new(2);
        memo.insert(1, ENTRY, 1);
        // After this many clears the generation counter comes back to where the entry was
        // written; the slots must have been emptied for real on the way.
        for clears in 1..=u32::from(GENERATIONS) + 2 {
            memo.clear();
            assert_eq!(memo.get(1), None, "after {clears} clears");
        }
        memo.insert(2, ENTRY, 1);
        assert_eq!(memo.get(2), Some(ENTRY));
    }

    #[test]
    fn every_generation_remembers_what_it_stores_and_nothing_older() {
        // Well past one wrap-around of the stamps, whatever their width: each game played with
        // the memo sees its own entries and no earlier game's.
        let mut memo = DenseMemo::new(1);
        for game in 0..40_000 {
            memo.clear();
            assert_eq!(memo.get(0), None, "game {game} sees the game before");
            let entry = Entry {
                value: game % 100,
                bound: Bound::Exact,
            };
            memo.insert(0, entry, 1);
            assert_eq!(memo.get(0), Some(entry), "game {game}");
        }
    }

    #[test]
    fn a_hash_memo_remembers_any_position_until_cleared() {
        let mut memo = HashMemo::new();
        memo.insert(u64::MAX, ENTRY, 1);
        memo.insert(
            3,
            Entry {
                value: 1,
                bound: Bound::Exact,
            },
            1,
        );
        assert_eq!(memo.get(u64::MAX), Some(ENTRY));
        assert_eq!(memo.get(4), None);
        memo.clear();
        assert_eq!(memo.get(u64::MAX), None);
    }
}
