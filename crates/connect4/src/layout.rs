//! The board's dimensions and its bitboard layout.
//!
//! The board is stored the way Pascal Pons' solver stores it
//! (CITE: <http://blog.gamesolver.org/solving-connect-four/06-bitboard/>):
//! one bit per cell, column by column, [`HEIGHT`]` + 1 = 7` bits per column,
//! bottom row first. Column `c` (0-based, left to right) and row `r` (0-based,
//! bottom to top) is bit `7·c + r`:
//!
//! ```text
//!   .  .  .  .  .  .  .      sentinel row: always empty
//!   5 12 19 26 33 40 47      top row
//!   4 11 18 25 32 39 46
//!   3 10 17 24 31 38 45
//!   2  9 16 23 30 37 44
//!   1  8 15 22 29 36 43
//!   0  7 14 21 28 35 42      bottom row
//! ```
//!
//! Bit 6 of each column (bits 6, 13, …, 48) is a **sentinel row** that never
//! holds a stone. It keeps the shifts of the four-in-a-row test from running
//! from the top of one column into the bottom of the next, and it catches the
//! carry when a move is played by adding a column's bottom bit to the mask
//! (module `play`).
//!
//! A position keeps two boards: `current`, the stones of the **side to move**,
//! and `mask`, every stone of both sides. The opponent's stones are
//! `current ^ mask`. Playing a move swaps the roles: the old `current` becomes
//! the opponent's stones.

/// The number of columns.
pub const WIDTH: usize = 7;
/// The number of rows.
pub const HEIGHT: usize = 6;
/// The number of cells, which is also the longest possible game in plies.
pub const CELLS: usize = WIDTH * HEIGHT;

/// The bits per column in the layout: the rows plus the sentinel row.
pub(crate) const COLUMN_BITS: usize = HEIGHT + 1;
/// The bits of the layout's columns together (cells and sentinels).
pub(crate) const LAYOUT_BITS: usize = WIDTH * COLUMN_BITS;

/// Returns the bit of the cell in column `col` (0-based) and row `row` (0-based from the bottom).
#[inline]
pub(crate) const fn cell_bit(col: usize, row: usize) -> u64 {
    1 << (col * COLUMN_BITS + row)
}

/// Returns the bottom cell of column `col`.
#[inline]
pub(crate) const fn bottom_bit(col: usize) -> u64 {
    cell_bit(col, 0)
}

/// Returns the top cell of column `col` (its highest playable row).
#[inline]
pub(crate) const fn top_bit(col: usize) -> u64 {
    cell_bit(col, HEIGHT - 1)
}

/// Returns the six playable cells of column `col` (no sentinel).
#[inline]
pub(crate) const fn column_cells(col: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (col * COLUMN_BITS)
}

/// The bottom cell of every column.
pub(crate) const BOTTOM_ROW: u64 = {
    let mut bits = 0;
    let mut col = 0;
    while col < WIDTH {
        bits |= bottom_bit(col);
        col += 1;
    }
    bits
};

/// Every playable cell: the board without the sentinel row.
pub(crate) const BOARD: u64 = BOTTOM_ROW * ((1 << HEIGHT) - 1);

/// The top cell of every column.
pub(crate) const TOP_ROW: u64 = BOTTOM_ROW << (HEIGHT - 1);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_constants_match_the_picture() {
        assert_eq!(cell_bit(0, 0), 1);
        assert_eq!(top_bit(6), 1 << 47);
        assert_eq!(BOTTOM_ROW.count_ones(), 7);
        assert_eq!(BOARD.count_ones(), 42);
        for col in 0..WIDTH {
            assert_eq!(BOARD & cell_bit(col, HEIGHT), 0, "sentinel of column {col}");
            assert_eq!(column_cells(col) & BOARD, column_cells(col));
        }
    }
    #[test]
    fn the_top_row_is_the_top_cell_of_every_column() {
        for col in 0..WIDTH {
            assert_ne!(TOP_ROW & top_bit(col), 0);
        }
        assert_eq!(TOP_ROW.count_ones(), 7);
    }
}
