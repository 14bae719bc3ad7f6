//! The page's counts timed natively, in process and on one thread, for the browser tests to
//! compare the page with: `cargo run --release -p equity-web --example native_times -- RUNS`
//! prints one line per count, `name median_ms`, each the median of RUNS runs after one unmeasured.

use std::time::Instant;

use equity_core::Silent;
use equity_web::{Counting, Method, count};

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|runs| runs.parse().ok())
        .unwrap_or(5);
    let auto = Counting {
        method: Method::Auto,
        precision: holdem_equity::DEFAULT_PRECISION,
    };
    for (name, players) in [
        ("hand-against-hand", ["AsKs", "QdQc"]),
        ("ak-against-random", ["AK", "random"]),
    ] {
        let mut times: Vec<f64> = (0..=runs)
            .map(|_| {
                let started = Instant::now();
                count(&players, "", "", auto, &Silent).expect("a valid matchup");
                started.elapsed().as_secs_f64() * 1000.0
            })
            .skip(1)
            .collect();
        times.sort_by(f64::total_cmp);
        println!("{name} {:.3}", times[times.len() / 2]);
    }
}
