//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`](crate::Options), declared once.

judge_io::problem_cli! {
    about: "The best five of seven cards in Texas hold'em, for each line of two hole cards and five board cards.",
    // The input grammar and the output, for `--help`.
    long_about: "\
Input: any number of lines; each non-blank line holds seven distinct cards separated by
whitespace, the two hole cards first, then the five board cards. A card is a rank from
23456789TJQKA (10 is also read as T) and a suit from SHCD, in either case: AS, td, 10h.

Output: one line per hand line, `<category>: <c1> <c2> <c3> <c4> <c5>`, the category one of
`royal flush`, `straight flush`, `four of a kind`, `full house`, `flush`, `straight`,
`three of a kind`, `two pair`, `one pair`, `high card`, and the five cards of the best hand in
order of significance (the biggest group first; the wheel as 5 4 3 2 A). When several sets of
five tie, each slot takes the card that comes earliest on the input line.",
    page: "texas-best-hand.md",
    options: crate::Options,
    run: crate::run,
}
