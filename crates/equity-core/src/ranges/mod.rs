//! Ranges against ranges: each player's equity over every joint deal of their combos (weighted
//! by the combos' weights) and every board, counted exactly (`exact`, with deals grouped by
//! renaming in `canonical`, added up as whole numbers in `counts`, shared out by `split`) or
//! estimated by sampling (`sample`).

mod by_board;
pub(crate) mod canonical;
pub(crate) mod counts;
mod deal;
pub(crate) mod exact;
pub(crate) mod matchup;
pub(crate) mod result;
mod sample;
pub(crate) mod split;

use work_threads::Threads;

use crate::error::{EquityError, check_deal};
use crate::progress::Progress;
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
    match method {
        // Heads-up after the flop, counting board by board takes milliseconds: exact whatever the
        // method, but sampling asked for by name.
        Method::Exact | Method::Auto { .. } if by_board::applies(matchup) => {
            by_board::by_board(matchup, threads, progress)
        }
        Method::Exact => exact::exact(matchup, exact::MAX_EXACT_DEALS, None, threads, progress),
        Method::Sampled(sampling) => sample::sampled(matchup, &sampling, threads, progress),
        Method::Auto {
            exact_within,
            sampling,
        } => match exact::exact(
            matchup,
            exact::MAX_EXACT_DEALS,
            Some(exact_within),
            threads,
            progress,
        ) {
            Err(EquityError::TooLarge) => sample::sampled(matchup, &sampling, threads, progress),
            result => result,
        },
    }
}
