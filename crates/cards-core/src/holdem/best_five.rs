//! The best five of seven cards: which cards make the value, and in what order to show them.

use crate::{Card, Hand, HandCategory, HandValue, Rank};

/// Which five-card hands a player may make from two hole cards and five board cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HoleCardRule {
    /// Any five of the seven cards (standard hold'em).
    #[default]
    AnyFive,
    /// Both hole cards and exactly three board cards.
    BothHoleCards,
}

/// The best five-card hand and its cards in order of significance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BestFive {
    /// The hand's value.
    pub value: HandValue,
    /// The five cards: the largest group first (higher rank first among equal groups, input
    /// order within a group); flushes and high cards from the highest rank down; straights
    /// from the top card down, the wheel as `5 4 3 2 A`.
    pub cards: [Card; 5],
}

/// The best five of `seven` cards (two hole cards, then five board cards; all distinct) under
/// `rule`.
///
/// When several choices of five share the best value, each slot of [`BestFive::cards`], in
/// order, holds the card that comes earliest in `seven` among the choices still tied.
///
/// ```
/// use cards_core::{best_five, Card, HoleCardRule};
///
/// let seven: Vec<Card> = "7H 7C KD KS QH QD 2S".split(' ').map(|c| c.parse().unwrap()).collect();
/// let best = best_five(seven.as_slice().try_into().unwrap(), HoleCardRule::AnyFive);
/// let shown: Vec<String> = best.cards.iter().map(Card::to_string).collect();
/// assert_eq!(shown.join(" "), "KD KS QH QD 7H");
/// ```
pub fn best_five(seven: &[Card; 7], rule: HoleCardRule) -> BestFive {
    // Every choice of five is the whole hand less two cards: two subtractions and one lookup.
    let whole = Hand::from_cards(seven);
    let without = |[a, b]: [usize; 2]| whole.remove(seven[a]).remove(seven[b]);
    let mut tied = [[0usize; 2]; 21];
    let mut tied_count = 0;
    let best_value = match rule {
        HoleCardRule::AnyFive => {
            // The best five make the value of all seven. Leaving out cards `a` and `b` keeps it
            // only if leaving out either alone keeps it too, so seven six-card lookups rule out
            // most of the 21 choices before any is evaluated.
            let value = whole.evaluate();
            let mut spare = [false; 7];
            for (index, spare) in spare.iter_mut().enumerate() {
                *spare = whole.remove(seven[index]).evaluate() == value;
            }
            for &pair in &LEFT_OUT {
                if spare[pair[0]] && spare[pair[1]] && without(pair).evaluate() == value {
                    tied[tied_count] = pair;
                    tied_count += 1;
                }
            }
            value
        }
        // The first ten choices leave out two board cards: they keep both hole cards.
        HoleCardRule::BothHoleCards => {
            let mut best = HandValue::LOWEST;
            for &pair in &LEFT_OUT[..10] {
                let value = without(pair).evaluate();
                if value > best {
                    best = value;
                    tied_count = 0;
                }
                if value == best {
                    tied[tied_count] = pair;
                    tied_count += 1;
                }
            }
            best
        }
    };
    let best_order = tied[..tied_count]
        .iter()
        .map(|&left_out| significance_order(*seven, left_out, best_value.category()))
        .min()
        .expect("some choice of five makes the best value");
    BestFive {
        value: best_value,
        cards: best_order.map(|index| seven[index]),
    }
}

/// The 21 pairs of indices to leave out of seven, ordered so that the five kept indices come
/// in lexicographic order; the first ten leave out two of the indices 2 to 6.
const LEFT_OUT: [[usize; 2]; 21] = {
    let mut pairs = [[0; 2]; 21];
    let mut next = 0;
    let mut a = 6;
    while a > 0 {
        a -= 1;
        let mut b = 7;
        while b > a + 1 {
            b -= 1;
            pairs[next] = [a, b];
            next += 1;
        }
    }
    pairs
};

/// Five cards in the order they are shown in: the largest group first (higher rank first among
/// groups of one size, cards of one group in the given order); flushes and high cards from the
/// highest rank down; straights from the top card down, the wheel as `5 4 3 2 A`.
///
/// ```
/// use cards_core::{in_display_order, Card};
///
/// let five = ["4H", "JC", "JS", "JH", "JD"].map(|card| card.parse::<Card>().unwrap());
/// let shown = in_display_order(five).map(|card| card.to_string());
/// assert_eq!(shown.join(" "), "JC JS JH JD 4H");
/// ```
pub fn in_display_order(five: [Card; 5]) -> [Card; 5] {
    let category = Hand::from_cards(&five).evaluate().category();
    display_permutation(five, category).map(|position| five[position])
}

/// The kept indices of `seven`, leaving out `left_out`, in display order.
fn significance_order(
    seven: [Card; 7],
    left_out: [usize; 2],
    category: HandCategory,
) -> [usize; 5] {
    let mut kept = [0usize; 5];
    for (slot, index) in (0..7).filter(|index| !left_out.contains(index)).enumerate() {
        kept[slot] = index;
    }
    display_permutation(kept.map(|index| seven[index]), category).map(|position| kept[position])
}

/// The positions `0..5` of `five` (whose category is `category`) in display order: larger groups
/// first, then higher ranks (the ace low in a wheel), then earlier positions.
fn display_permutation(five: [Card; 5], category: HandCategory) -> [usize; 5] {
    let mut group_sizes = [0u32; 13];
    for card in five {
        group_sizes[card.rank() as usize] += 1;
    }
    let is_straight = matches!(
        category,
        HandCategory::Straight | HandCategory::StraightFlush
    );
    // In a straight with a two, an ace can only be the wheel's low card.
    let ace_low = is_straight && group_sizes[Rank::Two as usize] > 0;
    // Sort keys, largest first: group size, then height, then the reversed position.
    let mut keys = [0u32; 5];
    for ((key, card), position) in keys.iter_mut().zip(five).zip(0u32..) {
        let rank = card.rank();
        let height = if ace_low && rank == Rank::Ace {
            0
        } else {
            rank as u32 + 1
        };
        *key = group_sizes[rank as usize] << 16 | height << 8 | (7 - position);
    }
    keys.sort_unstable_by(|a, b| b.cmp(a));
    keys.map(|key| 7 - (key & 0xFF) as usize)
}

#[cfg(test)]
mod tests {
    use super::LEFT_OUT;
    use crate::reference::for_each_five;

    #[test]
    fn leaving_out_pairs_keeps_every_five_in_order() {
        let mut expected = Vec::new();
        for_each_five(7, |choice| expected.push(choice.to_vec()));
        let kept: Vec<Vec<usize>> = LEFT_OUT
            .iter()
            .map(|pair| (0..7).filter(|index| !pair.contains(index)).collect())
            .collect();
        assert_eq!(kept, expected);
        assert!(kept[..10].iter().all(|choice| choice[..2] == [0, 1]));
        assert!(kept[10..].iter().all(|choice| choice[..2] != [0, 1]));
    }
}
