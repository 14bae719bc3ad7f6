//! The crate's integration tests in one binary, so that their tests share the cores rather than
//! waiting for each other binary by binary: the solver against best responses written from the
//! rules, the kept tables recounted, the golden cases. `heads_up_alone` is a binary of its own,
//! since it measures what its process has read.

mod common;
mod equilibria;
#[cfg(feature = "cli")]
mod golden;
mod tables;
#[cfg(feature = "three-way")]
mod three_handed;
mod three_way_table;
