//! The one place that chooses how a matchup of ranges is counted. Each count states its cost:
//! board by board after the flop (`by_board::cost`, its steps and seconds), deal by deal its
//! floor and time model (`exact`, which gives up as `TooLarge` once its work passes a limit), and
//! sampling takes what it is given. [`plan`] picks among them for the method asked, and every
//! count of ranges (`range_equity`, `exact_counts`, and so the command line, Python, the page and
//! the jobs) runs the plan it gives.

use std::time::Duration;

use arrayvec::ArrayVec;
use work_threads::Threads;

use crate::error::EquityError;
use crate::progress::Progress;
use crate::ranges::by_board;
use crate::ranges::exact::{self, MAX_EXACT_DEALS, Totals};
use crate::ranges::field::Field;
use crate::ranges::field::cost::MAX_SECONDS;
use crate::ranges::matchup::{Method, RangeMatchup, Sampling};
use crate::ranges::result::RangeEquity;
use crate::ranges::sample;

/// A way to count a matchup.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Count {
    /// Board by board (`by_board`): after the flop, where it is the less work.
    ByBoard,
    /// Board by board against a field of one range (`field`), where it is the less work.
    Field,
    /// Deal by deal (`exact`), every board of each deal; given up as too large once it is known
    /// to take longer than `within`.
    ByDeal { within: Option<Duration> },
    /// Random deals and boards (`sample`).
    Sampled(Sampling),
}

/// The counts to try, in order: a count that finds itself too large gives way to the next, and
/// an empty plan (or one whose last count is too large) is [`EquityError::TooLarge`].
pub(crate) type Plan = ArrayVec<Count, 2>;

/// How `method` counts `matchup` on `threads`.
pub(crate) fn plan(matchup: &RangeMatchup, method: Method, threads: Threads) -> Plan {
    let mut plan = Plan::new();
    match (method, board_by_board(matchup)) {
        (Method::Sampled(sampling), _) => plan.push(Count::Sampled(sampling)),
        (Method::Exact, Some(counted)) => {
            if counted.takes {
                plan.push(counted.count);
            }
        }
        (Method::Exact, None) => plan.push(Count::ByDeal { within: None }),
        (
            Method::Auto {
                exact_within,
                sampling,
            },
            Some(counted),
        ) => {
            let quick = counted.seconds / threads.get() as f64 <= exact_within.as_secs_f64();
            plan.push(if quick && counted.takes {
                counted.count
            } else {
                Count::Sampled(sampling)
            });
        }
        (
            Method::Auto {
                exact_within,
                sampling,
            },
            None,
        ) => {
            plan.push(Count::ByDeal {
                within: Some(exact_within),
            });
            plan.push(Count::Sampled(sampling));
        }
    }
    plan
}

/// Whether the exact count of `matchup` is one of the counts board by board.
pub(crate) fn is_board_by_board(matchup: &RangeMatchup) -> bool {
    board_by_board(matchup).is_some_and(|counted| counted.takes)
}

/// A count after the flop quick enough to be taken without asking the other counts, in
/// seconds.
const QUICK: f64 = 1e-3;

/// A count board by board, where one is less work than counting deal by deal.
#[derive(Clone, Copy, Debug, PartialEq)]
struct BoardByBoard {
    count: Count,
    /// About how long it takes on one thread.
    seconds: f64,
    /// Whether it takes the matchup (not too many steps).
    takes: bool,
}

/// The quicker of the counts board by board that are less work than deal by deal, if any:
/// after the flop (`by_board`), and against a field of one range (`field`).
fn board_by_board(matchup: &RangeMatchup) -> Option<BoardByBoard> {
    let after_flop = by_board::cost(matchup).map(|cost| BoardByBoard {
        count: Count::ByBoard,
        seconds: cost.seconds,
        takes: cost.steps <= by_board::MAX_SWEEP_STEPS as f64,
    });
    // Asking the count against a field for its cost sets it up (the first range's hands up to
    // renamings, tens of microseconds): not worth it against a count after the flop that takes
    // under a millisecond, nor heads-up, where a field of one player never comes near (its
    // estimate is 20 to 1,400 times deal by deal's before the flop and 15 times the sweep's
    // after it, for a hand or a range against a random hand).
    let quick = after_flop.is_some_and(|after_flop| after_flop.takes && after_flop.seconds < QUICK);
    if quick || matchup.ranges.len() < 3 {
        return after_flop;
    }
    let field = Field::of(matchup)
        .filter(|field| field.seconds() < field.seconds_by_deal())
        .map(|field| BoardByBoard {
            count: Count::Field,
            seconds: field.seconds(),
            takes: field.seconds() <= MAX_SECONDS,
        });
    preferred(after_flop, field)
}

