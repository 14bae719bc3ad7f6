//! The 13 × 13 grid of a range field: what each cell holds of a range, and painting cells. The
//! range text stays the truth: the grid is read from it, and painting writes it anew (`Display`
//! for `Range`).

use cards_core::holdem::{HandClass, Range};

/// For each class in the grid's order (row by row from the ace), the share of its combos in the
/// range and their mean weight (0 when none is): 338 numbers.
pub fn cells(range: &Range) -> Vec<f64> {
    let mut held = [(0usize, 0.0f64); HandClass::COUNT];
    for &(combo, weight) in range.combos() {
        let cell = &mut held[place(HandClass::of(combo))];
        cell.0 += 1;
        cell.1 += weight;
    }
    HandClass::all()
        .zip(held)
        .flat_map(|(class, (combos, weight))| {
            let mean = if combos == 0 {
                0.0
            } else {
                weight / combos as f64
            };
            [combos as f64 / class.combo_count() as f64, mean]
        })
        .collect()
}

/// `range` with every combo of the classes in `places` (grid order) at `weight`; a weight of 0
/// takes them out.
pub fn paint(range: &Range, places: &[usize], weight: f64) -> Range {
    let classes: Vec<HandClass> = HandClass::all().collect();
    let painted = places
        .iter()
        .filter_map(|&place| classes.get(place))
        .flat_map(|class| class.combos())
        .map(|combo| (combo, weight));
    range.combos().iter().copied().chain(painted).collect()
}

/// A class's place in the grid's order.
fn place(class: HandClass) -> usize {
    let (row, column) = class.grid_cell();
    row * 13 + column
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Rank;

    fn range(text: &str) -> Range {
        text.parse().unwrap()
    }

    #[test]
    fn cells_hold_shares_and_weights() {
        let cells = cells(&range("AA:0.5, AsKs, 72o"));
        assert_eq!(cells.len(), 2 * HandClass::COUNT);
        // AA in the corner, whole at half weight; AKs next to it, one combo of four.
        assert_eq!(&cells[..4], &[1.0, 0.5, 0.25, 1.0]);
        let seven_deuce = place(HandClass::new(Rank::Seven, Rank::Two, false).unwrap());
        assert_eq!(&cells[2 * seven_deuce..2 * seven_deuce + 2], &[1.0, 1.0]);
        let held = cells.chunks(2).filter(|cell| cell[0] > 0.0).count();
        assert_eq!(held, 3);
    }

    #[test]
    fn painting_writes_the_range_anew() {
        // AKs and AKo are places 1 and 13.
        assert_eq!(paint(&range("QQ+"), &[1, 13], 1.0).to_string(), "QQ+, AK");
        assert_eq!(paint(&range("QQ+, AK"), &[13], 0.0).to_string(), "QQ+, AKs");
        assert_eq!(paint(&range("AsKs"), &[1], 0.5).to_string(), "AKs:0.5");
        assert_eq!(paint(&range("AA"), &[0], 0.0).to_string(), "");
        // Places off the grid are ignored.
        assert_eq!(paint(&range("AA"), &[169, 5000], 1.0).to_string(), "AA");
    }
}
