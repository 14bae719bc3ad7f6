//! Node locking through a lock file: a river caller locked to always call makes the bettor
//! bet more of its value and none of its bluffs; a locked solution saves and loads with its
//! locks; bad lock files are refused with the line and column.

use cards_core::holdem::Range;
use equilibrium_core::Precision;
use postflop::answer::{Answer, Request, answer};
use postflop::browse::follow;
use postflop::report::{class_index, node_report, reach_along};
use postflop::solve::Silent;
use postflop::spot::SpotFields;
use rstest::rstest;
use work_threads::Threads;

/// A river where OOP holds sets and overpairs (value) and two suited connectors that missed
/// (bluffs), and IP one pair or an overpair, facing a bet of 75% of the pot.
fn river() -> SpotFields {
    let mut fields = SpotFields::default();
    fields
        .read_file(
            "board = Qs Jh 2h 8d 3c\noop = AA, QQ, AQs, 54s, 76s\n\
             ip = KK, AJs, KQs, JTs\npot = 100\nstack = 150\nbets = 75%\nadd-allin-threshold = 0\n",
        )
        .unwrap();
    fields
}

fn request(fields: SpotFields, load: Option<Vec<u8>>, locks: Option<&str>) -> Request {
    Request {
        fields,
        load,
        locks: locks.map(String::from),
        exploitability: 0.0005,
        iterations: 2000,
        threads: Threads::new(1).unwrap(),
        memory: usize::MAX,
        precision: Precision::Full,
        line: None,
        json: true,
    }
}

/// OOP's share betting at the root with each of `classes` (`AA`, `54s`), over their combos.
fn betting(answer: &Answer, classes: &[&str]) -> Vec<f64> {
    let solution = &answer.solution;
    let path = follow(solution.game(), "").unwrap();
    let report = node_report(solution, path.node, &reach_along(solution, &path)).unwrap();
    let bet = (report.actions.iter())
        .position(|action| action.to_string() == "Bet 75")
        .expect("OOP can bet 75");
    classes
        .iter()
        .map(|class| {
            let (combo, _) = class.parse::<Range>().unwrap().combos()[0];
            report.by_class[bet][class_index(combo)].expect("the class is in OOP's range")
        })
        .collect()
}

#[test]
fn against_a_caller_locked_to_call_the_value_bets_widen_and_the_bluffs_vanish() {
    let free = answer(&request(river(), None, None), &Silent).unwrap();
    let locked = answer(
        &request(
            river(),
            None,
            Some("Bet 75 | KK, AJs, KQs, JTs | Call: 1\n"),
        ),
        &Silent,
    )
    .unwrap();
    for solution in [&free, &locked] {
        assert!(solution.solution.exploitability() <= 0.0005);
    }
    assert!(free.output.contains("\"locked_nodes\":0"));
    assert!(locked.output.contains("\"locked_nodes\":1"));
    let bluffs = ["54s", "76s"];
    let [free_bluffs, locked_bluffs] = [&free, &locked].map(|answer| betting(answer, &bluffs));
    // Unlocked, OOP bluffs some of its air; against a caller who always calls, never.
    assert!(
        free_bluffs.iter().any(|&share| share > 0.1),
        "{free_bluffs:?}"
    );
    assert!(
        locked_bluffs.iter().all(|&share| share < 0.01),
        "{locked_bluffs:?}"
    );
    // AQs beats three of IP's four hands: checked some of the time unlocked, a bet locked.
    let value = ["AA", "QQ", "AQs"];
    let [free_value, locked_value] = [&free, &locked].map(|answer| betting(answer, &value));
    assert!(
        locked_value.iter().all(|&share| share > 0.99),
        "{locked_value:?}"
    );
    let [free_total, locked_total] = [&free_value, &locked_value].map(|v| v.iter().sum::<f64>());
    assert!(
        locked_total > free_total + 0.1,
        "{free_value:?} against {locked_value:?}"
    );
}

