//! Heads-up postflop equilibria: a spot (board, ranges, pot, stack, bet sizes) made into
//! Desktop Postflop's betting tree, dealt out over the turn and river cards, and solved by
//! discounted CFR on the workspace's equilibrium engine, with its exploitability. The spot, the
//! tree's rules and the output are in the repository's `docs/problems/postflop.md`.

pub mod action_tree;
pub mod answer;
pub mod browse;
pub mod game;
pub mod locks;
pub mod report;
pub mod saved;
pub mod sizes;
pub mod solve;
pub mod spot;
pub mod write;

#[cfg(feature = "cli")]
pub mod cli;
