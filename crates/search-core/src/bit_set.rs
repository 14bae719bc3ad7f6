//! `BitSet`: a set of the indices 0 to 63 as one `u64`, and its iterator.

use std::ops::{BitAnd, BitOr, Not, Sub};

/// A set of bit indices `0..64`, as one `u64`: the empty squares or the cards left of a bitmask
/// game, whose moves are often exactly these. A `Copy` value with set operators; iterate it with
/// [`BitSet::iter`] (lowest index first), whose iterator is a separate, non-`Copy` type so a set
/// is never consumed by accident.
///
/// ```
/// use search_core::BitSet;
///
/// let set = BitSet(0b1010_0110);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [1, 2, 5, 7]);
/// assert!(set.contains(5) && !set.contains(0));
/// assert_eq!((set & BitSet(0b11)).len(), 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BitSet(pub u64);

/// The indices of a [`BitSet`], lowest first.
#[derive(Clone, Debug)]
pub struct BitSetIter(u64);

impl BitSet {
    /// No index.
    pub const EMPTY: BitSet = BitSet(0);

    /// Whether `index` is in the set; indices from 64 up never are.
    pub const fn contains(self, index: u32) -> bool {
        index < 64 && self.0 >> index & 1 == 1
    }

    /// How many indices the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds no index.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The indices, lowest first.
    pub const fn iter(self) -> BitSetIter {
        BitSetIter(self.0)
    }
}

impl IntoIterator for BitSet {
    type Item = u32;
    type IntoIter = BitSetIter;

    fn into_iter(self) -> BitSetIter {
        self.iter()
    }
}

impl Iterator for BitSetIter {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for BitSetIter {}

impl BitOr for BitSet {
    type Output = BitSet;

    fn bitor(self, other: BitSet) -> BitSet {
        BitSet(self.0 | other.0)
    }
}

impl BitAnd for BitSet {
    type Output = BitSet;

    fn bitand(self, other: BitSet) -> BitSet {
        BitSet(self.0 & other.0)
    }
}

impl Sub for BitSet {
    type Output = BitSet;

    /// The indices of `self` that are not in `other`.
    fn sub(self, other: BitSet) -> BitSet {
        BitSet(self.0 & !other.0)
    }
}

impl Not for BitSet {
    type Output = BitSet;

    /// Every index of `0..64` not in the set.
    fn not(self) -> BitSet {
        BitSet(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::BitSet;

    #[test]
    fn iterates_every_index_lowest_first_and_knows_how_many_are_left() {
        let mut indices = BitSet(1 | 1 << 17 | 1 << 63).iter();
        assert_eq!(indices.len(), 3);
        assert_eq!(indices.next(), Some(0));
        assert_eq!(indices.size_hint(), (2, Some(2)));
        assert_eq!(indices.next(), Some(17));
        assert_eq!(indices.next(), Some(63));
        assert_eq!(indices.len(), 0);
        assert_eq!(indices.next(), None);
        assert_eq!(BitSet::EMPTY.iter().next(), None);
        assert_eq!(BitSet(u64::MAX).iter().count(), 64);
    }

    #[test]
    fn set_operations() {
        let (a, b) = (BitSet(0b1100), BitSet(0b1010));
        assert_eq!(a | b, BitSet(0b1110));
        assert_eq!(a & b, BitSet(0b1000));
        assert_eq!(a - b, BitSet(0b0100));
        assert_eq!(!BitSet(u64::MAX - 1), BitSet(1));
        assert!(a.contains(2) && a.contains(3) && !a.contains(1) && !a.contains(64));
        assert_eq!(
            (a.len(), a.is_empty(), BitSet::EMPTY.is_empty()),
            (2, false, true)
        );
    }

    #[test]
    fn iterating_leaves_the_set_alone() {
        let set = BitSet(0b101);
        let mut indices = set.iter();
        indices.next();
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 2]);
    }
}
