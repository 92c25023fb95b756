//! The position: two bitboards and a ply count, and its notation.
//!
//! The bitboard layout is described in module [`layout`](crate::layout).
//!
//! # Notation
//! A position is written as the moves that reach it from the empty board, one
//! 1-based column digit per move: `"4453"` is first in column 4, second on top
//! of it, first in column 5, second in column 3. It is the notation of Pons'
//! solver and its test sets. [`Position::from_moves`] reads it; the board
//! itself is shown by `Display` (and `Debug`), since many move strings lead to
//! the same board.

use crate::layout::{bottom_bit, cell_bit, column_cells, top_bit, HEIGHT, TOP_ROW};
use crate::moves::{Column, ColumnSet};
use gamecore::{ParsePositionError, Player};
use std::fmt;
use std::str::FromStr;

/// A Connect Four position: the stones of both sides and whose turn it is.
///
/// The side to move is [`Player::First`] after an even number of plies and
/// [`Player::Second`] after an odd number. Every value of this type is a
/// position reachable by legal play from the empty board (stones fall to the
/// bottom, sides alternate), possibly finished. The constructors that take
/// text check this; [`Game::play_unchecked`](gamecore::Game::play_unchecked)
/// with an illegal move is the one way to break it.
///
/// `Display` draws the board (first player `X`, second `O`, top row first,
/// column numbers underneath); `Debug` adds the ply count and the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Position {
    /// The stones of the side to move.
    pub(crate) current: u64,
    /// The stones of both sides.
    pub(crate) mask: u64,
    /// The number of stones on the board.
    pub(crate) plies: u32,
    /// Whether the player who just moved has four in a row: found once when
    /// the stone is dropped, so the end of the game is a flag to read for
    /// [`Game::outcome`](gamecore::Game::outcome) and the move generator.
    pub(crate) four: bool,
}

impl Position {
    /// Returns the empty board, [`Player::First`] to move.
    pub const fn new() -> Position {
        Position {
            current: 0,
            mask: 0,
            plies: 0,
            four: false,
        }
    }

    /// Plays the moves of a move string (`"4453"`: 1-based column digits)
    /// from the empty board.
    ///
    /// The empty string is the empty board. The last move may end the game;
    /// Pons' solver refuses such strings, because it only solves unfinished
    /// positions, but here a finished position is a position like any other.
    ///
    /// # Errors
    /// [`ParsePositionError`] when a character is not a digit `1` to `7`, a
    /// move goes into a full column, or a move follows the end of the game.
    pub fn from_moves(moves: &str) -> Result<Position, ParsePositionError> {
        let mut position = Position::new();
        for (index, character) in moves.chars().enumerate() {
            let number = index + 1;
            let Some(column) = character
                .to_digit(10)
                .and_then(|digit| Column::from_number(digit as usize))
            else {
                return Err(ParsePositionError::new(
                    moves,
                    format!("move {number} is {character:?}, not a column digit 1 to 7"),
                ));
            };
            if position.is_over() {
                return Err(ParsePositionError::new(
                    moves,
                    format!("move {number} ({column}) follows the end of the game"),
                ));
            }
            if !position.can_play(column) {
                return Err(ParsePositionError::new(
                    moves,
                    format!("move {number} goes into column {column}, which is full"),
                ));
            }
            position.play_column(column);
        }
        Ok(position)
    }

    /// Returns the number of stones on the board: the moves played so far.
    pub const fn plies(&self) -> u32 {
        self.plies
    }

