//! The chart through the engine: its layout, and its progress. Its figures are holdem-equity's
//! golden cases `104-chart-one-opponent` and `105-chart-two-opponents-sampled`.

use equity_core::{Method, Sampling, Silent, Threads, chart};

#[test]
fn the_chart_lays_out_pairs_on_the_diagonal_suited_above_offsuit_below() {
    // A quick sampled chart: the layout does not depend on the figures.
    let sampling = Sampling {
        seed: 1,
        standard_error: 0.05,
        time_limit: None,
    };
    let chart = chart(1, Method::Sampled(sampling), Threads::ONE, &Silent).unwrap();
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
    // Aces are the best hand and 32o the worst, even sampled roughly.
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
    // A standard error that takes most hands two or three rounds of sampling: a look at the
    // progress between them.
    let sampling = Sampling {
        seed: 2,
        standard_error: 0.0015,
        time_limit: None,
    };
    let seen = std::sync::Mutex::new(Vec::new());
    chart(1, Method::Sampled(sampling), Threads::ONE, &|done| {
        seen.lock().unwrap().push(done);
    })
    .unwrap();
    let seen = seen.into_inner().unwrap();
    assert!(seen.len() > 100, "{seen:?}");
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    // From the first hands to the last: within (0, 1), and near both ends.
    assert!(seen[0] > 0.0 && seen[0] < 0.02, "{seen:?}");
    let last = seen[seen.len() - 1];
    assert!(last > 0.98 && last < 1.0, "{seen:?}");
}
