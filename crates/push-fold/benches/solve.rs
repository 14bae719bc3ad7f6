//! The hot paths of push-fold: loading the tables, one heads-up equilibrium, the whole heads-up
//! table of thresholds, one three-handed equilibrium.

use criterion::{Criterion, criterion_group, criterion_main};
use equity_core::Silent;
use push_fold::{
    Payoff, Setup, heads_up_table, solve_heads_up, solve_three_handed, stack_grid, tables,
    three_way_table, thresholds,
};

fn benches(c: &mut Criterion) {
    c.bench_function("load the heads-up table", |b| {
        b.iter(|| tables::decode(tables::HEADS_UP).unwrap());
    });
    let pairs = heads_up_table();
    c.bench_function("heads-up equilibrium, 10 bb", |b| {
        b.iter(|| solve_heads_up(&Setup::heads_up(10.0), pairs, 0.001).unwrap());
    });
    let icm = Setup {
        stacks: vec![8.0, 12.0],
        ante: 0.1,
        payoff: Payoff::Icm {
            payouts: vec![50.0, 30.0, 20.0],
            others: vec![10.0, 10.0],
        },
        ..Setup::heads_up(10.0)
    };
    c.bench_function("heads-up equilibrium, ICM", |b| {
        b.iter(|| solve_heads_up(&icm, pairs, 0.001).unwrap());
    });
    let mut slow = c.benchmark_group("table");
    slow.sample_size(10);
    let grid = stack_grid(1.0, 20.0, 0.05).unwrap();
    slow.bench_function("heads-up table, 1 to 20 bb by 0.05", |b| {
        b.iter(|| thresholds(&Setup::heads_up(1.0), &grid, pairs, 0.001).unwrap());
    });
    slow.bench_function("load the three-way table", |b| {
        b.iter(|| tables::three_way::decode(tables::three_way::THREE_WAY).unwrap());
    });
    let three = Setup {
        stacks: vec![10.0, 10.0, 10.0],
        ..Setup::heads_up(10.0)
    };
    let table = three_way_table();
    slow.bench_function("three-handed equilibrium, 10 bb", |b| {
        b.iter(|| solve_three_handed(&three, table, 0.005, &Silent).unwrap());
    });
    slow.finish();
}

criterion_group!(push_fold_benches, benches);
criterion_main!(push_fold_benches);
