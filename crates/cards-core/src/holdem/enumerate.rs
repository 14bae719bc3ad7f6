//! Enumerating hands: every way to add a given number of cards from a set to a hand.

use crate::{Card, CardSet, Hand};

/// Calls `visit` with `base` plus each `count`-card subset of `available`, in lexicographic order
/// of the cards (as in [`Card::ALL`]). `available` must not share cards with `base`, and
/// `base` plus `count` cards should make a hand of at most seven cards to be evaluated.
///
/// Each hand costs one addition: the last two cards are added as one precomputed pair, which
/// also makes the innermost loop long (a whole suffix of the pair list) instead of a handful of
/// iterations, so its exit branch is rarely mispredicted.
///
/// ```
/// use cards_core::{holdem::for_each_hand, Card, CardSet, Hand};
///
/// let hole = Hand::from_cards(&["AS".parse().unwrap(), "KS".parse().unwrap()]);
/// let mut flushes = 0;
/// let remaining = !hole.cards();
/// for_each_hand(hole, remaining, 3, |hand| {
///     if hand.cards().ranks_of_suit(cards_core::Suit::Spades).count_ones() == 5 {
///         flushes += 1;
///     }
/// });
/// assert_eq!(flushes, 165); // C(11, 3) three more spades
/// ```
pub fn for_each_hand(base: Hand, available: CardSet, count: usize, mut visit: impl FnMut(Hand)) {
    for_each_hand_chunk(base, available, count, move |prefix, tails| {
        for &tail in tails {
            visit(prefix.combine(tail));
        }
    });
}

/// [`for_each_hand`] in chunks: calls `visit` with a prefix hand and a run of tails, meaning
/// the hands `prefix.combine(tail)` for each tail, in the same order as `for_each_hand`.
///
/// The tails are the last two cards of each subset (the last one when `count` is 1, none when
/// it is 0), so work that depends only on the other cards, such as adding each player's hole
/// cards, can be done once per chunk instead of once per hand.
///
/// ```
/// use cards_core::{holdem::for_each_hand_chunk, CardSet, Hand};
///
/// let mut boards = 0;
/// for_each_hand_chunk(Hand::EMPTY, CardSet::FULL, 5, |_, tails| boards += tails.len());
/// assert_eq!(boards, 2_598_960);
/// ```
pub fn for_each_hand_chunk(
    base: Hand,
    available: CardSet,
    count: usize,
    mut visit: impl FnMut(Hand, &[Hand]),
) {
    let cards: Vec<Card> = Card::ALL
        .into_iter()
        .filter(|&card| available.contains(card))
        .collect();
    if count > cards.len() {
        return;
    }
    let singles: Vec<Hand> = cards.iter().map(|&card| Hand::EMPTY + card).collect();
    match count {
        0 => visit(base, &[Hand::EMPTY]),
        1 => visit(base, &singles),
        _ => {
            let pairs = Pairs::new(&cards);
            add_cards(base, 0, count, &singles, &pairs, &mut visit);
        }
    }
}

/// Every pair of positions `i < j` as one hand, in lexicographic order, and where the pairs
/// starting at each position begin.
struct Pairs {
    hands: Vec<Hand>,
    /// `start[i]`: the index of the first pair whose first position is `i` or more.
    start: Vec<usize>,
}

impl Pairs {
    fn new(cards: &[Card]) -> Pairs {
        let mut hands = Vec::with_capacity(cards.len() * cards.len() / 2);
        let mut start = Vec::with_capacity(cards.len() + 1);
        for (i, &first) in cards.iter().enumerate() {
            start.push(hands.len());
            for &second in &cards[i + 1..] {
                hands.push(Hand::EMPTY + first + second);
            }
        }
        start.push(hands.len());
        Pairs { hands, start }
    }
}

/// Adds `count` (at least two) cards from positions `first..` of `singles` to `hand`, the last
/// two as a run of pairs.
fn add_cards(
    hand: Hand,
    first: usize,
    count: usize,
    singles: &[Hand],
    pairs: &Pairs,
    visit: &mut impl FnMut(Hand, &[Hand]),
) {
    if count == 2 {
        visit(hand, &pairs.hands[pairs.start[first]..]);
        return;
    }
    for position in first..=singles.len() - count {
        add_cards(
            hand.combine(singles[position]),
            position + 1,
            count - 1,
            singles,
            pairs,
            visit,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{for_each_hand, for_each_hand_chunk};
    use crate::{Card, CardSet, Hand};

    /// Every `count`-subset of `cards` in lexicographic order, the plain way.
    fn subsets(cards: &[Card], count: usize) -> Vec<Vec<Card>> {
        if count == 0 {
            return vec![vec![]];
        }
        let mut all = Vec::new();
        for (i, &card) in cards.iter().enumerate() {
            for mut rest in subsets(&cards[i + 1..], count - 1) {
                rest.insert(0, card);
                all.push(rest);
            }
        }
        all
    }

    #[test]
    fn visits_every_subset_once_in_order() {
        let base = Hand::from_cards(&[Card::ALL[0], Card::ALL[51]]);
        let available: CardSet = Card::ALL[5..16].iter().copied().collect();
        let cards: Vec<Card> = Card::ALL[5..16].to_vec();
        for count in 0..=5 {
            let mut visited = Vec::new();
            for_each_hand(base, available, count, |hand| visited.push(hand));
            let expected: Vec<Hand> = subsets(&cards, count)
                .into_iter()
                .map(|subset| subset.into_iter().fold(base, Hand::add))
                .collect();
            assert_eq!(visited, expected, "count {count}");
        }
    }

    #[test]
    fn chunks_cover_the_same_hands() {
        let base = Hand::from_cards(&[Card::ALL[7]]);
        // Twelve cards, and four: every card taken, and more asked for than there are.
        for available in [&Card::ALL[10..22], &Card::ALL[30..34]] {
            let available: CardSet = available.iter().copied().collect();
            for count in 0..=5 {
                let mut plain = Vec::new();
                for_each_hand(base, available, count, |hand| plain.push(hand));
                let mut chunked = Vec::new();
                for_each_hand_chunk(base, available, count, |prefix, tails| {
                    chunked.extend(tails.iter().map(|&tail| prefix.combine(tail)));
                });
                assert_eq!(chunked, plain, "count {count} of {available}");
                if count == available.len() as usize {
                    assert_eq!(plain.len(), 1);
                }
            }
        }
    }

    #[test]
    fn asking_for_too_many_cards_visits_nothing() {
        let mut visits = 0;
        for_each_hand(Hand::EMPTY, CardSet::of(Card::ALL[3]), 2, |_| visits += 1);
        assert_eq!(visits, 0);
    }
}
