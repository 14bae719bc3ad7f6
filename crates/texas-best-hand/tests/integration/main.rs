//! The crate's integration tests in one binary, so that their tests share the cores rather than
//! waiting for each other binary by binary: the golden cases and bad input.

mod golden;
mod input_errors;
