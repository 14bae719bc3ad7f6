//! Every golden case in `testdata/push-fold/`: through the binary's own command line in-process,
//! and through the binary itself.

golden_cases::golden_tests!("push-fold", push_fold::cli::Cli);
