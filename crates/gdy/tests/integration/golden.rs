//! Every golden case in `testdata/gdy/`: through the binary's own command line in-process,
//! and through the binary itself.

golden_cases::golden_tests!("gdy", gdy::cli::Cli);
