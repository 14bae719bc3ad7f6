//! The solver against the plain best response, on river and turn spots, given and random.

use equilibrium_core::{Game, Locks, Precision};
use postflop::game::{Dealing, PostflopGame, game_size};
use postflop::solve::{Silent, Solution, SolveOptions};
use postflop::spot::Spot;
use rstest::rstest;
use seeded_rng::SeededRng;
use work_threads::Threads;

use crate::oracle::{agreement, equity, exploitability};
use crate::spots::spot;

/// `spot` solved for `iterations` iterations on `threads` threads.
pub fn solved(spot: &Spot, iterations: usize, threads: usize) -> Solution {
    solved_with(spot, iterations, threads, Precision::Full)
}

/// `spot` solved for `iterations` iterations on `threads` threads, its numbers kept with
/// `precision`.
pub fn solved_with(
    spot: &Spot,
    iterations: usize,
    threads: usize,
    precision: Precision,
) -> Solution {
    let game = PostflopGame::new(spot).unwrap();
    let options = SolveOptions {
        exploitability: 0.0,
        iterations,
        threads: Threads::new(threads).unwrap(),
        rule: postflop::solve::RULE,
        precision,
    };
    Solution::solve(game, Locks::default(), options, &Silent)
}

#[track_caller]
fn check(spot: &Spot, iterations: usize, precision: Precision) {
    for dealing in [Dealing::Isomorphic, Dealing::EveryCard] {
        let game = PostflopGame::with_dealing(spot, dealing).unwrap();
        let options = SolveOptions {
            exploitability: 0.0,
            iterations,
            threads: Threads::ONE,
            rule: postflop::solve::RULE,
            precision,
        };
        let solution = Solution::solve(game, Locks::default(), options, &Silent);
        // The size counted before the game is made is the game's.
        let size = game_size(spot, dealing).unwrap();
        let tree = solution.game().tree();
        assert_eq!(
            (size.nodes, size.slots, size.decisions),
            (tree.len(), tree.slots(), tree.decisions())
        );
        let solver = solution.exploitability() * f64::from(spot.pot);
        let oracle = exploitability(spot, &solution);
        let tolerance = agreement(spot, &solution, precision);
        assert!(
            (solver - oracle).abs() <= tolerance * f64::from(spot.pot),
            "{dealing:?}, {precision:?}, board {:?}: the solver says {solver}, the plain best response {oracle}",
            spot.board
        );
        assert!(oracle > 0.0, "a few iterations leave something to exploit");
        assert_estimate_is_near(&solution);
        let [oop, ip] = solution.game().equity();
        let expected = equity(spot);
        assert!(
            (oop - expected).abs() < 1e-12 && (oop + ip - 1.0).abs() < 1e-12,
            "equity {oop}, expected {expected}"
        );
    }
}

/// The exploitability estimated in `f32` is within 1e-5 of the pot of the exact one: far
/// within the margin the solver gives it before computing the exact figure.
#[track_caller]
fn assert_estimate_is_near(solution: &Solution) {
    let estimate = solution.solver().estimate(solution.game()).exploitability();
    let estimate = estimate / solution.game().pot();
    let exact = solution.exploitability();
    assert!(
        (estimate - exact).abs() <= 1e-5,
        "estimated {estimate}, exactly {exact} of the pot"
    );
}

