//! A transposition table of fixed size: buckets of two slots, the cheaper result forgotten.

use crate::{Bound, Entry, Memo};

/// A [`Memo`] in a fixed amount of memory, for games with too many positions to remember them
/// all: set its size once, and when two positions want one slot it keeps the result that cost
/// more to learn.
///
/// Each bucket holds two slots of eight bytes. A key is split into the bucket it goes to (the
/// remainder after dividing by the number of buckets, a prime, so keys spread evenly whatever
/// their pattern) and the quotient, stored in the slot: the two together give the key back, so
/// a remembered entry is never another position's. A key whose quotient does not fit the slot's
/// 32 bits is not remembered at all, which costs time, never correctness: with `n` buckets,
/// keys below `n · 2^32` are all remembered (a game of 49-bit keys needs 2^17 buckets, 2 MiB).
///
/// Beside the buckets, a bit for each says whether it was written since the last
/// [`clear`](Memo::clear). A lookup of a position never stored, the most common kind in a search
/// that looks ahead at next positions, then reads one bit from a bitmap a 128th of the table's
/// size, which stays in cache, instead of a bucket from main memory; and clearing only zeroes
/// bits, the ones written since the clear before (all of them after a long search), never the
/// buckets.
///
/// Storing picks, in the key's bucket, the slot already holding that key, else an empty one,
/// else the one whose result took the fewer positions to learn: an expensive result near the
/// root survives the many cheap ones below it, and the other slot always takes the newest.
/// Values are kept in 16 bits; others are not remembered.
///
/// ```
/// use search_core::{Bound, Entry, Memo, TranspositionTable};
///
/// let mut table = TranspositionTable::with_memory(1 << 20);
/// let entry = Entry { value: 3, bound: Bound::Lower };
/// table.insert(42, entry, 1_000);
/// assert_eq!(table.get(42), Some(entry));
/// table.clear();
/// assert_eq!(table.get(42), None);
/// ```
#[derive(Clone, Debug)]
pub struct TranspositionTable {
    /// Two slots a bucket, as plain words so that a new table is zeroed memory the system
    /// hands over untouched (no time to allocate, pages met as they are used). The allocator
    /// aligns them to 16 bytes, so a bucket never straddles two cache lines.
    buckets: Vec<[u64; 2]>,
    /// The number of buckets, a prime.
    count: u64,
    /// `⌈2^128 / count⌉`: a key's quotient is the high half of its 256-bit product with this, a
    /// few multiplications instead of a division (Lemire, Kaser and Kurz, "Faster remainder by
    /// direct computation", 2019, Theorem 1: exact for every 64-bit key).
    reciprocal: u128,
    /// A bit a bucket, set once the bucket is written after the last clear: a bucket whose bit
    /// is clear holds nothing, whatever its slots still say.
    written: Vec<u64>,
    /// The words of `written` made nonzero since the last clear, while there are few enough
    /// that zeroing them one by one is quicker than zeroing all (then `None`).
    dirty: Option<Vec<u32>>,
}

/// One remembered result in 64 bits: the key's quotient (bits 0–31), the value (32–47), the
/// bound (48–49), the work as a power of two (50–55) and a mark that the slot is used (56).
/// Zero is empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot(u64);

/// The bit of a slot in use.
const USED: u64 = 1 << 56;

impl Slot {
    fn new(quotient: u32, value: i16, bound: Bound, work: u64) -> Slot {
        let bound = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        // The work's order of magnitude is all replacement needs: 0 for one position, up to 63.
        let magnitude = u64::from(64 - work.leading_zeros()).min(63);
        Slot(
            u64::from(quotient)
                | u64::from(u16::from_ne_bytes(value.to_ne_bytes())) << 32
                | bound << 48
                | magnitude << 50
                | USED,
        )
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "fields are cut out by their widths"
    )]
    fn quotient(self) -> u32 {
        self.0 as u32
    }

    fn used(self) -> bool {
        self.0 & USED != 0
    }

    fn work(self) -> u64 {
        self.0 >> 50 & 63
    }

    #[expect(
        clippy::cast_possible_truncation,
        reason = "fields are cut out by their widths"
    )]
    fn entry(self) -> Entry {
        let bound = match self.0 >> 48 & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        Entry {
            value: i32::from(i16::from_ne_bytes(((self.0 >> 32) as u16).to_ne_bytes())),
            bound,
        }
    }
}

