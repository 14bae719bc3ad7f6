//! Every golden case in `testdata/holdem-equity/`: through the library, with each case's arguments parsed
//! by the binary's own command line, and through the binary itself.

golden_cases::golden_tests!("holdem-equity", holdem_equity::cli::Cli, holdem_equity::run);
