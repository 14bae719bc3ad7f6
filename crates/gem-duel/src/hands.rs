//! Partial hands as states of a small automaton: adding a gem is one table lookup, and each
//! state knows the best hand that can still be completed from it.

use std::collections::HashMap;
use std::sync::OnceLock;

use cards_core::GemHand;

/// The number of gem colors.
const COLORS: usize = 7;

/// A multiset of at most five gems, as an index into [`Hands`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Partial(u16);

/// Every multiset of at most five gems (792 of them), how adding a gem moves between them, and
/// for each the best hand still reachable.
pub struct Hands {
    /// `next[state][color]`: the state with one more gem of `color` (five-gem states have none).
    next: Vec<[u16; COLORS]>,
    /// The best five-gem hand that contains the state's gems.
    bound: Vec<GemHand>,
    /// The hand of a five-gem state.
    hand: Vec<Option<GemHand>>,
}

impl Partial {
    /// No gems yet.
    pub const EMPTY: Partial = Partial(0);
}

impl Hands {
    /// The tables, built once per process (a few thousand steps).
    pub fn get() -> &'static Hands {
        static HANDS: OnceLock<Hands> = OnceLock::new();
        HANDS.get_or_init(Hands::build)
    }

    fn build() -> Hands {
        // Number the multisets breadth first from the empty one.
        let mut index: HashMap<[u8; COLORS], u16> = HashMap::new();
        let mut states: Vec<[u8; COLORS]> = vec![[0; COLORS]];
        index.insert([0; COLORS], 0);
        let mut next = Vec::new();
        let mut cursor = 0;
        while cursor < states.len() {
            let counts = states[cursor];
            let held: u8 = counts.iter().sum();
            let mut moves = [u16::MAX; COLORS];
            if held < 5 {
                for (color, slot) in moves.iter_mut().enumerate() {
                    let mut more = counts;
                    more[color] += 1;
                    let id = *index.entry(more).or_insert_with(|| {
                        states.push(more);
                        u16::try_from(states.len() - 1).expect("792 states")
                    });
                    *slot = id;
                }
            }
            next.push(moves);
            cursor += 1;
        }
        let hand: Vec<Option<GemHand>> = states
            .iter()
            .map(|&counts| GemHand::from_counts(counts))
            .collect();
        // Larger multisets come later, so a pass from the end sees every extension first.
        let mut bound: Vec<Option<GemHand>> = hand.clone();
        for state in (0..states.len()).rev() {
            if bound[state].is_none() {
                bound[state] = next[state]
                    .iter()
                    .map(|&more| bound[usize::from(more)])
                    .max()
                    .flatten();
            }
        }
        Hands {
            next,
            bound: bound
                .into_iter()
                .map(|best| best.expect("every multiset completes"))
                .collect(),
            hand,
        }
    }

    /// `partial` with one more gem of `color`; `partial` must hold fewer than five.
    #[inline]
    pub fn add(&self, partial: Partial, color: u8) -> Partial {
        Partial(self.next[usize::from(partial.0)][usize::from(color)])
    }

    /// The best hand that can be completed from `partial`.
    #[inline]
    pub fn bound(&self, partial: Partial) -> GemHand {
        self.bound[usize::from(partial.0)]
    }

    /// The hand of `partial` if it holds five gems.
    #[inline]
    pub fn hand(&self, partial: Partial) -> Option<GemHand> {
        self.hand[usize::from(partial.0)]
    }
}

#[cfg(test)]
mod tests {
    use cards_core::GemHand;

    use super::{Hands, Partial};

    #[test]
    fn bounds_are_the_best_completions() {
        // Walks every sequence of up to five gems and compares with cards-core's brute force.
        fn walk(hands: &Hands, partial: Partial, counts: [u8; 7], held: u8) {
            assert_eq!(Some(hands.bound(partial)), GemHand::best_completion(counts));
            assert_eq!(hands.hand(partial), GemHand::from_counts(counts));
            if held < 5 {
                for color in 0..7u8 {
                    let mut more = counts;
                    more[usize::from(color)] += 1;
                    walk(hands, hands.add(partial, color), more, held + 1);
                }
            }
        }
        let hands = Hands::get();
        assert_eq!(hands.next.len(), 792);
        walk(hands, Partial::EMPTY, [0; 7], 0);
    }
}
