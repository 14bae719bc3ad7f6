//! How good a strategy profile is: each player's value following it, each player's best
//! response against the other, and the exploitability, in `f64` (or, to estimate them sooner,
//! in `f32`).

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use work_threads::{Threads, map_on_threads_with};

use crate::game::Game;
use crate::in_order::InOrder;
use crate::lock::Locks;
use crate::real::Real;
use crate::scratch::part_of;
use crate::tree::{Node, NodeId};

/// A strategy profile's figures, per deal (values summed over deals are divided by
/// [`Game::deals`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// Each player's value when both follow the profile.
    pub values: [f64; 2],
    /// Each player's value playing a best response against the other's strategy.
    pub best_responses: [f64; 2],
}

impl Evaluation {
    /// NashConv: what the two players gain together by each switching alone to a best response.
    pub fn nash_conv(&self) -> f64 {
        (self.best_responses[0] - self.values[0]) + (self.best_responses[1] - self.values[1])
    }

    /// The exploitability as poker solvers print it: NashConv / 2, the average of what each
    /// player's best response gains.
    pub fn exploitability(&self) -> f64 {
        self.nash_conv() / 2.0
    }
}

/// The figures of the profile `strategy` gives (it fills a decision's actions × hands matrix),
/// the first chance node on each path shared out over `threads`, computed in `R`. A best
/// response keeps the locked hands of `locks` to their locks, as `strategy` must also give them.
pub fn evaluate<G: Game, R: Real>(
    game: &G,
    strategy: &(dyn Fn(NodeId, &mut [R]) + Sync),
    locks: &Locks,
    threads: Threads,
) -> Evaluation {
    let tree = game.tree();
    let mut values = [0.0; 2];
    let mut best_responses = [0.0; 2];
    for player in 0..2 {
        let walk = Walk {
            game,
            strategy,
            locks,
            player,
        };
        let hands = tree.hands(player);
        let mut follow = vec![R::ZERO; hands];
        let mut best = vec![R::ZERO; hands];
        let opponent_weights: Vec<R> = game
            .weights(1 - player)
            .iter()
            .map(|&weight| R::from_f64(weight))
            .collect();
        walk.visit(
            tree.root(),
            &opponent_weights,
            [&mut follow, &mut best],
            threads,
        );
        let weights = game.weights(player);
        let per_deal = |values: &[R]| {
            weights
                .iter()
                .zip(values)
                .map(|(w, v)| w * v.to_f64())
                .sum::<f64>()
                / game.deals()
        };
        values[player] = per_deal(&follow);
        best_responses[player] = per_deal(&best);
    }
    Evaluation {
        values,
        best_responses,
    }
}

/// `player`'s counterfactual values by hand at `node`, when both follow the profile `strategy`
/// from there, against the opponent's reach `opponent_reach` at `node`: what a solution is worth
/// to each hand partway down a line.
pub fn values_at<G: Game>(
    game: &G,
    strategy: &(dyn Fn(NodeId, &mut [f64]) + Sync),
    node: NodeId,
    player: usize,
    opponent_reach: &[f64],
    threads: Threads,
) -> Vec<f64> {
    let no_locks = Locks::default();
    let walk = Walk {
        game,
        strategy,
        locks: &no_locks,
        player,
    };
    let hands = game.tree().hands(player);
    let mut follow = vec![0.0; hands];
    let mut best = vec![0.0; hands];
    walk.visit(node, opponent_reach, [&mut follow, &mut best], threads);
    follow
}

/// One player's walk: its values following the profile and playing a best response, against
/// the opponent's reach.
struct Walk<'a, G, R> {
    game: &'a G,
    strategy: &'a (dyn Fn(NodeId, &mut [R]) + Sync),
    locks: &'a Locks,
    player: usize,
}

/// Scratch vectors for the nodes at one depth of a walk: one node a depth is walked at a time,
/// so a walk allocates nothing once they have grown.
#[derive(Default)]
struct Level<R> {
    strategy: Vec<R>,
    reach: Vec<R>,
    follow: Vec<R>,
    best: Vec<R>,
    locked_best: Vec<R>,
}

