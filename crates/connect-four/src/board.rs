//! Connect Four on a board of `W` columns and `H` rows as bitboards, and as a `search-core`
//! game.
//!
//! A board is two `u64`s: the stones of the player to move, and every stone. Column `c` takes
//! bits `c·(H+1)` to `c·(H+1) + H − 1`, bottom first, with one spare bit above each column, so
//! that a line of four is found with a few shifts and never wraps from one column into the
//! next, and the position's key (the mover's stones plus every stone) marks each column's
//! height with a bit of its own. `W·(H+1)` must be at most 64.

use search_core::{Game, ScoredMoves, Step};

/// A position: the stones of the player to move, every stone, how many have been played, and
/// what was worked out about it when it was made (the mover's wins on the spot, and the moves
/// that do not hand the opponent a win at once), which the search asks for at every position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The stones of the player to move.
    mover: u64,
    /// Every stone.
    stones: u64,
    /// How many stones have been played.
    played: u32,
    /// The cells the player to move can play now to connect four.
    wins_now: u64,
    /// The cells the player to move can play without letting the opponent connect four at once.
    safe: u64,
}

impl search_core::Position for Position {
    /// The mover's stones plus every stone: in each column, a run of ones as high as the
    /// column plus one, less the opponent's stones, which no two positions share.
    #[inline]
    fn key(self) -> u64 {
        self.mover + self.stones
    }
}

/// Connect Four on `W` columns and `H` rows: win, draw or loss, scored by how soon it comes.
///
/// A position's value for the player to move is 0 for a draw and, when someone wins, positive
/// for a win and negative for a loss, larger the sooner: a win with the winner's `k`-th stone
/// scores `W·H/2 + 1 − k` (22 − k on the standard 7 × 6 board).
#[derive(Clone, Copy, Debug, Default)]
pub struct ConnectFour<const W: usize, const H: usize>;

/// The standard board: seven columns, six rows.
pub type Standard = ConnectFour<7, 6>;

impl<const W: usize, const H: usize> ConnectFour<W, H> {
    /// The board's cells.
    #[expect(clippy::cast_possible_truncation, reason = "at most 64 cells")]
    pub const CELLS: u32 = {
        assert!(
            W >= 1 && H >= 1 && W * (H + 1) <= 64,
            "the board must fit in 64 bits"
        );
        (W * H) as u32
    };
    /// The bit of each column's bottom cell.
    const BOTTOM: u64 = {
        let mut bottom = 0;
        let mut column = 0;
        while column < W {
            bottom |= 1 << (column * (H + 1));
            column += 1;
        }
        bottom
    };
    /// Every cell of the board.
    const BOARD: u64 = Self::BOTTOM * ((1 << H) - 1);

    /// Each column's cells, from the centre out: the order moves of equal promise are tried in,
    /// `W/2`, then one to the left, one to the right, two to the left, ...
    const CENTRE_OUT: [u64; W] = {
        let mut order = [0; W];
        let mut i = 0;
        while i < W {
            let offset = i.div_ceil(2);
            let column = if i % 2 == 1 {
                W / 2 - offset
            } else {
                W / 2 + offset
            };
            order[i] = Self::column_cells(column);
            i += 1;
        }
        order
    };

    /// The cells of `column`.
    #[inline]
    const fn column_cells(column: usize) -> u64 {
        ((1 << H) - 1) << (column * (H + 1))
    }

    /// The empty board.
    pub fn empty() -> Position {
        Self::made(0, 0, 0)
    }

    /// A position with what the search asks at every position worked out.
    #[inline]
    fn made(mover: u64, stones: u64, played: u32) -> Position {
        let threats = Self::winning_cells(mover ^ stones, stones);
        let wins_now = Self::winning_cells(mover, stones) & Self::playable(stones);
        Self::with_threats(mover, stones, played, wins_now, threats)
    }

    /// A position whose mover wins now at `wins_now` and whose opponent would connect four at
    /// `threats` (the cells, empty or not, that complete one of the opponent's lines).
    #[inline]
    fn with_threats(mover: u64, stones: u64, played: u32, wins_now: u64, threats: u64) -> Position {
        let playable = Self::playable(stones);
        let forced = playable & threats;
        let safe = if forced & forced.wrapping_sub(1) != 0 {
            // Two threats to block at once: every move loses.
            0
        } else {
            // Block the one threat if there is one; never play just below one.
            let candidates = if forced != 0 { forced } else { playable };
            candidates & !(threats >> 1)
        };
        Position {
            mover,
            stones,
            played,
            wins_now,
            safe,
        }
    }

    /// The cells a stone can go in next.
    #[inline]
    fn playable(stones: u64) -> u64 {
        (stones + Self::BOTTOM) & Self::BOARD
    }

