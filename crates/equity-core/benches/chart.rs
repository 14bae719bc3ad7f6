//! The whole chart: the 169 starting hands against one random hand, exactly, on one thread
//! (about 25 s an iteration, so ten samples take a few minutes).
//!
//! Run with `cargo bench -p equity-core --bench chart`; BENCHMARKS.md has the figure.

use criterion::{Criterion, criterion_group, criterion_main};
use equity_core::{Method, Silent, Threads, chart};

fn against_one_random_hand(c: &mut Criterion) {
    let mut group = c.benchmark_group("chart");
    group.sample_size(10);
    group.bench_function("exact_against_one_random_hand", |b| {
        b.iter(|| chart(1, Method::Exact, Threads::ONE, &Silent));
    });
    group.finish();
}

criterion_group!(benches, against_one_random_hand);
criterion_main!(benches);
