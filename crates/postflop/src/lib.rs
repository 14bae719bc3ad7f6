//! Heads-up postflop equilibria: a spot (board, ranges, pot, stack, bet sizes) made into
//! Desktop Postflop's betting tree, dealt out over the turn and river cards, and solved by
//! discounted CFR on the workspace's equilibrium engine, with its exploitability. The spot, the
//! tree's rules and the output are in the repository's `docs/problems/postflop.md`.
//!
//! A river spot from a spot file's text, solved to 0.5% of the pot on one thread:
//!
//! ```
//! use equilibrium_core::{Locks, Precision};
//! use postflop::game::PostflopGame;
//! use postflop::solve::{RULE, Silent, Solution, SolveOptions};
//! use postflop::spot::SpotFields;
//! use work_threads::Threads;
//!
//! let mut fields = SpotFields::default();
//! fields.read_file(
//!     "board = Qs Jh 2h 8d 3c\n\
//!      oop = AA, KK, QQ, AK, AQ, JT, T9s, 65s\n\
//!      ip = QQ-99, AQ, KQ, QJ, A5s-A2s\n\
//!      pot = 100\n\
//!      stack = 150\n\
//!      bets = 75%, a\n\
//!      raises = a\n",
//! )?;
//! let game = PostflopGame::new(&fields.spot()?)?;
//! let options = SolveOptions {
//!     exploitability: 0.005,
//!     iterations: 1000,
//!     threads: Threads::ONE,
//!     rule: RULE,
//!     precision: Precision::Full,
//! };
//! let solution = Solution::solve(game, Locks::default(), options, &Silent);
//! assert!(solution.exploitability() <= 0.005);
//! let [oop, ip] = solution.ev();
//! assert!((oop + ip - 100.0).abs() < 1e-6); // the EVs share out the pot
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

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
pub mod symmetry;
pub mod write;

#[cfg(feature = "cli")]
pub mod cli;
