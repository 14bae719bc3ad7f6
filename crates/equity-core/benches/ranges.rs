//! Ranges, on one thread: range against range, one hand and all of AK
//! against any hand (exact; preflop, on a flop and on a turn), and AS KS against two random hands sampled to a standard error of
//! 0.05 percentage points. The whole chart (about 25 s on one thread) is timed by
//! the `chart` bench instead.
//!
//! Run with `cargo bench -p equity-core --bench ranges`; BENCHMARKS.md has the figures.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use equity_core::{Method, RangeMatchup, Sampling, Silent, Threads, range_equity};

/// `QQ+,AKs vs random | Ah 7c 2d`: ranges, then the board.
fn matchup(line: &str) -> RangeMatchup {
    let (ranges, board) = line.split_once(" | ").unwrap_or((line, ""));
    RangeMatchup {
        ranges: ranges
            .split(" vs ")
            .map(|range| range.parse().unwrap())
            .collect(),
        board: board
            .split_whitespace()
            .map(|card| card.parse().unwrap())
            .collect(),
        dead: Vec::new(),
    }
}

fn exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("ranges_exact");
    group.sample_size(10);
    for (name, line) in [
        ("qq_aks_vs_jj", "QQ+,AKs vs JJ"),
        ("qq_aks_vs_jj_88_aqs", "QQ+,AKs vs JJ-88,AQs+"),
        ("qq_aks_vs_random_on_a_flop", "QQ+,AKs vs random | Ah 7c 2d"),
        ("two_ranges_on_a_flop", "22+,ATs+,KQs vs 99+,AJ+ | Kh 9h 4c"),
        ("as_ks_vs_random_on_a_turn", "AsKs vs random | Ah 7c 2d 9s"),
        ("as_ah_vs_random", "AsAh vs random"),
        ("7c_2d_vs_random", "7c2d vs random"),
        ("ak_vs_random", "AK vs random"),
        // Against a field of one range (two, three and four random hands), board by board.
        (
            "as_ks_vs_two_random_on_a_flop",
            "AsKs vs random vs random | Ah 7c 2d",
        ),
        (
            "as_ks_vs_three_random_on_a_turn",
            "AsKs vs random vs random vs random | Ah 7c 2d 9s",
        ),
        // Four random hands, by the cards of each type taken: a river that cannot make a flush
        // and one that can.
        (
            "as_ad_vs_four_random_on_a_river",
            "AsAd vs random vs random vs random vs random | Ah 7c 2d 9s 3c",
        ),
        (
            "as_ad_vs_four_random_on_a_flush_river",
            "AsAd vs random vs random vs random vs random | Ah 7h 2d 9s 3h",
        ),
        // Nine players: eight random hands, whose joint deals pass a `u64`.
        (
            "as_ad_vs_eight_random_on_a_river",
            "AsAd vs random vs random vs random vs random vs random vs random vs random vs random \
             | Ah 7c 2d 9s 3c",
        ),
    ] {
        let matchup = matchup(line);
        group.bench_function(name, |b| {
            b.iter(|| range_equity(black_box(&matchup), Method::Exact, Threads::ONE, &Silent));
        });
    }
    group.finish();
}

fn sampled(c: &mut Criterion) {
    let mut group = c.benchmark_group("ranges_sampled");
    group.sample_size(20);
    let matchup = matchup("AsKs vs random vs random");
    let method = Method::Sampled(Sampling {
        seed: 1,
        standard_error: 0.0005,
        time_limit: None,
    });
    group.bench_function("as_ks_vs_two_random_to_0_05_points", |b| {
        b.iter(|| range_equity(black_box(&matchup), method, Threads::ONE, &Silent));
    });
    group.finish();
}

criterion_group!(benches, exact, sampled);
criterion_main!(benches);
