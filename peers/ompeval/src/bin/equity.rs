//! equity-core's range equity raced against OMPEval's `EquityCalculator`, in one process, each
//! computing the same matchups many times: exact enumeration on one thread (OMPEval's
//! `enumerateAll`, and `Method::Exact` here), then Monte Carlo to the same standard error.
//!
//! Each matchup is first checked: the two exact equities must agree to 1e-9. Then rounds in
//! which the two take turns, each running the matchup until a tenth of a second has passed;
//! the median time per run of each, and OMPEval's time over ours. With `HOLDEM_EQUITY` naming
//! the holdem-equity binary (as `scripts/race-ompeval equity` does), the sampled races are run
//! once more as whole processes on one core, start-up included.
//!
//! Usage: `OMPEVAL_DIR=... cargo run --release --bin equity -- [--rounds N] [--only TEXT]`, or
//! `scripts/race-ompeval equity`; `--only` races just the matchups whose names contain TEXT.

use std::ffi::{CString, OsStr, c_char, c_double, c_int, c_uint};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cards_core::Card;
use equity_core::{Method, RangeMatchup, Sampling, Silent, Threads, range_equity};

unsafe extern "C" {
    fn ompeval_equity(
        ranges: *const *const c_char,
        players: usize,
        board: *const c_char,
        dead: *const c_char,
        enumerate_all: c_int,
        stdev_target: c_double,
        threads: c_uint,
        equities: *mut c_double,
        hands: *mut u64,
    ) -> c_int;
}

/// One matchup in both syntaxes: OMPEval's ranges (`random` is its `random` too) and board.
struct Race {
    name: &'static str,
    ranges: &'static [&'static str],
    board: &'static str,
}