impl TranspositionTable {
    /// A table in at most `bytes` of memory (at least one bucket of 16 bytes and its bit).
    pub fn with_memory(bytes: usize) -> TranspositionTable {
        // 16 bytes a bucket and an eighth of a byte for its bit: 129 bytes for 8 buckets.
        let eighths = u64::try_from(bytes / 129).expect("a usize fits in 64 bits");
        let most = (eighths * 8).max(2);
        let count = (2..=most).rev().find(|&n| is_prime(n)).expect("2 is prime");
        let words = usize::try_from(count.div_ceil(64)).expect("it fits in memory");
        TranspositionTable {
            buckets: vec![[0; 2]; usize::try_from(count).expect("it fits in memory")],
            count,
            reciprocal: u128::MAX / u128::from(count) + 1,
            written: vec![0; words],
            dirty: Some(Vec::new()),
        }
    }

    /// How many bytes the table takes.
    pub fn memory(&self) -> usize {
        self.buckets.len() * size_of::<[u64; 2]>() + self.written.len() * size_of::<u64>()
    }

    /// The bucket a key goes to and the quotient that tells it apart there, if it fits.
    #[inline]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "halves of 128-bit products"
    )]
    fn place(&self, key: u64) -> Option<(usize, u32)> {
        let (high, low) = ((self.reciprocal >> 64) as u64, self.reciprocal as u64);
        let carry = (u128::from(low) * u128::from(key)) >> 64;
        let quotient = ((u128::from(high) * u128::from(key) + carry) >> 64) as u64;
        let remainder = key - quotient * self.count;
        Some((remainder as usize, u32::try_from(quotient).ok()?))
    }

    /// Whether the bucket at `index` was written since the last clear.
    #[inline]
    fn is_written(&self, index: usize) -> bool {
        self.written[index / 64] >> (index % 64) & 1 != 0
    }

    /// Marks the bucket at `index` written.
    #[inline]
    fn mark_written(&mut self, index: usize) {
        // Past an eighth of the words, zeroing them all is as quick as one by one.
        let most = self.written.len() / 8;
        let word = &mut self.written[index / 64];
        if *word == 0 {
            if let Some(dirty) = &mut self.dirty {
                if dirty.len() < most {
                    dirty.push(u32::try_from(index / 64).expect("fewer than 2^32 words"));
                } else {
                    self.dirty = None;
                }
            }
        }
        *word |= 1 << (index % 64);
    }
}

impl Memo for TranspositionTable {
    #[inline]
    fn get(&self, key: u64) -> Option<Entry> {
        let (index, quotient) = self.place(key)?;
        if !self.is_written(index) {
            return None;
        }
        self.buckets[index]
            .into_iter()
            .map(Slot)
            .find(|slot| slot.used() && slot.quotient() == quotient)
            .map(Slot::entry)
    }

    #[inline]
    fn insert(&mut self, key: u64, entry: Entry, work: u64) {
        let (Some((index, quotient)), Ok(value)) = (self.place(key), i16::try_from(entry.value))
        else {
            return;
        };
        let slot = Slot::new(quotient, value, entry.bound, work).0;
        if !self.is_written(index) {
            // What the bucket holds is from before the last clear: gone.
            self.buckets[index] = [slot, 0];
            self.mark_written(index);
            return;
        }
        let slots = self.buckets[index].map(Slot);
        let chosen = if let Some(same) = slots
            .iter()
            .position(|&slot| slot.used() && slot.quotient() == quotient)
        {
            same
        } else if !slots[1].used() {
            1
        } else {
            usize::from(slots[1].work() < slots[0].work())
        };
        self.buckets[index][chosen] = slot;
    }

    fn clear(&mut self) {
        if let Some(dirty) = &mut self.dirty {
            for &word in dirty.iter() {
                self.written[word as usize] = 0;
            }
            dirty.clear();
        } else {
            self.written.fill(0);
            self.dirty = Some(Vec::new());
        }
    }
}