/// Of two counts, one that takes the matchup over one that does not, then the quicker (the
/// first when they are as quick): a count that refuses the matchup never hides one that would
/// take it.
fn preferred(first: Option<BoardByBoard>, second: Option<BoardByBoard>) -> Option<BoardByBoard> {
    match (first, second) {
        (Some(first), Some(second)) => {
            let second_better = (second.takes, -second.seconds) > (first.takes, -first.seconds);
            Some(if second_better { second } else { first })
        }
        (first, second) => first.or(second),
    }
}

/// Runs `plan`: the first count's figures, or the next count's where it is too large.
pub(crate) fn run(
    matchup: &RangeMatchup,
    plan: &Plan,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<RangeEquity, EquityError> {
    for &count in plan {
        let result = match count {
            Count::ByBoard | Count::Field => exact_count(matchup, count, threads, progress)
                .and_then(|totals| exact::equity_of(matchup, &totals)),
            Count::ByDeal { within } => {
                exact::exact(matchup, MAX_EXACT_DEALS, within, threads, progress)
            }
            Count::Sampled(sampling) => sample::sampled(matchup, &sampling, threads, progress),
        };
        match result {
            // The next count, if there is one.
            Err(EquityError::TooLarge) => {}
            result => return result,
        }
    }
    Err(EquityError::TooLarge)
}

/// The whole numbers of the exact count [`Method::Exact`] plans.
pub(crate) fn exact_totals(
    matchup: &RangeMatchup,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Totals, EquityError> {
    match plan(matchup, Method::Exact, threads).first() {
        Some(&count) => exact_count(matchup, count, threads, progress),
        // An empty exact plan is beyond every exact count.
        None => Err(EquityError::TooLarge),
    }
}

/// The whole numbers of an exact `count`.
fn exact_count(
    matchup: &RangeMatchup,
    count: Count,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Totals, EquityError> {
    match count {
        Count::ByBoard => by_board::by_board(matchup, threads, progress),
        Count::Field => match Field::of(matchup) {
            Some(field) => field.count(matchup, threads, progress),
            None => Err(EquityError::TooLarge),
        },
        Count::ByDeal { within } => {
            exact::totals(matchup, MAX_EXACT_DEALS, within, threads, progress)
        }
        // Sampling is not an exact count.
        Count::Sampled(_) => Err(EquityError::TooLarge),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{BoardByBoard, Count, plan, preferred};
    use crate::ranges::matchup::{DEFAULT_EXACT_WITHIN, Method, RangeMatchup, Sampling};
    use work_threads::Threads;

    /// A count that takes the matchup wins over a quicker one that refuses it; between two
    /// that take it (or two that refuse it) the quicker wins.
    #[test]
    fn a_count_that_takes_the_matchup_is_preferred_then_the_quicker() {
        let count = |count, seconds, takes| {
            Some(BoardByBoard {
                count,
                seconds,
                takes,
            })
        };
        let (quick_refusing, slow_taking) = (
            count(Count::ByBoard, 1.0, false),
            count(Count::Field, 9.0, true),
        );
        assert_eq!(preferred(quick_refusing, slow_taking), slow_taking);
        assert_eq!(preferred(slow_taking, quick_refusing), slow_taking);
        let quick_taking = count(Count::ByBoard, 1.0, true);
        assert_eq!(preferred(slow_taking, quick_taking), quick_taking);
        assert_eq!(preferred(quick_taking, slow_taking), quick_taking);
        let slow_refusing = count(Count::Field, 9.0, false);
        assert_eq!(preferred(slow_refusing, quick_refusing), quick_refusing);
        assert_eq!(preferred(None, slow_refusing), slow_refusing);
        assert_eq!(preferred(quick_taking, None), quick_taking);
        assert_eq!(preferred(None, None), None);
    }

    /// What each method picks for typical matchups, on one thread and on two.
    #[test]
    fn the_plan_picks_the_quicker_count_for_each_matchup() {
        let sampling = Sampling::default();
        let auto = Method::default();
        let by_deal_or_sample = [
            Count::ByDeal {
                within: Some(DEFAULT_EXACT_WITHIN),
            },
            Count::Sampled(sampling),
        ];
        let picks = |ranges: &[&str], board: &str, method: Method| -> Vec<Count> {
            let matchup = RangeMatchup::from_text(ranges, board, "");
            plan(&matchup, method, Threads::ONE).to_vec()
        };
        // Before the flop a hand against a hand is counted deal by deal; by default it may give
        // way to sampling.
        assert_eq!(picks(&["AsKs", "QdQc"], "", auto), by_deal_or_sample);
        // A hand against a field of one range is counted board by board where that is the
        // less work: against two random hands it is exact by default, against three it takes
        // longer than the default's few seconds on one thread.
        assert_eq!(
            picks(&["AsKs", "random", "random"], "", auto),
            [Count::Field]
        );
        let three = ["AsKs", "random", "random", "random"];
        assert_eq!(picks(&three, "", auto), [Count::Sampled(sampling)]);
        assert_eq!(picks(&three, "", Method::Exact), [Count::Field]);
        assert_eq!(
            picks(&["AsKs", "QQ+", "QQ+"], "", Method::Exact),
            [Count::ByDeal { within: None }]
        );
        assert_eq!(
            picks(&["AsKs", "QdQc"], "", Method::Exact),
            [Count::ByDeal { within: None }]
        );
        // After the flop, ranges are counted board by board ...
        assert_eq!(
            picks(&["QQ+, AKs", "random"], "AH 7C 2D", auto),
            [Count::ByBoard]
        );
        assert_eq!(
            picks(&["random", "random"], "KH 9H 4C", Method::Exact),
            [Count::ByBoard]
        );
        // ... or against a field, where that is quicker still, even on a turn (the field 0.3
        // ms, the sweep 1.7 ms: more than a count taken without asking the field).
        assert_eq!(
            picks(&["AsKs", "random", "random"], "AH 7C 2D 9S", Method::Exact),
            [Count::Field]
        );
        // ... but a hand against a hand is a few hundred boards, deal by deal.
        assert_eq!(
            picks(&["AsKs", "QdQc"], "AH 7C 2D", auto),
            by_deal_or_sample
        );
        // A hand against four random hands is counted against the field by the cards of each
        // type taken: by default on a turn (a quarter of a second), when asked on a flop (half
        // a minute); before the flop it is too much work (about 16 hours) and refused.
        let against_four = ["AsAd", "random", "random", "random", "random"];
        assert_eq!(picks(&against_four, "AH 7C 2D 9S", auto), [Count::Field]);
        assert_eq!(
            picks(&against_four, "AH 7C 2D", auto),
            [Count::Sampled(sampling)]
        );
        assert_eq!(
            picks(&against_four, "AH 7C 2D", Method::Exact),
            [Count::Field]
        );
        assert_eq!(picks(&against_four, "", Method::Exact), []);
        // Five random hands on a flop are too much work board by board: sampled by default, and
        // refused (an empty plan) when asked to be exact.
        let five = ["random"; 5];
        assert_eq!(picks(&five, "AH 7C 2D", auto), [Count::Sampled(sampling)]);
        assert_eq!(picks(&five, "AH 7C 2D", Method::Exact), []);
        // Sampling is sampling, whatever the matchup.
        assert_eq!(
            picks(&["AsKs", "QdQc"], "", Method::Sampled(sampling)),
            [Count::Sampled(sampling)]
        );
        // The time allowed is for the threads given: with a limit of three quarters of a
        // count's time on one thread, it is sampled on one thread and exact on two.
        let matchup = RangeMatchup::from_text(&["random", "random", "22+, A2s+"], "AH 7C 2D", "");
        let cost = crate::ranges::by_board::cost(&matchup).unwrap();
        let method = Method::Auto {
            exact_within: Duration::from_secs_f64(0.75 * cost.seconds),
            sampling,
        };
        let on = |threads: usize| plan(&matchup, method, Threads::new(threads).unwrap()).to_vec();
        assert_eq!(on(1), [Count::Sampled(sampling)]);
        assert_eq!(on(2), [Count::ByBoard]);
    }
}