impl<G: Game, R: Real> Walk<'_, G, R> {
    /// Walks from `node` with a scratch [`Level`] for each depth below it; on several threads,
    /// the children of the first chance node on each path are walked first, all of them as one
    /// list of tasks, and the walk from `node` takes the values gathered at those nodes.
    fn visit(&self, node: NodeId, reach: &[R], values: [&mut [R]; 2], threads: Threads) {
        let first_chance_values = if threads.get() == 1 {
            HashMap::new()
        } else {
            self.first_chances_walked(node, reach, threads)
        };
        self.visit_with(
            node,
            reach,
            values,
            &mut self.levels(),
            &first_chance_values,
        );
    }

    /// The values [follow, best] of each first chance node below `node` (the first on each
    /// path), its children walked on `threads` threads as one list of tasks and gathered in
    /// order: the same sums as on one thread.
    fn first_chances_walked(
        &self,
        node: NodeId,
        reach: &[R],
        threads: Threads,
    ) -> HashMap<NodeId, [Vec<R>; 2]> {
        let tree = self.game.tree();
        let mut first_chances = Vec::new();
        self.first_chances(node, reach, &mut first_chances);
        let mut tasks = Vec::new();
        for (first_chance, &(node, _)) in first_chances.iter().enumerate() {
            if let Node::Chance { children, .. } = tree.node(node) {
                tasks.extend((0..children.len()).map(|child| (first_chance, child)));
            }
        }
        let hands = tree.hands(self.player);
        let gatherings: Vec<_> = (first_chances.iter())
            .map(|_| {
                Mutex::new((
                    InOrder::default(),
                    [vec![R::ZERO; hands], vec![R::ZERO; hands]],
                ))
            })
            .collect();
        let opponent = 1 - self.player;
        let no_first_chance_values = HashMap::new();
        map_on_threads_with(
            tasks.len(),
            threads,
            || (self.levels(), [Vec::new(), Vec::new()]),
            |(levels, child_values), index| {
                let (first_chance, child) = tasks[index];
                let (node, ref reach) = first_chances[first_chance];
                let Node::Chance { chance, children } = tree.node(node) else {
                    unreachable!("a first chance node is a chance node");
                };
                let (level, deeper) = levels.split_first_mut().expect("a level a depth");
                let below = part_of(&mut level.reach, reach.len());
                self.game.deal(chance, child, opponent, reach, below);
                let [child_follow, child_best] = child_values;
                child_follow.resize(hands, R::ZERO);
                child_best.resize(hands, R::ZERO);
                self.visit_with(
                    children[child],
                    below,
                    [child_follow, child_best],
                    deeper,
                    &no_first_chance_values,
                );
                let mut gathering = gatherings[first_chance]
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner);
                let (order, [follow, best]) = &mut *gathering;
                order.arrive(child, child_values, |child, [child_follow, child_best]| {
                    self.game
                        .gather(chance, child, self.player, child_follow, follow);
                    self.game
                        .gather(chance, child, self.player, child_best, best);
                });
            },
        );
        (first_chances.into_iter().zip(gatherings))
            .map(|((node, _), gathering)| {
                let (_, values) = gathering
                    .into_inner()
                    .unwrap_or_else(PoisonError::into_inner);
                (node, values)
            })
            .collect()
    }

    /// Pushes each first chance node below `node` (the first on each path), with the
    /// opponent's reach there, onto `found`, in depth-first order.
    fn first_chances(&self, node: NodeId, reach: &[R], found: &mut Vec<(NodeId, Vec<R>)>) {
        let tree = self.game.tree();
        match tree.node(node) {
            Node::Terminal { .. } => {}
            Node::Chance { .. } => found.push((node, reach.to_vec())),
            Node::Decision {
                player, children, ..
            } => {
                if player == self.player {
                    for &child in children {
                        self.first_chances(child, reach, found);
                    }
                    return;
                }
                let hands = tree.hands(player);
                let mut strategy = vec![R::ZERO; children.len() * hands];
                (self.strategy)(node, &mut strategy);
                for (&child, shares) in children.iter().zip(strategy.chunks_exact(hands)) {
                    let below: Vec<R> = (reach.iter().zip(shares))
                        .map(|(&above, &share)| above * share)
                        .collect();
                    self.first_chances(child, &below, found);
                }
            }
        }
    }

    /// A scratch [`Level`] for each depth of the tree.
    fn levels(&self) -> Vec<Level<R>> {
        std::iter::repeat_with(Level::default)
            .take(self.game.tree().depth() + 1)
            .collect()
    }

    /// Fills [follow, best] at `node` against the opponent's `reach`, with `levels` a scratch
    /// level for each depth from `node` down; a chance node in `first_chance_values` (walked
    /// already, [`Self::first_chances_walked`]) takes its values from there.
    fn visit_with(
        &self,
        node: NodeId,
        reach: &[R],
        [follow, best]: [&mut [R]; 2],
        levels: &mut [Level<R>],
        first_chance_values: &HashMap<NodeId, [Vec<R>; 2]>,
    ) {
        let tree = self.game.tree();
        let (level, deeper) = levels.split_first_mut().expect("a level a depth");
        match tree.node(node) {
            Node::Terminal { terminal } => {
                self.game.terminal(terminal, self.player, reach, follow);
                best.copy_from_slice(follow);
            }
            Node::Chance { chance, children } => {
                if let Some([chance_follow, chance_best]) = first_chance_values.get(&node) {
                    follow.copy_from_slice(chance_follow);
                    best.copy_from_slice(chance_best);
                    return;
                }
                let opponent = 1 - self.player;
                follow.fill(R::ZERO);
                best.fill(R::ZERO);
                for (child, &id) in children.iter().enumerate() {
                    let below = part_of(&mut level.reach, reach.len());
                    self.game.deal(chance, child, opponent, reach, below);
                    let child_follow = part_of(&mut level.follow, follow.len());
                    let child_best = part_of(&mut level.best, follow.len());
                    self.visit_with(
                        id,
                        below,
                        [child_follow, child_best],
                        deeper,
                        first_chance_values,
                    );
                    self.game
                        .gather(chance, child, self.player, child_follow, follow);
                    self.game
                        .gather(chance, child, self.player, child_best, best);
                }
            }
            Node::Decision {
                player, children, ..
            } => {
                let hands = tree.hands(player);
                let strategy = part_of(&mut level.strategy, children.len() * hands);
                (self.strategy)(node, strategy);
                let child_follow = part_of(&mut level.follow, follow.len());
                let child_best = part_of(&mut level.best, follow.len());
                follow.fill(R::ZERO);
                if player == self.player {
                    best.fill(R::NEG_INFINITY);
                    // A locked hand's best response plays its lock here (and its best below).
                    let lock = self.locks.get(node);
                    let locked_best = part_of(
                        &mut level.locked_best,
                        if lock.is_some() { hands } else { 0 },
                    );
                    locked_best.fill(R::ZERO);
                    for (&child, shares) in children.iter().zip(strategy.chunks_exact(hands)) {
                        self.visit_with(
                            child,
                            reach,
                            [&mut *child_follow, &mut *child_best],
                            deeper,
                            first_chance_values,
                        );
                        for (((follow, best), share), (child_follow, child_best)) in follow
                            .iter_mut()
                            .zip(best.iter_mut())
                            .zip(shares)
                            .zip(child_follow.iter().zip(&*child_best))
                        {
                            *follow += *share * *child_follow;
                            *best = best.max(*child_best);
                        }
                        for ((locked_best, share), child_best) in
                            locked_best.iter_mut().zip(shares).zip(&*child_best)
                        {
                            *locked_best += *share * *child_best;
                        }
                    }
                    if let Some(lock) = lock {
                        for ((best, locked_best), &locked) in
                            best.iter_mut().zip(&*locked_best).zip(lock.locked())
                        {
                            if locked {
                                *best = *locked_best;
                            }
                        }
                    }
                } else {
                    best.fill(R::ZERO);
                    let child_reach = part_of(&mut level.reach, reach.len());
                    for (&child, shares) in children.iter().zip(strategy.chunks_exact(hands)) {
                        for ((below, above), share) in child_reach.iter_mut().zip(reach).zip(shares)
                        {
                            *below = *above * *share;
                        }
                        self.visit_with(
                            child,
                            child_reach,
                            [&mut *child_follow, &mut *child_best],
                            deeper,
                            first_chance_values,
                        );
                        for ((follow, best), (child_follow, child_best)) in follow
                            .iter_mut()
                            .zip(best.iter_mut())
                            .zip(child_follow.iter().zip(&*child_best))
                        {
                            *follow += *child_follow;
                            *best += *child_best;
                        }
                    }
                }
            }
        }
    }
}
