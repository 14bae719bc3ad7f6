//! Every golden case in `testdata/gem-duel/`: through the library, with each case's arguments parsed
//! by the binary's own command line, and through the binary itself.

golden_cases::golden_tests!("gem-duel", gem_duel::cli::Cli, gem_duel::run);
