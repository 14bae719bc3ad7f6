//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`](crate::Options), declared once.

judge_io::problem_cli! {
    about: "Exact hold'em equity over every board still to come, for each matchup line.",
    // The input grammar and the output, for `--help`.
    long_about: "\
Input: one matchup per non-blank line: two or more players' hole cards, optionally `|` and a
board of 0, 3, 4 or 5 cards, optionally a second `|` and `dead:` with cards out of play:

    AS KS  QD QC | 2H 7C 9D | dead: 5S

Output: `boards N` (how many boards complete the board), then one line per player:
`<hole cards>  wins W  ties S  equity E%`. W counts the boards the player wins alone; S counts
split pots as pot shares (a board split two ways adds 1/2, three ways 1/3); E is
(W + S) / N in percent. Matchups are separated by a blank line; --json writes one JSON object
per line instead.",
    page: "holdem-equity.md",
    options: crate::Options,
    run: crate::run,
}
