//! The match-3 board: up to 8×8 gems, one `u64` bitboard per color; swaps, lines of three,
//! clearing, gravity, refill from a cycling strip, and cascades until the board is stable.
//!
//! Cells are stored column by column: cell (row `r`, column `c`) is bit `8 c + r`, rows counted
//! from 0 at the top. A column is then one byte, so a vertical neighbour is one bit away and a
//! horizontal one eight. [`Cells`] is a set of cells in that layout.
//!
//! ```
//! use sim_core::board::{Board, Cell, Direction, Strip};
//!
//! // 0 1 2      Moving the 0 at the top left down makes row 1 read 0 0 0: legal.
//! // 1 0 0      The row clears, the gems above fall one row, and row 0 is refilled
//! // 2 1 2      from the strip: 2 0 1.
//! let board = Board::<3>::from_rows(&[&[0, 1, 2], &[1, 0, 0], &[2, 1, 2]]).unwrap();
//! let strip = Strip::new(vec![2, 0, 1]).unwrap();
//! let picked = Cell::new(0, 0);
//! assert!(board.is_legal(picked, Direction::Down));
//! let (after, position) = board.play(picked, Direction::Down, &strip, 0).unwrap();
//! let row = |row| (0..3).map(|column| after.gem(Cell::new(row, column)).unwrap()).collect::<Vec<_>>();
//! assert_eq!([row(0), row(1), row(2)], [[2, 0, 1], [1, 1, 2], [2, 1, 2]]);
//! assert_eq!(position, 0); // three gems used: the strip starts over
//! ```

use std::fmt;

/// The largest number of rows or columns.
pub const MAX_SIDE: usize = 8;

/// A cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    /// The row, from 0 at the top.
    pub row: u8,
    /// The column, from 0 at the left.
    pub column: u8,
}

impl Cell {
    /// The cell at `row` and `column`.
    pub const fn new(row: u8, column: u8) -> Cell {
        Cell { row, column }
    }

    /// The cell's bit in the board's layout; no bit for a cell outside every board.
    const fn bit(self) -> u64 {
        if self.row < 8 && self.column < 8 {
            1 << (self.column as u32 * 8 + self.row as u32)
        } else {
            0
        }
    }

    /// The cell of bit `index` of the layout, `0..64`.
    const fn from_bit(index: u32) -> Cell {
        Cell::new((index & 7) as u8, (index >> 3 & 7) as u8)
    }

    /// The neighbouring cell in `direction`, if it is inside a board of `rows` × `columns`.
    pub fn neighbour(self, direction: Direction, rows: u8, columns: u8) -> Option<Cell> {
        let (row, column) = match direction {
            Direction::Up => (self.row.checked_sub(1)?, self.column),
            Direction::Down => (self.row + 1, self.column),
            Direction::Left => (self.row, self.column.checked_sub(1)?),
            Direction::Right => (self.row, self.column + 1),
        };
        (row < rows && column < columns).then_some(Cell::new(row, column))
    }
}

/// A set of cells, one bit per cell in the board's layout: the cells of one color, the cells in
/// lines, the cells whose gem may move one way. A `Copy` value with set operators; iterate it
/// with [`Cells::iter`] (column by column, each from the top), whose iterator is a separate type.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Cells(u64);

/// The cells of a [`Cells`], column by column from the left, each column from the top.
#[derive(Clone, Debug)]
pub struct CellsIter(u64);

impl Cells {
    /// No cell.
    pub const EMPTY: Cells = Cells(0);

    /// Whether `cell` is in the set.
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & cell.bit() != 0
    }

    /// Whether the set holds no cell.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many cells the set holds.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The cells, column by column from the left, each column from the top.
    pub const fn iter(self) -> CellsIter {
        CellsIter(self.0)
    }
}

impl From<Cell> for Cells {
    fn from(cell: Cell) -> Cells {
        Cells(cell.bit())
    }
}

impl FromIterator<Cell> for Cells {
    fn from_iter<I: IntoIterator<Item = Cell>>(cells: I) -> Cells {
        cells
            .into_iter()
            .fold(Cells::EMPTY, |set, cell| set | Cells::from(cell))
    }
}

