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
    let choices: &[[usize; 5]] = match rule {
        HoleCardRule::AnyFive => &FIVE_OF_SEVEN,
        // In lexicographic order the first ten choices are exactly those holding indices 0 and 1.
        HoleCardRule::BothHoleCards => &FIVE_OF_SEVEN[..10],
    };
    let mut values = [HandValue::from_raw(0); 21];
    for (value, choice) in values.iter_mut().zip(choices) {
        *value = Hand::from_cards(&choice.map(|index| seven[index])).evaluate();
    }
    let values = &values[..choices.len()];
    let best_value = *values.iter().max().expect("there is at least one choice");

    let best_order = choices
        .iter()
        .zip(values)
        .filter(|&(_, &value)| value == best_value)
        .map(|(choice, _)| significance_order(seven, *choice, best_value.category()))
        .min()
        .expect("the best value comes from some choice");
    BestFive {
        value: best_value,
        cards: best_order.map(|index| seven[index]),
    }
}

/// All 21 ways to choose five of seven indices, in lexicographic order.
const FIVE_OF_SEVEN: [[usize; 5]; 21] = {
    let mut choices = [[0; 5]; 21];
    let mut next = 0;
    // Keeping five is leaving out two; leaving out (a, b) with `a` and then `b` descending keeps
    // the five in lexicographic order.
    let mut a = 6;
    while a > 0 {
        a -= 1;
        let mut b = 7;
        while b > a + 1 {
            b -= 1;
            let mut kept = 0;
            let mut index = 0;
            while index < 7 {
                if index != a && index != b {
                    choices[next][kept] = index;
                    kept += 1;
                }
                index += 1;
            }
            next += 1;
        }
    }
    choices
};

/// The chosen indices sorted into the order the cards are shown in: larger groups first, then
/// higher ranks (the ace low in a wheel), then earlier input.
fn significance_order(seven: &[Card; 7], choice: [usize; 5], category: HandCategory) -> [usize; 5] {
    let ranks = choice.map(|index| seven[index].rank());
    let is_wheel = matches!(
        category,
        HandCategory::Straight | HandCategory::StraightFlush
    ) && ranks.contains(&Rank::Ace)
        && ranks.contains(&Rank::Two);
    let sort_key = |index: usize| {
        let rank = seven[index].rank();
        let group_size = ranks.iter().filter(|&&other| other == rank).count();
        let height = if is_wheel && rank == Rank::Ace {
            0
        } else {
            rank as usize + 1
        };
        (
            std::cmp::Reverse(group_size),
            std::cmp::Reverse(height),
            index,
        )
    };
    let mut order = choice;
    order.sort_by_key(|&index| sort_key(index));
    order
}

#[cfg(test)]
mod tests {
    use super::FIVE_OF_SEVEN;
    use crate::reference::for_each_five;

    #[test]
    fn five_of_seven_lists_every_choice_in_order() {
        let mut expected = Vec::new();
        for_each_five(7, |choice| expected.push(choice));
        assert_eq!(FIVE_OF_SEVEN.to_vec(), expected);
        assert!(
            FIVE_OF_SEVEN[..10]
                .iter()
                .all(|choice| choice[..2] == [0, 1])
        );
        assert!(
            FIVE_OF_SEVEN[10..]
                .iter()
                .all(|choice| choice[..2] != [0, 1])
        );
    }
}
