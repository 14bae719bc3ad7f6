//! Node locking: some hands' strategies at some decisions fixed, the rest of the game solved
//! around them (to exploit them, or to see what a tendency costs).
//!
//! A locked hand plays its lock's mix wherever the strategy is read: in every iteration, in
//! the average strategy, and in a best response, which cannot change it. So the exploitability
//! of a locked solution is that of its unlocked strategies within the locked game.

use std::collections::HashMap;

use crate::real::Real;
use crate::tree::{Node, NodeId, Tree};

/// One decision's lock: a strategy (actions × hands, as the solver's) that the locked hands
/// play.
#[derive(Clone, Debug, PartialEq)]
pub struct Lock {
    strategy: Vec<f64>,
    locked: Vec<bool>,
}

impl Lock {
    /// Whether each hand is locked.
    pub fn locked(&self) -> &[bool] {
        &self.locked
    }

    /// The strategy the locked hands play, actions × hands (the unlocked hands' shares are
    /// not used).
    pub fn strategy(&self) -> &[f64] {
        &self.strategy
    }

    /// Writes the locked hands' shares into `strategy` (actions × hands).
    pub fn apply<R: Real>(&self, strategy: &mut [R]) {
        let hands = self.locked.len();
        for (row, locked_row) in strategy
            .chunks_exact_mut(hands)
            .zip(self.strategy.chunks_exact(hands))
        {
            for ((share, &locked_share), &locked) in
                row.iter_mut().zip(locked_row).zip(&self.locked)
            {
                if locked {
                    *share = R::from_f64(locked_share);
                }
            }
        }
    }
}

/// Why a lock was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LockError {
    /// The node is not a decision.
    NotADecision,
    /// The strategy is not actions × hands long, or `locked` not hands long.
    Shape,
    /// A locked hand's shares are not each in [0, 1] adding up to 1 (within 1e-6).
    NotAMix {
        /// The hand.
        hand: usize,
    },
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::NotADecision => f.write_str("only a decision can be locked"),
            LockError::Shape => f.write_str("the strategy is not actions × hands"),
            LockError::NotAMix { hand } => write!(
                f,
                "hand {hand}'s action frequencies are not each from 0 to 1 adding up to 1"
            ),
        }
    }
}

impl std::error::Error for LockError {}

/// The locked decisions of a game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Locks {
    by_node: HashMap<NodeId, Lock>,
}

impl Locks {
    /// Locks the hands `locked` of decision `node` of `tree` to `strategy` (actions × hands;
    /// only the locked hands' shares are read, and they are made to add up to exactly 1).
    /// Locking a node again replaces its lock; locking no hand removes it.
    ///
    /// # Errors
    ///
    /// If `node` is not a decision, the shapes do not fit it, or a locked hand's shares are
    /// not a mix.
    pub fn lock(
        &mut self,
        tree: &Tree,
        node: NodeId,
        strategy: &[f64],
        locked: &[bool],
    ) -> Result<(), LockError> {
        let Some(Node::Decision {
            player, children, ..
        }) = (node < tree.len()).then(|| tree.node(node))
        else {
            return Err(LockError::NotADecision);
        };
        let hands = tree.hands(player);
        if locked.len() != hands || strategy.len() != children.len() * hands {
            return Err(LockError::Shape);
        }
        let mut strategy = strategy.to_vec();
        for hand in (0..hands).filter(|&hand| locked[hand]) {
            let shares = (0..children.len()).map(|action| strategy[action * hands + hand]);
            let total: f64 = shares.clone().sum();
            let in_range = shares.clone().all(|share| (0.0..=1.0).contains(&share));
            if !(in_range && (total - 1.0).abs() <= 1e-6) {
                return Err(LockError::NotAMix { hand });
            }
            for action in 0..children.len() {
                strategy[action * hands + hand] /= total;
            }
        }
        if locked.contains(&true) {
            let locked = locked.to_vec();
            self.by_node.insert(node, Lock { strategy, locked });
        } else {
            self.by_node.remove(&node);
        }
        Ok(())
    }

    /// Decision `node`'s lock, if it has one.
    #[inline]
    pub fn get(&self, node: NodeId) -> Option<&Lock> {
        if self.by_node.is_empty() {
            return None;
        }
        self.by_node.get(&node)
    }

    /// Whether no decision is locked.
    pub fn is_empty(&self) -> bool {
        self.by_node.is_empty()
    }

    /// The locked decisions and their locks, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (NodeId, &Lock)> {
        self.by_node.iter().map(|(&node, lock)| (node, lock))
    }
}
