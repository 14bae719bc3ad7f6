//! The crate's integration tests in one binary, so that their tests share the cores rather than
//! waiting for each other binary by binary: counts against plain brute force, range matchups, the chart.

mod against_brute_force;
mod chart;
mod ranges;
