//! The crate's integration tests in one binary, so that their tests share the cores rather than
//! waiting for each other binary by binary: the solver against plain negamax on small boards, the golden cases, bad input.

mod against_minimax;
mod golden;
mod input_errors;
mod model;
