//! The solved table against a plain memoized minimax written here from the spec's lists of
//! segments and triangles, for every one of the 2^18 positions. The lists are the library's
//! `SEGMENTS` and `TRIANGLE_DOTS`, plain data held to the board's shape by its own tests; the
//! rules and the search here share nothing else with it.

use triangle_war::board::{SEGMENTS, Segments, TRIANGLE_DOTS};
use triangle_war::{PositionValues, Standing};

fn filled(mask: u32, a: u8, b: u8) -> bool {
    let index = SEGMENTS
        .iter()
        .position(|&(x, y)| (x, y) == (a.min(b), a.max(b)))
        .unwrap();
    mask >> index & 1 == 1
}

/// Triangles whose three sides are all filled.
fn triangles(mask: u32) -> i32 {
    TRIANGLE_DOTS
        .iter()
        .map(|&[a, b, c]| i32::from(filled(mask, a, b) && filled(mask, b, c) && filled(mask, a, c)))
        .sum()
}

/// The best future triangle difference for the player to move, by definition.
fn minimax(mask: u32, memo: &mut [Option<i32>]) -> i32 {
    if let Some(value) = memo[mask as usize] {
        return value;
    }
    let value = if mask == (1 << 18) - 1 {
        0
    } else {
        (0..18)
            .filter(|segment| mask >> segment & 1 == 0)
            .map(|segment| {
                let next = mask | 1 << segment;
                let won = triangles(next) - triangles(mask);
                if won > 0 {
                    won + minimax(next, memo)
                } else {
                    -minimax(next, memo)
                }
            })
            .max()
            .unwrap()
    };
    memo[mask as usize] = Some(value);
    value
}

#[test]
fn every_position_matches_plain_minimax() {
    let values = PositionValues::new();
    let mut memo = vec![None; 1 << 18];
    for mask in 0..1u32 << 18 {
        assert_eq!(
            values.value(Segments::from_bits_retain(mask)),
            minimax(mask, &mut memo),
            "position {mask:018b}"
        );
    }
}

#[test]
fn from_the_empty_board_b_wins_six_to_three() {
    let values = PositionValues::new();
    assert_eq!(values.value(Segments::empty()), -3);
    let mut standing = Standing::START;
    for segment in values.best_line(Segments::empty()) {
        standing = standing.after(segment);
    }
    assert_eq!(standing.score, [3, 6]);
}

#[test]
fn every_best_line_achieves_its_value() {
    let values = PositionValues::new();
    for mask in (0..1u32 << 18).step_by(97) {
        let filled = Segments::from_bits_retain(mask);
        let start = Standing {
            filled,
            score: [0, 0],
            to_move: triangle_war::Player::A,
        };
        let end = values
            .best_line(filled)
            .into_iter()
            .fold(start, Standing::after);
        assert!(end.filled.is_all());
        assert_eq!(
            end.score[0] - end.score[1],
            values.value(filled),
            "position {mask:018b}"
        );
    }
}
