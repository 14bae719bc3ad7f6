//! Every golden case in `testdata/poker-decision/`: through the library, with each case's arguments parsed
//! by the binary's own command line, and through the binary itself.

golden_cases::golden_tests!(
    "poker-decision",
    poker_decision::cli::Cli,
    poker_decision::run
);
