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
    /// A set of the board's segments, one flag per segment named by its dots (`D2_4` joins dots
    /// 2 and 4): segment `s` of [`SEGMENTS`] is bit `s`, which is also the move that fills it
    /// and bit `s` of a search position.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct Segments: u32 {
        /// The segment joining dots 1 and 2.
        const D1_2 = 1 << 0;
        /// The segment joining dots 1 and 3.
        const D1_3 = 1 << 1;
        /// The segment joining dots 2 and 3.
        const D2_3 = 1 << 2;
        /// The segment joining dots 2 and 4.
        const D2_4 = 1 << 3;
        /// The segment joining dots 2 and 5.
        const D2_5 = 1 << 4;
        /// The segment joining dots 3 and 5.
        const D3_5 = 1 << 5;
        /// The segment joining dots 3 and 6.
        const D3_6 = 1 << 6;
        /// The segment joining dots 4 and 5.
        const D4_5 = 1 << 7;
        /// The segment joining dots 5 and 6.
        const D5_6 = 1 << 8;
        /// The segment joining dots 4 and 7.
        const D4_7 = 1 << 9;
        /// The segment joining dots 4 and 8.
        const D4_8 = 1 << 10;
        /// The segment joining dots 5 and 8.
        const D5_8 = 1 << 11;
        /// The segment joining dots 5 and 9.
        const D5_9 = 1 << 12;
        /// The segment joining dots 6 and 9.
        const D6_9 = 1 << 13;
        /// The segment joining dots 6 and 10.
        const D6_10 = 1 << 14;
        /// The segment joining dots 7 and 8.
        const D7_8 = 1 << 15;
        /// The segment joining dots 8 and 9.
        const D8_9 = 1 << 16;
        /// The segment joining dots 9 and 10.
        const D9_10 = 1 << 17;
    }
}

impl Segments {
    /// The one segment `segment` of [`SEGMENTS`].
    pub const fn one(segment: u32) -> Segments {
        Segments::from_bits_retain(1 << segment)
    }

    /// The segments filled in a search position.
    #[expect(clippy::cast_possible_truncation, reason = "positions are below 2^18")]
    pub const fn of_position(position: u64) -> Segments {
        Segments::from_bits_retain(position as u32)
    }

    /// The search position with these segments filled.
    pub const fn position(self) -> u64 {
        self.bits() as u64
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
pub const TRIANGLES: [Segments; 9] = {
    const fn side(a: u8, b: u8) -> Segments {
        match segment_between(a, b) {
            Some(segment) => Segments::one(segment),
            None => panic!("every side of a triangle is a segment"),
        }
    }
    let mut triangles = [Segments::empty(); 9];
    let mut triangle = 0;
    while triangle < 9 {
        let [a, b, c] = TRIANGLE_DOTS[triangle];
        triangles[triangle] = side(a, b).union(side(b, c)).union(side(a, c));
        triangle += 1;
    }
    triangles
};

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

    /// The spec's list is the board's shape: with the dots numbered row by row from the top
    /// (row `r` holding `r + 1`), each dot is joined to its right-hand neighbour and to the two
    /// dots below it, and to nothing else.
    #[test]
    fn the_segments_are_the_boards_shape() {
        let dot = |row: u8, index: u8| row * (row + 1) / 2 + index + 1;
        let mut shape = Vec::new();
        for row in 0..4 {
            for index in 0..=row {
                if index < row {
                    shape.push((dot(row, index), dot(row, index + 1)));
                }
                if row < 3 {
                    shape.push((dot(row, index), dot(row + 1, index)));
                    shape.push((dot(row, index), dot(row + 1, index + 1)));
                }
            }
        }
        let mut listed = SEGMENTS.to_vec();
        shape.sort_unstable();
        listed.sort_unstable();
        assert_eq!(listed, shape);
    }

    /// Segment `s` joins its two dots, and its flag is named by them and is bit `s`.
    #[test]
    fn each_segment_joins_its_two_dots() {
        for ((a, b), segment) in SEGMENTS.iter().zip(0u32..) {
            assert_eq!(segment_between(*a, *b), Some(segment));
            assert_eq!(segment_between(*b, *a), Some(segment));
        }
        let flags: Vec<(&str, u32)> = Segments::all()
            .iter_names()
            .map(|(name, flag)| (name, flag.bits()))
            .collect();
        let names: Vec<String> = SEGMENTS.iter().map(|(a, b)| format!("D{a}_{b}")).collect();
        assert_eq!(
            flags,
            names
                .iter()
                .zip(0..)
                .map(|(name, segment)| (name.as_str(), 1 << segment))
                .collect::<Vec<_>>()
        );
        assert_eq!(Segments::all().bits(), (1 << 18) - 1);
        assert_eq!(Segments::of_position(1 << 5), Segments::D3_5);
        assert_eq!(Segments::D9_10.position(), 1 << 17);
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
            let bits = expected.iter().map(|&s| 1 << s).sum();
            assert_eq!(*sides, Segments::from_bits_retain(bits));
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