    /// The empty cells where `player` (a set of stones among `stones`) would connect four.
    #[inline]
    fn winning_cells(player: u64, stones: u64) -> u64 {
        // Down: three stones right below.
        let mut cells = (player << 1) & (player << 2) & (player << 3);
        // Across, and along both diagonals: the step from one cell of a line to the next.
        for step in [H + 1, H, H + 2] {
            let two_before = (player << step) & (player << (2 * step));
            cells |= two_before & (player << (3 * step));
            cells |= two_before & (player >> step);
            let two_after = (player >> step) & (player >> (2 * step));
            cells |= two_after & (player << step);
            cells |= two_after & (player >> (3 * step));
        }
        cells & (Self::BOARD ^ stones)
    }

    /// Whether `column` (from 0) can take another stone.
    pub fn can_play(position: Position, column: usize) -> bool {
        column < W && position.stones & Self::column_cells(column) & Self::top_cells() == 0
    }

    /// The top cell of every column.
    const fn top_cells() -> u64 {
        Self::BOTTOM << (H - 1)
    }

    /// The position after a stone in `column` (from 0), which must be playable.
    #[inline]
    pub fn played(position: Position, column: usize) -> Position {
        Self::made(
            position.mover ^ position.stones,
            // The spare bit above the column's top cell.
            position.stones | Self::landing_cell(position.stones, 1 << (column * (H + 1) + H)),
            position.played + 1,
        )
    }

    /// The cell a stone lands in, in the column whose spare bit is `spare`: the column's lowest
    /// empty one (adding the column's bottom bit, the spare bit's place less `H`, carries past
    /// its stones; the column's cells are the bits below the spare bit down to the bottom one).
    #[inline(always)]
    fn landing_cell(stones: u64, spare: u64) -> u64 {
        let bottom = spare >> H;
        (stones + bottom) & (spare - bottom)
    }

    /// Whether a stone in `column` (from 0) connects four for the player to move.
    pub fn wins_at(position: Position, column: usize) -> bool {
        position.wins_now & Self::column_cells(column) != 0
    }

    /// The score of a position whose player to move connects four now: the sooner the better.
    #[expect(clippy::cast_possible_wrap, reason = "a board has at most 64 cells")]
    pub fn win_score(position: Position) -> i32 {
        (Self::CELLS as i32 + 1 - position.played as i32) / 2
    }

    /// How many stones have been played.
    pub fn stones_played(position: Position) -> u32 {
        position.played
    }

    /// Who owns the cell at `column` and `row` (both from 0, row 0 at the bottom): `Some(true)`
    /// for the player who moved first.
    pub fn owner(position: Position, column: usize, row: usize) -> Option<bool> {
        let cell = 1 << (column * (H + 1) + row);
        if position.stones & cell == 0 {
            return None;
        }
        let mover_moved_first = position.played.is_multiple_of(2);
        Some((position.mover & cell != 0) == mover_moved_first)
    }
}

/// How many bits of `cells` are set, one loop turn each: a move's threats are few (none, one or
/// two, nearly always), and the build targets processors without a popcount instruction, whose
/// portable `count_ones` is a dozen instructions whatever the count (2 to 4% of a short search's
/// time, measured).
#[inline]
fn few_ones(mut cells: u64) -> i32 {
    let mut count = 0;
    while cells != 0 {
        cells &= cells - 1;
        count += 1;
    }
    count
}

/// A move of the search on a board of `H` rows: a stone in a column, which the game listed as
/// safe, with the cells where the mover would then connect four, worked out once to order the
/// moves and used again to make the next position.
///
/// One word, so that a position's list of moves is small to build and hand over: the threats
/// (cells of the board) and the spare bit above the column's top cell, which no cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscDrop<const H: usize>(u64);

impl<const H: usize> DiscDrop<H> {
    /// The spare bit above every column that fits in 64 bits.
    const SPARE: u64 = {
        let mut spare = 0;
        let mut bit = H;
        while bit < 64 {
            spare |= 1 << bit;
            bit += H + 1;
        }
        spare
    };

    /// A stone in the column of `cells` that leaves the mover `threats`.
    #[inline]
    fn new(cells: u64, threats: u64) -> Self {
        // The spare bit is one above the top cell: the cells plus the bottom one.
        DiscDrop(threats | (cells + (cells & cells.wrapping_neg())))
    }

    /// The column, from 0.
    #[expect(clippy::cast_possible_truncation, reason = "at most 64 columns")]
    pub fn column(self) -> u8 {
        ((self.0 & Self::SPARE).trailing_zeros() as usize / (H + 1)) as u8
    }