// Deep stacks (50 pots), and on the river ranges of every class: the largest sums beside the
// pot.
#[rstest]
#[case::deep_turn(spot(&[
    ("board", "Td9d6h Qc"),
    ("oop", "66+,A8s+,AJo+,KQo,QTs+,JTs,87s"),
    ("ip", "QQ-22,AQs-A2s,KJo+,J8s+,T7s+,96s+"),
    ("pot", "20"),
    ("stack", "1000"),
    ("bets", "60%, a"),
    ("raises", "a"),
]))]
#[case::deep_river(spot(&[
    ("board", "Qs Jh 2h 8d 3c"),
    ("oop", "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32"),
    ("ip", "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32"),
    ("pot", "10"),
    ("stack", "500"),
    ("bets", "33%, 150%, a"),
    ("raises", "2.5x, a"),
]))]
fn the_estimate_is_near_the_exact_figure(
    #[case] spot: Spot,
    #[values(Precision::Full, Precision::Compressed)] precision: Precision,
) {
    let mut solution = solved_with(&spot, 0, 2, precision);
    assert_estimate_is_near(&solution);
    for iterations in [10, 40] {
        let options = SolveOptions {
            exploitability: 0.0,
            iterations,
            threads: Threads::new(2).unwrap(),
            rule: postflop::solve::RULE,
            precision,
        };
        solution.go_on(options, &Silent);
        assert_estimate_is_near(&solution);
    }
}

pub fn river() -> Spot {
    spot(&[
        ("board", "Qs Jh 2h 8d 3c"),
        ("oop", "AA,KK,QQ:0.5,AQs,KJs,T9s,54s:0.7"),
        ("ip", "KK,JJ,AQ:0.4,QTs,98s,A5s"),
        ("pot", "100"),
        ("stack", "150"),
        ("bets", "50%, a"),
        ("raises", "100%"),
    ])
}

#[rstest]
fn a_river_spot_s_exploitability_is_the_plain_best_response_s(
    #[values(Precision::Full, Precision::Compressed)] precision: Precision,
) {
    check(&river(), 20, precision);
}

#[rstest]
fn a_turn_spot_s_exploitability_is_the_plain_best_response_s(
    #[values(Precision::Full, Precision::Compressed)] precision: Precision,
) {
    check(
        &spot(&[
            ("board", "Td9d6h Qc"),
            ("oop", "AA,KQs,JTs,87s,66:0.5"),
            ("ip", "QQ,AdKd,J8s,A5s:0.3"),
            ("pot", "60"),
            ("stack", "100"),
            ("bets", "75%"),
            ("raises", "a"),
            ("river-donks", "33%"),
        ]),
        12,
        precision,
    );
}

#[test]
fn random_river_and_turn_spots_agree_with_the_plain_best_response() {
    let mut rng = SeededRng::new(65);
    let classes = [
        "AA", "KK", "QQ", "JJ", "TT", "88", "55", "AKs", "AQo", "KJs", "QTs", "T9s", "87s", "65s",
        "A5s", "KQo", "J9o", "72o",
    ];
    let sizes = [
        "33%",
        "50%",
        "75%",
        "100%",
        "150%",
        "e",
        "a",
        "60%, a",
        "25%, 100%",
    ];
    let mut checked = 0;
    for case in 0..12 {
        let mut deck: Vec<_> = cards_core::Card::ALL.to_vec();
        rng.shuffle(&mut deck);
        let board_len = if case % 2 == 0 { 5 } else { 4 };
        let board: String = deck[..board_len].iter().map(ToString::to_string).collect();
        let mut range = || {
            let mut picked: Vec<String> = Vec::new();
            for _ in 0..3 {
                let class = classes[rng.index(classes.len())];
                let weight = [":0.5", "", ":0.25"][rng.index(3)];
                picked.push(format!("{class}{weight}"));
            }
            picked.join(",")
        };
        let (oop, ip) = (range(), range());
        let pot = (10 + rng.below(200)).to_string();
        let stack = (10 + rng.below(400)).to_string();
        let bets = sizes[rng.index(sizes.len())];
        let raises = ["", "a", "2x", "100%"][rng.index(4)];
        let fields = [
            ("board", board.as_str()),
            ("oop", oop.as_str()),
            ("ip", ip.as_str()),
            ("pot", pot.as_str()),
            ("stack", stack.as_str()),
            ("bets", bets),
            ("raises", raises),
        ];
        let mut given = postflop::spot::SpotFields::default();
        for (name, value) in fields {
            given.set(name, value, None).unwrap();
        }
        // A range the board empties is refused; such a case is skipped.
        let Ok(spot) = given.spot() else { continue };
        if PostflopGame::new(&spot).is_err() {
            continue;
        }
        let precision = [Precision::Full, Precision::Compressed][case % 4 / 2];
        check(&spot, 1 + case % 6, precision);
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} random spots could be dealt");
}

