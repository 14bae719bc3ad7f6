//! The bitboard engine against a plain cell-by-cell implementation written here, on many seeded
//! random boards and operations.

use seeded_rng::SeededRng;

use super::{Board, BoardError, Cell, Cells, Direction, NeverSettles, Strip};

mod grid;

use grid::Grid;

const COLORS: usize = 5;

fn random_grid(rng: &mut SeededRng, colors: u8) -> Grid {
    let rows = 1 + rng.index(8);
    let columns = 1 + rng.index(8);
    Grid {
        cells: (0..rows)
            .map(|_| (0..columns).map(|_| Some(rng.below_u8(colors))).collect())
            .collect(),
    }
}

fn to_board(grid: &Grid) -> Board<COLORS> {
    let rows: Vec<Vec<u8>> = grid
        .cells
        .iter()
        .map(|row| row.iter().map(|cell| cell.unwrap()).collect())
        .collect();
    let rows: Vec<&[u8]> = rows.iter().map(Vec::as_slice).collect();
    Board::from_rows(&rows).unwrap()
}

fn to_grid(board: &Board<COLORS>) -> Grid {
    Grid {
        cells: (0..board.rows())
            .map(|row| {
                (0..board.columns())
                    .map(|column| board.gem(Cell::new(row, column)))
                    .collect()
            })
            .collect(),
    }
}

#[test]
fn lines_and_legal_moves_match_the_grid() {
    let mut rng = SeededRng::new(21);
    for _ in 0..3_000 {
        let colors = 2 + rng.below_u8(4);
        let grid = random_grid(&mut rng, colors);
        let board = to_board(&grid);
        for (row, marks) in grid.lines().iter().enumerate() {
            for (column, &marked) in marks.iter().enumerate() {
                let cell = Cell::new(u8::try_from(row).unwrap(), u8::try_from(column).unwrap());
                assert_eq!(board.lines().contains(cell), marked);
                let gem = usize::from(board.gem(cell).unwrap());
                for (index, direction) in Direction::ALL.into_iter().enumerate() {
                    let legal = grid.is_legal(row, column, direction);
                    assert_eq!(
                        board.is_legal(cell, direction),
                        legal,
                        "{grid:?} {row} {column} {direction:?}"
                    );
                    assert_eq!(board.legal_moves()[gem][index].contains(cell), legal);
                }
            }
        }
        assert!(board.legal_moves().iter().flatten().all(|&sources| {
            (sources
                - board
                    .cells_by_color()
                    .into_iter()
                    .fold(Cells::EMPTY, |a, b| a | b))
            .is_empty()
        }));
    }
}

#[test]
fn operations_settle_like_the_grid() {
    let mut rng = SeededRng::new(22);
    let (mut checked, mut never_settled) = (0, 0);
    while checked < 5_000 {
        let colors = 2 + rng.below_u8(4);
        let grid = random_grid(&mut rng, colors);
        let strip: Vec<u8> = (0..=rng.index(12))
            .map(|_| rng.below_u8(u8::try_from(COLORS).unwrap()))
            .collect();
        let board = to_board(&grid);
        let (row, column) = (rng.index(grid.rows()), rng.index(grid.columns()));
        let direction = Direction::ALL[rng.index(4)];
        if !grid.is_legal(row, column, direction) {
            continue;
        }
        checked += 1;
        let position = rng.index(strip.len());
        let mut expected = grid.clone();
        let (to_row, to_column) = match direction {
            Direction::Up => (row - 1, column),
            Direction::Down => (row + 1, column),
            Direction::Left => (row, column - 1),
            Direction::Right => (row, column + 1),
        };
        expected.cells[row][column] = grid.cells[to_row][to_column];
        expected.cells[to_row][to_column] = grid.cells[row][column];
        let expected_position = expected.settle(&strip, position);
        let played = board.play(
            Cell::new(u8::try_from(row).unwrap(), u8::try_from(column).unwrap()),
            direction,
            &Strip::new(strip.clone()).unwrap(),
            position,
        );
        match (played, expected_position) {
            (Ok((after, after_position)), Some(expected_position)) => {
                assert_eq!(
                    (to_grid(&after), after_position),
                    (expected, expected_position)
                );
            }
            (Err(NeverSettles), None) => never_settled += 1,
            (played, expected) => panic!("{grid:?} {strip:?}: {played:?} vs {expected:?}"),
        }
    }
    // Small boards and one-color strips make some clearings cycle: both kinds are covered.
    assert!(never_settled > 0);
}

