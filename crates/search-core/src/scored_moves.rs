//! Moves tried best first, by the scores a game gives them.

use arrayvec::ArrayVec;

/// At most `N` moves (up to 64, of a `Copy` type), each with the score a game gives it, handed
/// out highest score first and, among equal scores, in the order they were added: the move
/// ordering that makes alpha-beta prune. A game builds one in
/// [`Game::moves`](crate::Game::moves) and returns it as its `Moves`.
///
/// ```
/// use search_core::ScoredMoves;
///
/// let mut moves = ScoredMoves::<char, 4>::new();
/// for (mv, score) in [('a', 1), ('b', 3), ('c', 1), ('d', 2)] {
///     moves.push(mv, score);
/// }
/// assert_eq!(moves.collect::<String>(), "bdac");
/// ```
#[derive(Clone, Debug)]
pub struct ScoredMoves<M, const N: usize> {
    /// In the order added: each is picked out when its turn comes, never moved. A search that
    /// cuts off after the first move or two pays for those, not for a sort of them all.
    moves: ArrayVec<(i32, M), N>,
    /// The moves not yet handed out, a bit each.
    left: u64,
}

impl<M, const N: usize> ScoredMoves<M, N> {
    /// No moves yet.
    pub fn new() -> Self {
        const { assert!(N <= 64, "at most 64 moves") };
        ScoredMoves {
            moves: ArrayVec::new(),
            left: 0,
        }
    }

    /// Adds `mv` with `score`.
    ///
    /// # Panics
    ///
    /// If `N` moves are there already.
    #[inline]
    pub fn push(&mut self, mv: M, score: i32) {
        self.left |= 1 << self.moves.len();
        self.moves.push((score, mv));
    }
}

impl<M, const N: usize> Default for ScoredMoves<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy, const N: usize> Iterator for ScoredMoves<M, N> {
    type Item = M;

    #[inline]
    fn next(&mut self) -> Option<M> {
        if self.left == 0 {
            return None;
        }
        // The best left as the largest of score and place, the earlier added higher among
        // equal scores: one comparison without a branch each.
        let mut left = self.left;
        let mut best = i64::MIN;
        while left != 0 {
            let index = left.trailing_zeros();
            left &= left - 1;
            let score = i64::from(self.moves[index as usize].0);
            best = best.max(score << 6 | i64::from(63 - index));
        }
        let index = 63 - usize::try_from(best & 63).expect("six bits");
        self.left &= !(1 << index);
        Some(self.moves[index].1)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.left.count_ones() as usize;
        (left, Some(left))
    }
}

#[cfg(test)]
mod tests {
    use super::ScoredMoves;

    #[test]
    fn moves_come_out_by_score_then_in_the_order_added() {
        let mut moves = ScoredMoves::<u8, 7>::new();
        let scores = [2, -1, 2, 5, 0, 5, 2];
        for (mv, &score) in (0..).zip(&scores) {
            moves.push(mv, score);
        }
        assert_eq!(moves.size_hint(), (7, Some(7)));
        assert_eq!(moves.collect::<Vec<_>>(), [3, 5, 0, 2, 6, 4, 1]);
        assert_eq!(ScoredMoves::<u8, 2>::default().next(), None);
    }

    #[test]
    fn moves_come_out_as_a_stable_sort_by_score_would_give_them() {
        let mut rng = seeded_rng::SeededRng::new(11);
        for _ in 0..1_000 {
            let count = usize::try_from(rng.next_u64() % 65).unwrap();
            let scores: Vec<i32> = (0..count)
                .map(|_| i32::try_from(rng.next_u64() % 9).unwrap() - 4)
                .collect();
            let mut moves = ScoredMoves::<usize, 64>::new();
            for (mv, &score) in scores.iter().enumerate() {
                moves.push(mv, score);
            }
            let mut sorted: Vec<usize> = (0..count).collect();
            sorted.sort_by_key(|&mv| std::cmp::Reverse(scores[mv]));
            assert_eq!(moves.size_hint(), (count, Some(count)));
            assert_eq!(moves.collect::<Vec<_>>(), sorted, "{scores:?}");
        }
    }
}
