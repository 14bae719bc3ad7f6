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

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use work_threads::{Threads, map_on_threads_with};

use crate::best_response::{Evaluation, evaluate};
use crate::game::Game;
use crate::in_order::InOrder;
use crate::lock::Locks;
use crate::real::Real;
use crate::regret::regret_matching;
use crate::rule::{Discounts, Rule};
use crate::scratch::part_of;
use crate::storage::{Kept, Numbers, Part, Place, Precision, Store};
use crate::tree::{Node, NodeId, Tree};

/// A game being solved: every decision's regrets and average-strategy sums ([`Numbers`]). The
/// game is passed to each call, so a solver and its game can be kept side by side.
pub struct Solver {
    rule: Rule,
    threads: Threads,
    numbers: Numbers,
    iterations: usize,
    locks: Locks,
    scratch: Scratch,
}

impl Solver {
    /// A solver for a game of tree `tree` by `rule` on `threads` threads, keeping its numbers
    /// with `precision`, before its first iteration.
    pub fn new(tree: &Tree, rule: Rule, threads: Threads, precision: Precision) -> Solver {
        Solver {
            rule,
            threads,
            numbers: Numbers::zeros(tree, precision),
            iterations: 0,
            locks: Locks::default(),
            scratch: Scratch::for_tree(tree),
        }
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
                locks: &self.locks,
            };
            let reach: Vec<f32> = (game.weights(1 - traverser).iter())
                .map(|&weight| to_f32(weight))
                .collect();
            let mut values = vec![0.0; tree.hands(traverser)];
            match self.numbers.store() {
                Store::Full(mut part) => {
                    pass.run(
                        &reach,
                        &mut values,
                        &mut part,
                        &mut self.scratch,
                        self.threads,
                    );
                }
                Store::Compressed(mut part) => {
                    pass.run(
                        &reach,
                        &mut values,
                        &mut part,
                        &mut self.scratch,
                        self.threads,
                    );
                }
            }
        }
    }

    /// Locks some hands' strategies at some decisions from the next iteration on (replacing
    /// any locks before).
    pub fn set_locks(&mut self, locks: Locks) {
        self.locks = locks;
    }

    /// The locked decisions.
    pub fn locks(&self) -> &Locks {
        &self.locks
    }

    /// The average strategy at decision `node`, actions × hands: each hand's sums over their
    /// total, every action alike where the hand never reached it, and a locked hand's lock.
    pub fn average_strategy(&self, tree: &Tree, node: NodeId, strategy: &mut [f64]) {
        self.average_strategy_in(tree, node, strategy);
    }

    /// [`Self::average_strategy`] computed in `R`.
    fn average_strategy_in<R: Real>(&self, tree: &Tree, node: NodeId, strategy: &mut [R]) {
        let Node::Decision { children, .. } = tree.node(node) else {
            panic!("node {node} is not a decision");
        };
        // The sums in place, then divided by each hand's total: row by row, as the best
        // response asks for every decision's.
        self.numbers
            .relative_sums(tree.decision_slots(node), strategy);
        let actions = children.len();
        let hands = strategy.len() / actions;
        let mut totals = strategy[..hands].to_vec();
        for row in strategy.chunks_exact(hands).skip(1) {
            for (total, &sum) in totals.iter_mut().zip(row) {
                *total += sum;
            }
        }
        let uniform = R::from_f64(1.0 / actions as f64);
        for row in strategy.chunks_exact_mut(hands) {
            for (share, &total) in row.iter_mut().zip(&totals) {
                *share = if total > R::ZERO {
                    *share / total
                } else {
                    uniform
                };
            }
        }
        if let Some(lock) = self.locks.get(node) {
            lock.apply(strategy);
        }
    }

    /// The current strategy at decision `node` (regret matching on its regrets, and a locked
    /// hand's lock).
    pub fn current_strategy(&self, tree: &Tree, node: NodeId, strategy: &mut [f64]) {
        let Node::Decision { children, .. } = tree.node(node) else {
            panic!("node {node} is not a decision");
        };
        let regrets = self.numbers.relative_regrets(tree.decision_slots(node));
        regret_matching(&regrets, strategy, children.len());
        if let Some(lock) = self.locks.get(node) {
            lock.apply(strategy);
        }
    }

    /// The average strategy's values, best responses and exploitability in `game`.
    pub fn evaluate<G: Game>(&self, game: &G) -> Evaluation {
        self.evaluate_in::<G, f64>(game)
    }

    /// The same figures as [`Self::evaluate`] computed in `f32`: about a quarter sooner, and
    /// off by rounding (about 1e-6 of the pot in postflop's tests), so good to decide whether
    /// the exact figures are worth computing.
    pub fn estimate<G: Game>(&self, game: &G) -> Evaluation {
        self.evaluate_in::<G, f32>(game)
    }

    fn evaluate_in<G: Game, R: Real>(&self, game: &G) -> Evaluation {
        let tree = game.tree();
        evaluate(
            game,
            &|node, strategy: &mut [R]| self.average_strategy_in(tree, node, strategy),
            &self.locks,
            self.threads,
        )
    }

    /// The regrets and the average strategy's sums.
    pub fn numbers(&self) -> &Numbers {
        &self.numbers
    }

    /// The rule it iterates by.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// A solver that goes on from `numbers` ([`Self::numbers`]) after `iterations` iterations;
    /// `None` if they do not fit the tree ([`Numbers::fit`]).
    pub fn from_numbers(
        tree: &Tree,
        rule: Rule,
        threads: Threads,
        numbers: Numbers,
        iterations: usize,
    ) -> Option<Solver> {
        numbers.fit(tree).then(|| Solver {
            rule,
            threads,
            numbers,
            iterations,
            locks: Locks::default(),
            scratch: Scratch::for_tree(tree),
        })
    }
}

