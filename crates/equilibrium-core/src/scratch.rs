//! Scratch vectors that walks keep a depth of the tree at a time, so a walk allocates nothing
//! once they have grown.

/// The first `length` numbers of `buffer`, grown if it is shorter (their contents are whatever
/// was there: each user writes them all before reading).
pub(crate) fn part_of<T: Copy + Default>(buffer: &mut Vec<T>, length: usize) -> &mut [T] {
    if buffer.len() < length {
        buffer.resize(length, T::default());
    }
    &mut buffer[..length]
}
