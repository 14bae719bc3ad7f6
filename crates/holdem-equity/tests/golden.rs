//! Every golden case in `testdata/holdem-equity/`: through the binary's own command line in-process,
//! and through the binary itself.

golden_cases::golden_tests!("holdem-equity", holdem_equity::cli::Cli);
