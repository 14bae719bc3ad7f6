//! The crate's integration tests in one binary, so that their tests share the cores rather than
//! waiting for each other binary by binary: the search against exhaustive search, the golden cases, bad input.

mod against_exhaustive;
mod golden;
mod input_errors;