    /// Returns the player whose turn it is: [`Player::First`] after an even
    /// number of plies.
    pub const fn to_move(&self) -> Player {
        if self.plies % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    /// Returns the bitboard of the side to move's stones (layout in the module docs).
    pub const fn current(&self) -> u64 {
        self.current
    }

    /// Returns the bitboard of all stones (layout in the module docs).
    pub const fn mask(&self) -> u64 {
        self.mask
    }

    /// Returns the bitboard of `player`'s stones.
    pub const fn stones(&self, player: Player) -> u64 {
        if player.index() == self.to_move().index() {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// Returns the number of stones in `column`.
    pub const fn height(&self, column: Column) -> u32 {
        (self.mask & column_cells(column.index())).count_ones()
    }

    /// Returns the bit of the cell a stone dropped into `column` lands on,
    /// or 0 when the column is full.
    #[inline]
    pub(crate) const fn landing_cell(&self, column: Column) -> u64 {
        let col = column.index();
        (self.mask + bottom_bit(col)) & column_cells(col)
    }

    /// Returns the columns that have room for a stone, whether or not the game is over.
    ///
    /// The legal moves are these while the game goes on
    /// ([`Game::legal_moves`](gamecore::Game::legal_moves) lists them centre first).
    pub const fn open_columns(&self) -> ColumnSet {
        ColumnSet::from_cells(TOP_ROW & !self.mask)
    }

    /// Returns true when `column` has room for another stone.
    ///
    /// This ignores whether the game is over; [`Game::is_legal`](gamecore::Game::is_legal)
    /// checks both.
    pub const fn can_play(&self, column: Column) -> bool {
        self.mask & top_bit(column.index()) == 0
    }

    /// Returns whose stone is in `column` at `row` (0-based from the bottom),
    /// `None` for an empty cell or a row above the board.
    pub const fn cell(&self, column: Column, row: usize) -> Option<Player> {
        if row >= HEIGHT {
            return None;
        }
        let bit = cell_bit(column.index(), row);
        if self.mask & bit == 0 {
            None
        } else if self.current & bit != 0 {
            Some(self.to_move())
        } else {
            Some(self.to_move().other())
        }
    }

    /// Returns the perfect key of the position: `current + mask`.
    ///
    /// In each column the mask is `2ʰ − 1` for height `h`, and adding the side
    /// to move's stones (a number below `2ʰ`) gives a number in
    /// `2ʰ − 1 ..= 2ʰ⁺¹ − 2`; these ranges do not overlap for different
    /// heights, and within one the stones are read back by subtracting. So the
    /// key is different for every position, fits in 7 bits per column (49 bits
    /// in all, the sentinel row taking the carry), and tells the side to move
    /// from the stone count. [`Game::hash`](gamecore::Game::hash) mixes it.
    pub const fn key(&self) -> u64 {
        self.current + self.mask
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses a move string, as [`Position::from_moves`].
    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        Position::from_moves(text)
    }
}

impl fmt::Display for Position {
    /// Draws the board, top row first, `X` for the first player, `O` for the
    /// second, `.` for empty, with the column numbers on the last line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..HEIGHT).rev() {
            for column in Column::ALL {
                let symbol = match self.cell(column, row) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None => '.',
                };
                write!(f, "{symbol}")?;
            }
            writeln!(f)?;
        }
        for column in Column::ALL {
            write!(f, "{column}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Position {
    /// A heading with the ply count and the side to move, then the board as
    /// `Display` draws it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Position ({} plies, {} to move)",
            self.plies,
            self.to_move()
        )?;
        write!(f, "{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_column_is_not_open() {
        let position = Position::from_moves("444444").unwrap();
        let open = position.open_columns();
        assert!(!open.contains(Column::new(3)));
        assert_eq!(open.len(), 6);
        assert_eq!(format!("{open:?}"), "{1 2 3 5 6 7}");
    }

    #[test]
    fn a_move_string_builds_the_board_it_names() {
        let position = Position::from_moves("4453").unwrap();
        assert_eq!(position.plies(), 4);
        assert_eq!(position.to_move(), Player::First);
        let (c3, c4, c5) = (Column::new(2), Column::new(3), Column::new(4));
        assert_eq!(position.cell(c4, 0), Some(Player::First));
        assert_eq!(position.cell(c4, 1), Some(Player::Second));
        assert_eq!(position.cell(c4, 2), None);
        assert_eq!(position.cell(c5, 0), Some(Player::First));
        assert_eq!(position.cell(c3, 0), Some(Player::Second));
        assert_eq!(position.height(c4), 2);
        assert_eq!(
            position.to_string(),
            ".......\n.......\n.......\n.......\n...O...\n..OXX..\n1234567"
        );
        assert!(format!("{position:?}").starts_with("Position (4 plies, first to move)\n"));
    }

    #[test]
    fn bad_move_strings_are_errors_not_panics() {
        for (text, reason) in [
            ("40", "move 2 is '0'"),
            ("8", "move 1 is '8'"),
            ("4 4", "move 2 is ' '"),
            ("4444444", "move 7 goes into column 4, which is full"),
            ("1212121", ""),
            ("12121212", "move 8 (2) follows the end of the game"),
        ] {
            let result = Position::from_moves(text);
            if reason.is_empty() {
                assert!(result.is_ok(), "{text:?}: {result:?}");
            } else {
                let err = result.expect_err(text);
                assert!(err.reason().starts_with(reason), "{text:?}: {err}");
                assert_eq!(err.text(), text);
            }
        }
    }

    #[test]
    fn the_key_tells_positions_apart_and_stones_are_per_side() {
        let a = Position::from_moves("12").unwrap();
        let b = Position::from_moves("21").unwrap();
        assert_ne!(a.key(), b.key());
        assert_eq!(
            Position::from_moves("1234").unwrap().key(),
            Position::from_moves("3214").unwrap().key()
        );
        assert_eq!(a.stones(Player::First), cell_bit(0, 0));
        assert_eq!(a.stones(Player::Second), cell_bit(1, 0));
    }
}