const RACES: &[Race] = &[
    Race {
        name: "AS KS v QD QC preflop",
        ranges: &["AsKs", "QdQc"],
        board: "",
    },
    Race {
        name: "three players preflop",
        ranges: &["AsKs", "QdQc", "7h7d"],
        board: "",
    },
    Race {
        name: "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+ v QQ+,AK",
        ranges: &["22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "QQ+,AK"],
        board: "",
    },
    Race {
        name: "AS KS v QD QC, flop",
        ranges: &["AsKs", "QdQc"],
        board: "Ah7c2d",
    },
    Race {
        name: "TT+,AQs+,AKo v random, flop KD 8S 3C",
        ranges: &["TT+,AQs+,AKo", "random"],
        board: "Kd8s3c",
    },
    Race {
        name: "QQ+,AKs v random, flop AH 7C 2D",
        ranges: &["QQ+,AKs", "random"],
        board: "Ah7c2d",
    },
    Race {
        name: "22+,ATs+,KQs v 99+,AJ+, flop KH 9H 4C",
        ranges: &["22+,ATs+,KQs", "99+,AJ+"],
        board: "Kh9h4c",
    },
    Race {
        name: "random v random, turn KH 9H 4C 2S",
        ranges: &["random", "random"],
        board: "Kh9h4c2s",
    },
    Race {
        name: "random v random, flop KH 9H 4C",
        ranges: &["random", "random"],
        board: "Kh9h4c",
    },
    Race {
        name: "AS KS v random, turn AH 7C 2D 9S",
        ranges: &["AsKs", "random"],
        board: "Ah7c2d9s",
    },
    Race {
        name: "AS KS v random v random, flop AH 7C 2D",
        ranges: &["AsKs", "random", "random"],
        board: "Ah7c2d",
    },
    Race {
        name: "AS KS v QD QC v 7H 7D, flop",
        ranges: &["AsKs", "QdQc", "7h7d"],
        board: "Ah7c2d",
    },
    Race {
        name: "QQ+,AKs v TT-99 v random, flop AH 7C 2D",
        ranges: &["QQ+,AKs", "TT-99", "random"],
        board: "Ah7c2d",
    },
];

/// The race where OMPEval's exact equities are not every deal's: it gives the first player
/// 77.3173%, where dealing every deal and board gives 77.3433%, as equity-core does (its test
/// `three_ranges_on_a_flop_are_brute_force`). Raced all the same, with the figures printed.
const OMPEVAL_DIFFERS: &str = "QQ+,AKs v TT-99 v random, flop AH 7C 2D";

/// Sampled only: exact would take minutes.
const AKS_AGAINST_TWO_RANDOM: Race = Race {
    name: "AS KS v random v random preflop",
    ranges: &["AsKs", "random", "random"],
    board: "",
};

/// The sampled races: preflop, then `RACES[10]` (AS KS against two random hands on a flop) and
/// `RACES[12]` (three ranges on a flop).
const SAMPLED: [&Race; 3] = [&AKS_AGAINST_TWO_RANDOM, &RACES[10], &RACES[12]];

/// The standard error both sample to: 0.05 points, holdem-equity's default.
const STANDARD_ERROR: f64 = 0.0005;

/// The board's cards as written in `race.board`, two characters each.
fn board_cards(race: &Race) -> impl Iterator<Item = &str> {
    (0..race.board.len())
        .step_by(2)
        .map(|at| &race.board[at..at + 2])
}

fn matchup(race: &Race) -> RangeMatchup {
    let board: Vec<Card> = board_cards(race)
        .map(|card| card.parse().unwrap())
        .collect();
    RangeMatchup {
        ranges: race
            .ranges
            .iter()
            .map(|range| range.parse().unwrap())
            .collect(),
        board,
        dead: Vec::new(),
    }
}

/// OMPEval's equities for `race`: exact, or Monte Carlo to `stdev`.
fn ompeval(race: &Race, exact: bool, stdev: f64) -> Vec<f64> {
    let ranges: Vec<CString> = race
        .ranges
        .iter()
        .map(|range| CString::new(*range).unwrap())
        .collect();
    let pointers: Vec<*const c_char> = ranges.iter().map(|range| range.as_ptr()).collect();
    let board = CString::new(race.board).unwrap();
    let dead = CString::new("").unwrap();
    let mut equities = vec![0.0; ranges.len()];
    let mut hands = 0;
    // SAFETY: the pointers live until the call returns; `equities` has a slot per player.
    let started = unsafe {
        ompeval_equity(
            pointers.as_ptr(),
            pointers.len(),
            board.as_ptr(),
            dead.as_ptr(),
            c_int::from(exact),
            stdev,
            1,
            equities.as_mut_ptr(),
            &raw mut hands,
        )
    };
    assert_eq!(started, 1, "OMPEval refused {}", race.name);
    equities
}

fn ours(matchup: &RangeMatchup, method: Method) -> Vec<f64> {
    range_equity(matchup, method, Threads::ONE, &Silent)
        .unwrap()
        .players
        .iter()
        .map(|shares| shares.equity())
        .collect()
}

/// Seconds per run of `work`, run until a tenth of a second has passed.
fn per_run(mut work: impl FnMut()) -> f64 {
    let started = Instant::now();
    let mut runs = 0u32;
    while runs == 0 || started.elapsed() < Duration::from_millis(100) {
        work();
        runs += 1;
    }
    started.elapsed().as_secs_f64() / f64::from(runs)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Races `mine` against `theirs` in `rounds` rounds, taking turns, and prints the medians of
/// their times per run and OMPEval's over ours.
fn print_row(name: &str, rounds: usize, mut mine: impl FnMut(), mut theirs: impl FnMut()) {
    let (mut my_times, mut their_times) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        my_times.push(per_run(&mut mine));
        their_times.push(per_run(&mut theirs));
    }
    let (mine, theirs) = (median(my_times), median(their_times));
    println!(
        "{name:<44} {:>12.3} {:>12.3} {:>8.1}",
        mine * 1e3,
        theirs * 1e3,
        theirs / mine
    );
}

fn main() {
    let mut rounds = 3;
    let mut only = String::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                rounds = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--rounds N")
            }
            "--only" => only = args.next().expect("--only TEXT"),
            "--ompeval-once" => {
                let index: usize = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .expect("--ompeval-once N");
                ompeval(SAMPLED[index], false, STANDARD_ERROR);
                return;
            }
            other => panic!("unknown argument {other}"),
        }
    }
    println!("exact, one thread, medians of {rounds} rounds (ms per run; OMPEval's time / ours)");
    println!(
        "{:<44} {:>12} {:>12} {:>8}",
        "matchup", "equity-core", "OMPEval", "ratio"
    );
    for race in RACES.iter().filter(|race| race.name.contains(&only)) {
        let matchup = matchup(race);
        let (mine, theirs) = (ours(&matchup, Method::Exact), ompeval(race, true, 0.0));
        let agree = mine
            .iter()
            .zip(&theirs)
            .all(|(mine, theirs)| (mine - theirs).abs() < 1e-9);
        if race.name == OMPEVAL_DIFFERS {
            println!("({}: {mine:?} against OMPEval's {theirs:?})", race.name);
        } else {
            assert!(agree, "{}: {mine:?} against {theirs:?}", race.name);
        }
        print_row(
            race.name,
            rounds,
            || {
                ours(&matchup, Method::Exact);
            },
            || {
                ompeval(race, true, 0.0);
            },
        );
    }
    // Sampling to the same standard error of the first player's equity (0.05 points).
    println!("\nsampled to a standard error of 0.05 points, one thread (ms per run)");
    for race in SAMPLED.iter().filter(|race| race.name.contains(&only)) {
        let matchup = matchup(race);
        let sampling = Sampling {
            seed: 1,
            standard_error: STANDARD_ERROR,
            time_limit: None,
        };
        print_row(
            race.name,
            rounds,
            || {
                ours(&matchup, Method::Sampled(sampling));
            },
            || {
                ompeval(race, false, STANDARD_ERROR);
            },
        );
    }
    if let Some(binary) = std::env::var_os("HOLDEM_EQUITY") {
        race_processes(&PathBuf::from(binary), rounds, &only);
    }
}

