//! Negamax with alpha-beta pruning over a memo of bounds, the value by bisection of null
//! windows, and the principal variation.

use crate::{Bound, Entry, Game, Memo, Position, Step, optimal_line};

/// A position's exact value and one optimal line of play from it to the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The value for the player to move.
    pub value: i32,
    /// The moves of one optimal line, in order, until the game is over.
    pub line: Vec<M>,
}

/// Solves positions of a game exactly with alpha-beta search, remembering bounds in `M`.
///
/// The memo outlives one search: solving a second position of the same game reuses what the
/// first learned. Call [`Solver::reset`] before solving a different game.
#[derive(Clone, Debug)]
pub struct Solver<M> {
    memo: M,
    nodes: u64,
    /// How many of a position's first moves are looked up before any is searched.
    lookahead: usize,
    /// Only at positions whose bounds from the game span more than this many points.
    lookahead_span: i32,
    /// Values whose bounds span at most this many points are found by one search, not bisection.
    one_window_span: i32,
    /// The node count when the current search began (see [`Memo::serves`]).
    search_start: u64,
}

/// The most moves a position looks ahead at (see [`Solver::look_ahead`]).
const MOST_LOOKAHEAD: usize = 8;

/// Beyond any value a game produces.
const INFINITY: i32 = i32::MAX / 2;

impl<M: Memo> Solver<M> {
    /// A solver remembering in `memo`.
    pub fn new(memo: M) -> Self {
        Solver {
            memo,
            nodes: 0,
            lookahead: 0,
            lookahead_span: 0,
            one_window_span: 2,
            search_start: 0,
        }
    }

    /// Looks at the next positions of each position's first `moves` moves (at most 8) in the
    /// memo before searching any (enhanced transposition cut-offs): one already known to refute
    /// the window ends the search there, and one known not to beat it is not searched.
    ///
    /// It pays in games rich in transpositions with deep searches and a large table (Connect
    /// Four: 40% fewer positions searched, with 4 moves, where 2 and 8 did worse), and costs in
    /// small games whose searches are cheap (poker-decision: a third slower), so it is off unless
    /// asked for.
    pub fn look_ahead(mut self, moves: usize) -> Self {
        self.lookahead = moves.min(MOST_LOOKAHEAD);
        self
    }

    /// Looks ahead (see [`Solver::look_ahead`]) only at positions whose value bounds from the
    /// game ([`Game::value_bounds`]) span more than `points`, and at every position of a game
    /// without bounds.
    ///
    /// In a game whose bounds narrow as it nears its end, a narrow span means a small search
    /// below the position, where a lookup costs more than the positions it saves (Connect
    /// Four: look-ahead at positions with more than 12 empty cells, a span of 10, cut the
    /// instructions of its shortest searches by a fifth).
    pub fn look_ahead_where_bounds_span_more_than(mut self, points: i32) -> Self {
        self.lookahead_span = points;
        self
    }

    /// Finds a value whose bounds from the game ([`Game::value_bounds`]) span at most `points`
    /// by one search with the bounds as its window, instead of by bisection (see
    /// [`Solver::value`]); the default is 2, where one search is all bisection would do.
    ///
    /// One wide search settles a narrow span in fewer positions than the several null windows
    /// of a bisection, and a wide span in far more (Connect Four: bounds spanning at most 18
    /// points, 20 cells or fewer left, searched 1 to 27% fewer positions by cells left;
    /// spanning 24, a loss took 176,161 positions against bisection's 838).
    pub fn one_window_where_bounds_span_at_most(mut self, points: i32) -> Self {
        self.one_window_span = points;
        self
    }

    /// Forgets everything learned, for a new game, and sets the node count to zero.
    pub fn reset(&mut self) {
        self.memo.clear();
        self.nodes = 0;
    }

