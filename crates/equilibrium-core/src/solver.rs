//! The iterations: vector-form counterfactual regret minimisation with alternating updates.
//!
//! Each iteration makes one pass over the tree per player, the *traverser*, carrying the
//! opponent's reach down (a vector over the opponent's hands) and bringing the traverser's
//! counterfactual values up (a vector over the traverser's hands). At the traverser's decisions
//! the regrets are updated; at the opponent's, the opponent's strategy is added to its average,
//! weighted by the opponent's reach, which this pass carries. Chance nodes' children are
//! independent: the first chance node on a path shares its children out over the threads, each
//! with the part of the storage its subtree owns, and their values are gathered in order, so the
//! results are the same bits on any number of threads.

use std::sync::Mutex;

use work_threads::{Threads, map_on_threads};

use crate::best_response::{Evaluation, evaluate};
use crate::game::Game;
use crate::regret::regret_matching;
use crate::rule::{Discounts, Rule};
use crate::tree::{Node, NodeId, Tree};

/// A game being solved: every decision's regrets and average-strategy sums, in `f32`. The game
/// is passed to each call, so a solver and its game can be kept side by side.
pub struct Solver {
    rule: Rule,
    threads: Threads,
    regrets: Vec<f32>,
    sums: Vec<f32>,
    iterations: usize,
    /// Scratch vectors, a level for each depth of the tree, kept from pass to pass.
    levels: Vec<Level>,
}

impl Solver {
    /// A solver for a game of tree `tree` by `rule` on `threads` threads, before its first
    /// iteration.
    pub fn new(tree: &Tree, rule: Rule, threads: Threads) -> Solver {
        let slots = tree.slots();
        Solver {
            rule,
            threads,
            regrets: vec![0.0; slots],
            sums: vec![0.0; slots],
            iterations: 0,
            levels: levels_for(tree),
        }
    }

    /// The bytes the solver stores for a tree of `slots` slots ([`Tree::slots`]).
    pub fn bytes_for(slots: usize) -> usize {
        2 * slots * std::mem::size_of::<f32>()
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> usize {
        self.iterations
    }

    /// One more iteration on `game`: a pass for each player.
    pub fn iterate<G: Game>(&mut self, game: &G) {
        self.iterations += 1;
        let discounts = self.rule.discounts(self.iterations);
        let tree = game.tree();
        for traverser in 0..2 {
            let pass = Pass {
                game,
                tree,
                traverser,
                discounts,
            };
            let reach: Vec<f32> = (game.weights(1 - traverser).iter())
                .map(|&weight| to_f32(weight))
                .collect();
            let mut values = vec![0.0; tree.hands(traverser)];
            let mut store = Store {
                regrets: &mut self.regrets,
                sums: &mut self.sums,
                base: 0,
            };
            pass.visit(
                tree.root(),
                &reach,
                &mut values,
                &mut store,
                &mut self.levels,
                self.threads,
            );
        }
    }

    /// The average strategy at decision `node`, actions × hands: each hand's sums over their
    /// total, every action alike where the hand never reached it.
    pub fn average_strategy(&self, tree: &Tree, node: NodeId, strategy: &mut [f64]) {
        let Node::Decision { children, .. } = tree.node(node) else {
            panic!("node {node} is not a decision");
        };
        let sums = &self.sums[tree.decision_slots(node)];
        let actions = children.len();
        let hands = sums.len() / actions;
        for hand in 0..hands {
            let total: f64 = (0..actions)
                .map(|action| f64::from(sums[action * hands + hand]))
                .sum();
            for action in 0..actions {
                strategy[action * hands + hand] = if total > 0.0 {
                    f64::from(sums[action * hands + hand]) / total
                } else {
                    1.0 / actions as f64
                };
            }
        }
    }

    /// The current strategy at decision `node` (regret matching on its regrets).
    pub fn current_strategy(&self, tree: &Tree, node: NodeId, strategy: &mut [f64]) {
        let Node::Decision { children, .. } = tree.node(node) else {
            panic!("node {node} is not a decision");
        };
        let regrets: Vec<f64> = self.regrets[tree.decision_slots(node)]
            .iter()
            .map(|&regret| f64::from(regret))
            .collect();
        regret_matching(&regrets, strategy, children.len());
    }

    /// The average strategy's values, best responses and exploitability in `game`.
    pub fn evaluate<G: Game>(&self, game: &G) -> Evaluation {
        let tree = game.tree();
        evaluate(
            game,
            &|node, strategy: &mut [f64]| self.average_strategy(tree, node, strategy),
            self.threads,
        )
    }

    /// The regrets and the average strategy's sums, slot by slot ([`Tree::slots`]).
    pub fn storage(&self) -> [&[f32]; 2] {
        [&self.regrets, &self.sums]
    }

    /// A solver that goes on from storage saved by [`Self::storage`] after `iterations`
    /// iterations; `None` if the storage does not fit the tree.
    pub fn from_storage(
        tree: &Tree,
        rule: Rule,
        threads: Threads,
        [regrets, sums]: [Vec<f32>; 2],
        iterations: usize,
    ) -> Option<Solver> {
        (regrets.len() == tree.slots() && sums.len() == tree.slots()).then(|| Solver {
            rule,
            threads,
            regrets,
            sums,
            iterations,
            levels: levels_for(tree),
        })
    }
}

/// A scratch level for each depth of `tree`.
fn levels_for(tree: &Tree) -> Vec<Level> {
    std::iter::repeat_with(Level::default)
        .take(tree.depth() + 1)
        .collect()
}

/// `value` in `f32`, to the nearest.
#[allow(clippy::cast_possible_truncation)] // Rounding to the nearest `f32` is the point.
fn to_f32(value: f64) -> f32 {
    value as f32
}

/// The part of the storage a subtree owns: its slots, from `base`.
struct Store<'s> {
    regrets: &'s mut [f32],
    sums: &'s mut [f32],
    base: usize,
}