#[test]
fn a_clearing_that_never_settles_is_caught() {
    // A single row of three refilled with the same color forever.
    let board = Board::<2>::from_rows(&[&[0, 1, 0]]).unwrap();
    let strip = Strip::new(vec![0]).unwrap();
    assert!(!board.is_legal(Cell::new(0, 1), Direction::Left));
    let mut swapped = Board::<2>::from_rows(&[&[0, 0, 0]]).unwrap();
    assert_eq!(swapped.settle(&strip, 0), Err(NeverSettles));
    // A longer cycle: the strip's position must come round too.
    let mut column = Board::<2>::from_rows(&[&[1], &[1], &[1]]).unwrap();
    assert_eq!(
        column.settle(&Strip::new(vec![1, 1, 1, 1, 1]).unwrap(), 2),
        Err(NeverSettles)
    );
}

#[test]
fn boards_of_one_to_eight_rows_and_columns_and_no_others() {
    let row = [0u8; 9];
    let rows = |count: usize, columns: usize| vec![&row[..columns]; count];
    for side in 1..=8 {
        let board = Board::<2>::from_rows(&rows(side, 8)).unwrap();
        assert_eq!(
            (board.rows(), board.columns()),
            (u8::try_from(side).unwrap(), 8)
        );
        let board = Board::<2>::from_rows(&rows(8, side)).unwrap();
        assert_eq!(
            (board.rows(), board.columns()),
            (8, u8::try_from(side).unwrap())
        );
    }
    for (count, columns) in [(0, 3), (9, 3), (3, 0), (3, 9)] {
        assert_eq!(
            Board::<2>::from_rows(&rows(count, columns)),
            Err(BoardError::Size),
            "{count} x {columns}"
        );
    }
    assert_eq!(
        Board::<2>::from_rows(&[&[0, 1], &[1]]),
        Err(BoardError::Ragged)
    );
    assert_eq!(Board::<2>::from_rows(&[&[0, 2]]), Err(BoardError::Color));
    // Eight full rows keep every gem in its own column (a column is one byte).
    let full: Vec<Vec<u8>> = (0..8)
        .map(|r| (0..8).map(|c| u8::from((r + c) % 2 == 1)).collect())
        .collect();
    let full: Vec<&[u8]> = full.iter().map(Vec::as_slice).collect();
    let board = Board::<2>::from_rows(&full).unwrap();
    for (r, gems) in full.iter().enumerate() {
        for (c, &gem) in gems.iter().enumerate() {
            let cell = Cell::new(u8::try_from(r).unwrap(), u8::try_from(c).unwrap());
            assert_eq!(board.gem(cell), Some(gem));
        }
    }
    assert_eq!(board.gem(Cell::new(8, 0)), None);
}

#[test]
fn board_errors_say_what_is_wrong() {
    assert_eq!(
        BoardError::Size.to_string(),
        "a board has 1 to 8 rows of 1 to 8 gems"
    );
    assert_eq!(
        BoardError::Ragged.to_string(),
        "the rows of a board differ in length"
    );
    assert!(
        NeverSettles
            .to_string()
            .starts_with("the clearing never settles")
    );
}

