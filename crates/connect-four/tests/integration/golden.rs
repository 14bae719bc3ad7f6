//! Every golden case in `testdata/connect-four/`: through the binary's own command line
//! in-process, and through the binary itself.

golden_cases::golden_tests!("connect-four", connect_four::cli::Cli);
