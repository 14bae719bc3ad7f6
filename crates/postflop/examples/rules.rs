//! Iterations to 0.3% and 0.1% of the pot by regret rule, on the spot file given as the argument:
//! `cargo run --release -p postflop --example rules -- SPOT` (docs/experiments/postflop.md).

use equilibrium_core::{Locks, Precision, Rule};
use postflop::game::PostflopGame;
use postflop::solve::{Progress, Solution, SolveOptions};
use postflop::spot::SpotFields;
use work_threads::Threads;

struct Marks;

impl Progress for Marks {
    fn report(&self, iterations: usize, exploitability: f64) {
        if iterations.is_multiple_of(50) {
            eprint!(" {iterations}:{:.3}", 100.0 * exploitability);
        }
    }
    fn is_cancelled(&self) -> bool {
        false
    }
}

fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let mut fields = SpotFields::default();
    fields.read_file(&text).unwrap();
    let spot = fields.spot().unwrap();
    let rules = [
        (
            "DCFR 1.5/0/2",
            Rule::Discounted {
                alpha: 1.5,
                beta: 0.0,
                gamma: 2.0,
            },
        ),
        (
            "DCFR 1.5/0.5/2",
            Rule::Discounted {
                alpha: 1.5,
                beta: 0.5,
                gamma: 2.0,
            },
        ),
        (
            "DCFR 1.5/0.5/3",
            Rule::Discounted {
                alpha: 1.5,
                beta: 0.5,
                gamma: 3.0,
            },
        ),
        (
            "DCFR+ 1.5/4",
            Rule::DiscountedPlus {
                alpha: 1.5,
                gamma: 4.0,
            },
        ),
        (
            "DCFR+ 1.5/2",
            Rule::DiscountedPlus {
                alpha: 1.5,
                gamma: 2.0,
            },
        ),
        ("CFR+", Rule::CfrPlus),
    ];
    for (name, rule) in rules {
        let mut found = Vec::new();
        for target in [0.003, 0.001] {
            let options = SolveOptions {
                exploitability: target,
                iterations: 2000,
                threads: Threads::new(1).unwrap(),
                rule,
                precision: Precision::Full,
            };
            let solution = Solution::solve(
                PostflopGame::new(&spot).unwrap(),
                Locks::default(),
                options,
                &Marks,
            );
            found.push(solution.iterations());
        }
        eprintln!();
        println!(
            "{name:<16} to 0.3%: {:>5}   to 0.1%: {:>5}",
            found[0], found[1]
        );
    }
}
