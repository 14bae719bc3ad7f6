//! Iterations to 0.3% and 0.1% of the pot by regret rule, over 18 spots, each solved on one
//! thread and the spots shared over the machine's threads:
//! `cargo run --release -p postflop --example rules [-- --compress]` (docs/experiments/postflop.md).
//!
//! One spot alone says little: where a rule's exploitability stalls for a few dozen iterations
//! moves with the smallest change, so a rule is judged by its counts over all the spots, each
//! against the first rule's on the same spot.
//!
//! The spots, on boards dealt at random once (Python's `random.seed(7)`) and written here:
//! 8 turns with the ranges and sizes of postflop-solver's `examples/basic.rs`, 4 turns at a
//! stack of four pots, and 6 rivers with the ranges and sizes of `scripts/race-postflop`'s river.

use equilibrium_core::{Locks, Precision, Rule};
use postflop::game::PostflopGame;
use postflop::solve::{Progress, RULE, Solution, SolveOptions};
use postflop::spot::SpotFields;
use std::sync::Mutex;
use work_threads::{Threads, map_on_threads};

const BASIC_TURNS: [&str; 8] = [
    "7c 4d 8d Qd",
    "2s 3c Th 3h",
    "7s Jd 2s Tc",
    "5d 2h 3d 8s",
    "8h 3c 5s 3d",
    "Ts 8s 2s Jc",
    "3s 5h Qc Jd",
    "2s Jc Jd 8d",
];

const BASIC: &str = "
oop = 66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s
ip = QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+
pot = 200
stack = 900
bets = 60%, e, a
raises = 2.5x
river-donks = 50%
add-allin-threshold = 150
force-allin-threshold = 15
merging-threshold = 10";

const SHALLOW_TURNS: [&str; 4] = ["2s 5h 2h Ts", "4c 6h 8h 4d", "Th 3s Jc 6s", "Ts Qs 4s 3h"];

const SHALLOW: &str = "
oop = 22+,A2s+,K9s+,Q9s+,J9s+,T8s+,97s+,86s+,75s+,65s,54s,ATo+,KTo+,QTo+,JTo
ip = 22+,A2s+,K2s+,Q8s+,J8s+,T8s+,97s+,86s+,76s,65s,A9o+,KJo+,QJo
pot = 60
stack = 240
bets = 50%, a
raises = 3x";

const RIVERS: [&str; 6] = [
    "Jd Jc Qc 5c 7s",
    "3h Ts Kd 3c Jc",
    "2s Js 5d 9s Qs",
    "Th 8s Ad 7c 9d",
    "Jd 9d 7s 6s 5s",
    "Ah 4s Kc Ad 5s",
];

const RIVER: &str = "
oop = AA,KK,QQ,JJ,TT,99,88,AK,AQ,AJ,KQ,KJ,QJ,JT,T9s,98s,87s,76s,65s,54s
ip = QQ-22,AQ-AT,KQ-KT,QJ-QT,JT,T9,98s,87s,A5s-A2s
pot = 100
stack = 150
bets = 33%, 75%, a
raises = 2.5x, a";

/// The first iteration whose exploitability is reported at or under 0.3% of the pot.
struct FirstUnder(Mutex<Option<usize>>);

impl Progress for FirstUnder {
    fn report(&self, iterations: usize, exploitability: f64) {
        let mut first = self.0.lock().unwrap();
        if first.is_none() && exploitability <= 0.003 {
            *first = Some(iterations);
        }
    }
    fn is_cancelled(&self) -> bool {
        false
    }
}

/// The iterations `rule` takes on `spot` to 0.3% and to 0.1% of the pot.
fn iterations(spot: &str, rule: Rule, precision: Precision) -> [usize; 2] {
    let mut fields = SpotFields::default();
    fields.read_file(spot).unwrap();
    let options = SolveOptions {
        exploitability: 0.001,
        iterations: 2000,
        threads: Threads::new(1).unwrap(),
        rule,
        precision,
    };
    let first = FirstUnder(Mutex::new(None));
    let game = PostflopGame::new(&fields.spot().unwrap()).unwrap();
    let solution = Solution::solve(game, Locks::default(), options, &first);
    [
        first.0.into_inner().unwrap().unwrap(),
        solution.iterations(),
    ]
}

fn main() {
    let precision = if std::env::args().any(|argument| argument == "--compress") {
        Precision::Compressed
    } else {
        Precision::Full
    };
    let spots: Vec<String> = (BASIC_TURNS.iter().map(|board| (board, BASIC)))
        .chain(SHALLOW_TURNS.iter().map(|board| (board, SHALLOW)))
        .chain(RIVERS.iter().map(|board| (board, RIVER)))
        .map(|(board, rest)| format!("board = {board}{rest}\n"))
        .collect();
    let discounted = |alpha, beta, gamma| Rule::Discounted { alpha, beta, gamma };
    let rules = [
        ("postflop's rule", RULE),
        ("DCFR 1.5/0/3", discounted(1.5, 0.0, 3.0)),
        ("DCFR 1.5/0/4", discounted(1.5, 0.0, 4.0)),
        ("DCFR 1.5/0.5/2", discounted(1.5, 0.5, 2.0)),
        ("DCFR 2/0/3", discounted(2.0, 0.0, 3.0)),
        (
            "DCFR+ 1.5/4",
            Rule::DiscountedPlus {
                alpha: 1.5,
                gamma: 4.0,
            },
        ),
    ];
    let threads = Threads::available();
    let mut first: Option<Vec<[usize; 2]>> = None;
    println!("{precision:?}; per spot: 8 basic.rs turns, 4 shallow turns, 6 rivers");
    for (name, rule) in rules {
        let counts = map_on_threads(spots.len(), threads, |index| {
            iterations(&spots[index], rule, precision)
        });
        let base = first.get_or_insert_with(|| counts.clone());
        for (target, label) in [(0, "0.3%"), (1, "0.1%")] {
            // The geometric mean of the ratios to the first rule's counts, spot by spot.
            let logs: f64 = (counts.iter().zip(base.iter()))
                .map(|(count, base)| (count[target] as f64 / base[target] as f64).ln())
                .sum();
            let ratio = (logs / counts.len() as f64).exp();
            let more = (counts.iter().zip(base.iter()))
                .filter(|(count, base)| count[target] > base[target])
                .count();
            let list: Vec<String> = counts
                .iter()
                .map(|count| count[target].to_string())
                .collect();
            println!(
                "{name:<16} to {label}: total {:>5}, {ratio:.3} of the first's, more on {more:>2} | {}",
                counts.iter().map(|count| count[target]).sum::<usize>(),
                list.join(" ")
            );
        }
    }
}
