//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`](crate::Options), declared once.

judge_io::problem_cli! {
    about: "Who wins Triangle War from the given positions, with perfect play.",
    // The input grammar and the output, for `--help`.
    long_about: "\
Input: the number of games, then for each game m (0 to 18) and m lines `i j`, the segments
filled so far in the order played. The ten dots are numbered row by row from the top:

          1
        2   3
      4   5   6
    7   8   9  10

Output: one line per game, `Game N: A wins.` or `Game N: B wins.` (the full stop is part of the
answer): the winner when both play perfectly from the position reached.",
    page: "triangle-war.md",
    options: crate::Options,
    run: crate::run,
}
