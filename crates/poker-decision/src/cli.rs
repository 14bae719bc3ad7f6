//! The command line, shared by the binary and the golden tests: clap stays here, at the edge,
//! and the options themselves are [`Options`](crate::Options), declared once.

judge_io::problem_cli! {
    about: "Who wins the two-player community-card picking game when both play perfectly.",
    // The input grammar and the output, for `--help`.
    long_about: "\
Input: T, then T cases of ten distinct cards: Alice's two, Bob's two, then the six community
cards. Alice and Bob take community cards in turn, Alice first, three each; a hand is exactly a
player's two cards and three picks. Whitespace of any kind separates tokens.

Output: one line per case, `Alice`, `Bob` or `Draw`: who has the higher five-card poker hand
when both pick perfectly.",
    page: "poker-decision.md",
    options: crate::Options,
    run: crate::run,
}
