//! texas-best-hand: each line holds two hole cards and five board cards; answer with the best
//! five-card hand, its category, and its cards in order of significance.
//!
//! The rules, the formats and the pitfalls are in `docs/problems/texas-best-hand.md` at the
//! repository's root. Input is parsed with `judge-io`, the hand is
//! chosen by [`cards_core::best_five`], and the answer is formatted here.
//!
//! ```
//! let output = texas_best_hand::run(b"AH 2D 3C 4S 5H 9D KC\n", &Default::default()).unwrap();
//! assert_eq!(output, b"straight: 5H 4S 3C 2D AH\n");
//! ```

#![forbid(unsafe_code)]

#[cfg(feature = "cli")]
pub mod cli;

use cards_core::{BestFive, Card, HoleCardRule, best_five};
use judge_io::cards::DistinctCards;
use judge_io::{Input, InputError};

judge_io::problem_options! {
    /// The hand must use both hole cards and exactly three board cards (the stricter variant).
    both_hole_cards: bool,
}

impl Options {
    /// The rule the options choose.
    pub fn rule(&self) -> HoleCardRule {
        if self.both_hole_cards {
            HoleCardRule::BothHoleCards
        } else {
            HoleCardRule::AnyFive
        }
    }
}

/// The seven cards of one input line: two hole cards, then five board cards.
pub type Deal = [Card; 7];

/// Parses every non-blank line into a deal of seven distinct cards.
pub fn parse(input: &[u8]) -> Result<Vec<Deal>, InputError> {
    let mut reader = Input::new(input);
    let mut deals = Vec::new();
    let mut cards = DistinctCards::new();
    while let Some(mut line) = reader.next_line() {
        if line.is_exhausted() {
            continue;
        }
        cards.clear();
        let mut deal = [Card::ALL[0]; 7];
        for (card, expected) in deal.iter_mut().zip(CARD_NAMES) {
            *card = cards.next_card(&mut line, expected)?;
        }
        line.finish()?;
        deals.push(deal);
    }
    Ok(deals)
}

/// The best five cards of a deal under `rule`.
pub fn solve(deal: &Deal, rule: HoleCardRule) -> BestFive {
    best_five(deal, rule)
}

/// Appends the answer line for `best`: `<category>: <c1> <c2> <c3> <c4> <c5>`.
pub fn write_answer(best: &BestFive, output: &mut Vec<u8>) {
    output.extend_from_slice(best.value.category().name().as_bytes());
    output.push(b':');
    for card in best.cards {
        // Ranks and suits are written in ASCII.
        output.extend_from_slice(&[
            b' ',
            card.rank().to_char() as u8,
            card.suit().to_char() as u8,
        ]);
    }
    output.push(b'\n');
}

/// Parses `input`, solves every deal and returns the whole output; nothing is produced unless
/// the whole input is valid.
pub fn run(input: &[u8], options: &Options) -> Result<Vec<u8>, InputError> {
    let deals = parse(input)?;
    let mut output = Vec::with_capacity(deals.len() * 32);
    for deal in &deals {
        write_answer(&solve(deal, options.rule()), &mut output);
    }
    Ok(output)
}

/// What each of the seven cards of a line is, for error messages.
const CARD_NAMES: [&str; 7] = [
    "the first hole card",
    "the second hole card",
    "the first board card",
    "the second board card",
    "the third board card",
    "the fourth board card",
    "the fifth board card",
];
