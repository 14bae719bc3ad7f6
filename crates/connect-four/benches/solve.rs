//! connect-four: one position of each of the benchmark's six classes, from
//! `testdata/connect-four/010-classes.in` (made by `cargo xtask generate connect-four`), solved
//! strongly and weakly with the table reset first, as the race does.
//!
//! Run with `cargo bench -p connect-four --bench solve`.

use std::hint::black_box;

use connect_four::{Analyst, parse};
use criterion::{Criterion, criterion_group, criterion_main};

/// One position of each class, as the golden case writes them: `columns score class`.
const POSITIONS: [&str; 6] = [
    "746762663455616427444773732315 -6 end-easy",
    "672125753724135163 12 middle-easy",
    "732424422321123 5 middle-medium",
    "5152325614 16 begin-easy",
    "337515137437 -6 begin-medium",
    "5611332431 -2 begin-hard",
];

fn one_position_per_class(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect_four");
    let mut analyst = Analyst::new(connect_four::DEFAULT_MEMORY_MIB);
    for line in POSITIONS {
        let query = parse(line.as_bytes()).unwrap().pop().unwrap();
        let class = line.rsplit(' ').next().unwrap();
        for (weak, kind) in [(false, "strong"), (true, "weak")] {
            group.bench_function(format!("{class}_{kind}"), |b| {
                b.iter(|| {
                    analyst.reset();
                    black_box(analyst.score(black_box(&query), weak))
                });
            });
        }
    }
    group.finish();
}

criterion_group!(benches, one_position_per_class);
criterion_main!(benches);