#[test]
fn a_locked_solution_saves_and_loads_with_its_locks() {
    let lock = "Bet 75 | KK | Fold: 0.5, Call: 0.5\n";
    let mut solved = request(river(), None, Some(lock));
    solved.iterations = 40;
    let solved = answer(&solved, &Silent).unwrap();
    let mut loaded = request(SpotFields::default(), Some(solved.saved()), None);
    loaded.iterations = 40;
    let loaded = answer(&loaded, &Silent).unwrap();
    assert_eq!(loaded.locks, lock);
    assert_eq!(loaded.output, solved.output);
    assert!(loaded.output.contains("\"locked_nodes\":1"));
}

#[rstest]
#[case::three_fields(
    "Bet 75 | KK\n",
    "line 1, column 1: expected 'line | hands | action: frequency, ...'"
)]
#[case::a_bad_step(
    "Bet 70 | KK | Call: 1",
    "line 1, column 1: 'Bet 70' is not an action here: Check, Bet 75"
)]
#[case::not_a_decision(
    "Check, Check | KK | Call: 1",
    "line 1, column 1: the line leads to no decision: only a decision can be locked"
)]
#[case::bad_hands(
    "\n# OOP\n | AA, ZZ | Check: 1",
    "line 3, column 8: 'ZZ': 'Z' is not a rank"
)]
#[case::weights(
    "| AA:0.5 | Check: 1",
    "line 1, column 2: a lock names hands without weights"
)]
#[case::the_other_player_s_hands(
    "| KK | Check: 1",
    "line 1, column 2: none of these hands is OOP's here"
)]
#[case::unknown_action(
    "Bet 75 | KK | Raise: 1",
    "line 1, column 15: 'Raise' is not an action here: Fold, Call"
)]
#[case::no_colon(
    "Bet 75 | KK | Call",
    "line 1, column 15: 'Call': expected 'action: frequency'"
)]
#[case::bad_frequency(
    "Bet 75 | KK | Fold: 0.5, Call:  1.5",
    "line 1, column 33: '1.5': a frequency is a number from 0 to 1"
)]
#[case::not_adding_up(
    "Bet 75 | KK |  Fold: 0.5, Call: 0.25",
    "line 1, column 16: the frequencies add up to 0.75, not 1"
)]
fn a_bad_lock_file_is_refused_with_its_line_and_column(#[case] lock: &str, #[case] expected: &str) {
    let err = answer(&request(river(), None, Some(lock)), &Silent)
        .err()
        .expect("refused");
    assert_eq!(err, format!("--lock: {expected}"));
}

#[test]
fn the_binary_reads_a_lock_file_and_says_the_exploitability_is_within_the_locked_game() {
    let dir = std::env::temp_dir().join(format!("postflop-locks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lock = dir.join("always-call.lock");
    std::fs::write(
        &lock,
        "# IP calls everything\nBet 75 | KK, AJs, KQs, JTs | Call: 1\n",
    )
    .unwrap();
    let run = |extra: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_postflop"))
            .args([
                "--board",
                "Qs Jh 2h 8d 3c",
                "--oop",
                "AA, QQ, AQs, 54s, 76s",
            ])
            .args([
                "--ip",
                "KK, AJs, KQs, JTs",
                "--pot",
                "100",
                "--stack",
                "150",
            ])
            .args([
                "--bets",
                "75%",
                "--add-allin-threshold",
                "0",
                "--iterations",
                "20",
            ])
            .args(["--threads", "1"])
            .args(extra)
            .output()
            .unwrap()
    };
    let locked = run(&["--lock", lock.to_str().unwrap()]);
    let text = String::from_utf8(locked.stdout).unwrap();
    assert!(locked.status.success());
    assert!(
        text.lines().nth(1).unwrap()
            == "1 node locked: the exploitability is the unlocked strategies', within the locked game",
        "{text}"
    );
    let missing = run(&["--lock", dir.join("none").to_str().unwrap()]);
    let err = String::from_utf8(missing.stderr).unwrap();
    assert!(!missing.status.success() && missing.stdout.is_empty());
    assert!(err.starts_with("error: --lock: cannot read '") && err.lines().count() == 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
