//! Renamings of the suits, on sets of cards as bits of a `u64` (bit `4 × rank + suit`, a card's
//! index). A renaming that keeps the board, the dead cards and the field's range
//! (`canonical::symmetries`) leaves every count the same, so hands and boards that are renamings
//! of each other are counted once.

/// Suit `s` becomes suit `renaming[s]`.
pub(super) type Renaming = [usize; 4];

/// The bits of one suit's cards, one per rank (bit `4 × rank`).
pub(super) const ONE_SUIT: u64 = 0x0001_1111_1111_1111;

/// `cards` with their suits renamed.
pub(super) fn rename(cards: u64, renaming: &Renaming) -> u64 {
    (0..4).fold(0, |renamed, suit| {
        renamed | ((cards >> suit) & ONE_SUIT) << renaming[suit]
    })
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

    use cards_core::Card;

    use super::{cards_of, orbit, rename};
    use crate::ranges::canonical::symmetries;

    /// The renamings that keep the cards of `indices` as a set and every combo of `range`.
    fn keeping(indices: &[usize], range: &str) -> Vec<[usize; 4]> {
        let cards: Vec<Card> = indices.iter().map(|&index| Card::ALL[index]).collect();
        symmetries(&[range.parse().unwrap()], &cards, &[])
    }

    #[test]
    fn renamings_move_suits_and_keep_ranks() {
        // 2C (index 0) and AS (51): clubs to spades, spades to hearts.
        let renaming = [3, 1, 0, 2];
        assert_eq!(rename(cards_of([0, 51]), &renaming), cards_of([3, 50]));
        // Keeping AS AH (51, 50) and a random field: swap spades and hearts, swap diamonds and
        // clubs, or both.
        assert_eq!(keeping(&[51, 50], "random").len(), 4);
        assert_eq!(keeping(&[], "AsKs").len(), 6);
    }

    #[test]
    fn each_orbit_is_counted_once_at_its_size() {
        // Every set of two cards, under the renamings keeping AS: orbit sizes add up to all.
        let renamings = keeping(&[51], "random");
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
