//! Every golden case in `testdata/triangle-war/`: through the binary's own command line in-process,
//! and through the binary itself.

golden_cases::golden_tests!("triangle-war", triangle_war::cli::Cli);
