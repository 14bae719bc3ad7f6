//! Two-card combos: the type, how many a deck has, their order, and how a range writes one.

use crate::Card;

/// Two distinct hole cards, the higher [`Card`] first.
pub type Combo = [Card; 2];

/// How many two-card combos a deck has: 52 choose 2.
pub const COMBOS: usize = 1326;

/// Every combo of the deck, higher card first, in the order ranges keep theirs: by the higher
/// card, then the lower (the order of [`combo_index`]).
pub fn all_combos() -> impl Iterator<Item = Combo> {
    Card::ALL
        .iter()
        .enumerate()
        .flat_map(|(high, &high_card)| Card::ALL[..high].iter().map(move |&low| [high_card, low]))
}

/// A combo as players write it in a range, and as the range grammar reads it: `AsKs` (ranks
/// uppercase, suits lowercase).
pub fn combo_text(combo: Combo) -> String {
    combo
        .iter()
        .flat_map(|card| {
            [
                card.rank().to_char(),
                card.suit().to_char().to_ascii_lowercase(),
            ]
        })
        .collect()
}

/// Where the combo of two different cards (in either order) sits among the [`COMBOS`]: by the
/// higher card, then the lower, as a range lists them.
pub fn combo_index([a, b]: Combo) -> usize {
    let (high, low) = (a.index().max(b.index()), a.index().min(b.index()));
    high * (high - 1) / 2 + low
}
