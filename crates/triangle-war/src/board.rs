//! The board: ten dots, eighteen segments (bits of a mask) and nine triangles.

use search_core::BitSet;

/// The segments as pairs of dots, in the spec's order; segment `s` is bit `s` of a mask.
pub const SEGMENTS: [(u8, u8); 18] = [
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 4),
    (2, 5),
    (3, 5),
    (3, 6),
    (4, 5),
    (5, 6),
    (4, 7),
    (4, 8),
    (5, 8),
    (5, 9),
    (6, 9),
    (6, 10),
    (7, 8),
    (8, 9),
    (9, 10),
];

/// The nine small triangles as their three dots.
pub const TRIANGLE_DOTS: [[u8; 3]; 9] = [
    [1, 2, 3],
    [2, 3, 5],
    [2, 4, 5],
    [3, 5, 6],
    [4, 5, 8],
    [5, 6, 9],
    [4, 7, 8],
    [5, 8, 9],
    [6, 9, 10],
];

/// A set of the board's segments: segment `s` of [`SEGMENTS`] is index `s`, which is also the
/// move that fills it and bit `s` of a search position.
pub type Segments = BitSet;

/// Every segment: the full board.
pub const ALL_SEGMENTS: Segments = BitSet((1 << SEGMENTS.len()) - 1);

/// The segment joining dots `a` and `b` (in either order), if they are neighbours.
pub const fn segment_between(a: u8, b: u8) -> Option<u32> {
    if a > 10 || b > 10 {
        return None;
    }
    match SEGMENT_OF_DOTS[a as usize][b as usize] {
        NO_SEGMENT => None,
        segment => Some(segment as u32),
    }
}

/// No segment joins the two dots.
const NO_SEGMENT: u8 = u8::MAX;

/// The segment joining each pair of dots, in both orders (dots count from 1; row and column 0
/// are unused), so reading a move is one lookup.
#[expect(clippy::cast_possible_truncation, reason = "18 segments")]
const SEGMENT_OF_DOTS: [[u8; 11]; 11] = {
    let mut table = [[NO_SEGMENT; 11]; 11];
    let mut segment = 0;
    while segment < SEGMENTS.len() {
        let (a, b) = SEGMENTS[segment];
        table[a as usize][b as usize] = segment as u8;
        table[b as usize][a as usize] = segment as u8;
        segment += 1;
    }
    table
};

/// The triangles' sides, in [`TRIANGLE_DOTS`] order.
pub const TRIANGLES: [Segments; 9] = {
    const fn side(a: u8, b: u8) -> u64 {
        match segment_between(a, b) {
            Some(segment) => 1 << segment,
            None => panic!("every side of a triangle is a segment"),
        }
    }
    let mut triangles = [BitSet::EMPTY; 9];
    let mut triangle = 0;
    while triangle < 9 {
        let [a, b, c] = TRIANGLE_DOTS[triangle];
        triangles[triangle] = BitSet(side(a, b) | side(b, c) | side(a, c));
        triangle += 1;
    }
    triangles
};

/// For each segment, the other two sides of each triangle it is a side of. A segment on the
/// board's edge is a side of one triangle only; its second entry is a bit no board has, so it
/// never counts as complete.
const OTHER_SIDES: [[u64; 2]; 18] = {
    const NEVER: u64 = 1 << 63;
    let mut sides = [[NEVER; 2]; 18];
    let mut segment = 0;
    while segment < 18 {
        let mut found = 0;
        let mut triangle = 0;
        while triangle < 9 {
            let sides_of_triangle = TRIANGLES[triangle].0;
            if sides_of_triangle >> segment & 1 == 1 {
                sides[segment][found] = sides_of_triangle & !(1 << segment);
                found += 1;
            }
            triangle += 1;
        }
        segment += 1;
    }
    sides
};

/// How many triangles filling `segment` completes on a board with `filled` segments.
#[inline]
pub fn triangles_completed(filled: Segments, segment: u32) -> i32 {
    let filled = filled.0;
    let [first, second] = OTHER_SIDES[segment as usize];
    i32::from(filled & first == first) + i32::from(filled & second == second)
}

/// A segment written as the judge writes moves: `i-j` with `i < j`.
pub fn segment_name(segment: u32) -> String {
    let (a, b) = SEGMENTS[segment as usize];
    format!("{a}-{b}")
}

#[cfg(test)]
mod tests {
    use search_core::BitSet;

    use super::{ALL_SEGMENTS, SEGMENTS, TRIANGLE_DOTS, TRIANGLES, segment_between};

    #[test]
    fn each_segment_joins_its_two_dots() {
        for ((a, b), segment) in SEGMENTS.iter().zip(0u32..) {
            assert_eq!(segment_between(*a, *b), Some(segment));
            assert_eq!(segment_between(*b, *a), Some(segment));
        }
        assert_eq!(
            ALL_SEGMENTS.iter().collect::<Vec<_>>(),
            (0..18).collect::<Vec<_>>()
        );
    }

    #[test]
    fn triangles_are_the_sides_between_their_dots() {
        let side = |a, b| {
            SEGMENTS
                .iter()
                .position(|&pair| pair == (a, b))
                .unwrap_or_else(|| panic!("{a}-{b} is a segment"))
        };
        for (sides, [a, b, c]) in TRIANGLES.iter().zip(TRIANGLE_DOTS) {
            let expected = [side(a, b), side(b, c), side(a, c)];
            assert_eq!(*sides, BitSet(expected.iter().map(|&s| 1 << s).sum()));
        }
    }

    #[test]
    fn only_neighbours_are_joined() {
        assert_eq!(segment_between(1, 4), None);
        assert_eq!(segment_between(10, 6), Some(14));
        assert_eq!(segment_between(0, 1), None);
        assert_eq!(segment_between(11, 10), None);
    }
}