/// The sampled races as whole processes on one core, taking turns: the holdem-equity binary
/// (`ranges --sample --threads 1`, its default standard error of 0.05 points) against this
/// program running OMPEval once (`--ompeval-once`), each pinned to one core with `taskset`
/// where there is one. Start-up counts: OMPEval's tables are made when it starts; ours are
/// built into the binary.
fn race_processes(binary: &Path, rounds: usize, only: &str) {
    let pin = Command::new("taskset").arg("-V").output().is_ok();
    println!(
        "\nsampled, whole processes{}, medians of {rounds} rounds (ms per process)",
        if pin {
            " on one core (taskset -c 1)"
        } else {
            " (no taskset: not pinned)"
        }
    );
    let this = std::env::current_exe().expect("this program's path");
    let folder = std::env::temp_dir().join(format!("race-ompeval-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a folder for the inputs");
    for (index, race) in SAMPLED.iter().enumerate() {
        if !race.name.contains(only) {
            continue;
        }
        let input = folder.join(format!("{index}.txt"));
        std::fs::write(&input, ours_as_text(race)).expect("writing the input");
        let run = |program: &Path, args: &[&OsStr]| {
            let mut command = if pin {
                let mut command = Command::new("taskset");
                command.args(["-c", "1"]).arg(program);
                command
            } else {
                Command::new(program)
            };
            command.args(args).stdout(Stdio::null());
            let started = Instant::now();
            let status = command.status().expect("a process");
            assert!(status.success(), "{}: {status}", program.display());
            started.elapsed().as_secs_f64()
        };
        let index_text = index.to_string();
        let (mut my_times, mut their_times) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            my_times.push(run(
                binary,
                &[
                    "ranges".as_ref(),
                    "--sample".as_ref(),
                    "--threads".as_ref(),
                    "1".as_ref(),
                    input.as_os_str(),
                ],
            ));
            their_times.push(run(
                &this,
                &["--ompeval-once".as_ref(), index_text.as_ref()],
            ));
        }
        let (mine, theirs) = (median(my_times), median(their_times));
        println!(
            "{:<44} {:>12.3} {:>12.3} {:>8.2}",
            race.name,
            mine * 1e3,
            theirs * 1e3,
            theirs / mine
        );
    }
    std::fs::remove_dir_all(&folder).ok();
}

/// `race` as holdem-equity reads it: the ranges between `vs`, then the board's cards.
fn ours_as_text(race: &Race) -> String {
    let mut text = race.ranges.join(" vs ");
    if !race.board.is_empty() {
        let cards: Vec<&str> = board_cards(race).collect();
        text = format!("{text} | {}", cards.join(" "));
    }
    text + "\n"
}
