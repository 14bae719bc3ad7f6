//! Every golden case in `testdata/postflop/`: through the binary's own command line in-process,
//! and through the binary itself.

golden_cases::golden_tests!("postflop", postflop::cli::Cli);
