//! The public tree: what both players see of the game, with where each decision's numbers are
//! stored.

use std::ops::Range;

/// A node's index in its [`Tree`].
pub type NodeId = usize;

/// A node of the public tree, as [`Tree::node`] shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node<'a> {
    /// A player chooses one of the children, an action each, knowing their own hand.
    Decision {
        /// 0 or 1.
        player: usize,
        /// One child per action, in the game's order of actions.
        children: &'a [NodeId],
        /// Where the node's actions × hands numbers start in the solver's storage.
        slot: usize,
    },
    /// Chance deals public cards: one child per outcome, which the game names by `chance` and
    /// the child's position.
    Chance {
        /// The game's name for the node, passed back to [`Game::deal`](crate::Game::deal).
        chance: usize,
        /// One child per outcome.
        children: &'a [NodeId],
    },
    /// The game ends; the game values it by `terminal` ([`Game::terminal`](crate::Game::terminal)).
    Terminal {
        /// The game's name for the node.
        terminal: usize,
    },
}

impl Node<'_> {
    /// Whether the game ends here.
    pub fn is_terminal(&self) -> bool {
        matches!(self, Node::Terminal { .. })
    }
}

/// How a [`Tree`] keeps a node: sixteen bytes, its children a run of the tree's `children`.
/// Small because a flop's tree has hundreds of thousands of nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Packed {
    Decision { player: u8, first: u32, count: u32 },
    Chance { chance: u32, first: u32, count: u32 },
    Terminal { terminal: u32 },
}

/// The bytes a [`Tree`] takes per node in this build: the node, its place among its parent's
/// children, and its two ranges (storage and decisions).
pub const TREE_BYTES_PER_NODE: usize =
    size_of::<Packed>() + size_of::<NodeId>() + 2 * size_of::<Range<usize>>();

/// A game's public tree, built by a [`TreeBuilder`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    nodes: Vec<Packed>,
    /// Every node's children, a parent's together and in order.
    children: Vec<NodeId>,
    /// By node: the storage its subtree's decisions take, contiguous (slots are given in
    /// depth-first order), so subtrees can be solved apart. A decision's own slots start its
    /// range.
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
    pub fn node(&self, id: NodeId) -> Node<'_> {
        let run = |first: u32, count: u32| {
            let first = first as usize;
            &self.children[first..first + count as usize]
        };
        match self.nodes[id] {
            Packed::Decision {
                player,
                first,
                count,
            } => Node::Decision {
                player: usize::from(player),
                children: run(first, count),
                slot: self.spans[id].start,
            },
            Packed::Chance {
                chance,
                first,
                count,
            } => Node::Chance {
                chance: chance as usize,
                children: run(first, count),
            },
            Packed::Terminal { terminal } => Node::Terminal {
                terminal: terminal as usize,
            },
        }
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
        match self.nodes[id] {
            Packed::Decision { player, count, .. } => {
                let start = self.spans[id].start;
                start..start + count as usize * self.hands[usize::from(player)]
            }
            _ => 0..0,
        }
    }
}

/// Builds a [`Tree`]: nodes are added in any order, children attached to their parents, and
/// the storage laid out once the root is known.
#[derive(Debug)]
pub struct TreeBuilder {
    nodes: Vec<Packed>,
    /// Each attachment, (parent, child), in the order made.
    edges: Vec<(u32, u32)>,
    hands: [usize; 2],
}

impl TreeBuilder {
    /// A tree for players with these numbers of private hands.
    pub fn new(hands: [usize; 2]) -> TreeBuilder {
        TreeBuilder {
            nodes: Vec::new(),
            edges: Vec::new(),
            hands,
        }
    }

    /// A decision of `player` (0 or 1), whose children are attached with [`Self::attach`].
    pub fn decision(&mut self, player: usize) -> NodeId {
        assert!(player < 2, "two players, 0 and 1");
        self.push(Packed::Decision {
            player: u8::from(player == 1),
            first: 0,
            count: 0,
        })
    }

    /// A chance node, named `chance` for the game.
    pub fn chance(&mut self, chance: usize) -> NodeId {
        self.push(Packed::Chance {
            chance: narrow(chance),
            first: 0,
            count: 0,
        })
    }

    /// A terminal node, named `terminal` for the game.
    pub fn terminal(&mut self, terminal: usize) -> NodeId {
        self.push(Packed::Terminal {
            terminal: narrow(terminal),
        })
    }

    /// Makes `child` the next child of `parent`, a decision or chance node.
    pub fn attach(&mut self, parent: NodeId, child: NodeId) {
        assert!(child < self.nodes.len(), "no node {child}");
        match &mut self.nodes[parent] {
            Packed::Decision { count, .. } | Packed::Chance { count, .. } => *count += 1,
            Packed::Terminal { .. } => panic!("a terminal node has no children"),
        }
        self.edges.push((narrow(parent), narrow(child)));
    }

