//! Renamings of the suits, on sets of cards as bits of a `u64` (bit `4 × rank + suit`, a card's
//! index). A renaming that keeps the board, the dead cards and the field's range leaves every
//! count the same, so hands and boards that are renamings of each other are counted once.

use std::collections::HashMap;

use cards_core::Card;
use cards_core::holdem::Range;

/// Suit `s` becomes suit `renaming[s]`.
pub(super) type Renaming = [usize; 4];

/// The bits of one suit's cards, one per rank (bit `4 × rank`).
const ONE_SUIT: u64 = 0x0001_1111_1111_1111;

/// `cards` with their suits renamed.
pub(super) fn rename(cards: u64, renaming: &Renaming) -> u64 {
    (0..4).fold(0, |renamed, suit| {
        renamed | ((cards >> suit) & ONE_SUIT) << renaming[suit]
    })
}

/// The 24 renamings of the suits.
fn all() -> impl Iterator<Item = Renaming> {
    (0..4 * 4 * 4 * 4)
        .map(|code| [code & 3, code >> 2 & 3, code >> 4 & 3, code >> 6 & 3])
        .filter(|renaming| {
            let used: usize = renaming.iter().map(|&suit| 1 << suit).sum();
            used == 0b1111
        })
}

/// The renamings that keep each set of `fixed` (the board, the dead cards) and `range` (every
/// combo to a combo of the same weight).
pub(super) fn keeping(fixed: &[u64], range: &Range) -> Vec<Renaming> {
    let weights: HashMap<u64, u64> = range
        .combos()
        .iter()
        .map(|&(combo, weight)| (cards_of(combo.map(Card::index)), weight.to_bits()))
        .collect();
    all()
        .filter(|renaming| fixed.iter().all(|&cards| rename(cards, renaming) == cards))
        .filter(|renaming| {
            weights
                .iter()
                .all(|(&combo, weight)| weights.get(&rename(combo, renaming)) == Some(weight))
        })
        .collect()
}

/// The cards of `indices` as bits.
pub(super) fn cards_of(indices: impl IntoIterator<Item = usize>) -> u64 {
    indices
        .into_iter()
        .fold(0, |cards, index| cards | 1 << index)
}

/// If `cards` is the least of its renamings by `renamings` (which form a group), how many
/// different sets of cards those renamings make of it; otherwise `None` (another renaming of it
/// stands for it).
pub(super) fn orbit(cards: u64, renamings: &[Renaming]) -> Option<u64> {
    let mut kept = 0;
    for renaming in renamings {
        let renamed = rename(cards, renaming);
        if renamed < cards {
            return None;
        }
        kept += u64::from(renamed == cards);
    }
    Some(renamings.len() as u64 / kept)
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::{all, cards_of, keeping, orbit, rename};

    #[test]
    fn renamings_move_suits_and_keep_ranks() {
        assert_eq!(all().count(), 24);
        // 2C (index 0) and AS (51): clubs to spades, spades to hearts.
        let renaming = [3, 1, 0, 2];
        assert_eq!(rename(cards_of([0, 51]), &renaming), cards_of([3, 50]));
        // Keeping AS AH (51, 50) and a random field: swap spades and hearts, swap diamonds and
        // clubs, or both.
        let random = "random".parse().unwrap();
        assert_eq!(keeping(&[cards_of([51, 50])], &random).len(), 4);
        assert_eq!(keeping(&[0], &"AsKs".parse().unwrap()).len(), 6);
    }

    #[test]
    fn each_orbit_is_counted_once_at_its_size() {
        // Every set of two cards, under the renamings keeping AS: orbit sizes add up to all.
        let renamings = keeping(&[cards_of([51])], &"random".parse().unwrap());
        let mut sets = HashSet::new();
        let mut counted = 0;
        for x in 0..51 {
            for y in x + 1..51 {
                sets.insert(cards_of([x, y]));
                counted += orbit(cards_of([x, y]), &renamings).unwrap_or(0);
            }
        }
        assert_eq!(counted, sets.len() as u64);
    }
}
