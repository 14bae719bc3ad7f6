//! The board drawn in text for `--explain`: the ten dots by number, each segment drawn (`-`, `/`,
//! `\`) when filled and dotted (`.`) when not, and the owner's letter inside each triangle won.
//!
//! ```text
//!             1
//!            / \
//!           / A \
//!          2-----3
//!         . \   . .
//!        .   \ .   .
//!       4.....5.....6
//! ```

use crate::board::{SEGMENTS, Segments, TRIANGLE_DOTS};

/// The picture of a board with `filled` segments and each triangle won marked with its owner's
/// letter (`owners`, in [`TRIANGLE_DOTS`] order), one string a line, without trailing spaces.
pub fn draw(filled: Segments, owners: &[Option<char>; 9]) -> Vec<String> {
    let mut grid = vec![vec![b' '; WIDTH]; HEIGHT];
    for (segment, &(a, b)) in (0u32..).zip(&SEGMENTS) {
        let ((row, x), (next_row, next_x)) = (place(a), place(b));
        let is_filled = filled.contains(Segments::one(segment));
        if row == next_row {
            let mark = if is_filled { b'-' } else { b'.' };
            grid[row][x + 1..next_x].fill(mark);
        } else {
            let going_left = next_x < x;
            for step in 1..=2 {
                let column = if going_left { x - step } else { x + step };
                grid[row + step][column] = match (is_filled, going_left) {
                    (false, _) => b'.',
                    (true, true) => b'/',
                    (true, false) => b'\\',
                };
            }
        }
    }
    for (dots, owner) in TRIANGLE_DOTS.iter().zip(owners) {
        let Some(owner) = owner else { continue };
        let places = dots.map(place);
        // An upright triangle has one dot on top; the letter goes in its lower half, and the
        // lower half of an upside-down one is its upper row of text, just under its top side.
        let top = places
            .iter()
            .map(|&(row, _)| row)
            .min()
            .expect("three dots");
        let on_top: Vec<usize> = places
            .iter()
            .filter(|&&(row, _)| row == top)
            .map(|&(_, x)| x)
            .collect();
        let (row, column) = match on_top.as_slice() {
            [x] => (top + 2, *x),
            [left, right] => (top + 1, (left + right) / 2),
            _ => unreachable!("a triangle has one or two dots on its top row"),
        };
        grid[row][column] = *owner as u8;
    }
    for dot in 1..=10u8 {
        let (row, x) = place(dot);
        let label = dot.to_string();
        grid[row][x..x + label.len()].copy_from_slice(label.as_bytes());
    }
    grid.into_iter()
        .map(|line| {
            String::from_utf8(line)
                .expect("ASCII")
                .trim_end()
                .to_string()
        })
        .collect()
}

/// Rows of text: four rows of dots, two rows of slanted segments between each.
const HEIGHT: usize = 10;
/// Columns of text: the bottom row's four dots six apart, the last one two characters wide.
const WIDTH: usize = 24;

/// The text row and column of dot `dot` (1 to 10): row `r` of the triangle (from 0 at the top)
/// is text row `3r`, and its dots are six columns apart, centred.
fn place(dot: u8) -> (usize, usize) {
    let dot = usize::from(dot) - 1;
    let row = [0, 1, 1, 2, 2, 2, 3, 3, 3, 3][dot];
    let index = dot - row * (row + 1) / 2;
    (3 * row, 12 - 3 * row + 6 * index)
}

#[cfg(test)]
mod tests {
    use super::draw;
    use crate::Standing;
    use crate::board::{Segments, segment_between};
    use crate::owners;

    fn moves(pairs: &[(u8, u8)]) -> Vec<u8> {
        pairs
            .iter()
            .map(|&(a, b)| u8::try_from(segment_between(a, b).unwrap()).unwrap())
            .collect()
    }

    #[test]
    fn the_empty_board_shows_every_dot_and_no_segment() {
        assert_eq!(
            draw(Segments::empty(), &[None; 9]).join("\n"),
            "            1
           . .
          .   .
         2.....3
        . .   . .
       .   . .   .
      4.....5.....6
     . .   . .   . .
    .   . .   . .   .
   7.....8.....9.....10"
        );
    }

    #[test]
    fn filled_segments_and_owners_are_drawn() {
        // A fills 1-2, B 2-3, A 1-3 (completing the top triangle, so A moves again) and 3-5,
        // B 2-5 (completing 2 3 5, so B moves again) and 5-6.
        let played = moves(&[(1, 2), (2, 3), (1, 3), (3, 5), (2, 5), (5, 6)]);
        let owners = owners(&played).map(|owner| owner.map(crate::Player::letter));
        let filled = Standing::after_moves(&played).filled;
        assert_eq!(
            draw(filled, &owners).join("\n"),
            "            1
           / \\
          / A \\
         2-----3
        . \\ B / .
       .   \\ /   .
      4.....5-----6
     . .   . .   . .
    .   . .   . .   .
   7.....8.....9.....10"
        );
    }

    #[test]
    fn every_triangle_gets_its_owner_on_a_full_board() {
        let owners = [Some('A'); 9];
        let picture = draw(Segments::all(), &owners).join("\n");
        assert_eq!(picture.matches('A').count(), 9);
        assert!(!picture.contains('.'));
    }
}
