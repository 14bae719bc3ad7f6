//! The crate's integration tests in one binary, so that their tests share the cores rather than
//! waiting for each other binary by binary: the card types and the hand evaluator against plain oracles, the seven-card hands exhaustively among the slow tests.

mod best_five;
mod gem;
mod hand_class;
mod holdem;
mod range;
mod rank_bases;
