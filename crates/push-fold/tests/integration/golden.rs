//! Every golden case in `testdata/push-fold/`: through the binary's own command line in-process,
//! and through the binary itself. The three-handed cases take about a second each and run only
//! in the slow tests: `cargo xtask verify` checks their figures on every run as well, and the
//! quick tests solve the same three stacks of 10 in `three_handed.rs`.

golden_cases::golden_tests!(
    "push-fold",
    push_fold::cli::Cli,
    slow: ["010-three-handed", "011-three-handed-icm-csv"],
);
