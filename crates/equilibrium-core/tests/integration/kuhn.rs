//! Kuhn poker: three cards (J, Q, K), an ante of 1, one bet of 1. The first player's value is
//! −1/18 (Kuhn, 1950); the uniform strategy's NashConv is 11/12.

use equilibrium_core::{Locks, Precision, Rule, Solver, TreeBuilder, evaluate};
use work_threads::Threads;

use crate::cards::{CardGame, End, Terminal};

/// Kuhn poker as a public tree.
pub fn kuhn() -> CardGame {
    let mut builder = TreeBuilder::new([3, 3]);
    let mut terminals = Vec::new();
    let mut end = |builder: &mut TreeBuilder, end: End, put_in: [f64; 2]| {
        terminals.push(Terminal {
            end,
            put_in,
            public: None,
        });
        builder.terminal(terminals.len() - 1)
    };
    let root = builder.decision(0);
    // Check, then check or bet (and fold or call).
    let checked = builder.decision(1);
    let check_check = end(&mut builder, End::Showdown, [1.0, 1.0]);
    let check_bet = builder.decision(0);
    let check_bet_fold = end(&mut builder, End::Fold { folder: 0 }, [1.0, 2.0]);
    let check_bet_call = end(&mut builder, End::Showdown, [2.0, 2.0]);
    // Bet, then fold or call.
    let bet = builder.decision(1);
    let bet_fold = end(&mut builder, End::Fold { folder: 1 }, [2.0, 1.0]);
    let bet_call = end(&mut builder, End::Showdown, [2.0, 2.0]);
    for (parent, children) in [
        (root, [checked, bet]),
        (checked, [check_check, check_bet]),
        (check_bet, [check_bet_fold, check_bet_call]),
        (bet, [bet_fold, bet_call]),
    ] {
        for child in children {
            builder.attach(parent, child);
        }
    }
    CardGame {
        tree: builder.build(root),
        terminals,
        chances: Vec::new(),
        deal_chance: 1.0,
        weights: vec![1.0; 3],
        strength: |card, _| u32::try_from(card).expect("three cards"),
    }
}

#[test]
fn the_uniform_strategy_has_a_nash_conv_of_eleven_twelfths() {
    let game = kuhn();
    let uniform = |_node, strategy: &mut [f64]| strategy.fill(0.5);
    let evaluation = evaluate(&game, &uniform, &Locks::default(), Threads::new(1).unwrap());
    assert!(
        (evaluation.nash_conv() - 11.0 / 12.0).abs() < 1e-12,
        "{evaluation:?}"
    );
    assert!((evaluation.values[0] + evaluation.values[1]).abs() < 1e-12);
}

#[test]
fn cfr_plus_and_discounted_cfr_find_the_value_of_minus_one_eighteenth() {
    let game = kuhn();
    for (rule, precision) in [
        (Rule::CfrPlus, Precision::Full),
        (Rule::DISCOUNTED, Precision::Full),
        (Rule::DISCOUNTED, Precision::Compressed),
    ] {
        let mut solver = Solver::new(&game.tree, rule, Threads::new(1).unwrap(), precision);
        for _ in 0..2000 {
            solver.iterate(&game);
        }
        let evaluation = solver.evaluate(&game);
        let nash_conv = evaluation.nash_conv();
        assert!(nash_conv < 1e-3, "{rule:?} {precision:?}: {evaluation:?}");
        // A profile whose NashConv is ε is within ε of the game's value for each player.
        assert!(
            (evaluation.values[0] + 1.0 / 18.0).abs() <= nash_conv,
            "{evaluation:?}"
        );
    }
}

#[test]
fn values_at_the_root_are_the_evaluation_s_and_below_it_add_up_to_them() {
    use equilibrium_core::{Game, Node, values_at};
    let game = kuhn();
    let mut solver = Solver::new(
        &game.tree,
        Rule::DISCOUNTED,
        Threads::new(1).unwrap(),
        Precision::Full,
    );
    for _ in 0..50 {
        solver.iterate(&game);
    }
    let tree = game.tree();
    let strategy = |node, out: &mut [f64]| solver.average_strategy(tree, node, out);
    let one = Threads::new(1).unwrap();
    let evaluation = evaluate(&game, &strategy, &Locks::default(), one);
    let root = tree.root();
    let Node::Decision { children, .. } = tree.node(root) else {
        panic!("Kuhn starts with a decision");
    };
    let mut shares = vec![0.0; 2 * 3];
    solver.average_strategy(tree, root, &mut shares);
    for player in 0..2 {
        let values = values_at(
            &game,
            &strategy,
            root,
            player,
            game.weights(1 - player),
            one,
        );
        let per_deal: f64 = values.iter().sum::<f64>() / game.deals();
        assert!((per_deal - evaluation.values[player]).abs() < 1e-12);
        // Below the first player's decision: their shares of the children's values, or the
        // opponent's values with the first player's reach split by those shares.
        let mut total = [0.0; 3];
        for (action, &child) in children.iter().enumerate() {
            let share = &shares[action * 3..(action + 1) * 3];
            if player == 0 {
                let below = values_at(&game, &strategy, child, 0, game.weights(1), one);
                for ((total, value), share) in total.iter_mut().zip(below).zip(share) {
                    *total += share * value;
                }
            } else {
                let below = values_at(&game, &strategy, child, 1, share, one);
                for (total, value) in total.iter_mut().zip(below) {
                    *total += value;
                }
            }
        }
        for (total, value) in total.iter().zip(&values) {
            assert!((total - value).abs() < 1e-12, "{total} against {value}");
        }
    }
}
