//! What a square holds: the sample's board codes 0–6.

use crate::Color;

/// The content of a square, with the sample's codes as discriminants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Cell {
    /// Code 0.
    Empty = 0,
    /// Code 1, at (8,4).
    BlackFlag = 1,
    /// Code 2, at (0,4).
    WhiteFlag = 2,
    /// Code 3 (`BLACK + 3`).
    BlackSoldier = 3,
    /// Code 4 (`WHITE + 3`).
    WhiteSoldier = 4,
    /// Code 5.
    BlackBarrier = 5,
    /// Code 6.
    WhiteBarrier = 6,
}

impl Cell {
    /// Returns the sample's code.
    pub const fn code(self) -> u8 {
        self as u8
    }

    /// Returns the soldier of `color`.
    pub const fn soldier(color: Color) -> Cell {
        match color {
            Color::Black => Cell::BlackSoldier,
            Color::White => Cell::WhiteSoldier,
        }
    }

    /// Returns the barrier of `color`.
    pub const fn barrier(color: Color) -> Cell {
        match color {
            Color::Black => Cell::BlackBarrier,
            Color::White => Cell::WhiteBarrier,
        }
    }

    /// Returns the flag of `color`.
    pub const fn flag(color: Color) -> Cell {
        match color {
            Color::Black => Cell::BlackFlag,
            Color::White => Cell::WhiteFlag,
        }
    }

    /// Returns the colour of a non-empty cell.
    pub const fn color(self) -> Option<Color> {
        match self {
            Cell::Empty => None,
            Cell::BlackFlag | Cell::BlackSoldier | Cell::BlackBarrier => Some(Color::Black),
            Cell::WhiteFlag | Cell::WhiteSoldier | Cell::WhiteBarrier => Some(Color::White),
        }
    }

    /// Returns the glyph of the intact copies of the sample's display.
    pub const fn glyph(self) -> char {
        match self {
            Cell::Empty => ' ',
            Cell::BlackFlag => '◆',
            Cell::WhiteFlag => '◇',
            Cell::BlackSoldier => '●',
            Cell::WhiteSoldier => '○',
            Cell::BlackBarrier => '■',
            Cell::WhiteBarrier => '□',
        }
    }

    /// Returns the letter of our position notation: `F`/`f` flag, `S`/`s`
    /// soldier, `B`/`b` barrier (uppercase Black), `.` empty.
    pub const fn letter(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::BlackFlag => 'F',
            Cell::WhiteFlag => 'f',
            Cell::BlackSoldier => 'S',
            Cell::WhiteSoldier => 's',
            Cell::BlackBarrier => 'B',
            Cell::WhiteBarrier => 'b',
        }
    }

    /// Returns the cell of a notation letter.
    pub const fn from_letter(letter: char) -> Option<Cell> {
        Some(match letter {
            '.' => Cell::Empty,
            'F' => Cell::BlackFlag,
            'f' => Cell::WhiteFlag,
            'S' => Cell::BlackSoldier,
            's' => Cell::WhiteSoldier,
            'B' => Cell::BlackBarrier,
            'b' => Cell::WhiteBarrier,
            _ => return None,
        })
    }
}
