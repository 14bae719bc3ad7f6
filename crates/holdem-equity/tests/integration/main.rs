//! The crate's integration tests in one binary, so that their tests share the cores rather than
//! waiting for each other binary by binary: the golden cases, bad input, ranges and streams through the binary.

mod golden;
mod input_errors;
mod range_input;
mod stream;