    /// The tree under `root`, every node of which must be reached exactly once from it, and
    /// every decision and chance node of which has a child.
    pub fn build(mut self, root: NodeId) -> Tree {
        enum Visit {
            Enter(NodeId, usize),
            Leave(NodeId, usize, usize),
        }
        // Each parent's children together, in the order attached: a counting sort by parent.
        let mut next = 0;
        for node in &mut self.nodes {
            if let Packed::Decision { first, count, .. } | Packed::Chance { first, count, .. } =
                node
            {
                *first = next;
                next += *count;
                *count = 0;
            }
        }
        let mut children = vec![0; self.edges.len()];
        for &(parent, child) in &self.edges {
            if let Packed::Decision { first, count, .. } | Packed::Chance { first, count, .. } =
                &mut self.nodes[parent as usize]
            {
                children[(*first + *count) as usize] = child as usize;
                *count += 1;
            }
        }
        self.edges = Vec::new();
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
                    let (first, count) = match self.nodes[id] {
                        Packed::Decision {
                            player,
                            first,
                            count,
                        } => {
                            next_slot += count as usize * self.hands[usize::from(player)];
                            next_decision += 1;
                            (first, count)
                        }
                        Packed::Chance { first, count, .. } => (first, count),
                        Packed::Terminal { .. } => (0, 0),
                    };
                    assert!(
                        count > 0 || matches!(self.nodes[id], Packed::Terminal { .. }),
                        "node {id} has no children"
                    );
                    stack.push(Visit::Leave(id, start, first_decision));
                    let run = &children[first as usize..(first + count) as usize];
                    stack.extend(run.iter().rev().map(|&child| Visit::Enter(child, at + 1)));
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
            children,
            spans,
            decisions,
            hands: self.hands,
            root,
            depth,
        }
    }

    fn push(&mut self, node: Packed) -> NodeId {
        narrow(self.nodes.len());
        self.nodes.push(node);
        self.nodes.len() - 1
    }
}

/// A node's index or name as the packed tree keeps it.
fn narrow(value: usize) -> u32 {
    u32::try_from(value).expect("a tree of fewer than 2^32 nodes and names")
}

#[cfg(test)]
mod tests {
    use super::{Node, TreeBuilder};

    /// Children attached to two parents in turn are each parent's, in the order attached; a
    /// decision's slots start its span, depth first.
    #[test]
    fn attachments_in_any_order_keep_each_parent_s_children_in_order() {
        let mut builder = TreeBuilder::new([2, 3]);
        let ends: Vec<_> = (0..5).map(|end| builder.terminal(end)).collect();
        let oop = builder.decision(0);
        let ip = builder.decision(1);
        let deal = builder.chance(7);
        builder.attach(ip, ends[0]);
        builder.attach(oop, ends[1]);
        builder.attach(ip, ends[2]);
        builder.attach(deal, ends[3]);
        builder.attach(oop, ip);
        builder.attach(deal, oop);
        builder.attach(ip, ends[4]);
        let tree = builder.build(deal);
        assert_eq!(
            tree.node(deal),
            Node::Chance {
                chance: 7,
                children: &[ends[3], oop]
            }
        );
        assert_eq!(
            tree.node(oop),
            Node::Decision {
                player: 0,
                children: &[ends[1], ip],
                slot: 0
            }
        );
        assert_eq!(
            tree.node(ip),
            Node::Decision {
                player: 1,
                children: &[ends[0], ends[2], ends[4]],
                slot: 4
            }
        );
        assert_eq!(tree.node(ends[2]), Node::Terminal { terminal: 2 });
        assert_eq!((tree.slots(), tree.decisions(), tree.depth()), (13, 2, 3));
        assert_eq!((tree.span(oop), tree.decision_slots(oop)), (0..13, 0..4));
        assert_eq!((tree.span(ip), tree.decision_slots(ip)), (4..13, 4..13));
        assert_eq!(tree.decision_span(ip), 1..2);
        assert_eq!(tree.decision_slots(deal), 0..0);
    }

    /// A tree's node takes sixteen bytes, and with its place among its parent's children and
    /// its two ranges 56 on a 64-bit machine, as the estimates count.
    #[test]
    fn a_packed_node_is_sixteen_bytes() {
        assert_eq!(size_of::<super::Packed>(), 16);
        #[cfg(target_pointer_width = "64")]
        assert_eq!(super::TREE_BYTES_PER_NODE, 56);
    }
}