/// Whether `n` is prime, by trial division (run once per table, on numbers of a few million).
fn is_prime(n: u64) -> bool {
    n >= 2 && (2..=n.isqrt()).all(|d| n % d != 0)
}

#[cfg(test)]
mod tests {
    use super::{TranspositionTable, is_prime};
    use crate::{Bound, Entry, Memo};

    fn entry(value: i32) -> Entry {
        Entry {
            value,
            bound: Bound::Upper,
        }
    }

    #[test]
    fn the_table_is_a_prime_number_of_buckets_within_its_memory() {
        let table = TranspositionTable::with_memory(1 << 20);
        assert!(table.memory() <= 1 << 20);
        assert!(is_prime(table.count));
        // 1 MiB is 8,128 times 129 bytes (eight buckets and their bits) and 64 bytes over;
        // the largest prime up to 65,024 buckets is 65,011, whose bits take 1,016 words.
        assert_eq!(table.count, 65_011);
        assert_eq!(table.memory(), 65_011 * 16 + 1_016 * 8);
        assert_eq!(TranspositionTable::with_memory(0).count, 2);
        assert!(!is_prime(1) && is_prime(2) && !is_prime(91) && is_prime(97));
    }

    #[test]
    fn the_quotient_by_multiplication_is_the_quotient_by_division() {
        let mut rng = seeded_rng::SeededRng::new(7);
        for bytes in [0, 64, 1 << 12, 1 << 20, 1 << 26, 1 << 31] {
            let table = TranspositionTable::with_memory(bytes);
            let count = table.count;
            let mut keys = vec![0, 1, count - 1, count, count + 1, u64::MAX, u64::MAX - 1];
            keys.extend((0..10_000).map(|_| rng.next_u64() >> (rng.next_u64() % 64)));
            for key in keys {
                let expected = u32::try_from(key / count)
                    .ok()
                    .map(|quotient| (usize::try_from(key % count).unwrap(), quotient));
                assert_eq!(table.place(key), expected, "{key} in {count} buckets");
            }
        }
    }

