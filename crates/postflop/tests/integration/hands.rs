//! Each hand's EV and equity at a node, weighted by how often it arrives, give the range's.

use equilibrium_core::Precision;
use postflop::browse::follow;
use postflop::report::{hand_figures, node_report, reach_along};
use rstest::rstest;

use crate::solver::{river, solved_with};
use crate::spots::basic_turn;

#[rstest]
#[case::river_root(false, "")]
#[case::river_after_a_check(false, "Check")]
#[case::turn_after_a_check(true, "Check")]
#[case::turn_after_a_river_card(true, "Check, Check, 2c")]
fn each_hand_s_figures_average_to_the_range_s(#[case] turn: bool, #[case] line: &str) {
    let spot = if turn { basic_turn() } else { river() };
    let solution = solved_with(&spot, 20, 1, Precision::Full);
    let game = solution.game();
    let path = follow(game, line).unwrap();
    let reach = reach_along(&solution, &path);
    let [ev, equity] = hand_figures(&solution, &path, &reach).unwrap();
    let report = node_report(&solution, path.node, &reach).unwrap();
    let player = report.player;
    let mut met = vec![0.0; game.hands(player).len()];
    game.reach_beside(player, &reach[1 - player], 1.0, &mut met);
    let weights: Vec<f64> = met.iter().zip(&reach[player]).map(|(m, r)| m * r).collect();
    let average = |figures: &[f64]| {
        let total: f64 = weights.iter().sum();
        (weights.iter().zip(figures))
            .filter(|(weight, _)| **weight > 0.0)
            .map(|(weight, figure)| weight * figure)
            .sum::<f64>()
            / total
    };
    let range_ev = report.ev.unwrap()[player];
    assert!(
        (average(&ev) - range_ev).abs() < 1e-9,
        "{} against {range_ev}",
        average(&ev)
    );
    if line.is_empty() {
        let range_equity = game.equity()[player];
        assert!((average(&equity) - range_equity).abs() < 1e-12);
    }
    assert!(equity.iter().all(|e| e.is_nan() || (0.0..=1.0).contains(e)));
}
