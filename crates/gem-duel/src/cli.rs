//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`](crate::Options), declared once.

judge_io::problem_cli! {
    about: "The match-3 duel: each player's best hand from five operations, and who wins.",
    // The input grammar and the output, for `--help`.
    long_about: "\
Input: T, then for each case a line `n m k` (rows and columns 1..=8, strip length at least 1),
player 1's board (n rows of m gem letters) and strip (k letters), then player 2's board and
strip. Gem letters: B G O P R W Y, in either case.

Output: one line per case: `liuzhangfeiabc` when player 1's best hand is higher, `ldlsn` when
player 2's is, `draw` when they are equal. The names are the judge's: they are the problem
setters' handles.",
    page: "gem-duel.md",
    options: crate::Options,
    run: crate::run,
}
