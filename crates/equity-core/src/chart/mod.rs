//! The preflop chart: each of the 169 starting hands against random hands, in the order of the
//! 13 × 13 grid players know (see [`HandClass`]).
//!
//! All combos of a class are renamings of each other's suits, and random opponents do not care
//! about suits, so one combo of each class is counted. Against one random hand, exactly, every
//! class's matchups are grouped together (`heads_up`), class by class: the same count gives
//! every class against every class ([`heads_up::class_pairs`]).

pub(crate) mod heads_up;
pub(crate) mod three_way;

use std::iter;
use std::time::{Duration, Instant};

use cards_core::holdem::{HandClass, Range};
use work_threads::Threads;

use crate::error::EquityError;
use crate::progress::{Part, Progress};
use crate::ranges::matchup::{Method, RangeMatchup, Sampling};
use crate::ranges::range_equity;
use crate::ranges::result::Counted;
use crate::shares::PotShares;

/// The time limit of a method's sampling, if it has one.
fn time_limit(method: Method) -> Option<Duration> {
    match method {
        Method::Sampled(sampling) | Method::Auto { sampling, .. } => sampling.time_limit,
        Method::Exact => None,
    }
}

/// `method` with its sampling's time limit replaced by `share(limit)`.
fn with_time_limit(method: Method, share: impl Fn(Duration) -> Duration) -> Method {
    let limited = |sampling: Sampling| Sampling {
        time_limit: sampling.time_limit.map(&share),
        ..sampling
    };
    match method {
        Method::Sampled(sampling) => Method::Sampled(limited(sampling)),
        Method::Auto {
            exact_within,
            sampling,
        } => Method::Auto {
            exact_within,
            sampling: limited(sampling),
        },
        Method::Exact => Method::Exact,
    }
}

/// One cell of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartEntry {
    /// The starting hand: `AA`, `AKs`, `AKo`.
    pub class: HandClass,
    /// Its shares of the pots against the random hands.
    pub shares: PotShares,
    /// The standard error of a sampled equity, as a share; `None` when it is exact.
    pub standard_error: Option<f64>,
}

/// The 169 hands' results against `opponents` random hands.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// How many random hands each hand faces.
    pub opponents: usize,
    /// The hands in the grid's order ([`HandClass::all`]): row by row from the ace.
    pub entries: Vec<ChartEntry>,
}

impl Chart {
    /// Whether every figure is exact.
    pub fn is_exact(&self) -> bool {
        self.entries
            .iter()
            .all(|entry| entry.standard_error.is_none())
    }
}

/// Counts the chart of each hand against `opponents` random hands by `method`, each hand on up
/// to `threads` threads; `progress` hears the share of the whole chart done, and can stop it. A
/// sampling time limit is the whole chart's, shared among the hands still to count (each samples
/// at least one round of boards, so a very short limit is overrun), and so is the time
/// [`Method::Auto`] lets the counts be exact: the chart is exact by default if all of it is quick.
///
/// ```no_run
/// use equity_core::{Method, Silent, Threads, chart};
///
/// // The exact chart against one random hand: about 13 s on two cores.
/// let chart = chart(1, Method::Exact, Threads::available(), &Silent).unwrap();
/// let aces = &chart.entries[0];
/// assert_eq!(aces.class.to_string(), "AA");
/// assert_eq!(format!("{:.4}", 100.0 * aces.shares.equity()), "85.2037");
/// ```
pub fn chart(
    opponents: usize,
    method: Method,
    threads: Threads,
    progress: &dyn Progress,
) -> Result<Chart, EquityError> {
    let classes: Vec<HandClass> = HandClass::all().collect();
    let figures: Vec<(PotShares, Option<f64>)> =
        if opponents == 1 && !matches!(method, Method::Sampled(_)) {
            heads_up::heads_up_exactly(&classes, threads, progress)?
                .into_iter()
                .map(|shares| (shares, None))
                .collect()
        } else {
            let random: Range = "random".parse().expect("'random' is a range");
            // So is the time an automatic method lets a count be exact: each hand gets its share.
            let method = match method {
                Method::Auto {
                    exact_within,
                    sampling,
                } => Method::Auto {
                    exact_within: exact_within / u32::try_from(classes.len()).unwrap_or(1),
                    sampling,
                },
                method => method,
            };
            let mut figures = Vec::with_capacity(classes.len());
            // A time limit is the whole chart's: each hand gets an even share of what is left.
            let started = time_limit(method).map(|_| Instant::now());
            for (done, class) in classes.iter().enumerate() {
                let left = classes.len() - done;
                let method = started.map_or(method, |started| {
                    with_time_limit(method, |limit| {
                        limit.saturating_sub(started.elapsed()) / u32::try_from(left).unwrap_or(1)
                    })
                });
                let [high, low] = class.combos().next().expect("a class has combos");
                let combo: Range = format!("{high}{low}")
                    .parse()
                    .expect("two distinct cards are a range");
                let matchup = RangeMatchup {
                    ranges: iter::once(combo)
                        .chain(iter::repeat_n(random.clone(), opponents))
                        .collect(),
                    board: Vec::new(),
                    dead: Vec::new(),
                };
                let part = Part::new(progress, done, classes.len());
                let result = range_equity(&matchup, method, threads, &part)?;
                let standard_error = match &result.counted {
                    Counted::Exact { .. } => None,
                    Counted::Sampled {
                        standard_errors, ..
                    } => Some(standard_errors[0]),
                };
                figures.push((result.players[0], standard_error));
            }
            figures
        };
    let entries = classes
        .into_iter()
        .zip(figures)
        .map(|(class, (shares, standard_error))| ChartEntry {
            class,
            shares,
            standard_error,
        })
        .collect();
    Ok(Chart { opponents, entries })
}
