//! What the range-counting targets read from their bytes: distinct cards (a board and dead
//! cards), and ranges of combos as the range grammar writes them, made a matchup.

use cards_core::{Card, CardSet};
use equity_core::RangeMatchup;

/// The weights a combo may carry, as the range grammar writes them: one, a half, a quarter.
pub const WEIGHTS: [&str; 3] = ["", ":0.5", ":0.25"];

/// `count` distinct cards from the bytes, each modulo 52 (a card already read is skipped), and
/// their set; `None` when the bytes run out.
pub fn distinct_cards(
    bytes: &mut impl Iterator<Item = u8>,
    count: usize,
) -> Option<(CardSet, Vec<Card>)> {
    let mut known = CardSet::EMPTY;
    let mut cards = Vec::new();
    while cards.len() < count {
        let card = Card::ALL[usize::from(bytes.next()?) % Card::COUNT];
        if known.insert(card) {
            cards.push(card);
        }
    }
    Some((known, cards))
}

/// A range of `size` combos as text (`AsKd:0.5, 7h2c`), each from three bytes: two cards (the
/// same card twice is skipped) and a byte that `weight` turns into the combo's weight suffix. A
/// combo may touch the board or another range: it is then never dealt. `None` when the bytes run
/// out.
pub fn combos_text(
    bytes: &mut impl Iterator<Item = u8>,
    size: usize,
    weight: impl Fn(u8) -> &'static str,
) -> Option<String> {
    let card = |card: Card| {
        format!(
            "{}{}",
            card.rank().to_char(),
            card.suit().to_char().to_ascii_lowercase()
        )
    };
    let mut combos = Vec::new();
    while combos.len() < size {
        let (a, b, weight_byte) = (bytes.next()?, bytes.next()?, bytes.next()?);
        let (a, b) = (
            Card::ALL[usize::from(a) % 52],
            Card::ALL[usize::from(b) % 52],
        );
        if a != b {
            let (high, low) = (a.max(b), a.min(b));
            combos.push(format!(
                "{}{}{}",
                card(high),
                card(low),
                weight(weight_byte)
            ));
        }
    }
    Some(combos.join(", "))
}

/// The matchup of the ranges written `texts`, the first `board_cards` of `fixed` its board and
/// the others its dead cards.
pub fn matchup(texts: &[String], fixed: &[Card], board_cards: usize) -> RangeMatchup {
    RangeMatchup {
        ranges: texts
            .iter()
            .map(|text| text.parse().expect("combos"))
            .collect(),
        board: fixed[..board_cards].to_vec(),
        dead: fixed[board_cards..].to_vec(),
    }
}
