//! The public tree: what both players see of the game, with where each decision's numbers are
//! stored.

use std::ops::Range;

/// A node's index in its [`Tree`].
pub type NodeId = usize;

/// A node of the public tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// A player chooses one of the children, an action each, knowing their own hand.
    Decision {
        /// 0 or 1.
        player: usize,
        /// One child per action, in the game's order of actions.
        children: Vec<NodeId>,
        /// Where the node's actions × hands numbers start in the solver's storage.
        slot: usize,
    },
    /// Chance deals public cards: one child per outcome, which the game names by `chance` and
    /// the child's position.
    Chance {
        /// The game's name for the node, passed back to [`Game::deal`](crate::Game::deal).
        chance: usize,
        /// One child per outcome.
        children: Vec<NodeId>,
    },
    /// The game ends; the game values it by `terminal` ([`Game::terminal`](crate::Game::terminal)).
    Terminal {
        /// The game's name for the node.
        terminal: usize,
    },
}

impl Node {
    /// Whether the game ends here.
    pub fn is_terminal(&self) -> bool {
        matches!(self, Node::Terminal { .. })
    }
}

/// A game's public tree, built by a [`TreeBuilder`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    nodes: Vec<Node>,
    /// By node: the storage its subtree's decisions take, contiguous (slots are given in
    /// depth-first order), so subtrees can be solved apart.
    spans: Vec<Range<usize>>,
    /// By node: the numbers of the decisions in its subtree, also depth-first, so a decision's
    /// number is the start of its own range.
    decisions: Vec<Range<usize>>,
    hands: [usize; 2],
    root: NodeId,
    /// The most edges from the root to a node.
    depth: usize,
}

impl Tree {
    /// The most edges from the root to a node.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The root.
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// A node.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// How many nodes there are.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether there are none (never, once built).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// How many private hands `player` has.
    pub fn hands(&self, player: usize) -> usize {
        self.hands[player]
    }

    /// How many numbers a strategy over the whole tree takes: one per action and hand of every
    /// decision.
    pub fn slots(&self) -> usize {
        self.spans[self.root].end
    }

    /// The slots of the decisions in the subtree under `id`.
    pub fn span(&self, id: NodeId) -> Range<usize> {
        self.spans[id].clone()
    }

    /// How many decisions there are.
    pub fn decisions(&self) -> usize {
        self.decisions[self.root].end
    }

    /// The numbers of the decisions in the subtree under `id`, depth-first from 0 at the root.
    pub fn decision_span(&self, id: NodeId) -> Range<usize> {
        self.decisions[id].clone()
    }

    /// The slots of a decision's actions × hands numbers (empty for other nodes).
    pub fn decision_slots(&self, id: NodeId) -> Range<usize> {
        match &self.nodes[id] {
            Node::Decision {
                player,
                children,
                slot,
            } => *slot..*slot + children.len() * self.hands[*player],
            _ => 0..0,
        }
    }
}

/// Builds a [`Tree`]: nodes are added in any order, children attached to their parents, and
/// the storage laid out once the root is known.
#[derive(Debug)]
pub struct TreeBuilder {
    nodes: Vec<Node>,
    hands: [usize; 2],
}

impl TreeBuilder {
    /// A tree for players with these numbers of private hands.
    pub fn new(hands: [usize; 2]) -> TreeBuilder {
        TreeBuilder {
            nodes: Vec::new(),
            hands,
        }
    }

    /// A decision of `player` (0 or 1), whose children are attached with [`Self::attach`].
    pub fn decision(&mut self, player: usize) -> NodeId {
        assert!(player < 2, "two players, 0 and 1");
        self.push(Node::Decision {
            player,
            children: Vec::new(),
            slot: 0,
        })
    }

    /// A chance node, named `chance` for the game.
    pub fn chance(&mut self, chance: usize) -> NodeId {
        self.push(Node::Chance {
            chance,
            children: Vec::new(),
        })
    }

    /// A terminal node, named `terminal` for the game.
    pub fn terminal(&mut self, terminal: usize) -> NodeId {
        self.push(Node::Terminal { terminal })
    }

    /// Makes `child` the next child of `parent`, a decision or chance node.
    pub fn attach(&mut self, parent: NodeId, child: NodeId) {
        match &mut self.nodes[parent] {
            Node::Decision { children, .. } | Node::Chance { children, .. } => children.push(child),
            Node::Terminal { .. } => panic!("a terminal node has no children"),
        }
    }

    /// The tree under `root`, every node of which must be reached exactly once from it, and
    /// every decision and chance node of which has a child.
    pub fn build(mut self, root: NodeId) -> Tree {
        enum Visit {
            Enter(NodeId, usize),
            Leave(NodeId, usize, usize),
        }
        let mut spans = vec![0..0; self.nodes.len()];
        let mut decisions = vec![0..0; self.nodes.len()];
        let mut seen = vec![false; self.nodes.len()];
        let (mut next_slot, mut next_decision) = (0, 0);
        // Depth first, children in order: a node's slots come before its subtree's.
        let mut depth = 0;
        let mut stack = vec![Visit::Enter(root, 0)];
        while let Some(visit) = stack.pop() {
            match visit {
                Visit::Enter(id, at) => {
                    depth = depth.max(at);
                    assert!(!seen[id], "node {id} is reached twice");
                    seen[id] = true;
                    let (start, first_decision) = (next_slot, next_decision);
                    let children = match &mut self.nodes[id] {
                        Node::Decision {
                            player,
                            children,
                            slot,
                        } => {
                            *slot = next_slot;
                            next_slot += children.len() * self.hands[*player];
                            next_decision += 1;
                            children.clone()
                        }
                        Node::Chance { children, .. } => children.clone(),
                        Node::Terminal { .. } => Vec::new(),
                    };
                    assert!(
                        !children.is_empty() || matches!(self.nodes[id], Node::Terminal { .. }),
                        "node {id} has no children"
                    );
                    stack.push(Visit::Leave(id, start, first_decision));
                    stack.extend(
                        children
                            .iter()
                            .rev()
                            .map(|&child| Visit::Enter(child, at + 1)),
                    );
                }
                Visit::Leave(id, start, first_decision) => {
                    spans[id] = start..next_slot;
                    decisions[id] = first_decision..next_decision;
                }
            }
        }
        assert!(
            seen.iter().all(|&seen| seen),
            "every node hangs from the root"
        );
        Tree {
            nodes: self.nodes,
            spans,
            decisions,
            hands: self.hands,
            root,
            depth,
        }
    }

    fn push(&mut self, node: Node) -> NodeId {
        self.nodes.push(node);
        self.nodes.len() - 1
    }
}
