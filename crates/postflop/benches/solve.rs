//! The hot path of postflop: one iteration of discounted CFR (a pass for each player), with
//! 32-bit and with 16-bit numbers, and one exploitability check (a best response for each
//! player), exact in `f64` and estimated in `f32`, on a spot per street.

use criterion::{Criterion, criterion_group, criterion_main};
use equilibrium_core::{Game, Precision, Solver};
use postflop::game::PostflopGame;
use postflop::solve::RULE;
use postflop::spot::SpotFields;
use work_threads::Threads;

/// The spots: a river spot, the turn spot of postflop-solver's `examples/basic.rs`, and a flop
/// spot with narrow ranges.
const SPOTS: [(&str, &str); 3] = [
    (
        "river",
        "board = Qs Jh 2h 8d 3c\npot = 100\nstack = 150\n\
         oop = AA,KK,QQ,JJ,TT,99,88,AK,AQ,AJ,KQ,KJ,QJ,JT,T9s,98s,87s,76s,65s,54s\n\
         ip = QQ-22,AQ-AT,KQ-KT,QJ-QT,JT,T9,98s,87s,A5s-A2s\nbets = 33%, 75%, a\nraises = 2.5x, a\n",
    ),
    (
        "turn",
        "board = Td9d6h Qc\npot = 200\nstack = 900\n\
         oop = 66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s\n\
         ip = QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+\n\
         bets = 60%, e, a\nraises = 2.5x\nriver-donks = 50%\nforce-allin-threshold = 15\n",
    ),
    (
        "flop",
        "board = Qs Jh 2h\npot = 10\nstack = 95\noop = AA,KK,QQ,AK,AQs,KQs,JTs,98s\n\
         ip = JJ-77,AQ,AJs,KQ,QJs,T9s,87s\nbets = 100%, a\nraises = 50%, a\n",
    ),
];

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("postflop");
    group.sample_size(10);
    for (street, text) in SPOTS {
        let mut fields = SpotFields::default();
        fields.read_file(text).unwrap();
        let game = PostflopGame::new(&fields.spot().unwrap()).unwrap();
        let one = Threads::new(1).unwrap();
        for precision in [Precision::Full, Precision::Compressed] {
            let mut solver = Solver::new(game.tree(), RULE, one, precision);
            // Past the first iterations, whose strategies are uniform.
            for _ in 0..10 {
                solver.iterate(&game);
            }
            let bits = match precision {
                Precision::Full => "32-bit",
                Precision::Compressed => "16-bit",
            };
            group.bench_function(format!("{street}: one iteration, 1 thread, {bits}"), |b| {
                b.iter(|| solver.iterate(&game));
            });
            if precision == Precision::Full {
                group.bench_function(format!("{street}: exploitability, 1 thread"), |b| {
                    b.iter(|| solver.evaluate(&game));
                });
                group.bench_function(format!("{street}: estimate in f32, 1 thread"), |b| {
                    b.iter(|| solver.estimate(&game));
                });
                let two = Solver::from_numbers(
                    game.tree(),
                    RULE,
                    Threads::new(2).unwrap(),
                    solver.numbers().clone(),
                    solver.iterations(),
                )
                .unwrap();
                group.bench_function(format!("{street}: estimate in f32, 2 threads"), |b| {
                    b.iter(|| two.estimate(&game));
                });
            }
        }
    }
    group.finish();
}

criterion_group!(solve, benches);
criterion_main!(solve);