impl IntoIterator for Cells {
    type Item = Cell;
    type IntoIter = CellsIter;

    fn into_iter(self) -> CellsIter {
        self.iter()
    }
}

impl Iterator for CellsIter {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Cell::from_bit(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl ExactSizeIterator for CellsIter {}

impl std::ops::BitOr for Cells {
    type Output = Cells;

    fn bitor(self, other: Cells) -> Cells {
        Cells(self.0 | other.0)
    }
}

impl std::ops::BitAnd for Cells {
    type Output = Cells;

    fn bitand(self, other: Cells) -> Cells {
        Cells(self.0 & other.0)
    }
}

impl std::ops::Sub for Cells {
    type Output = Cells;

    /// The cells of `self` not in `other`.
    fn sub(self, other: Cells) -> Cells {
        Cells(self.0 & !other.0)
    }
}

impl fmt::Debug for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|cell| (cell.row, cell.column)))
            .finish()
    }
}

/// A direction to move a picked gem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards row 0.
    Up,
    /// Away from row 0.
    Down,
    /// Towards column 0.
    Left,
    /// Away from column 0.
    Right,
}

impl Direction {
    /// All four, in this order.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The direction's name.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }
}

/// A refill strip: gems used in order, starting again from the first after the last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strip {
    gems: Vec<u8>,
}

impl Strip {
    /// A strip of `gems`, or `None` if there are none.
    pub fn new(gems: Vec<u8>) -> Option<Strip> {
        (!gems.is_empty()).then_some(Strip { gems })
    }

    /// The gem at `position`, and the position after it (wrapping round).
    #[inline]
    pub fn next(&self, position: usize) -> (u8, usize) {
        let gem = self.gems[position];
        let next = if position + 1 == self.gems.len() {
            0
        } else {
            position + 1
        };
        (gem, next)
    }
}

/// A board of gems in `COLORS` colors (at most 8), one bitboard per color.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board<const COLORS: usize> {
    rows: u8,
    columns: u8,
    gems: [u64; COLORS],
}

/// A clearing that never settles: the board and strip position came round again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NeverSettles;

impl fmt::Display for NeverSettles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the clearing never settles: the board and strip position came round again")
    }
}

impl std::error::Error for NeverSettles {}

/// Why rows of gems make no board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BoardError {
    /// No rows, more than eight, or a row of no or more than eight gems.
    Size,
    /// Rows of different lengths.
    Ragged,
    /// A gem number not below the number of colors.
    Color,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BoardError::Size => "a board has 1 to 8 rows of 1 to 8 gems",
            BoardError::Ragged => "the rows of a board differ in length",
            BoardError::Color => "a gem's color number is not below the number of colors",
        })
    }
}

impl std::error::Error for BoardError {}