    #[test]
    fn every_field_comes_back_as_it_went_in() {
        let mut table = TranspositionTable::with_memory(1 << 12);
        // The last key has the largest quotient that fits.
        let count = table.count;
        let keys = [
            0,
            1,
            count - 1,
            count * 7 + 3,
            u64::from(u32::MAX) * count + count - 1,
        ];
        for (i, &key) in keys.iter().enumerate() {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                for value in [i16::MIN.into(), -1, 0, 7, i16::MAX.into()] {
                    let entry = Entry { value, bound };
                    table.insert(key, entry, 1 << i);
                    assert_eq!(table.get(key), Some(entry), "key {key}");
                }
            }
        }
    }

    #[test]
    fn keys_sharing_a_bucket_are_told_apart_and_the_costlier_result_stays() {
        let mut table = TranspositionTable::with_memory(64);
        let count = table.count;
        let [a, b, c] = [5, 5 + count, 5 + 2 * count];
        table.insert(a, entry(1), 1_000);
        table.insert(b, entry(2), 10);
        assert_eq!(
            (table.get(a), table.get(b)),
            (Some(entry(1)), Some(entry(2)))
        );
        assert_eq!(table.get(c), None);
        // A third key in a full bucket takes the cheaper slot, whichever it is.
        table.insert(c, entry(3), 5);
        assert_eq!(table.get(b), None);
        assert_eq!(
            (table.get(a), table.get(c)),
            (Some(entry(1)), Some(entry(3)))
        );
        // The newcomer always goes in, in place of the cheaper of the two, however costly it is.
        table.insert(b, entry(2), 1 << 20);
        assert_eq!(table.get(c), None);
        assert_eq!(
            (table.get(a), table.get(b)),
            (Some(entry(1)), Some(entry(2)))
        );
        // A key already there is updated in its own slot, even when the work is less.
        table.insert(b, entry(4), 1);
        assert_eq!(
            (table.get(a), table.get(b)),
            (Some(entry(1)), Some(entry(4)))
        );
    }

    #[test]
    fn what_does_not_fit_is_not_remembered() {
        let mut table = TranspositionTable::with_memory(64);
        let too_large = table.count << 32;
        table.insert(too_large, entry(1), 1);
        assert_eq!(table.get(too_large), None);
        assert_eq!(table.get(too_large - 1), None);
        table.insert(7, entry(40_000), 1);
        assert_eq!(table.get(7), None);
    }

    #[test]
    fn clearing_forgets_and_frees_the_slots_round_after_round() {
        let mut table = TranspositionTable::with_memory(64);
        let count = table.count;
        for round in 0..600 {
            table.clear();
            assert_eq!(table.get(9), None, "round {round}");
            assert_eq!(table.get(9 + count), None, "round {round}");
            // Both slots are free again: a cheap result is not refused for an old costly one.
            table.insert(9, entry(1), 1 << 30);
            table.insert(9 + count, entry(2), 1);
            assert_eq!(table.get(9), Some(entry(1)));
            assert_eq!(table.get(9 + count), Some(entry(2)));
        }
    }

    #[test]
    fn an_empty_slot_is_filled_before_any_is_replaced() {
        // Results that cost nothing to learn: the empty slot is still taken, not the other.
        let mut table = TranspositionTable::with_memory(64);
        let count = table.count;
        table.insert(4, entry(1), 0);
        table.insert(4 + count, entry(2), 0);
        assert_eq!(
            (table.get(4), table.get(4 + count)),
            (Some(entry(1)), Some(entry(2)))
        );
    }

    #[test]
    fn the_words_written_are_listed_until_an_eighth_of_them_are() {
        let mut table = TranspositionTable::with_memory(1 << 16);
        let words = table.written.len();
        assert_eq!(words, 64);
        // One bucket in each of the first eight words, and a second in the first word.
        for word in 0..8 {
            table.insert(word * 64, entry(1), 1);
        }
        table.insert(1, entry(1), 1);
        assert_eq!(table.dirty.as_ref().map(Vec::len), Some(8));
        table.insert(8 * 64, entry(1), 1);
        assert_eq!(table.dirty, None);
        table.clear();
        assert_eq!(table.dirty, Some(Vec::new()));
        assert!(table.written.iter().all(|&word| word == 0));
    }

    #[test]
    fn what_a_bucket_held_before_a_clear_never_comes_back() {
        let mut table = TranspositionTable::with_memory(1 << 12);
        let count = table.count;
        let [a, b, c] = [3, 3 + count, 3 + 2 * count];
        table.insert(a, entry(1), 1 << 20);
        table.insert(b, entry(2), 1 << 20);
        table.clear();
        // The bucket is written again after the clear: neither old slot is live, and the
        // costly old results do not keep a cheap new one out.
        table.insert(c, entry(3), 1);
        table.insert(a, entry(4), 1);
        assert_eq!(
            (table.get(a), table.get(b), table.get(c)),
            (Some(entry(4)), None, Some(entry(3)))
        );
    }

    /// Against a plain map that forgets at each clear: small rounds are cleared word by word,
    /// large ones (more than an eighth of the bitmap's words written) all at once.
    #[test]
    fn a_clear_after_a_few_writes_or_after_many_forgets_them_all() {
        let mut rng = seeded_rng::SeededRng::new(5);
        let mut table = TranspositionTable::with_memory(1 << 16);
        let count = table.count;
        for round in 0..40 {
            let writes = if round % 3 == 0 {
                4_000
            } else {
                1 + rng.next_u64() % 20
            };
            let keys: Vec<u64> = (0..writes).map(|_| rng.next_u64() % (count * 3)).collect();
            for (&key, value) in keys.iter().zip(0..) {
                table.insert(key, entry(value), 1);
            }
            // The last write of each key is found, unless a later key took its slot.
            let last = keys.last().copied().expect("one write at least");
            assert!(table.get(last).is_some(), "round {round}");
            table.clear();
            for key in keys.iter().chain(&[0, count - 1]) {
                assert_eq!(table.get(*key), None, "round {round}, key {key}");
            }
        }
    }
}
