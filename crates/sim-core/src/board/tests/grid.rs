//! The slow model the bitboard engine is held against: a grid of colors, cell by cell. Shared by
//! the board's tests and the fuzz target `board_step`, which gives it `crate::board::Direction`
//! as sim-core has it.

use crate::board::Direction;

/// A board the obvious way: a grid of colors, `None` for an empty cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    /// The rows, top first; `None` is an empty cell.
    pub cells: Vec<Vec<Option<u8>>>,
}

impl Grid {
    pub fn rows(&self) -> usize {
        self.cells.len()
    }

    pub fn columns(&self) -> usize {
        self.cells[0].len()
    }

    /// Cells in a run of three or more equal gems across or down.
    pub fn lines(&self) -> Vec<Vec<bool>> {
        let (rows, columns) = (self.rows(), self.columns());
        let mut marked = vec![vec![false; columns]; rows];
        for row in 0..rows {
            for column in 0..columns {
                let Some(gem) = self.cells[row][column] else {
                    continue;
                };
                let run_right = (column..columns)
                    .take_while(|&c| self.cells[row][c] == Some(gem))
                    .count();
                if run_right >= 3 {
                    (column..column + run_right).for_each(|c| marked[row][c] = true);
                }
                let run_down = (row..rows)
                    .take_while(|&r| self.cells[r][column] == Some(gem))
                    .count();
                if run_down >= 3 {
                    (row..row + run_down).for_each(|r| marked[r][column] = true);
                }
            }
        }
        marked
    }

    pub fn is_legal(&self, row: usize, column: usize, direction: Direction) -> bool {
        let (to_row, to_column) = match direction {
            Direction::Up if row > 0 => (row - 1, column),
            Direction::Down if row + 1 < self.rows() => (row + 1, column),
            Direction::Left if column > 0 => (row, column - 1),
            Direction::Right if column + 1 < self.columns() => (row, column + 1),
            _ => return false,
        };
        if self.cells[row][column] == self.cells[to_row][to_column] {
            return false;
        }
        let mut swapped = self.clone();
        swapped.cells[row][column] = self.cells[to_row][to_column];
        swapped.cells[to_row][to_column] = self.cells[row][column];
        swapped.lines()[to_row][to_column]
    }

    /// Clears, drops and refills until stable; `None` once a board and position come round
    /// again, which means they never will be.
    pub fn settle(&mut self, strip: &[u8], mut position: usize) -> Option<usize> {
        let mut seen = std::collections::HashSet::new();
        while seen.insert((self.cells.clone(), position)) {
            let marked = self.lines();
            if !marked.iter().flatten().any(|&cell| cell) {
                return Some(position);
            }
            for (row, marks) in marked.iter().enumerate() {
                for (column, &mark) in marks.iter().enumerate() {
                    if mark {
                        self.cells[row][column] = None;
                    }
                }
            }
            for column in 0..self.columns() {
                let kept: Vec<u8> = (0..self.rows())
                    .filter_map(|row| self.cells[row][column])
                    .collect();
                let empty = self.rows() - kept.len();
                for row in 0..self.rows() {
                    self.cells[row][column] = if row < empty {
                        None
                    } else {
                        Some(kept[row - empty])
                    };
                }
                for row in (0..empty).rev() {
                    self.cells[row][column] = Some(strip[position]);
                    position = (position + 1) % strip.len();
                }
            }
        }
        None
    }
}
