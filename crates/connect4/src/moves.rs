//! Moves: a move names the column the stone is dropped into.
//!
//! A move is legal while the game goes on and its column has an empty cell;
//! the stone falls to the lowest one. Legal moves are generated centre first,
//! in the order 4, 3, 5, 2, 6, 1, 7 ([`Column::CENTRE_FIRST`]): central
//! columns take part in more lines of four, so searching them first finds
//! cut-offs sooner, and among equally good moves the search keeps the more
//! central one.

use crate::layout::{column_cells, WIDTH};
use gamecore::ParseMoveError;
use std::fmt;
use std::str::FromStr;

/// A column of the board, and the move that drops a stone into it.
///
/// Columns are numbered 1 to 7 from the left in the notation (`Display`,
/// `FromStr`, `Debug`) and indexed 0 to 6 in code ([`Column::index`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(u8);

impl Column {
    /// Every column, left to right.
    pub const ALL: [Column; WIDTH] = [
        Column(0),
        Column(1),
        Column(2),
        Column(3),
        Column(4),
        Column(5),
        Column(6),
    ];

    /// Every column in move-generation order, centre first: 4, 3, 5, 2, 6, 1, 7.
    pub const CENTRE_FIRST: [Column; WIDTH] = [
        Column(3),
        Column(2),
        Column(4),
        Column(1),
        Column(5),
        Column(0),
        Column(6),
    ];

    /// Returns the column with 0-based `index` (0 is the leftmost).
    ///
    /// # Panics
    /// Panics if `index` is 7 or more; [`Column::try_new`] is the checked twin.
    #[track_caller]
    pub const fn new(index: usize) -> Column {
        match Column::try_new(index) {
            Some(column) => column,
            None => panic!("column index must be below 7"),
        }
    }

    /// Returns the column with 0-based `index`, or `None` if it is 7 or more.
    pub const fn try_new(index: usize) -> Option<Column> {
        if index < WIDTH {
            Some(Column(index as u8))
        } else {
            None
        }
    }

    /// Returns the column with 1-based `number` (as written in the notation),
    /// or `None` unless it is 1 to 7.
    pub const fn from_number(number: usize) -> Option<Column> {
        if number == 0 {
            None
        } else {
            Column::try_new(number - 1)
        }
    }

    /// Returns the 0-based index, 0 (leftmost) to 6.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Returns the 1-based number of the notation, 1 to 7.
    pub const fn number(self) -> usize {
        self.0 as usize + 1
    }

    /// Returns the column at the same distance from the other edge (1 ↔ 7, 4 ↔ 4).
    #[must_use]
    pub const fn mirrored(self) -> Column {
        Column(WIDTH as u8 - 1 - self.0)
    }
}

impl fmt::Display for Column {
    /// Writes the 1-based column digit, `1` to `7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl fmt::Debug for Column {
    /// Writes `column` and the 1-based digit, e.g. `column 4`, so that a
    /// printed move list reads like the notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}", self.number())
    }
}

impl FromStr for Column {
    type Err = ParseMoveError;

    /// Parses a column digit `1` to `7`, ignoring surrounding whitespace.
    fn from_str(text: &str) -> Result<Column, ParseMoveError> {
        match text.trim().as_bytes() {
            &[digit @ b'1'..=b'7'] => Ok(Column(digit - b'1')),
            _ => Err(ParseMoveError::new(text, "a column digit 1 to 7")),
        }
    }
}

/// A set of columns, such as the legal moves or the winning moves of a position.
///
/// A 7-bit set: copying and testing it costs nothing. It iterates left to right.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ColumnSet(u8);

impl ColumnSet {
    /// The set with no column.
    pub const EMPTY: ColumnSet = ColumnSet(0);

    /// Returns the set of the columns in which `cells` (a bitboard in the
    /// layout of [`layout`](crate::layout)) has at least one bit.
    pub(crate) const fn from_cells(cells: u64) -> ColumnSet {
        let mut set = 0u8;
        let mut col = 0;
        while col < WIDTH {
            if cells & column_cells(col) != 0 {
                set |= 1 << col;
            }
            col += 1;
        }
        ColumnSet(set)
    }

    /// Returns true when `column` is in the set.
    #[inline]
    pub const fn contains(self, column: Column) -> bool {
        self.0 & (1 << column.0) != 0
    }

    /// Returns the set with `column` added.
    #[must_use]
    pub const fn with(self, column: Column) -> ColumnSet {
        ColumnSet(self.0 | (1 << column.0))
    }

    /// Returns the number of columns in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Returns true when the set has no column.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Returns the columns of the set, left to right.
    pub fn iter(self) -> impl Iterator<Item = Column> {
        Column::ALL.into_iter().filter(move |&c| self.contains(c))
    }
}

impl FromIterator<Column> for ColumnSet {
    fn from_iter<I: IntoIterator<Item = Column>>(columns: I) -> ColumnSet {
        columns
            .into_iter()
            .fold(ColumnSet::EMPTY, |set, column| set.with(column))
    }
}

impl fmt::Debug for ColumnSet {
    /// Writes the columns as the notation's digits in braces, e.g. `{1 4 7}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, column) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{column}")?;
        }
        f.write_str("}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_print_and_parse_as_their_digit() {
        for column in Column::ALL {
            let text = column.to_string();
            assert_eq!(text.parse::<Column>(), Ok(column));
            assert_eq!(Column::from_number(column.number()), Some(column));
        }
        assert_eq!(Column::new(3).to_string(), "4");
        assert_eq!(format!("{:?}", Column::new(0)), "column 1");
        assert_eq!(" 7\n".parse::<Column>(), Ok(Column::new(6)));
        for bad in ["0", "8", "", "44", "a", "-1", "１"] {
            assert!(bad.parse::<Column>().is_err(), "{bad:?} parsed");
        }
        assert_eq!(Column::try_new(7), None);
        assert_eq!(Column::from_number(0), None);
        assert_eq!(Column::new(1).mirrored(), Column::new(5));
    }

    #[test]
    fn centre_first_is_a_permutation_starting_in_the_middle() {
        let set: ColumnSet = Column::CENTRE_FIRST.into_iter().collect();
        assert_eq!(set.len(), WIDTH);
        let numbers: Vec<usize> = Column::CENTRE_FIRST.iter().map(|c| c.number()).collect();
        assert_eq!(numbers, [4, 3, 5, 2, 6, 1, 7]);
    }
}