    /// How many positions the searches have looked at since the solver was made or reset: a
    /// position counts each time the search reaches it, terminal or not, remembered or not
    /// (one call of the search function, in the usual formulation).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact value of `position` for the player to move.
    ///
    /// Where the game bounds the position's value, the value is found by bisection: each probe
    /// is a null-window search asking whether the value lies above a point, probes nearer zero
    /// first (a win, a draw or a loss is settled before by how much), and each answer narrows
    /// the bounds. The bisection starts from the bounds widened by one on each side, so that a
    /// probe halfway to a bound rounds away from zero: on Connect Four that searched a third
    /// fewer positions on short searches and 2% more on the longest (results never leave the
    /// true bounds, so neither does the value). Where the bounds span two points or fewer (or
    /// as many as [`Solver::one_window_where_bounds_span_at_most`] says), one search with the
    /// bounds as its window settles it; without bounds, the window is open.
    pub fn value<G: Game>(&mut self, game: &G, position: G::Position) -> i32 {
        self.search_start = self.nodes;
        if let Some(value) = game.terminal_value(position) {
            self.nodes += 1;
            return value;
        }
        let Some((low, high)) = game.value_bounds(position) else {
            return self.value_within(game, position, -INFINITY, INFINITY);
        };
        if high - low <= self.one_window_span {
            return self.value_within(game, position, low, high);
        }
        let (mut low, mut high) = (low - 1, high + 1);
        while low < high {
            let mut probe = low + (high - low) / 2;
            if probe <= 0 && low / 2 < probe {
                probe = low / 2;
            } else if probe >= 0 && high / 2 > probe {
                probe = high / 2;
            }
            // Fail-soft: at most `probe` means the result is an upper bound, else a lower one.
            let result = self.search(game, position, probe, probe + 1);
            if result <= probe {
                high = result;
            } else {
                low = result;
            }
        }
        low
    }

    /// The value of `position` clamped to `low..=high`: exact when it lies inside, `low` when
    /// it is `low` or less, `high` when it is `high` or more. A narrower window searches less:
    /// `value_within(game, position, -1, 1)` settles win, draw or loss in a game scored by how
    /// soon it is won.
    pub fn value_within<G: Game>(
        &mut self,
        game: &G,
        position: G::Position,
        low: i32,
        high: i32,
    ) -> i32 {
        self.search_start = self.nodes;
        self.search(game, position, low, high).clamp(low, high)
    }

    /// The exact value of `position` and one optimal line from it to the end of the game.
    pub fn solve<G: Game>(&mut self, game: &G, position: G::Position) -> Solution<G::Move> {
        let value = self.value(game, position);
        let line = optimal_line(game, position, value, |next| self.value(game, next));
        Solution { value, line }
    }

    /// Fail-soft alpha-beta: the exact value when it lies inside `(alpha, beta)`, otherwise a
    /// bound on the side the window was missed. Inlined into its callers, so that a terminal
    /// next position costs no call.
    #[inline(always)]
    fn search<G: Game>(&mut self, game: &G, position: G::Position, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        match game.terminal_value(position) {
            Some(value) => value,
            None => self.search_moves(game, position, alpha, beta),
        }
    }

