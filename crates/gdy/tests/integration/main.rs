//! The crate's integration tests in one binary, so that their tests share the cores rather than
//! waiting for each other binary by binary: the rules against a plain model, the golden cases, bad input.

mod golden;
mod input_errors;
mod model;
mod rules;
