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

/// Every segment filled.
pub const FULL: u32 = (1 << 18) - 1;

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

/// The triangles as masks of their three segments.
pub const TRIANGLES: [u32; 9] = {
    let mut masks = [0; 9];
    let mut triangle = 0;
    while triangle < 9 {
        let [a, b, c] = TRIANGLE_DOTS[triangle];
        let (Some(ab), Some(bc), Some(ac)) = (
            segment_between(a, b),
            segment_between(b, c),
            segment_between(a, c),
        ) else {
            panic!("a triangle's sides are segments");
        };
        masks[triangle] = 1 << ab | 1 << bc | 1 << ac;
        triangle += 1;
    }
    masks
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
            if TRIANGLES[triangle] >> segment & 1 == 1 {
                sides[segment][found] = TRIANGLES[triangle] & !(1 << segment);
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
pub fn triangles_completed(filled: u32, segment: u32) -> i32 {
    let [first, second] = OTHER_SIDES[segment as usize];
    i32::from(filled & first == first) + i32::from(filled & second == second)
}

/// A segment written as the judge writes moves: `i-j` with `i < j`.
pub fn segment_name(segment: u32) -> String {
    let (a, b) = SEGMENTS[segment as usize];
    format!("{a}-{b}")
}