impl<const COLORS: usize> Board<COLORS> {
    /// The board with these rows of gems (color numbers), top row first.
    pub fn from_rows(rows: &[&[u8]]) -> Result<Self, BoardError> {
        let columns = rows.first().map_or(0, |row| row.len());
        if rows.is_empty() || rows.len() > MAX_SIDE || columns == 0 || columns > MAX_SIDE {
            return Err(BoardError::Size);
        }
        let mut gems = [0; COLORS];
        for (gems_of_row, row) in rows.iter().zip(0u8..) {
            if gems_of_row.len() != columns {
                return Err(BoardError::Ragged);
            }
            for (&gem, column) in gems_of_row.iter().zip(0u8..) {
                let bitboard = gems.get_mut(usize::from(gem)).ok_or(BoardError::Color)?;
                *bitboard |= Cell::new(row, column).bit();
            }
        }
        // Both are at most `MAX_SIDE`, checked above.
        let side = |length: usize| u8::try_from(length).expect("at most eight");
        Ok(Board {
            rows: side(rows.len()),
            columns: side(columns),
            gems,
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> u8 {
        self.rows
    }

    /// The number of columns.
    pub fn columns(&self) -> u8 {
        self.columns
    }

    /// The gem at `cell`, if the cell is on the board. (No color has a bit off the board, and a
    /// cell past eight rows or columns has no bit at all, so those are `None` without a check.)
    pub fn gem(&self, cell: Cell) -> Option<u8> {
        self.gems
            .iter()
            .zip(0u8..)
            .find(|(bitboard, _)| *bitboard & cell.bit() != 0)
            .map(|(_, gem)| gem)
    }

    /// The cells of each color.
    pub fn cells_by_color(&self) -> [Cells; COLORS] {
        self.gems.map(Cells)
    }

    /// Every cell in a horizontal or vertical line of three or more equal gems.
    #[inline]
    pub fn lines(&self) -> Cells {
        Cells(
            self.gems
                .iter()
                .fold(0, |cells, &bitboard| cells | lines_of(bitboard)),
        )
    }

    /// Whether the board holds a line of three.
    pub fn has_lines(&self) -> bool {
        self.gems.iter().any(|&bitboard| lines_of(bitboard) != 0)
    }

    /// For each color and direction (in [`Direction::ALL`] order), the cells whose gem of that
    /// color may be picked and moved that way: the neighbour is on the board and holds another
    /// color, and the gem, in its new cell, is in a line of three of its color.
    pub fn legal_moves(&self) -> [[Cells; 4]; COLORS] {
        let board = self.cells();
        std::array::from_fn(|gem| legal_sources(self.gems[gem], board).map(Cells))
    }

    /// Whether picking the gem at `cell` and moving it in `direction` is legal.
    pub fn is_legal(&self, cell: Cell, direction: Direction) -> bool {
        self.gem(cell).is_some_and(|gem| {
            let sources = legal_sources(self.gems[usize::from(gem)], self.cells());
            sources[direction as usize] & cell.bit() != 0
        })
    }

    /// Swaps the gem at `cell` with its neighbour in `direction` (which must be on the board),
    /// without clearing anything.
    #[must_use]
    pub fn swapped(&self, cell: Cell, direction: Direction) -> Self {
        let neighbour = cell
            .neighbour(direction, self.rows, self.columns)
            .expect("a swap stays on the board");
        let both = cell.bit() | neighbour.bit();
        let mut board = *self;
        for bitboard in &mut board.gems {
            // A color on exactly one of the two cells moves to the other.
            if (*bitboard & both).is_power_of_two() {
                *bitboard ^= both;
            }
        }
        board
    }

    /// Clears lines, lets gems fall and refills from `strip` at `position` until no line of
    /// three remains; returns the strip position after, or [`NeverSettles`] if the board and
    /// position come round again (found with Brent's cycle check, in constant memory).
    pub fn settle(&mut self, strip: &Strip, mut position: usize) -> Result<usize, NeverSettles> {
        let (mut saved, mut saved_position) = (*self, position);
        let (mut power, mut steps) = (1u32, 0u32);
        loop {
            let cleared = self.lines();
            if cleared.is_empty() {
                return Ok(position);
            }
            position = self.collapse(cleared.0, strip, position);
            if (*self, position) == (saved, saved_position) {
                return Err(NeverSettles);
            }
            steps += 1;
            if steps == power {
                (saved, saved_position) = (*self, position);
                power = power.saturating_mul(2);
                steps = 0;
            }
        }
    }

    /// Picks the gem at `cell`, moves it in `direction` and lets the board settle; the move
    /// must be legal. Returns the settled board and the strip position after.
    pub fn play(
        &self,
        cell: Cell,
        direction: Direction,
        strip: &Strip,
        position: usize,
    ) -> Result<(Self, usize), NeverSettles> {
        let mut board = self.swapped(cell, direction);
        let position = board.settle(strip, position)?;
        Ok((board, position))
    }

    /// Every cell of the board.
    fn cells(&self) -> u64 {
        let column = (1u64 << self.rows) - 1;
        (0..self.columns).fold(0, |cells, index| cells | column << (8 * index))
    }

    /// Removes the `cleared` cells, lets each column's gems fall, and refills the columns from
    /// the left, each from its lowest empty cell up; returns the strip position after.
    fn collapse(&mut self, cleared: u64, strip: &Strip, mut position: usize) -> usize {
        for bitboard in &mut self.gems {
            *bitboard &= !cleared;
        }
        for column in 0..self.columns {
            let shift = 8 * u32::from(column);
            if (cleared >> shift).trailing_zeros() >= 8 {
                continue;
            }
            // The remaining gems of the column, top to bottom.
            let mut remaining = [0u8; MAX_SIDE];
            let mut count = 0u8;
            for row in 0..self.rows {
                if let Some(gem) = self.gem(Cell::new(row, column)) {
                    remaining[usize::from(count)] = gem;
                    count += 1;
                }
            }
            for bitboard in &mut self.gems {
                *bitboard &= !(0xFF << shift);
            }
            let empty = self.rows - count;
            for (&gem, row) in remaining[..usize::from(count)].iter().zip(empty..) {
                self.gems[usize::from(gem)] |= Cell::new(row, column).bit();
            }
            for row in (0..empty).rev() {
                let (gem, next) = strip.next(position);
                self.gems[usize::from(gem)] |= Cell::new(row, column).bit();
                position = next;
            }
        }
        position
    }
}

impl<const COLORS: usize> fmt::Debug for Board<COLORS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.rows {
            for column in 0..self.columns {
                match self.gem(Cell::new(row, column)) {
                    Some(gem) => write!(f, "{gem}")?,
                    None => f.write_str(".")?,
                }
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// Row 0 of every column.
const TOP_ROWS: u64 = 0x0101_0101_0101_0101;
/// Row 7 of every column.
const BOTTOM_ROWS: u64 = 0x8080_8080_8080_8080;

/// Every gem moved one row up (row `r + 1` to row `r`).
#[inline]
fn up(cells: u64) -> u64 {
    (cells >> 1) & !BOTTOM_ROWS
}

/// Every gem moved one row down.
#[inline]
fn down(cells: u64) -> u64 {
    (cells << 1) & !TOP_ROWS
}

/// Every gem moved one column left.
#[inline]
fn left(cells: u64) -> u64 {
    cells >> 8
}

/// Every gem moved one column right.
#[inline]
fn right(cells: u64) -> u64 {
    cells << 8
}

/// The cells of one color's lines of three or more.
#[inline]
fn lines_of(gems: u64) -> u64 {
    // Cells starting a vertical run of three downwards, then the whole runs.
    let vertical = gems & up(gems) & up(up(gems));
    let vertical = vertical | down(vertical) | down(down(vertical));
    // The same across, starting rightwards.
    let horizontal = gems & left(gems) & left(left(gems));
    let horizontal = horizontal | right(horizontal) | right(right(horizontal));
    vertical | horizontal
}

/// For one color's gems, per direction, the cells they can be moved from to make a line.
///
/// A gem moved into cell `t` is in a line if two gems of its color sit beside `t` in a row,
/// below, above, or on both sides; but not using the cell it came from, which now holds the
/// other gem. So moving right, the gems must be the two to the right of `t`, or in `t`'s column.
#[inline]
fn legal_sources(gems: u64, board: u64) -> [u64; 4] {
    // Cells with a gem of the color at the given offset.
    let above = down(gems);
    let below = up(gems);
    let on_left = right(gems);
    let on_right = left(gems);
    let two_above = above & down(above);
    let two_below = below & up(below);
    let two_left = on_left & right(on_left);
    let two_right = on_right & left(on_right);
    let across = two_left | two_right | (on_left & on_right);
    let upright = two_above | two_below | (above & below);
    // Destinations: on the board, not already of this color.
    let open = board & !gems;
    let into_from_above = (two_below | across) & open; // moved down into t
    let into_from_below = (two_above | across) & open; // moved up into t
    let into_from_left = (two_right | upright) & open; // moved right into t
    let into_from_right = (two_left | upright) & open; // moved left into t
    [
        down(into_from_below) & gems,  // Up: the source is below the destination
        up(into_from_above) & gems,    // Down: the source is above
        right(into_from_right) & gems, // Left: the source is to the right
        left(into_from_left) & gems,   // Right: the source is to the left
    ]
}

#[cfg(test)]
mod tests;
