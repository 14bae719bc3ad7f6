//! Every golden case in `testdata/gem-duel/`: through the binary's own command line in-process,
//! and through the binary itself.

golden_cases::golden_tests!("gem-duel", gem_duel::cli::Cli);
