//! Every golden case in `testdata/texas-best-hand/`: through the binary's own command line in-process,
//! and through the binary itself.

golden_cases::golden_tests!("texas-best-hand", texas_best_hand::cli::Cli);
