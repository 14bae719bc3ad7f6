//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`](crate::Options), declared once.

judge_io::problem_cli! {
    about: "GDY, a shedding card game: who wins, and the points left in every other hand.",
    // The input grammar and the output, for `--help`.
    long_about: "\
Input: T, then for each case `n m` (players, cards) and the m card values of the pile, top
first, each in 1..=13 (1 is the ace, 11 J, 12 Q, 13 K), over any number of lines.

Output: for case x, a line `Case #x:`, then one line per player in seat order: `Winner` for the
player who played their last card first, otherwise the sum of the face values left in that
player's hand.",
    page: "gdy.md",
    options: crate::Options,
    run: crate::run,
}