#[test]
fn neighbours_stay_on_the_board() {
    let corner = Cell::new(0, 0);
    assert_eq!(corner.neighbour(Direction::Up, 3, 4), None);
    assert_eq!(corner.neighbour(Direction::Left, 3, 4), None);
    assert_eq!(
        corner.neighbour(Direction::Down, 3, 4),
        Some(Cell::new(1, 0))
    );
    assert_eq!(
        corner.neighbour(Direction::Right, 3, 4),
        Some(Cell::new(0, 1))
    );
    let far = Cell::new(2, 3);
    assert_eq!(far.neighbour(Direction::Down, 3, 4), None);
    assert_eq!(far.neighbour(Direction::Right, 3, 4), None);
    assert_eq!(far.neighbour(Direction::Up, 3, 4), Some(Cell::new(1, 3)));
    assert_eq!(far.neighbour(Direction::Left, 3, 4), Some(Cell::new(2, 2)));
}

#[test]
fn lines_are_found_and_boards_print_as_their_rows() {
    let quiet = Board::<3>::from_rows(&[&[0, 1, 0], &[1, 2, 2]]).unwrap();
    assert!(!quiet.has_lines());
    assert!(quiet.lines().is_empty());
    let across = Board::<3>::from_rows(&[&[0, 1, 0], &[2, 2, 2]]).unwrap();
    assert!(across.has_lines());
    assert_eq!(across.lines().len(), 3);
    assert!(across.lines().contains(Cell::new(1, 2)));
    assert_eq!(format!("{quiet:?}"), "010\n122\n");
    let cells: Cells = [Cell::new(1, 0), Cell::new(0, 2)].into_iter().collect();
    assert_eq!(format!("{cells:?}"), "{(1, 0), (0, 2)}");
}

#[test]
fn a_cell_outside_every_board_is_in_no_set() {
    // Boards have at most eight rows and columns: a cell past them has no bit to spill into a
    // neighbouring row or column.
    for (row, column) in [(8, 0), (0, 8), (9, 3), (3, 9), (8, 8), (255, 255)] {
        let cell = Cell::new(row, column);
        assert!(Cells::from(cell).is_empty(), "{cell:?}");
        assert!(!Cells(u64::MAX).contains(cell), "{cell:?}");
    }
}

#[test]
fn cell_sets_combine_as_sets_and_count_what_they_hold() {
    let cells = |list: &[(u8, u8)]| -> Cells {
        list.iter()
            .map(|&(row, column)| Cell::new(row, column))
            .collect()
    };
    let (left, right) = (cells(&[(0, 0), (1, 2)]), cells(&[(1, 2), (7, 7)]));
    assert_eq!(left | right, cells(&[(0, 0), (1, 2), (7, 7)]));
    assert_eq!(left & right, cells(&[(1, 2)]));
    assert_eq!(left - right, cells(&[(0, 0)]));
    let mut iter = (left | right).iter();
    assert_eq!(iter.size_hint(), (3, Some(3)));
    iter.next();
    assert_eq!(iter.size_hint(), (2, Some(2)));
    assert_eq!(iter.len(), 2);
}

#[test]
fn a_line_across_and_a_line_down_may_share_a_cell() {
    let corner = Board::<3>::from_rows(&[&[0, 0, 0], &[0, 1, 2], &[0, 2, 1]]).unwrap();
    assert_eq!(corner.lines().len(), 5);
    assert!(corner.lines().contains(Cell::new(0, 0)));
}

#[test]
fn a_cell_past_the_last_row_or_column_holds_no_gem() {
    let board = Board::<3>::from_rows(&[&[0, 1, 2], &[1, 2, 0]]).unwrap();
    assert_eq!(board.gem(Cell::new(1, 2)), Some(0));
    assert_eq!(board.gem(Cell::new(2, 0)), None);
    assert_eq!(board.gem(Cell::new(0, 3)), None);
}

#[test]
fn directions_are_named_as_the_explanations_write_them() {
    let names = Direction::ALL.map(Direction::name);
    assert_eq!(names, ["up", "down", "left", "right"]);
}
