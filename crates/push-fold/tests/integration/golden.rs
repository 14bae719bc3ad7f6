//! Every golden case in `testdata/push-fold/`: through the binary's own command line in-process,
//! and through the binary itself. The three-handed cases take about a second each: 010 goes
//! through the binary only in the slow tests (in-process it checks the same figures, and the
//! binary's edge is the same for every case), and 011 (ICM, CSV) runs only there.

golden_cases::golden_tests!(
    "push-fold",
    push_fold::cli::Cli,
    slow: ["011-three-handed-icm-csv"],
    slow_through_the_binary: ["010-three-handed"],
);
