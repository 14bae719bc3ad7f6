//! Leduc hold'em (Southey et al., 2005), as OpenSpiel plays it: six cards (J, Q, K in two
//! suits), an ante of 1, two rounds with bets of 2 then 4 and at most two bets a round, one
//! public card between them; a pair with it wins, else the higher card. The first player's value
//! is −0.085606424078 (OpenSpiel's sequence-form LP); the uniform strategy's NashConv is
//! 4.747222222222222.

use equilibrium_core::{Locks, NodeId, Precision, Rule, Solver, TreeBuilder, evaluate};
use rstest::rstest;
use work_threads::Threads;

use crate::cards::{CardGame, End, Terminal};

const CARDS: usize = 6;

/// The public state of a round in progress.
#[derive(Clone, Copy)]
struct State {
    round: usize,
    put_in: [f64; 2],
    bets: usize,
    to_act: usize,
    /// Whether the player to act has a player before them in the round (a check or a call
    /// by them ends it).
    closes: bool,
    public: Option<usize>,
}

struct Builder {
    tree: TreeBuilder,
    terminals: Vec<Terminal>,
    chances: Vec<Vec<usize>>,
}

impl Builder {
    fn end(&mut self, end: End, state: State) -> NodeId {
        self.terminals.push(Terminal {
            end,
            put_in: state.put_in,
            public: state.public,
        });
        self.tree.terminal(self.terminals.len() - 1)
    }

    fn round(&mut self, state: State) -> NodeId {
        let node = self.tree.decision(state.to_act);
        let player = state.to_act;
        let facing = state.put_in[1 - player] > state.put_in[player];
        if facing {
            let fold = self.end(End::Fold { folder: player }, state);
            self.tree.attach(node, fold);
        }
        // Check or call.
        let mut called = state;
        called.put_in[player] = state.put_in[1 - player];
        let after_call = if facing || state.closes {
            self.next_round(called)
        } else {
            self.round(State {
                to_act: 1 - player,
                closes: true,
                ..called
            })
        };
        self.tree.attach(node, after_call);
        if state.bets < 2 {
            let mut raised = called;
            raised.put_in[player] += if state.round == 0 { 2.0 } else { 4.0 };
            let after_raise = self.round(State {
                bets: state.bets + 1,
                to_act: 1 - player,
                closes: true,
                ..raised
            });
            self.tree.attach(node, after_raise);
        }
        node
    }

    fn next_round(&mut self, state: State) -> NodeId {
        if state.round == 1 {
            return self.end(End::Showdown, state);
        }
        let chance = self.tree.chance(self.chances.len());
        self.chances.push((0..CARDS).collect());
        for card in 0..CARDS {
            let child = self.round(State {
                round: 1,
                bets: 0,
                to_act: 0,
                closes: false,
                public: Some(card),
                ..state
            });
            self.tree.attach(chance, child);
        }
        chance
    }
}

/// Leduc hold'em as a public tree.
pub fn leduc() -> CardGame {
    let mut builder = Builder {
        tree: TreeBuilder::new([CARDS, CARDS]),
        terminals: Vec::new(),
        chances: Vec::new(),
    };
    let root = builder.round(State {
        round: 0,
        put_in: [1.0, 1.0],
        bets: 0,
        to_act: 0,
        closes: false,
        public: None,
    });
    CardGame {
        tree: builder.tree.build(root),
        terminals: builder.terminals,
        chances: builder.chances,
        deal_chance: 1.0 / 4.0,
        weights: vec![1.0; CARDS],
        strength: |card, public| {
            let rank = u32::try_from(card / 2).expect("six cards");
            if public.is_some_and(|public| public / 2 == card / 2) {
                10 + rank
            } else {
                rank
            }
        },
    }
}

#[test]
fn the_uniform_strategy_has_openspiels_nash_conv() {
    let game = leduc();
    let tree = &game.tree;
    let uniform = |node, strategy: &mut [f64]| {
        let actions = strategy.len() / tree.hands(0);
        strategy.fill(1.0 / actions as f64);
        let _ = node;
    };
    let evaluation = evaluate(&game, &uniform, &Locks::default(), Threads::new(1).unwrap());
    assert!(
        (evaluation.nash_conv() - 4.747_222_222_222_222).abs() < 1e-12,
        "{evaluation:?}"
    );
}

