//! Every golden case in `testdata/poker-decision/`: through the binary's own command line in-process,
//! and through the binary itself.

golden_cases::golden_tests!("poker-decision", poker_decision::cli::Cli);
