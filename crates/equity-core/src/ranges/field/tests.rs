//! The field's count against the deal-by-deal count, to the last unit.

use work_threads::Threads;

use super::Field;
use crate::progress::Silent;
use crate::ranges::exact::{MAX_EXACT_DEALS, Totals, totals};
use crate::ranges::matchup::RangeMatchup;

fn both(ranges: &[&str], board: &str, dead: &str) -> (Totals, Totals) {
    let matchup = RangeMatchup::from_text(ranges, board, dead);
    let field = Field::of(&matchup).expect("a field of one range");
    let by_field = field.count(&matchup, Threads::ONE, &Silent).unwrap();
    let by_deal = totals(&matchup, MAX_EXACT_DEALS, None, Threads::ONE, &Silent).unwrap();
    (by_field, by_deal)
}

fn assert_same(ranges: &[&str], board: &str, dead: &str) {
    let (by_field, by_deal) = both(ranges, board, dead);
    assert_eq!(by_field.deals, by_deal.deals, "{ranges:?} on {board:?}");
    assert_eq!(by_field.all, by_deal.all, "{ranges:?} on {board:?}");
    assert_eq!(
        by_field.by_first_combo, by_deal.by_first_combo,
        "{ranges:?} on {board:?}"
    );
}

#[test]
fn small_fields_count_as_deal_by_deal() {
    assert_same(&["AsKs", "random", "random"], "AH 7C 2D 9S", "");
    assert_same(&["AsKs", "random"], "AH 7C 2D", "");
    assert_same(
        &["QQ", "22-99, A2s+", "22-99, A2s+", "22-99, A2s+"],
        "AH 7C 2D 9S",
        "",
    );
    assert_same(&["22, AKs", "QQ+, AK", "QQ+, AK"], "", "");
}
