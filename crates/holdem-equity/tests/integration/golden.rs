//! Every golden case in `testdata/holdem-equity/`: through the binary's own command line in-process,
//! and through the binary itself. Two are slow tests: the exact chart (about 40 s here, both
//! ways), whose counting is covered quickly by equity-core's `heads_up` test (two hands, same
//! grouping, same figures) and its output by `tests/chart.rs` and the sampled chart case 105; and
//! the ranges of the issue (about 3 s both ways), whose figures equity-core's
//! `known_range_matchups` checks and whose output the other `ranges` cases cover. The sampled
//! chart (under a second) goes through the binary only in the slow test.

golden_cases::golden_tests!(
    "holdem-equity",
    holdem_equity::cli::Cli,
    slow: ["104-chart-one-opponent", "100-ranges-from-the-issue"],
    slow_through_the_binary: ["105-chart-two-opponents-sampled"],
);
