//! Every golden case in `testdata/gdy/`: through the library, with each case's arguments parsed
//! by the binary's own command line, and through the binary itself.

golden_cases::golden_tests!("gdy", gdy::cli::Cli, gdy::run);
