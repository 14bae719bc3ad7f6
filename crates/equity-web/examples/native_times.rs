//! The page's counts timed natively, in process and on one thread, for the browser tests to
//! compare the page with: `cargo run --release -p equity-web --example native_times -- RUNS`
//! prints one line per count, `name repeat median_ms`: the median of RUNS runs after one
//! unmeasured, each run the mean of `repeat` counts. The page is timed the same way, with the
//! same `repeat`: a count of `AsKs vs QdQc` is shorter than the browser's clock step, and one
//! count alone natively swings by half between runs.

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
    for (name, players, repeat) in [
        ("hand-against-hand", ["AsKs", "QdQc"], 200),
        ("ak-against-random", ["AK", "random"], 1),
    ] {
        let mut times: Vec<f64> = (0..=runs)
            .map(|_| {
                let started = Instant::now();
                for _ in 0..repeat {
                    count(&players, "", "", auto, &Silent).expect("a valid matchup");
                }
                started.elapsed().as_secs_f64() * 1000.0 / f64::from(repeat)
            })
            .skip(1)
            .collect();
        times.sort_by(f64::total_cmp);
        println!("{name} {repeat} {:.4}", times[times.len() / 2]);
    }
}
