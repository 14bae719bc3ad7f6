//! The board: ten dots, eighteen segments (bits of a mask) and nine triangles.

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

bitflags::bitflags! {
    /// A set of the board's segments, each named by the two dots it joins; segment `s` of
    /// [`SEGMENTS`] is bit `s`, which is also the move that fills it.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Segments: u32 {
        /// The segment 1-2.
        const S1_2 = 1 << 0;
        /// The segment 1-3.
        const S1_3 = 1 << 1;
        /// The segment 2-3.
        const S2_3 = 1 << 2;
        /// The segment 2-4.
        const S2_4 = 1 << 3;
        /// The segment 2-5.
        const S2_5 = 1 << 4;
        /// The segment 3-5.
        const S3_5 = 1 << 5;
        /// The segment 3-6.
        const S3_6 = 1 << 6;
        /// The segment 4-5.
        const S4_5 = 1 << 7;
        /// The segment 5-6.
        const S5_6 = 1 << 8;
        /// The segment 4-7.
        const S4_7 = 1 << 9;
        /// The segment 4-8.
        const S4_8 = 1 << 10;
        /// The segment 5-8.
        const S5_8 = 1 << 11;
        /// The segment 5-9.
        const S5_9 = 1 << 12;
        /// The segment 6-9.
        const S6_9 = 1 << 13;
        /// The segment 6-10.
        const S6_10 = 1 << 14;
        /// The segment 7-8.
        const S7_8 = 1 << 15;
        /// The segment 8-9.
        const S8_9 = 1 << 16;
        /// The segment 9-10.
        const S9_10 = 1 << 17;
    }
}

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
pub const TRIANGLES: [Segments; 9] = [
    Segments::S1_2.union(Segments::S2_3).union(Segments::S1_3),
    Segments::S2_3.union(Segments::S3_5).union(Segments::S2_5),
    Segments::S2_4.union(Segments::S4_5).union(Segments::S2_5),
    Segments::S3_5.union(Segments::S5_6).union(Segments::S3_6),
    Segments::S4_5.union(Segments::S5_8).union(Segments::S4_8),
    Segments::S5_6.union(Segments::S6_9).union(Segments::S5_9),
    Segments::S4_7.union(Segments::S7_8).union(Segments::S4_8),
    Segments::S5_8.union(Segments::S8_9).union(Segments::S5_9),
    Segments::S6_9.union(Segments::S9_10).union(Segments::S6_10),
];

/// For each segment, the other two sides of each triangle it is a side of. A segment on the
/// board's edge is a side of one triangle only; its second entry is a bit no board has, so it
/// never counts as complete.
const OTHER_SIDES: [[u32; 2]; 18] = {
    const NEVER: u32 = 1 << 31;
    let mut sides = [[NEVER; 2]; 18];
    let mut segment = 0;
    while segment < 18 {
        let mut found = 0;
        let mut triangle = 0;
        while triangle < 9 {
            let sides_of_triangle = TRIANGLES[triangle].bits();
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
    let filled = filled.bits();
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
    use super::{SEGMENTS, Segments, TRIANGLE_DOTS, TRIANGLES, segment_between};

    #[test]
    fn each_flag_is_named_by_its_segments_dots() {
        for ((a, b), segment) in SEGMENTS.iter().zip(0u32..) {
            let (name, flag) = Segments::all().iter_names().nth(segment as usize).unwrap();
            assert_eq!(name, format!("S{a}_{b}"));
            assert_eq!(flag.bits(), 1 << segment);
            assert_eq!(segment_between(*a, *b), Some(segment));
            assert_eq!(segment_between(*b, *a), Some(segment));
        }
        assert_eq!(Segments::all().bits().count_ones(), 18);
    }

    #[test]
    fn triangles_are_the_sides_between_their_dots() {
        for (sides, [a, b, c]) in TRIANGLES.iter().zip(TRIANGLE_DOTS) {
            let side = |x, y| Segments::from_bits_retain(1 << segment_between(x, y).unwrap());
            assert_eq!(*sides, side(a, b) | side(b, c) | side(a, c));
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