/// Scratch vectors kept from pass to pass, so that a pass allocates nothing once they have
/// grown.
struct Scratch {
    /// A level for each depth of the tree, for a pass on one thread.
    levels: Vec<Level>,
    /// The threads' scratch for passes shared out, lent to them and given back.
    lent: Mutex<Vec<TaskScratch>>,
}

impl Scratch {
    fn for_tree(tree: &Tree) -> Scratch {
        Scratch {
            levels: levels_for(tree),
            lent: Mutex::default(),
        }
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

/// Scratch vectors for the nodes at one depth: one node a depth is being worked on at a time,
/// so a traversal allocates nothing once they have grown.
#[derive(Default)]
struct Level {
    strategy: Vec<f32>,
    values: Vec<f32>,
    reach: Vec<f32>,
}

/// A thread's scratch for a shared-out pass's tasks: its levels, its vector for decoding
/// numbers, the reach below a chance node and the values of the child there.
#[derive(Default)]
struct TaskScratch {
    levels: Vec<Level>,
    decoding: Vec<f32>,
    below: Vec<f32>,
    child_values: Vec<f32>,
}

/// A thread's [`TaskScratch`], given back to the solver's when the thread is done.
struct Lent<'a> {
    scratch: TaskScratch,
    home: &'a Mutex<Vec<TaskScratch>>,
}

impl Drop for Lent<'_> {
    fn drop(&mut self) {
        let scratch = std::mem::take(&mut self.scratch);
        (self.home.lock().unwrap_or_else(PoisonError::into_inner)).push(scratch);
    }
}

/// A value on cache lines of its own, so that threads writing neighbours do not pass lines
/// back and forth.
#[repr(align(128))]
struct Alone<T>(T);

/// One player's pass over the tree in one iteration.
struct Pass<'a, G> {
    game: &'a G,
    tree: &'a Tree,
    traverser: usize,
    discounts: Discounts,
    locks: &'a Locks,
}

