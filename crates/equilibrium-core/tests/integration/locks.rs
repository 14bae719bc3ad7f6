//! Node locking on Kuhn poker: a best response that keeps the locked hands to their locks,
//! against the best of every pure strategy of the hands left free; and a solve against a
//! player locked to always call.

use equilibrium_core::{Evaluation, Game, Locks, Node, NodeId, Precision, Rule, Solver, evaluate};
use work_threads::Threads;

use crate::cards::CardGame;
use crate::kuhn::kuhn;

/// Each decision of `game`'s tree, with its player and number of actions.
fn decisions(game: &CardGame) -> Vec<(NodeId, usize, usize)> {
    let tree = game.tree();
    (0..tree.len())
        .filter_map(|node| match tree.node(node) {
            Node::Decision {
                player, children, ..
            } => Some((node, player, children.len())),
            _ => None,
        })
        .collect()
}

/// A fixed mixed strategy, different at every node and hand.
fn mixed(node: NodeId, strategy: &mut [f64]) {
    let hands = strategy.len() / 2;
    for hand in 0..hands {
        let first = ((node * 7 + hand * 3) % 5 + 1) as f64 / 7.0;
        strategy[hand] = first;
        strategy[hands + hand] = 1.0 - first;
    }
}

/// `player`'s best value against [`mixed`] when the hands `locks` names play their locks and
/// every other hand of theirs picks one action at each of their decisions: the best of every
/// such pure strategy, tried one by one.
fn best_of_every_pure_strategy(game: &CardGame, locks: &Locks, player: usize) -> f64 {
    let own: Vec<(NodeId, usize)> = decisions(game)
        .into_iter()
        .filter(|&(_, who, _)| who == player)
        .flat_map(|(node, _, _)| (0..3).map(move |hand| (node, hand)))
        .filter(|&(node, hand)| locks.get(node).is_none_or(|lock| !lock.locked()[hand]))
        .collect();
    let one = Threads::new(1).unwrap();
    let mut best = f64::NEG_INFINITY;
    for choices in 0..1u32 << own.len() {
        let strategy = |node: NodeId, strategy: &mut [f64]| {
            mixed(node, strategy);
            if let Some(lock) = locks.get(node) {
                lock.apply(strategy);
            }
            for (bit, &(at, hand)) in own.iter().enumerate() {
                if at == node {
                    let bet = f64::from((choices >> bit) & 1);
                    strategy[hand] = 1.0 - bet;
                    strategy[3 + hand] = bet;
                }
            }
        };
        let value = evaluate(game, &strategy, &Locks::default(), one).values[player];
        best = best.max(value);
    }
    best
}

/// The figures of [`mixed`] with `locks` applied, in the locked game.
fn locked_evaluation(game: &CardGame, locks: &Locks) -> Evaluation {
    let strategy = |node: NodeId, strategy: &mut [f64]| {
        mixed(node, strategy);
        if let Some(lock) = locks.get(node) {
            lock.apply(strategy);
        }
    };
    evaluate(game, &strategy, locks, Threads::new(1).unwrap())
}

#[test]
fn a_best_response_keeps_the_locked_hands_to_their_locks() {
    let game = kuhn();
    let tree = game.tree();
    // Each decision with one hand locked to a mix, then with all three locked.
    for (node, _, _) in decisions(&game) {
        for locked in [
            [true, false, false],
            [false, true, true],
            [true, true, true],
        ] {
            let mut locks = Locks::default();
            locks
                .lock(tree, node, &[0.25, 0.9, 0.0, 0.75, 0.1, 1.0], &locked)
                .unwrap();
            let evaluation = locked_evaluation(&game, &locks);
            for player in 0..2 {
                let oracle = best_of_every_pure_strategy(&game, &locks, player);
                assert!(
                    (evaluation.best_responses[player] - oracle).abs() < 1e-12,
                    "node {node}, hands {locked:?}, player {player}: {} against {oracle}",
                    evaluation.best_responses[player]
                );
            }
        }
    }
}

#[test]
fn without_locks_the_best_response_is_the_best_pure_strategy() {
    let game = kuhn();
    let evaluation = locked_evaluation(&game, &Locks::default());
    for player in 0..2 {
        let oracle = best_of_every_pure_strategy(&game, &Locks::default(), player);
        assert!((evaluation.best_responses[player] - oracle).abs() < 1e-12);
    }
}

#[test]
fn against_a_player_who_always_calls_the_bettor_never_bluffs() {
    let game = kuhn();
    let tree = game.tree();
    let Node::Decision { children, .. } = tree.node(tree.root()) else {
        panic!("Kuhn starts with a decision");
    };
    // Check, bet: the second player faces a bet below the second.
    let facing_a_bet = children[1];
    let mut locks = Locks::default();
    // Fold, call: every card calls.
    let always_call = [0.0, 0.0, 0.0, 1.0, 1.0, 1.0];
    locks
        .lock(tree, facing_a_bet, &always_call, &[true; 3])
        .unwrap();
    for precision in [Precision::Full, Precision::Compressed] {
        let mut solver = Solver::new(tree, Rule::DISCOUNTED, Threads::new(1).unwrap(), precision);
        solver.set_locks(locks.clone());
        for _ in 0..2000 {
            solver.iterate(&game);
        }
        let evaluation = solver.evaluate(&game);
        assert!(
            evaluation.nash_conv() < 1e-3,
            "{precision:?}: {evaluation:?}"
        );
        let mut called = [0.0; 6];
        solver.average_strategy(tree, facing_a_bet, &mut called);
        #[allow(clippy::float_cmp)] // A lock is played exactly.
        {
            assert_eq!(called, always_call);
        }
        // At the root, checking then betting: the jack (0) never bets, the king (2) always.
        let mut root = [0.0; 6];
        solver.average_strategy(tree, tree.root(), &mut root);
        assert!(root[3] < 0.01 && root[5] > 0.99, "{precision:?}: {root:?}");
    }
}
