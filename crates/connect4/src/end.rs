//! The end of the game: four in a row, or a full board.
//!
//! 1. A player who completes a line of four of their stones, horizontal,
//!    vertical or diagonal, wins at once. Only the player who just moved can
//!    have completed one, so the test looks at the opponent of the side to
//!    move (`current ^ mask`).
//! 2. When the board is full (42 stones) without a line, the game is drawn.
//! 3. The [`Outcome`](gamecore::Outcome) gives the winner 1 and the loser −1
//!    (`Outcome::zero_sum(winner, 1)`), a draw 0 and 0; the search's margin
//!    of a win is therefore 2.
//!
//! Lines are found with shifts, one per direction, in the layout of
//! [`Position`] (CITE: John Tromp's Fhourstones,
//! <https://tromp.github.io/c4/fhour.html>): moving one cell up is a shift by
//! 1, right by 7, up-right by 8, down-right by 6. `b & (b >> s)` marks the
//! stones whose neighbour `s` away is also a stone; doing it again with
//! `2·s` marks the starts of four in a row. The empty sentinel row above each
//! column breaks every run that would wrap from one column into the next.

use crate::layout::{BOARD, BOTTOM_ROW, CELLS, COLUMN_BITS};
use crate::moves::ColumnSet;
use crate::Position;
use gamecore::Player;

/// The shift of each direction: vertical, horizontal, and the two diagonals.
pub(crate) const DIRECTIONS: [u32; 4] = [
    1,
    COLUMN_BITS as u32,
    COLUMN_BITS as u32 + 1,
    COLUMN_BITS as u32 - 1,
];

/// Returns true when the stones of `stones` (one side's bitboard) hold four in a row.
#[inline]
pub const fn has_four(stones: u64) -> bool {
    let mut i = 0;
    while i < DIRECTIONS.len() {
        let shift = DIRECTIONS[i];
        let pairs = stones & (stones >> shift);
        if pairs & (pairs >> (2 * shift)) != 0 {
            return true;
        }
        i += 1;
    }
    false
}

/// Returns the empty cells that would complete a line of four for the side
/// owning `stones`, given all stones `mask`. The cells need not be playable
/// yet (a cell may float above empty ones): such cells are the *threats* of
/// Connect Four strategy.
///
/// For each direction, a cell completes a line when the three cells after it,
/// the three before it, or two on one side and one on the other are stones.
pub const fn winning_cells(stones: u64, mask: u64) -> u64 {
    // Vertical: only the cell on top of three stones.
    let mut cells = (stones << 1) & (stones << 2) & (stones << 3);
    let mut i = 1;
    while i < DIRECTIONS.len() {
        let s = DIRECTIONS[i];
        // Two stones on the lower-index side of the cell, at distances 1 and 2 ...
        let below = (stones << s) & (stones << (2 * s));
        // ... plus a third at distance 3, or one on the other side.
        cells |= below & (stones << (3 * s));
        cells |= below & (stones >> s);
        // The same with the two stones on the higher-index side.
        let above = (stones >> s) & (stones >> (2 * s));
        cells |= above & (stones >> (3 * s));
        cells |= above & (stones << s);
        i += 1;
    }
    cells & (BOARD ^ mask)
}

impl Position {
    /// Returns the player who has four in a row, `None` if nobody has.
    ///
    /// Only the player who moved last can have one (the game stops there).
    pub const fn winner(&self) -> Option<Player> {
        if self.four {
            Some(self.to_move().other())
        } else {
            None
        }
    }

    /// Returns true when all 42 cells hold a stone.
    pub const fn is_full(&self) -> bool {
        self.plies as usize >= CELLS
    }

    /// Returns true when the game is over: a line of four, or a full board.
    pub const fn is_over(&self) -> bool {
        self.is_full() || self.winner().is_some()
    }

    /// Returns the cells the next stone can go to: the lowest empty cell of
    /// every open column.
    pub const fn playable_cells(&self) -> u64 {
        (self.mask + BOTTOM_ROW) & BOARD
    }

    /// Returns the empty cells that would complete four for `player`
    /// ([`winning_cells`]), playable now or not.
    pub const fn threats(&self, player: Player) -> u64 {
        winning_cells(self.stones(player), self.mask)
    }

    /// Returns the columns in which the side to move wins at once.
    ///
    /// Empty once the game is over.
    pub const fn winning_moves(&self) -> ColumnSet {
        if self.is_over() {
            return ColumnSet::EMPTY;
        }
        ColumnSet::from_cells(winning_cells(self.current, self.mask) & self.playable_cells())
    }

    /// Returns true when the side to move can complete four with its next move.
    pub const fn can_win_next(&self) -> bool {
        !self.winning_moves().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::cell_bit;
    use crate::Column;

    #[test]
    fn three_in_a_row_is_not_four() {
        let three = cell_bit(0, 0) | cell_bit(1, 0) | cell_bit(2, 0);
        assert!(!has_four(three));
        assert!(has_four(three | cell_bit(3, 0)));
        // A vertical run may not continue over the sentinel into the next column.
        let wrap = cell_bit(0, 4) | cell_bit(0, 5) | cell_bit(1, 0) | cell_bit(1, 1);
        assert!(!has_four(wrap));
    }

    #[test]
    fn winning_cells_find_the_gap_and_both_ends() {
        // First holds 1, 2 and 4 on the bottom row: 3 fills the gap.
        let position = Position::from_moves("1627").unwrap().after(Column::new(3));
        // Moves so far: 1 6 2 7 4 → first on 1, 2, 4; second on 6, 7; second to move.
        let first = position.threats(Player::First);
        assert_eq!(first, cell_bit(2, 0));
        assert!(position.winning_moves().is_empty(), "second cannot win");
        let next = position.after(Column::new(4)); // second plays 5; first to move
        assert_eq!(
            next.winning_moves().iter().collect::<Vec<_>>(),
            [Column::new(2)]
        );
        assert!(next.can_win_next());
    }

    #[test]
    fn a_full_board_without_four_is_a_draw() {
        // Columns filled in pairs 1-2, 3-4, 5-6 in the order that keeps every
        // run short, then column 7: the classic drawn filling.
        let moves = "121212343434565656212121434343656565777777";
        let position = Position::from_moves(moves).unwrap();
        assert!(position.is_full());
        assert_eq!(position.winner(), None);
        assert!(position.is_over());
    }
}