#[rstest]
#[case::turn("Td9d6h Qc")]
#[case::flop("Td9d6h")]
fn the_same_bits_on_one_thread_and_on_two(
    #[case] board: &str,
    #[values(Precision::Full, Precision::Compressed)] precision: Precision,
) {
    let spot = spot(&[
        ("board", board),
        ("oop", "AA,KQs,87s"),
        ("ip", "QQ,AdKd,A5s"),
        ("pot", "60"),
        ("stack", "100"),
        ("bets", "75%"),
    ]);
    let figures = |threads| {
        let solution = solved_with(&spot, 5, threads, precision);
        let root = solution.game().tree().root();
        (
            solution.exploitability(),
            solution.ev(),
            solution.strategy(root),
        )
    };
    assert_eq!(figures(1), figures(2));
}

#[test]
fn a_node_s_evs_are_the_root_s_at_the_root_and_add_up_to_the_pot_there() {
    use postflop::browse::follow;
    use postflop::report::{node_report, reach_along};
    let spot = river();
    let solution = solved(&spot, 40, 1);
    let game = solution.game();
    let report = |line: &str| {
        let path = follow(game, line).unwrap();
        node_report(&solution, path.node, &reach_along(&solution, &path)).unwrap()
    };
    let root = report("");
    let [oop, ip] = root.ev.unwrap();
    let [expected_oop, expected_ip] = solution.ev();
    assert!((oop - expected_oop).abs() < 1e-9 && (ip - expected_ip).abs() < 1e-9);
    for line in ["Check", "Bet 50", "Check, Bet 50", "Bet 50, AllIn 150"] {
        let node = report(line);
        let [oop, ip] = node.ev.unwrap_or_else(|| panic!("{line}: never taken"));
        assert!(
            (oop + ip - node.pot).abs() < 1e-9,
            "{line}: {oop} + {ip} against {}",
            node.pot
        );
    }
}

/// Keeps every figure a solve reports.
#[derive(Default)]
struct Reports(std::sync::Mutex<Vec<(usize, f64)>>);

impl postflop::solve::Progress for Reports {
    fn report(&self, iterations: usize, exploitability: f64) {
        self.0.lock().unwrap().push((iterations, exploitability));
    }

    fn is_cancelled(&self) -> bool {
        false
    }
}

#[test]
fn a_check_far_from_the_target_reports_the_estimate_and_one_near_it_the_exact_figure() {
    let at_forty = solved(&river(), 40, 1);
    let estimate =
        at_forty.solver().estimate(at_forty.game()).exploitability() / at_forty.game().pot();
    let exact = at_forty.exploitability();
    assert_ne!(
        estimate.to_bits(),
        exact.to_bits(),
        "the two figures differ in their last bits"
    );
    // The margin is a twentieth of the target plus 1e-4: 0.2 of the target is beyond it, 0.04
    // within it (while the target is under 1%, where 0.01 of it is under 1e-4).
    assert!(estimate > 2.5e-3 && estimate < 1e-2, "{estimate}");
    for (target, reported) in [(estimate / 1.2, estimate), (estimate / 1.04, exact)] {
        let reports = Reports::default();
        let options = SolveOptions {
            exploitability: target,
            iterations: 50,
            threads: Threads::ONE,
            rule: postflop::solve::RULE,
            precision: Precision::Full,
        };
        let game = PostflopGame::new(&river()).unwrap();
        Solution::solve(game, Locks::default(), options, &reports);
        let reports = reports.0.into_inner().unwrap();
        let at_40 = reports.iter().find(|&&(iterations, _)| iterations == 40);
        assert_eq!(at_40, Some(&(40, reported)), "target {target}");
    }
}
