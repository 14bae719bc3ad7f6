//! Equilibria of two-player zero-sum games with imperfect information, by counterfactual regret
//! minimisation over the game's *public tree*.
//!
//! A game is a tree of decision, chance and terminal nodes that both players see ([`Tree`]),
//! and each player's private hands, held as vectors: at a decision node the acting player's
//! strategy is a matrix of actions × hands. The game supplies the tree, each player's starting
//! weights by hand, what a chance node's child does to those vectors (a dealt card rules out
//! the hands holding it) and the terminal values as vectors ([`Game`]); the engine knows no
//! cards.
//!
//! Each idea lives in one module: [`regret`] turns regrets into a strategy (regret matching),
//! [`rule`] says how regrets and the average strategy are discounted from one iteration to the
//! next (CFR+, discounted CFR), [`storage`] keeps the regrets and the average strategy (as
//! `f32`s, or compressed to 16 bits), [`lock`] fixes some hands' strategies at some decisions
//! (node locking), [`solver`] runs the iterations (alternating updates, one
//! pass over the tree per player), and [`best_response`] values a strategy profile: each player's
//! best response, the game value and the exploitability.
//!
//! Values are for the player who traverses, summed over the opponent's hands weighted by how
//! often they are dealt and reached; a game is zero-sum, so one player's value is the other's
//! loss.

pub mod best_response;
pub mod game;
mod in_order;
pub mod lock;
pub mod real;
pub mod regret;
pub mod rule;
mod scratch;
pub mod solver;
pub mod storage;
pub mod tree;

pub use best_response::{Evaluation, evaluate, values_at};
pub use game::Game;
pub use lock::{Lock, LockError, Locks};
pub use real::Real;
pub use rule::Rule;
pub use solver::Solver;
pub use storage::{Numbers, Precision, Scales};
pub use tree::{Node, NodeId, TREE_BYTES_PER_NODE, Tree, TreeBuilder};

// The README's example is compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
