//! Every golden case in `testdata/holdem-equity/`: through the binary's own command line in-process,
//! and through the binary itself. The exact chart (about 40 s here, both ways) is a slow test;
//! its counting is covered quickly by equity-core's `heads_up` test (two hands, same grouping,
//! same figures) and its output by `tests/chart.rs` and the sampled chart case 105.

golden_cases::golden_tests!(
    "holdem-equity",
    holdem_equity::cli::Cli,
    slow: ["104-chart-one-opponent"],
);
