//! The joint deals of ranges: one combo per player, no card twice.

use cards_core::CardSet;
use cards_core::holdem::{Combo, Range};

/// Calls `visit(holes, weight)` for every choice of one combo per remaining range, added to
/// `chosen`, that shares no card with `taken` (the board, the dead cards and `chosen`), until
/// `visit` returns `false`; returns whether it never did.
pub(crate) fn deal(
    ranges: &[Range],
    taken: CardSet,
    weight: f64,
    chosen: &mut Vec<Combo>,
    visit: &mut impl FnMut(&[Combo], f64) -> bool,
) -> bool {
    let Some((range, rest)) = ranges.split_first() else {
        return visit(chosen, weight);
    };
    for &(combo, combo_weight) in range.combos() {
        // Both cards must be new to the deal.
        let mut now_taken = taken;
        if !(now_taken.insert(combo[0]) && now_taken.insert(combo[1])) {
            continue;
        }
        chosen.push(combo);
        let go_on = deal(rest, now_taken, weight * combo_weight, chosen, visit);
        chosen.pop();
        if !go_on {
            return false;
        }
    }
    true
}
