//! Races connect-four's solver against connect-four-ai's (`Solver::empty()`, no opening book)
//! on the same positions: one thread, each solver's table reset before each position, the two
//! taking turns position by position. Reads lines `columns score class` (what `cargo xtask
//! generate connect-four` writes) and prints, per class, each solver's mean time and mean nodes
//! and the ratio of their times (a position's time is the median of its solves, repeated for
//! quick ones). Every score of both is checked against the line's.
//! Both tables are used once, untimed, before the race.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use connect_four::{Analyst, parse};

/// One class's totals.
#[derive(Default)]
struct Totals {
    count: u32,
    times: [Duration; 2],
    nodes: [u64; 2],
}

/// How long the turns on one position go on for.
const SPELL: Duration = Duration::from_millis(20);

/// The median of `times`.
fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let weak = args.first().is_some_and(|arg| arg == "--weak");
    if weak {
        args.remove(0);
    }
    let [file] = args.as_slice() else {
        panic!("usage: race-connect-four [--weak] FILE");
    };
    let text = std::fs::read_to_string(file).unwrap_or_else(|err| panic!("{file}: {err}"));
    let queries = parse(text.as_bytes()).unwrap_or_else(|err| panic!("{file}: {err}"));
    let mut ours = Analyst::new(connect_four::DEFAULT_MEMORY_MIB);
    let mut peer = connect_four_ai::Solver::empty();
    // Untimed, once: each solver's table touched all over, as a table filled before the race
    // would be (connect-four's table is zeroed memory the system maps in as it is first used;
    // connect-four-ai writes its table when made).
    let warm_up = "4453";
    ours.score(&parse(warm_up.as_bytes()).unwrap()[0], false);
    peer.solve(&connect_four_ai::Position::from_moves(warm_up).unwrap());
    let mut classes: BTreeMap<String, Totals> = BTreeMap::new();
    for (query, line) in queries.iter().zip(text.lines()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [columns, score, class] = fields[..] else {
            panic!("expected `columns score class`, found {line:?}");
        };
        let want: i32 = score.parse().expect("a score");
        let want = if weak { want.signum() } else { want };
        let peer_position = connect_four_ai::Position::from_moves(columns).expect("a position");

        // Each solver solves the position in turns with the other, from a reset table each
        // time, until 20 ms or 31 solves have passed; the median time is kept, so that a solve of
        // microseconds is not one clock reading among cache misses.
        let (mut our_times, mut peer_times) = (Vec::new(), Vec::new());
        let (mut our_score, mut peer_score) = (0, 0);
        let started = Instant::now();
        while our_times.len() < 31 && (our_times.is_empty() || started.elapsed() < SPELL) {
            ours.reset();
            let solve = Instant::now();
            our_score = ours.score(query, weak);
            our_times.push(solve.elapsed());

            peer.reset();
            let solve = Instant::now();
            // The peer has no weak solver: the sign of its score.
            peer_score = i32::from(peer.solve(&peer_position));
            peer_times.push(solve.elapsed());
        }
        let peer_score = if weak {
            peer_score.signum()
        } else {
            peer_score
        };
        let (our_time, peer_time) = (median(&mut our_times), median(&mut peer_times));

        assert_eq!(our_score, want, "ours: {line}");
        assert_eq!(peer_score, want, "connect-four-ai: {line}");
        let totals = classes.entry(class.to_owned()).or_default();
        totals.count += 1;
        totals.times[0] += our_time;
        totals.times[1] += peer_time;
        totals.nodes[0] += ours.nodes();
        totals.nodes[1] += peer.explored_positions as u64;
    }
    println!(
        "{:<14} {:>5}  {:>11} {:>12}  {:>11} {:>12}  {:>6}",
        "class", "count", "ours", "ours nodes", "peer", "peer nodes", "ratio"
    );
    for (class, totals) in &classes {
        let mean = |index: usize| totals.times[index] / totals.count;
        println!(
            "{:<14} {:>5}  {:>11.3?} {:>12}  {:>11.3?} {:>12}  {:>6.3}",
            class,
            totals.count,
            mean(0),
            totals.nodes[0] / u64::from(totals.count),
            mean(1),
            totals.nodes[1] / u64::from(totals.count),
            totals.times[0].as_secs_f64() / totals.times[1].as_secs_f64(),
        );
    }
}
