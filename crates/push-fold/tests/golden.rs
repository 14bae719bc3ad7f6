//! Every golden case in `testdata/push-fold/`: through the binary's own command line in-process,
//! and through the binary itself. The two three-handed cases (about a second each) go through
//! the binary only in the slow test: in-process they check the same figures, and the binary's
//! edge is the same for every case.

golden_cases::golden_tests!(
    "push-fold",
    push_fold::cli::Cli,
    slow_through_the_binary: ["010-three-handed", "011-three-handed-icm-csv"],
);
