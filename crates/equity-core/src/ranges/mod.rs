//! Ranges against ranges: each player's equity over every joint deal of their combos (weighted
//! by the combos' weights) and every board, counted exactly (`exact`, with deals grouped by
//! renaming in `canonical`, added up as whole numbers in `counts`, shared out by `split`) or
//! estimated by sampling (`sample`); `plan` chooses among the counts.

pub(crate) mod by_board;
pub(crate) mod canonical;
pub(crate) mod counts;
mod deal;
pub(crate) mod exact;
mod field;
pub(crate) mod matchup;
mod plan;
pub(crate) mod result;
mod sample;
pub(crate) mod split;
pub(crate) mod suits;

use work_threads::Threads;

use crate::error::{EquityError, check_deal};
use crate::progress::Progress;
use crate::ranges::counts::ExactCounts;
use crate::ranges::matchup::{Method, RangeMatchup};
use crate::ranges::result::RangeEquity;

/// Counts `matchup` by `method` on up to `threads` threads, telling `progress` the share of the
/// work done now and then and stopping when it asks. Exact figures, and sampled ones for a
/// given seed, do not depend on the threads.
///
/// ```
/// use equity_core::{Method, RangeMatchup, Silent, Threads, range_equity};
///
/// let matchup = RangeMatchup {
///     ranges: ["QQ+,AKs", "JJ-88,AQs+"].map(|text| text.parse().unwrap()).to_vec(),
///     board: vec![],
///     dead: vec![],
/// };
/// let result = range_equity(&matchup, Method::Exact, Threads::ONE, &Silent).unwrap();
/// assert_eq!(format!("{:.4}", 100.0 * result.players[0].equity()), "73.4378");
/// ```
pub fn range_equity(
    matchup: &RangeMatchup,
    method: Method,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<RangeEquity, EquityError> {
    let named = matchup.board.iter().chain(&matchup.dead).copied();
    check_deal(matchup.ranges.len(), &matchup.board, &matchup.dead, named)?;
    plan::run(
        matchup,
        &plan::plan(matchup, method, threads),
        threads,
        progress,
    )
}

/// Counts every joint deal of `matchup` and every board, on up to `threads` threads, and gives
/// the whole-number totals, by which the count can be split: the counts of matchups that share
/// out a larger one's deals (see [`split`](crate::split)) add up to the larger one's, exactly. A
/// matchup with no deal has counts of no deals. After the flop the count goes board by board
/// where that is the less work, deal by deal otherwise: the same totals either way, and the
/// figures [`range_equity`] gives are made from them.
///
/// ```
/// use equity_core::{RangeMatchup, Silent, Threads, exact_counts};
///
/// let matchup = RangeMatchup {
///     ranges: ["AsKs", "QQ:0.5, JJ"].map(|text| text.parse().unwrap()).to_vec(),
///     board: vec![],
///     dead: vec![],
/// };
/// let counts = exact_counts(&matchup, Threads::ONE, &Silent).unwrap();
/// assert_eq!(counts.deals(), 12);
/// assert_eq!(counts.boards_per_deal, 1_712_304);
/// let weights: Vec<f64> = counts.by_weight.iter().map(|counts| counts.weight).collect();
/// assert_eq!(weights, [0.5, 1.0]);
/// assert_eq!(format!("{:.4}", 100.0 * counts.shares(0).equity()), "45.9903");
/// ```
pub fn exact_counts(
    matchup: &RangeMatchup,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<ExactCounts, EquityError> {
    let named = matchup.board.iter().chain(&matchup.dead).copied();
    check_deal(matchup.ranges.len(), &matchup.board, &matchup.dead, named)?;
    Ok(plan::exact_totals(matchup, threads, progress)?.all)
}

/// Whether an exact count of `matchup` goes board by board (after the flop, or against players
/// of one range), where the work is set by the boards and combos, not by the joint deals: how a
/// job sizes its parts (a hand against three random hands is 1.4 billion deals, counted in
/// seconds).
///
/// ```
/// use equity_core::{RangeMatchup, counts_board_by_board};
///
/// let matchup = |ranges: [&str; 4]| RangeMatchup {
///     ranges: ranges.map(|text| text.parse().unwrap()).to_vec(),
///     board: vec![],
///     dead: vec![],
/// };
/// assert!(counts_board_by_board(&matchup(["AsKs", "random", "random", "random"])));
/// assert!(!counts_board_by_board(&matchup(["AsKs", "QdQc", "random", "random"])));
/// ```
pub fn counts_board_by_board(matchup: &RangeMatchup) -> bool {
    plan::is_board_by_board(matchup)
}

/// The board-by-board count alone, whatever the cost model would choose, where it takes the
/// matchup (a flop or more, at most nine players, few weights): for the fuzz targets, which
/// cargo-fuzz builds with `--cfg fuzzing`.
#[cfg(fuzzing)]
pub fn count_board_by_board(
    matchup: &RangeMatchup,
    threads: Threads,
    progress: &dyn Progress,
) -> Option<Result<RangeEquity, EquityError>> {
    by_board::takes(matchup).then(|| {
        let totals = by_board::by_board(matchup, threads, progress)?;
        exact::equity_of(matchup, &totals)
    })
}

/// The count against a field alone and the deal-by-deal count alone, as whole numbers (every
/// player's, then the first player's by combo), where the field's count takes the matchup: for
/// the fuzz target holding one to the other, which cargo-fuzz builds with `--cfg fuzzing`.
#[cfg(fuzzing)]
pub fn count_field_and_by_deal(
    matchup: &RangeMatchup,
) -> Option<Result<[(ExactCounts, Vec<ExactCounts>); 2], EquityError>> {
    let field = field::Field::of(matchup)?;
    let both = || -> Result<_, EquityError> {
        let by_field = field.count(matchup, Threads::ONE, &crate::progress::Silent)?;
        let by_deal = exact::totals(
            matchup,
            exact::MAX_EXACT_DEALS,
            None,
            Threads::ONE,
            &crate::progress::Silent,
        )?;
        Ok([
            (by_field.all, by_field.by_first_combo),
            (by_deal.all, by_deal.by_first_combo),
        ])
    };
    Some(both())
}