    /// The spare bit above the column.
    #[inline]
    fn spare(self) -> u64 {
        self.0 & Self::SPARE
    }

    /// The cells completing one of the mover's lines once the stone is in.
    #[inline]
    fn threats(self) -> u64 {
        self.0 & !Self::SPARE
    }
}

impl<const W: usize, const H: usize> Game for ConnectFour<W, H> {
    type Position = Position;
    type Move = DiscDrop<H>;
    type Moves = ScoredMoves<DiscDrop<H>, W>;

    /// The moves that do not hand the opponent a win at once, the most promising first: the
    /// ones that leave the mover the most cells to connect four, then the central ones.
    #[inline]
    fn moves(&self, position: Position) -> Self::Moves {
        let mut moves = ScoredMoves::new();
        for cells in Self::CENTRE_OUT {
            let cell = position.safe & cells;
            if cell != 0 {
                let threats = Self::winning_cells(position.mover | cell, position.stones);
                moves.push(DiscDrop::new(cells, threats), few_ones(threats));
            }
        }
        moves
    }

    /// A safe move hands the opponent no win on the spot, so the next position's mover wins
    /// nowhere now, and its opponent's threats came with the move.
    #[inline]
    fn play(&self, position: Position, drop: DiscDrop<H>) -> Step<Position> {
        Step {
            position: Self::with_threats(
                position.mover ^ position.stones,
                position.stones | Self::landing_cell(position.stones, drop.spare()),
                position.played + 1,
                0,
                drop.threats(),
            ),
            reward: 0,
            mover_moves_again: false,
        }
    }

    /// A win on the spot, a loss that no move prevents (two threats, or a threat under a
    /// threat), and a draw once two cells or fewer are left with neither.
    #[inline]
    #[expect(clippy::cast_possible_wrap, reason = "a board has at most 64 cells")]
    fn terminal_value(&self, position: Position) -> Option<i32> {
        let left = Self::CELLS - position.played;
        if position.wins_now != 0 {
            Some(Self::win_score(position))
        } else if position.safe == 0 {
            Some(-((left / 2) as i32))
        } else if left <= 2 {
            Some(0)
        } else {
            None
        }
    }

    /// Neither player connects four on the next move (the position is not terminal), so the
    /// mover wins with its second stone from here at the soonest, and loses to the opponent's
    /// second at the soonest.
    #[inline]
    #[expect(clippy::cast_possible_wrap, reason = "a board has at most 64 cells")]
    fn value_bounds(&self, position: Position) -> Option<(i32, i32)> {
        // Unsigned halves, a shift each: a position that is not terminal has cells left.
        let left = Self::CELLS - position.played;
        Some((-(((left - 2) / 2) as i32), ((left - 1) / 2) as i32))
    }
}

#[cfg(test)]
mod tests {
    use search_core::{Game, Position as _};
    use seeded_rng::SeededRng;

    use super::{ConnectFour, few_ones};

    /// Along seeded random games, each listed move names its column and lands where a stone
    /// dropped in that column does: on the standard board, small ones, one that fills all 64
    /// bits, and one with more columns than rows.
    fn moves_land_in_their_columns<const W: usize, const H: usize>() {
        let game = ConnectFour::<W, H>;
        let mut rng = SeededRng::new(40);
        for _ in 0..200 {
            let mut position = ConnectFour::<W, H>::empty();
            while game.terminal_value(position).is_none() {
                let drops: Vec<_> = game.moves(position).collect();
                for &drop in &drops {
                    let column = usize::from(drop.column());
                    assert!(ConnectFour::<W, H>::can_play(position, column));
                    let step = game.play(position, drop);
                    let played = ConnectFour::<W, H>::played(position, column);
                    assert_eq!(
                        step.position.key(),
                        played.key(),
                        "{W}x{H}, column {column}"
                    );
                }
                let pick = usize::try_from(rng.next_u64()).unwrap() % drops.len();
                position = game.play(position, drops[pick]).position;
            }
        }
    }

    #[test]
    fn every_move_lands_in_its_column() {
        moves_land_in_their_columns::<7, 6>();
        moves_land_in_their_columns::<4, 4>();
        moves_land_in_their_columns::<5, 4>();
        moves_land_in_their_columns::<8, 7>();
        moves_land_in_their_columns::<12, 4>();
    }

    #[test]
    fn few_ones_counts_the_bits_set() {
        let mut rng = SeededRng::new(3);
        for _ in 0..10_000 {
            // Sparse and dense words alike.
            let word = rng.next_u64() & rng.next_u64() >> (rng.next_u64() % 64);
            assert_eq!(few_ones(word), i32::try_from(word.count_ones()).unwrap());
        }
        assert_eq!(few_ones(u64::MAX), 64);
    }
}
