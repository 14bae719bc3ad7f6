//! Kuhn poker: three cards (J, Q, K), an ante of 1, one bet of 1. The first player's value is
//! −1/18 (Kuhn, 1950); the uniform strategy's NashConv is 11/12.

use equilibrium_core::{Rule, Solver, TreeBuilder, evaluate};
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
    let evaluation = evaluate(&game, &uniform, Threads::new(1).unwrap());
    assert!(
        (evaluation.nash_conv() - 11.0 / 12.0).abs() < 1e-12,
        "{evaluation:?}"
    );
    assert!((evaluation.values[0] + evaluation.values[1]).abs() < 1e-12);
}

#[test]
fn cfr_plus_and_discounted_cfr_find_the_value_of_minus_one_eighteenth() {
    let game = kuhn();
    for rule in [Rule::CfrPlus, Rule::DISCOUNTED] {
        let mut solver = Solver::new(&game.tree, rule, Threads::new(1).unwrap());
        for _ in 0..2000 {
            solver.iterate(&game);
        }
        let evaluation = solver.evaluate(&game);
        let nash_conv = evaluation.nash_conv();
        assert!(nash_conv < 1e-3, "{rule:?}: {evaluation:?}");
        // A profile whose NashConv is ε is within ε of the game's value for each player.
        assert!(
            (evaluation.values[0] + 1.0 / 18.0).abs() <= nash_conv,
            "{evaluation:?}"
        );
    }
}