// 16-bit numbers converge as far: each number is rounded up or down at random to a step of its
// decision's largest (rounded to the nearest, small additions were lost and the NashConv stayed
// at 0.0043 after these 1000 iterations).
#[rstest]
#[case::full(Precision::Full, 1e-3)]
#[case::compressed(Precision::Compressed, 1e-3)]
fn discounted_cfr_finds_openspiels_value(#[case] precision: Precision, #[case] within: f64) {
    let game = leduc();
    let mut solver = Solver::new(
        &game.tree,
        Rule::DISCOUNTED,
        Threads::new(1).unwrap(),
        precision,
    );
    for _ in 0..1000 {
        solver.iterate(&game);
    }
    let evaluation = solver.evaluate(&game);
    let nash_conv = evaluation.nash_conv();
    assert!(nash_conv < within, "{evaluation:?}");
    assert!(
        (evaluation.values[0] + 0.085_606_424_078).abs() <= nash_conv,
        "{evaluation:?}"
    );
}

#[rstest]
fn the_same_bits_on_one_two_and_three_threads(
    #[values(Precision::Full, Precision::Compressed)] precision: Precision,
) {
    let game = leduc();
    let solve = |threads| {
        let mut solver = Solver::new(
            &game.tree,
            Rule::DISCOUNTED,
            Threads::new(threads).unwrap(),
            precision,
        );
        for _ in 0..50 {
            solver.iterate(&game);
        }
        let mut strategies = Vec::new();
        for node in 0..game.tree.len() {
            if !game.tree.decision_slots(node).is_empty() {
                let mut strategy = vec![0.0; game.tree.decision_slots(node).len()];
                solver.average_strategy(&game.tree, node, &mut strategy);
                strategies.push(strategy);
            }
        }
        (strategies, solver.evaluate(&game))
    };
    let one = solve(1);
    assert_eq!(one, solve(2));
    assert_eq!(one, solve(3));
}

/// A solver made again from another's numbers and iterations goes on as that one would have:
/// how a saved solve is taken up again.
#[test]
fn a_solver_taken_up_from_its_numbers_goes_on_as_before() {
    let game = leduc();
    let threads = Threads::new(1).unwrap();
    let new = || Solver::new(&game.tree, Rule::DISCOUNTED, threads, Precision::Full);
    let (mut straight, mut first) = (new(), new());
    for _ in 0..20 {
        straight.iterate(&game);
    }
    for _ in 0..10 {
        first.iterate(&game);
    }
    let numbers = first.numbers().clone();
    let mut again = Solver::from_numbers(&game.tree, Rule::DISCOUNTED, threads, numbers, 10)
        .expect("the numbers fit the tree");
    for _ in 0..10 {
        again.iterate(&game);
    }
    assert_eq!(again.iterations(), 20);
    assert_eq!(again.numbers(), straight.numbers());
}

/// A node's values from any node of the tree, a chance node and a terminal among them, are the
/// same bits on one, two and three threads: on several, the first chance nodes below the node
/// are walked first, as one list of tasks.
#[test]
fn values_at_any_node_are_the_same_bits_on_one_two_and_three_threads() {
    use equilibrium_core::{Game, Node, values_at};
    let game = leduc();
    let mut solver = Solver::new(&game.tree, Rule::DISCOUNTED, Threads::ONE, Precision::Full);
    for _ in 0..20 {
        solver.iterate(&game);
    }
    let strategy = |node, strategy: &mut [f64]| solver.average_strategy(&game.tree, node, strategy);
    let mut kinds = [0; 3];
    for node in 0..game.tree.len() {
        kinds[match game.tree.node(node) {
            Node::Decision { .. } => 0,
            Node::Chance { .. } => 1,
            Node::Terminal { .. } => 2,
        }] += 1;
        for player in 0..2 {
            let values = |threads| {
                let threads = Threads::new(threads).unwrap();
                values_at(
                    &game,
                    &strategy,
                    node,
                    player,
                    game.weights(1 - player),
                    threads,
                )
            };
            let one = values(1);
            assert_eq!(one, values(2), "node {node}, player {player}");
            assert_eq!(one, values(3), "node {node}, player {player}");
        }
    }
    assert!(kinds.iter().all(|&kind| kind > 0), "{kinds:?}");
}