impl<G: Game> Pass<'_, G> {
    /// The pass from the root: `values` gets the traverser's values against the opponent's
    /// `reach`.
    fn run<R: Kept, S: Kept>(
        &self,
        reach: &[f32],
        values: &mut [f32],
        store: &mut Part<'_, R, S>,
        scratch: &mut Scratch,
        threads: Threads,
    ) {
        if threads.get() == 1 {
            self.visit(self.tree.root(), reach, values, store, &mut scratch.levels);
        } else {
            self.shared_out(reach, values, store, &scratch.lent, threads);
        }
    }

    /// Where decision `node`'s numbers are.
    fn place(&self, node: NodeId) -> Place {
        Place {
            slots: self.tree.decision_slots(node),
            decision: self.tree.decision_span(node).start,
        }
    }

    /// Decision `node`'s strategy this iteration: regret matching, and a locked hand's lock.
    fn strategy<R: Kept, S: Kept>(
        &self,
        node: NodeId,
        place: &Place,
        store: &mut Part<'_, R, S>,
        actions: usize,
        strategy: &mut [f32],
    ) {
        store.read_regrets(place, |regrets| {
            regret_matching(regrets, strategy, actions);
        });
        if let Some(lock) = self.locks.get(node) {
            lock.apply(strategy);
        }
    }

    /// Fills `values` with the traverser's values at `node`, against the opponent's `reach`;
    /// `levels` holds a [`Level`] for each depth from this node's down.
    fn visit<R: Kept, S: Kept>(
        &self,
        node: NodeId,
        reach: &[f32],
        values: &mut [f32],
        store: &mut Part<'_, R, S>,
        levels: &mut [Level],
    ) {
        match self.tree.node(node) {
            Node::Terminal { terminal } => {
                self.game.terminal(terminal, self.traverser, reach, values);
            }
            Node::Chance { chance, children } => {
                self.chance(chance, children, reach, values, store, levels);
            }
            Node::Decision {
                player, children, ..
            } => {
                let (level, deeper) = levels.split_first_mut().expect("a level a depth");
                let place = self.place(node);
                let strategy = part_of(&mut level.strategy, place.slots.len());
                self.strategy(node, &place, store, children.len(), strategy);
                if player == self.traverser {
                    let action_values = part_of(&mut level.values, children.len() * values.len());
                    let hands = values.len();
                    // The terminals among the children are all reached alike, so the game may
                    // share their work; the other children are visited.
                    let rows = children.iter().zip(action_values.chunks_exact_mut(hands));
                    let terminals = rows.filter_map(|(&child, row)| match self.tree.node(child) {
                        Node::Terminal { terminal } => Some((terminal, row)),
                        _ => None,
                    });
                    self.game
                        .sibling_terminals(self.traverser, reach, terminals);
                    for (&child, row) in children.iter().zip(action_values.chunks_exact_mut(hands))
                    {
                        if !matches!(self.tree.node(child), Node::Terminal { .. }) {
                            self.visit(child, reach, row, store, deeper);
                        }
                    }
                    store.update_regrets(&place, |regrets| {
                        self.update_regrets(strategy, action_values, values, regrets);
                    });
                } else {
                    let child_reach = part_of(&mut level.reach, reach.len());
                    let child_values = part_of(&mut level.values, values.len());
                    store.update_sums(&place, |sums| {
                        self.add_to_average(strategy, reach, sums);
                    });
                    values.fill(0.0);
                    for (&child, shares) in children.iter().zip(strategy.chunks_exact(reach.len()))
                    {
                        for ((below, &above), &share) in
                            child_reach.iter_mut().zip(reach).zip(shares)
                        {
                            *below = above * share;
                        }
                        self.visit(child, child_reach, child_values, store, deeper);
                        for (value, &child_value) in values.iter_mut().zip(child_values.iter()) {
                            *value += child_value;
                        }
                    }
                }
            }
        }
    }

    /// At a traverser's decision: its values, the strategy's mix of the actions' values, and
    /// each action's regret updated by what it gains over that mix.
    fn update_regrets(
        &self,
        strategy: &[f32],
        action_values: &[f32],
        values: &mut [f32],
        regrets: &mut [f32],
    ) {
        let hands = values.len();
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
            .zip(regrets.chunks_exact_mut(hands))
        {
            for ((regret, &action_value), &value) in regrets.iter_mut().zip(row).zip(values.iter())
            {
                *regret = discounts.regret(*regret, action_value - value);
            }
        }
    }

    /// At an opponent's decision: its strategy added to its average, weighted by its reach.
    fn add_to_average(&self, strategy: &[f32], reach: &[f32], sums: &mut [f32]) {
        let opponent_hands = reach.len();
        let (average, weight) = (
            to_f32(self.discounts.average),
            to_f32(self.discounts.weight),
        );
        for (sums, shares) in sums
            .chunks_exact_mut(opponent_hands)
            .zip(strategy.chunks_exact(opponent_hands))
        {
            for ((sum, &share), &reach) in sums.iter_mut().zip(shares).zip(reach) {
                *sum = *sum * average + weight * reach * share;
            }
        }
    }

    fn chance<R: Kept, S: Kept>(
        &self,
        chance: usize,
        children: &[NodeId],
        reach: &[f32],
        values: &mut [f32],
        store: &mut Part<'_, R, S>,
        levels: &mut [Level],
    ) {
        let opponent = 1 - self.traverser;
        values.fill(0.0);
        let (level, deeper) = levels.split_first_mut().expect("a level a depth");
        let below = part_of(&mut level.reach, reach.len());
        let child_values = part_of(&mut level.values, values.len());
        for (index, &child) in children.iter().enumerate() {
            self.game.deal(chance, index, opponent, reach, below);
            self.visit(child, below, child_values, store, deeper);
            self.game
                .gather(chance, index, self.traverser, child_values, values);
        }
    }

    /// The pass on several threads: the nodes above the first chance node of each path are
    /// walked down (strategies, the opponent's average, each node's reach), every child of
    /// those chance nodes is then solved as one task among all of them, the children's values
    /// are gathered in order, and the nodes above are walked back up. Each task owns its
    /// subtree's part of the numbers, and every sum is made in the order one thread makes it,
    /// so the bits are the same.
    fn shared_out<R: Kept, S: Kept>(
        &self,
        reach: &[f32],
        values: &mut [f32],
        store: &mut Part<'_, R, S>,
        lent: &Mutex<Vec<TaskScratch>>,
        threads: Threads,
    ) {
        let mut above = Above::default();
        self.down(self.tree.root(), reach.to_vec(), store, &mut above);
        // The tasks are in depth-first order, so their subtrees' numbers come one after
        // another, with the nodes above in between.
        let spans: Vec<_> = (above.tasks.iter())
            .map(|task| {
                [
                    self.tree.span(task.child),
                    self.tree.decision_span(task.child),
                ]
            })
            .collect();
        let hands = values.len();
        // Each task's part of the numbers, and each chance node's gathering, under a lock of
        // its own on lines of its own.
        let parts: Vec<_> = (store.carve(&spans).into_iter())
            .map(|part| Alone(Mutex::new(part)))
            .collect();
        let gatherings: Vec<_> = (above.chances.iter_mut())
            .map(|chance| {
                Alone(Mutex::new(Gathering {
                    values: std::mem::take(&mut chance.values),
                    order: InOrder::default(),
                }))
            })
            .collect();
        let opponent = 1 - self.traverser;
        map_on_threads_with(
            above.tasks.len(),
            threads,
            // A thread's scratch, lent to each of its tasks in turn (a part of its own for each
            // of some thousand tasks would hold that much more memory).
            || {
                let taken = lent.lock().unwrap_or_else(PoisonError::into_inner).pop();
                Lent {
                    scratch: taken.unwrap_or_else(|| TaskScratch {
                        levels: levels_for(self.tree),
                        ..TaskScratch::default()
                    }),
                    home: lent,
                }
            },
            |lent, index| {
                let TaskScratch {
                    levels,
                    decoding,
                    below,
                    child_values,
                } = &mut lent.scratch;
                let task = &above.tasks[index];
                let mut part = parts[index]
                    .0
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                part.swap_scratch(decoding);
                let chance = &above.chances[task.chance];
                below.resize(chance.reach.len(), 0.0);
                (self.game).deal(chance.chance, task.index, opponent, &chance.reach, below);
                child_values.resize(hands, 0.0);
                self.visit(task.child, below, child_values, &mut part, levels);
                part.swap_scratch(decoding);
                let mut gathering =
                    (gatherings[task.chance].0.lock()).unwrap_or_else(PoisonError::into_inner);
                let Gathering { values, order } = &mut *gathering;
                // In the order of the children, as one thread adds them, so the bits are the
                // same.
                order.arrive(task.index, child_values, |index, child_values| {
                    (self.game).gather(chance.chance, index, self.traverser, child_values, values);
                });
            },
        );
        drop(parts);
        for (chance, gathering) in above.chances.iter_mut().zip(gatherings) {
            let gathering = gathering
                .0
                .into_inner()
                .unwrap_or_else(PoisonError::into_inner);
            chance.values = gathering.values;
        }
        self.up(self.tree.root(), values, store, &above);
    }

    /// Walks down the nodes above the first chance nodes: each one's opponent reach, each
    /// decision's strategy (and the opponent's average updated), and a task for each child of
    /// a chance node, with the reach below it.
    fn down<R: Kept, S: Kept>(
        &self,
        node: NodeId,
        reach: Vec<f32>,
        store: &mut Part<'_, R, S>,
        above: &mut Above,
    ) {
        match self.tree.node(node) {
            Node::Terminal { .. } => {}
            Node::Chance { chance, children } => {
                let at = above.chances.len();
                for (index, &child) in children.iter().enumerate() {
                    above.tasks.push(Task {
                        child,
                        chance: at,
                        index,
                    });
                }
                above.first_chances.insert(node, at);
                above.chances.push(ChanceAbove {
                    chance,
                    values: vec![0.0; self.tree.hands(self.traverser)],
                    reach,
                });
                return;
            }
            Node::Decision {
                player, children, ..
            } => {
                let place = self.place(node);
                let mut strategy = vec![0.0; place.slots.len()];
                self.strategy(node, &place, store, children.len(), &mut strategy);
                if player == self.traverser {
                    for &child in children {
                        self.down(child, reach.clone(), store, above);
                    }
                } else {
                    let opponent_hands = reach.len();
                    store.update_sums(&place, |sums| {
                        self.add_to_average(&strategy, &reach, sums);
                    });
                    for (&child, shares) in
                        children.iter().zip(strategy.chunks_exact(opponent_hands))
                    {
                        let below = reach
                            .iter()
                            .zip(shares)
                            .map(|(&above, &share)| above * share)
                            .collect();
                        self.down(child, below, store, above);
                    }
                }
                above.strategies.insert(node, strategy);
            }
        }
        above.reach.insert(node, reach);
    }

    /// Walks back up the nodes above the first chance nodes, as [`Self::visit`] would have,
    /// with the tasks' values.
    fn up<R: Kept, S: Kept>(
        &self,
        node: NodeId,
        values: &mut [f32],
        store: &mut Part<'_, R, S>,
        above: &Above,
    ) {
        match self.tree.node(node) {
            Node::Terminal { terminal } => {
                let reach = &above.reach[&node];
                self.game.terminal(terminal, self.traverser, reach, values);
            }
            Node::Chance { .. } => {
                values.copy_from_slice(&above.chances[above.first_chances[&node]].values);
            }
            Node::Decision {
                player, children, ..
            } => {
                let strategy = &above.strategies[&node];
                let hands = values.len();
                if player == self.traverser {
                    let mut action_values = vec![0.0; strategy.len()];
                    for (&child, row) in children.iter().zip(action_values.chunks_exact_mut(hands))
                    {
                        self.up(child, row, store, above);
                    }
                    store.update_regrets(&self.place(node), |regrets| {
                        self.update_regrets(strategy, &action_values, values, regrets);
                    });
                } else {
                    values.fill(0.0);
                    let mut child_values = vec![0.0; hands];
                    for &child in children {
                        self.up(child, &mut child_values, store, above);
                        for (value, &child_value) in values.iter_mut().zip(&child_values) {
                            *value += child_value;
                        }
                    }
                }
            }
        }
    }
}

/// What the walk down the nodes above the first chance nodes leaves for the tasks and the walk
/// back up.
#[derive(Default)]
struct Above {
    /// By terminal and decision above: the opponent's reach there.
    reach: HashMap<NodeId, Vec<f32>>,
    /// By decision above: its strategy this iteration.
    strategies: HashMap<NodeId, Vec<f32>>,
    /// The first chance nodes, in depth-first order.
    chances: Vec<ChanceAbove>,
    /// By first chance node: its index in `chances`.
    first_chances: HashMap<NodeId, usize>,
    /// The children of the first chance nodes, in depth-first order.
    tasks: Vec<Task>,
}

/// A first chance node: the game's name for it, the opponent's reach there, and its values,
/// the children's gathered.
struct ChanceAbove {
    chance: usize,
    reach: Vec<f32>,
    values: Vec<f32>,
}

/// A first chance node's values as its children's come in.
struct Gathering {
    values: Vec<f32>,
    order: InOrder<Vec<f32>>,
}

/// A child of a chance node, to be solved on its own.
struct Task {
    child: NodeId,
    /// The chance node (its index in [`Above::chances`]), and the child's index among its
    /// children.
    chance: usize,
    index: usize,
}