/// Scratch vectors for the nodes at one depth: one node a depth is being worked on at a time,
/// so a traversal allocates nothing once they have grown.
#[derive(Default)]
struct Level {
    strategy: Vec<f32>,
    values: Vec<f32>,
    reach: Vec<f32>,
}

/// The first `length` numbers of `buffer`, grown if it is shorter (their contents are
/// whatever was there: each user writes them all before reading).
fn part(buffer: &mut Vec<f32>, length: usize) -> &mut [f32] {
    if buffer.len() < length {
        buffer.resize(length, 0.0);
    }
    &mut buffer[..length]
}

/// One player's pass over the tree in one iteration.
struct Pass<'a, G> {
    game: &'a G,
    tree: &'a Tree,
    traverser: usize,
    discounts: Discounts,
}

impl<G: Game> Pass<'_, G> {
    /// Fills `values` with the traverser's values at `node`, against the opponent's `reach`;
    /// `levels` holds a [`Level`] for each depth from this node's down.
    fn visit(
        &self,
        node: NodeId,
        reach: &[f32],
        values: &mut [f32],
        store: &mut Store<'_>,
        levels: &mut [Level],
        threads: Threads,
    ) {
        match self.tree.node(node) {
            Node::Terminal { terminal } => {
                self.game.terminal(*terminal, self.traverser, reach, values);
            }
            Node::Chance { chance, children } => {
                self.chance(
                    node, *chance, children, reach, values, store, levels, threads,
                );
            }
            Node::Decision {
                player, children, ..
            } => {
                let (level, deeper) = levels.split_first_mut().expect("a level a depth");
                let slots = self.tree.decision_slots(node);
                let slots = slots.start - store.base..slots.end - store.base;
                let strategy = part(&mut level.strategy, slots.len());
                regret_matching(&store.regrets[slots.clone()], strategy, children.len());
                let work = Work {
                    store,
                    levels: deeper,
                    threads,
                };
                if *player == self.traverser {
                    let action_values = part(&mut level.values, children.len() * values.len());
                    self.traverser_decision(
                        children,
                        strategy,
                        action_values,
                        slots,
                        reach,
                        values,
                        work,
                    );
                } else {
                    let child_reach = part(&mut level.reach, reach.len());
                    let child_values = part(&mut level.values, values.len());
                    self.opponent_decision(
                        children,
                        strategy,
                        [child_reach, child_values],
                        slots,
                        reach,
                        values,
                        work,
                    );
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn traverser_decision(
        &self,
        children: &[NodeId],
        strategy: &[f32],
        action_values: &mut [f32],
        slots: std::ops::Range<usize>,
        reach: &[f32],
        values: &mut [f32],
        Work {
            store,
            levels,
            threads,
        }: Work<'_, '_>,
    ) {
        let hands = values.len();
        for (&child, row) in children.iter().zip(action_values.chunks_exact_mut(hands)) {
            self.visit(child, reach, row, store, levels, threads);
        }
        values.fill(0.0);
        for (row, shares) in action_values
            .chunks_exact(hands)
            .zip(strategy.chunks_exact(hands))
        {
            for ((value, &action_value), &share) in values.iter_mut().zip(row).zip(shares) {
                *value += share * action_value;
            }
        }
        let discounts = self.discounts;
        for (row, regrets) in action_values
            .chunks_exact(hands)
            .zip(store.regrets[slots].chunks_exact_mut(hands))
        {
            for ((regret, &action_value), &value) in regrets.iter_mut().zip(row).zip(values.iter())
            {
                *regret = discounts.regret(*regret, action_value - value);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn opponent_decision(
        &self,
        children: &[NodeId],
        strategy: &[f32],
        [child_reach, child_values]: [&mut [f32]; 2],
        slots: std::ops::Range<usize>,
        reach: &[f32],
        values: &mut [f32],
        Work {
            store,
            levels,
            threads,
        }: Work<'_, '_>,
    ) {
        let opponent_hands = reach.len();
        let (average, weight) = (
            to_f32(self.discounts.average),
            to_f32(self.discounts.weight),
        );
        for (sums, shares) in store.sums[slots]
            .chunks_exact_mut(opponent_hands)
            .zip(strategy.chunks_exact(opponent_hands))
        {
            for ((sum, &share), &reach) in sums.iter_mut().zip(shares).zip(reach) {
                *sum = *sum * average + weight * reach * share;
            }
        }
        values.fill(0.0);
        for (&child, shares) in children.iter().zip(strategy.chunks_exact(opponent_hands)) {
            for ((below, &above), &share) in child_reach.iter_mut().zip(reach).zip(shares) {
                *below = above * share;
            }
            self.visit(child, child_reach, child_values, store, levels, threads);
            for (value, &child_value) in values.iter_mut().zip(child_values.iter()) {
                *value += child_value;
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn chance(
        &self,
        node: NodeId,
        chance: usize,
        children: &[NodeId],
        reach: &[f32],
        values: &mut [f32],
        store: &mut Store<'_>,
        levels: &mut [Level],
        threads: Threads,
    ) {
        let opponent = 1 - self.traverser;
        let hands = values.len();
        values.fill(0.0);
        if threads.get() == 1 {
            let (level, deeper) = levels.split_first_mut().expect("a level a depth");
            let below = part(&mut level.reach, reach.len());
            let child_values = part(&mut level.values, hands);
            for (index, &child) in children.iter().enumerate() {
                self.game.deal(chance, index, opponent, reach, below);
                self.visit(child, below, child_values, store, deeper, threads);
                self.game
                    .gather(chance, index, self.traverser, child_values, values);
            }
            return;
        }
        // Each child's subtree owns the next part of the storage, and each task has levels of
        // its own.
        let mut parts = Vec::with_capacity(children.len());
        let mut base = self.tree.span(node).start;
        let skip = base - store.base;
        let (mut regrets, mut sums) = (&mut store.regrets[skip..], &mut store.sums[skip..]);
        for &child in children {
            let length = self.tree.span(child).len();
            let (child_regrets, rest_regrets) = regrets.split_at_mut(length);
            let (child_sums, rest_sums) = sums.split_at_mut(length);
            parts.push(Mutex::new(Store {
                regrets: child_regrets,
                sums: child_sums,
                base,
            }));
            (regrets, sums, base) = (rest_regrets, rest_sums, base + length);
        }
        let one = Threads::new(1).expect("one is a thread count");
        let depth = levels.len();
        let gathered = map_on_threads(children.len(), threads, |index| {
            let mut part = parts[index]
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let mut levels: Vec<Level> =
                std::iter::repeat_with(Level::default).take(depth).collect();
            let mut below = vec![0.0; reach.len()];
            self.game.deal(chance, index, opponent, reach, &mut below);
            let mut child_values = vec![0.0; hands];
            self.visit(
                children[index],
                &below,
                &mut child_values,
                &mut part,
                &mut levels[1..],
                one,
            );
            child_values
        });
        for (index, child_values) in gathered.iter().enumerate() {
            self.game
                .gather(chance, index, self.traverser, child_values, values);
        }
    }
}

/// What the nodes below a decision work with: the storage, the scratch levels below it, and the
/// threads.
struct Work<'w, 's> {
    store: &'w mut Store<'s>,
    levels: &'w mut [Level],
    threads: Threads,
}
