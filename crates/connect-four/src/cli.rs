//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`](crate::Options), declared once.

judge_io::problem_cli! {
    about: "The exact score of Connect Four positions, with perfect play.",
    // The input grammar and the output, for `--help`.
    long_about: "\
Input: one position per line, the columns played from the empty board (digits 1 to 7, the
first player first), or - for the empty board; whitespace and anything after it are ignored
(the benchmark's files carry the expected score there).

Output: one line per position, the score for the player to move: 0 for a draw; for a win with
the winner's k-th stone, 22 - k for the winner and k - 22 for the loser. So a win with the
last stone (the 21st) scores 1, and the empty board scores 1: the first player wins.",
    page: "connect-four.md",
    options: crate::Options,
    run: crate::run,
}
