//! Renamings of the suits, the one place they are worked out: a renaming (a permutation of the
//! four suits, as the new suit of each) applied to a card, a combo, a card's index or a set of
//! cards as the bits of a `u64` (bit `4 × rank + suit`, a card's index). A renaming that keeps a
//! matchup's board, dead cards and ranges (`canonical::symmetries`) leaves every count the same,
//! so deals, hands and boards that are renamings of each other are counted once.

use cards_core::holdem::Combo;
use cards_core::{Card, Suit};

/// Suit `s` becomes suit `renaming[s]`.
pub(crate) type Renaming = [usize; 4];

/// The 24 renamings, in lexicographic order: the identity first.
pub(crate) const RENAMINGS: [Renaming; 24] = {
    let mut all = [[0; 4]; 24];
    let mut found = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c {
                    all[found] = [a, b, c, 6 - a - b - c];
                    found += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    all
};

/// The bits of one suit's cards, one per rank (bit `4 × rank`).
pub(crate) const ONE_SUIT: u64 = 0x0001_1111_1111_1111;

/// `card` with its suit renamed.
pub(crate) fn rename_card(card: Card, renaming: Renaming) -> Card {
    Card::new(card.rank(), Suit::ALL[renaming[card.suit() as usize]])
}

/// A combo renamed, higher card first as ranges keep it.
pub(crate) fn rename_combo([a, b]: Combo, renaming: Renaming) -> Combo {
    let (a, b) = (rename_card(a, renaming), rename_card(b, renaming));
    [a.max(b), a.min(b)]
}

/// The index of the card of index `index` (`4 × rank + suit`) with its suit renamed.
pub(crate) fn rename_index(index: usize, renaming: &Renaming) -> usize {
    index & !3 | renaming[index & 3]
}

/// The cards `cards` (as bits) with their suits renamed.
pub(crate) fn rename_bits(cards: u64, renaming: &Renaming) -> u64 {
    (0..4).fold(0, |renamed, suit| {
        renamed | ((cards >> suit) & ONE_SUIT) << renaming[suit]
    })
}

/// The cards of `indices` as bits.
pub(crate) fn cards_of(indices: impl IntoIterator<Item = usize>) -> u64 {
    indices
        .into_iter()
        .fold(0, |cards, index| cards | 1 << index)
}

/// If `cards` is the least of its renamings by `renamings` (which form a group), how many
/// different sets of cards those renamings make of it; otherwise `None` (another renaming of it
/// stands for it).
pub(crate) fn orbit(cards: u64, renamings: &[Renaming]) -> Option<u64> {
    let mut kept = 0;
    for renaming in renamings {
        let renamed = rename_bits(cards, renaming);
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

    use super::{RENAMINGS, cards_of, orbit, rename_bits, rename_card, rename_index};
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
        assert_eq!(rename_bits(cards_of([0, 51]), &renaming), cards_of([3, 50]));
        // Keeping AS AH (51, 50) and a random field: swap spades and hearts, swap diamonds and
        // clubs, or both.
        assert_eq!(keeping(&[51, 50], "random").len(), 4);
        assert_eq!(keeping(&[], "AsKs").len(), 6);
    }

    #[test]
    fn the_renamings_are_every_permutation_once_and_agree_on_every_form() {
        assert_eq!(RENAMINGS[0], [0, 1, 2, 3]);
        let distinct: HashSet<_> = RENAMINGS.iter().collect();
        assert_eq!(distinct.len(), 24);
        for renaming in RENAMINGS {
            let mut suits = renaming;
            suits.sort_unstable();
            assert_eq!(suits, [0, 1, 2, 3]);
            for card in Card::ALL {
                let renamed = rename_card(card, renaming);
                assert_eq!(renamed.rank(), card.rank());
                assert_eq!(renamed.index(), rename_index(card.index(), &renaming));
                let bits = cards_of([card.index()]);
                assert_eq!(rename_bits(bits, &renaming), cards_of([renamed.index()]));
            }
        }
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
