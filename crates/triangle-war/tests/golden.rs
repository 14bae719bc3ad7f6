//! Every golden case in `testdata/triangle-war/`: through the library, with each case's arguments parsed
//! by the binary's own command line, and through the binary itself.

golden_cases::golden_tests!("triangle-war", triangle_war::cli::Cli, triangle_war::run);
