//! Moves tried best first, by the scores a game gives them.

use arrayvec::ArrayVec;

/// At most `N` moves, each with the score a game gives it, handed out highest score first and,
/// among equal scores, in the order they were added: the move ordering that makes alpha-beta
/// prune. A game builds one in [`Game::moves`](crate::Game::moves) and returns it as its
/// `Moves`.
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
    /// Lowest score first, so the best is popped from the end; among equal scores the later
    /// added stand lower.
    moves: ArrayVec<(i32, M), N>,
}

impl<M, const N: usize> ScoredMoves<M, N> {
    /// No moves yet.
    pub fn new() -> Self {
        ScoredMoves {
            moves: ArrayVec::new(),
        }
    }

    /// Adds `mv` with `score`.
    ///
    /// # Panics
    ///
    /// If `N` moves are there already.
    #[inline]
    pub fn push(&mut self, mv: M, score: i32) {
        // Insertion by hand: a handful of moves, where a call to move memory costs more.
        self.moves.push((score, mv));
        let mut place = self.moves.len() - 1;
        while place > 0 && self.moves[place - 1].0 >= score {
            self.moves.swap(place - 1, place);
            place -= 1;
        }
    }
}

impl<M, const N: usize> Default for ScoredMoves<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M, const N: usize> Iterator for ScoredMoves<M, N> {
    type Item = M;

    #[inline]
    fn next(&mut self) -> Option<M> {
        self.moves.pop().map(|(_, mv)| mv)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.moves.len(), Some(self.moves.len()))
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
}
