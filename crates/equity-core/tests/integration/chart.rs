//! The chart through the engine: its layout, and its progress. Its figures are holdem-equity's
//! golden cases `104-chart-one-opponent` and `105-chart-two-opponents-sampled`.

use std::sync::{LazyLock, Mutex};

use equity_core::{Chart, Method, Sampling, Silent, Threads, chart};

/// One chart sampled to a standard error that takes most hands two or three rounds of
/// sampling, with every progress report it made: the layout and the progress tests read the
/// same chart (a second or two).
static SAMPLED: LazyLock<(Chart, Vec<f64>)> = LazyLock::new(|| {
    let sampling = Sampling {
        seed: 2,
        standard_error: 0.0015,
        time_limit: None,
    };
    // Two threads sample the same boards as one, and the reports come between rounds.
    let two = Threads::new(2).unwrap();
    let seen = Mutex::new(Vec::new());
    let chart = chart(1, Method::Sampled(sampling), two, &|done| {
        seen.lock().unwrap().push(done);
    })
    .unwrap();
    (chart, seen.into_inner().unwrap())
});

#[test]
fn the_chart_lays_out_pairs_on_the_diagonal_suited_above_offsuit_below() {
    let chart = &SAMPLED.0;
    let names: Vec<String> = chart
        .entries
        .iter()
        .map(|entry| entry.class.to_string())
        .collect();
    assert_eq!(names.len(), 169);
    assert_eq!(&names[..3], ["AA", "AKs", "AQs"]);
    assert_eq!(names[13], "AKo");
    assert_eq!(names[14], "KK");
    assert_eq!(names[168], "22");
    assert_eq!(names[12], "A2s");
    assert_eq!(names[156], "A2o");
    let combos: usize = chart
        .entries
        .iter()
        .map(|entry| entry.class.combo_count())
        .sum();
    assert_eq!(combos, 1326);
    // Aces are the best hand.
    let best = chart
        .entries
        .iter()
        .max_by(|a, b| a.shares.equity().total_cmp(&b.shares.equity()))
        .unwrap();
    assert_eq!(best.class.to_string(), "AA");
    assert!(
        chart
            .entries
            .iter()
            .all(|entry| entry.standard_error.is_some())
    );
    assert!(!chart.is_exact());
}

#[test]
fn progress_moves_forward_hand_by_hand() {
    // Reports between the rounds of each hand's sampling, hand after hand.
    let seen = &SAMPLED.1;
    assert!(seen.len() > 100, "{seen:?}");
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    // From the first hands to the last: within (0, 1), and near both ends.
    assert!(seen[0] > 0.0 && seen[0] < 0.02, "{seen:?}");
    let last = seen[seen.len() - 1];
    assert!(last > 0.98 && last < 1.0, "{seen:?}");
}

/// Stops a count at its first look.
struct CancelAtOnce;

impl equity_core::Progress for CancelAtOnce {
    fn report(&self, _done: f64) {}

    fn is_cancelled(&self) -> bool {
        true
    }
}

#[test]
fn a_cancelled_chart_is_an_error_not_a_partial_chart() {
    let quick = Method::Sampled(Sampling {
        standard_error: 0.05,
        ..Sampling::default()
    });
    for opponents in [1, 2] {
        assert_eq!(
            chart(opponents, quick, Threads::ONE, &CancelAtOnce),
            Err(equity_core::EquityError::Cancelled)
        );
    }
    assert_eq!(
        chart(1, Method::Exact, Threads::new(2).unwrap(), &CancelAtOnce),
        Err(equity_core::EquityError::Cancelled)
    );
}

#[test]
fn against_two_random_hands_a_chart_is_counted_hand_by_hand_even_when_exact_is_allowed() {
    // Exact is allowed when it takes no time at all: never, so every hand is sampled against
    // both random hands (not the grouped heads-up count, which is for one random hand).
    let method = Method::Auto {
        exact_within: std::time::Duration::ZERO,
        sampling: Sampling {
            standard_error: 0.02,
            ..Sampling::default()
        },
    };
    let chart = chart(2, method, Threads::ONE, &Silent).unwrap();
    assert_eq!(chart.opponents, 2);
    assert!(!chart.is_exact());
    // Against two random hands aces win about 73% of the time, against one about 85%.
    let aces = chart.entries[0].shares.equity();
    assert!((0.68..0.78).contains(&aces), "{aces}");
}

#[test]
fn a_chart_is_exact_when_no_figure_has_a_standard_error() {
    use equity_core::{Chart, ChartEntry, HandClass, PotShares};
    let entries = |standard_error: Option<f64>| {
        HandClass::all()
            .map(|class| ChartEntry {
                class,
                shares: PotShares::default(),
                standard_error,
            })
            .collect()
    };
    let exact = Chart {
        opponents: 1,
        entries: entries(None),
    };
    assert!(exact.is_exact());
    let mut one_sampled = exact.clone();
    one_sampled.entries[5].standard_error = Some(0.001);
    assert!(!one_sampled.is_exact());
    let sampled = Chart {
        opponents: 1,
        entries: entries(Some(0.001)),
    };
    assert!(!sampled.is_exact());
}

/// A time limit is the whole chart's, not each hand's: sampled to a standard error it would
/// take minutes to reach, the chart stops near its limit (each hand sampling at least one round
/// of boards), where a limit per hand would take 169 times as long.
#[test]
fn a_time_limit_is_the_whole_charts() {
    let limit = std::time::Duration::from_millis(500);
    let method = Method::Sampled(Sampling {
        standard_error: 1e-9,
        time_limit: Some(limit),
        ..Sampling::default()
    });
    let started = std::time::Instant::now();
    let chart = chart(3, method, Threads::available(), &Silent).unwrap();
    let took = started.elapsed();
    assert_eq!(chart.entries.len(), 169);
    // A loose bound, not a speed test: a round of boards for each hand takes a fraction of the
    // limit, and a limit per hand would take 84.5 s.
    assert!(took < limit * 20, "{took:?}");
    // Not by the processor's speed: no hand reaches its standard error, so each samples until
    // its share of what is left of the limit is used.
    assert!(took >= limit / 2, "{took:?}: the limit was not used");
}
