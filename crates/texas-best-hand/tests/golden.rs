//! Every golden case in `testdata/texas-best-hand/`: through the library, with each case's arguments parsed
//! by the binary's own command line, and through the binary itself.

golden_cases::golden_tests!(
    "texas-best-hand",
    texas_best_hand::cli::Cli,
    texas_best_hand::run
);