    /// [`Solver::search`] for a position that is not terminal.
    fn search_moves<G: Game>(
        &mut self,
        game: &G,
        position: G::Position,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        // The window narrows to what is known of the value, from the game's bounds and the
        // memo; the bound stored at the end is judged against the window as it was asked,
        // since a result outside a known bound can only be the bound itself.
        let (alpha_asked, beta_asked) = (alpha, beta);
        let mut look_ahead = self.lookahead > 0;
        let mut span = i32::MAX;
        if let Some((low, high)) = game.value_bounds(position) {
            span = high - low;
            look_ahead &= span > self.lookahead_span;
            if low >= beta {
                return low;
            }
            if high <= alpha {
                return high;
            }
            alpha = alpha.max(low);
            beta = beta.min(high);
            if alpha >= beta {
                // The bounds meet: the value is known.
                return alpha;
            }
        }
        let key = position.key();
        // Constant for every memo but a gated one, and then folded away.
        let remember = self.memo.serves(span, self.nodes - self.search_start);
        if let Some(entry) = remember.then(|| self.memo.get(key)).flatten() {
            match entry.bound {
                Bound::Exact => return entry.value,
                Bound::Lower => alpha = alpha.max(entry.value),
                Bound::Upper => beta = beta.min(entry.value),
            }
            if alpha >= beta {
                return entry.value;
            }
        }
        let nodes_before = self.nodes;
        let mut best = -INFINITY;
        let mut moves = game.moves(position).into_iter();
        let mut cut = false;
        if look_ahead {
            // The first moves' next positions, made once and looked up in the memo before any
            // is searched, with what is known of each move's value for the mover.
            // A plain array, not an ArrayVec: a game that never looks ahead then needs no
            // arrayvec.
            let mut first = [None; MOST_LOOKAHEAD];
            for (slot, mv) in first.iter_mut().zip(moves.by_ref().take(self.lookahead)) {
                let step = game.play(position, mv);
                let (low, high) = self.known_value(game, &step);
                if low >= beta {
                    // Enhanced transposition cutoff: this move is known to refute the window.
                    if remember {
                        let entry = Entry {
                            value: low,
                            bound: Bound::Lower,
                        };
                        self.memo.insert(key, entry, 1);
                    }
                    return low;
                }
                *slot = Some((step, high));
            }
            // By reference, and the moves below by `by_ref`: moving either copies it whole.
            for &(step, high) in first.iter().flatten() {
                if high <= alpha {
                    // Known not to beat what is already had: a bound, without a search.
                    best = best.max(high);
                } else if self.search_step(game, &step, &mut alpha, beta, &mut best) {
                    cut = true;
                    break;
                }
            }
        }
        if !cut {
            for mv in moves.by_ref() {
                let step = game.play(position, mv);
                if self.search_step(game, &step, &mut alpha, beta, &mut best) {
                    break;
                }
            }
        }
        debug_assert!(
            best > -INFINITY,
            "a position that is not terminal has a move"
        );
        let bound = if best <= alpha_asked {
            Bound::Upper
        } else if best >= beta_asked {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if remember {
            let work = self.nodes - nodes_before;
            self.memo.insert(key, Entry { value: best, bound }, work);
        }
        best
    }

    /// Searches the move that makes `step`, raising `best` and `alpha` by its value; whether it
    /// cuts the search off.
    #[inline(always)]
    fn search_step<G: Game>(
        &mut self,
        game: &G,
        step: &Step<G::Position>,
        alpha: &mut i32,
        beta: i32,
        best: &mut i32,
    ) -> bool {
        // The window, seen from the next position's player to move.
        let (next_alpha, next_beta) = if step.mover_moves_again {
            (*alpha - step.reward, beta - step.reward)
        } else {
            (step.reward - beta, step.reward - *alpha)
        };
        let value = step.value_for_mover(self.search(game, step.position, next_alpha, next_beta));
        *best = (*best).max(value);
        *alpha = (*alpha).max(value);
        *alpha >= beta
    }

    /// What is known of `step`'s value for its mover without searching: exact when the next
    /// position is terminal, else the bounds a remembered entry gives (open without one).
    #[inline]
    fn known_value<G: Game>(&self, game: &G, step: &Step<G::Position>) -> (i32, i32) {
        if let Some(value) = game.terminal_value(step.position) {
            let value = step.value_for_mover(value);
            return (value, value);
        }
        let Some(entry) = self.memo.get(step.position.key()) else {
            return (-INFINITY, INFINITY);
        };
        let value = step.value_for_mover(entry.value);
        // The mover's value rises with the next position's when it moves again, else falls.
        match (entry.bound, step.mover_moves_again) {
            (Bound::Exact, _) => (value, value),
            (Bound::Lower, true) | (Bound::Upper, false) => (value, INFINITY),
            (Bound::Lower, false) | (Bound::Upper, true) => (-INFINITY, value),
        }
    }
}
