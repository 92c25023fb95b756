//! Playing a move with bit tricks, and the [`Game`] implementation.
//!
//! Dropping a stone into column `c` is two operations on the bitboards
//! (CITE: Pons, <http://blog.gamesolver.org/solving-connect-four/06-bitboard/>):
//! 1. `current ^= mask`: the side to move's stones become the opponent's,
//!    since after the move the opponent is to move;
//! 2. `mask |= mask + bottom(c)`: in column `c` the occupied cells are a
//!    run of ones from the bottom, and adding the column's bottom bit carries
//!    through the run into the first empty cell, which is the cell the stone
//!    falls to. Other columns are unchanged by the addition.
//!
//! The new stone belongs to the player who just moved, who is now the
//! opponent (`current ^ mask`), so step 1 before step 2 puts it on the right
//! side. The position key ([`Position::key`]) is `current + mask`; the
//! [`Game::hash`] is that key through [`gamecore::mix64`], a bijective 64-bit mix, so it stays
//! unique per position while spreading it over all 64 bits for the
//! transposition table's index.

use crate::layout::{cell_bit, CELLS, HEIGHT};
use crate::{Column, Position};
use gamecore::{mix64, Game, MoveList, Outcome, ParseMoveError, Player};

impl Position {
    /// Drops a stone of the side to move into `column`, which must have room.
    ///
    /// A full column is left unchanged (no stone is placed, but the turn and
    /// the ply count still advance): the position is then no longer one of
    /// legal play, as [`Game::play_unchecked`] allows for illegal moves.
    #[inline]
    pub fn play_column(&mut self, column: Column) {
        self.current ^= self.mask;
        self.mask |= self.landing_cell(column);
        self.plies += 1;
        self.four = crate::end::has_four(self.current ^ self.mask);
    }

    /// Returns the position after dropping a stone into `column`, which must have room.
    #[must_use]
    pub fn after(mut self, column: Column) -> Position {
        self.play_column(column);
        self
    }
}

/// Builds the key cell by cell, without the `current + mask` addition: every
/// stone adds its bit once, and once more if it belongs to the side to move.
/// In a column of height `h` this gives `2ʰ − 1` plus the side to move's stones.
fn key_from_cells(position: &Position) -> u64 {
    let mut key = 0u64;
    for column in Column::ALL {
        for row in 0..HEIGHT {
            let bit = cell_bit(column.index(), row);
            match position.cell(column, row) {
                Some(owner) if owner == position.to_move() => key += 2 * bit,
                Some(_) => key += bit,
                None => {}
            }
        }
    }
    key
}

impl Game for Position {
    type Move = Column;

    #[inline]
    fn side_to_move(&self) -> Player {
        self.to_move()
    }

    /// The open columns in the order 4, 3, 5, 2, 6, 1, 7; none once the game is over.
    #[inline]
    fn legal_moves(&self, moves: &mut MoveList<Column>) {
        moves.clear();
        if self.is_over() {
            return;
        }
        let open = self.open_columns();
        // Plain pushes: `extend` over a filter cannot size the list ahead
        // and costs several times as much per move.
        for column in Column::CENTRE_FIRST {
            if open.contains(column) {
                moves.push(column);
            }
        }
    }

    fn is_legal(&self, column: Column) -> bool {
        self.can_play(column) && !self.is_over()
    }

    #[inline]
    fn play_unchecked(&mut self, column: Column) {
        self.play_column(column);
    }

    /// The player who completes a line of four scores 1 and the other −1
    /// (`Outcome::zero_sum(winner, 1)`); a full board without a line is 0 : 0.
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if let Some(winner) = self.winner() {
            Some(Outcome::zero_sum(winner, 1))
        } else if self.is_full() {
            Some(Outcome::new(0, 0))
        } else {
            None
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        mix64(self.key())
    }

    fn recompute_hash(&self) -> u64 {
        mix64(key_from_cells(self))
    }

    fn score_bounds(&self) -> (i32, i32) {
        (-1, 1)
    }

    /// The empty cells: `42 − plies`.
    fn max_remaining_plies(&self) -> u32 {
        (CELLS as u32).saturating_sub(self.plies)
    }

    fn parse_move(&self, text: &str) -> Result<Column, ParseMoveError> {
        text.parse()
    }

    /// The cell the stone lands on (its bit in the board's layout): a
    /// history table learns which cells refute, not which columns.
    #[inline]
    fn move_index(&self, column: Column) -> usize {
        // A full column (no legal move) lands nowhere: the last sentinel bit.
        (self.landing_cell(column).trailing_zeros() as usize).min(crate::layout::LAYOUT_BITS - 1)
    }

    fn move_index_bound(&self) -> usize {
        crate::layout::LAYOUT_BITS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stone_falls_onto_the_stones_below() {
        let mut position = Position::new();
        let c4 = Column::new(3);
        for row in 0..HEIGHT {
            let mover = position.to_move();
            position.play_column(c4);
            assert_eq!(position.cell(c4, row), Some(mover));
            assert_eq!(position.height(c4), row as u32 + 1);
        }
        assert!(!position.can_play(c4));
        // A stone into the full column goes nowhere, and the sentinel stays empty.
        let mut illegal = position;
        illegal.play_column(c4);
        assert_eq!(illegal.mask(), position.mask());
        assert_eq!(illegal.mask() & cell_bit(3, HEIGHT), 0);
    }

    #[test]
    fn the_hash_is_the_mixed_key_and_recomputes() {
        let position = Position::from_moves("4453221").unwrap();
        assert_eq!(position.hash(), mix64(position.key()));
        assert_eq!(key_from_cells(&position), position.key());
        assert_ne!(Position::new().hash(), position.hash());
    }

    #[test]
    fn moves_are_generated_centre_first_and_skip_full_columns() {
        let mut moves = MoveList::new();
        Position::new().legal_moves(&mut moves);
        assert_eq!(moves.as_slice(), Column::CENTRE_FIRST);
        Position::from_moves("333333")
            .unwrap()
            .legal_moves(&mut moves);
        let numbers: Vec<usize> = moves.iter().map(|c| c.number()).collect();
        assert_eq!(numbers, [4, 5, 2, 6, 1, 7]);
    }
}
