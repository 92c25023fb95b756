//! The two colours: Black (moves first, bottom rows) and White (top rows).

use gamecore::Player;
use std::fmt;

/// A side of the game. The sample program's ids are `BLACK = 0`, `WHITE = 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first; its flag is at (8,4), the bottom of the board.
    Black,
    /// Moves second; its flag is at (0,4), the top of the board.
    White,
}

impl Color {
    /// Both colours, Black then White.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// Returns the other colour.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Returns the sample's colour id: 0 for Black, 1 for White.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// Returns the colour with the sample's id (0 or 1), `None` otherwise.
    pub const fn from_index(index: i64) -> Option<Color> {
        match index {
            0 => Some(Color::Black),
            1 => Some(Color::White),
            _ => None,
        }
    }

    /// Returns the name the sample prints: `BLACK` or `WHITE`.
    pub const fn upper_name(self) -> &'static str {
        match self {
            Color::Black => "BLACK",
            Color::White => "WHITE",
        }
    }

    /// Returns the name in the display's value lines: `Black` or `White`.
    pub const fn title_name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// Returns the lowercase name used in effect lines (`Break white barrier!`).
    pub const fn lower_name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// Returns the `gamecore` seat: Black is [`Player::First`].
    #[inline]
    pub const fn player(self) -> Player {
        match self {
            Color::Black => Player::First,
            Color::White => Player::Second,
        }
    }

    /// Returns the colour of a `gamecore` seat.
    #[inline]
    pub const fn from_player(player: Player) -> Color {
        match player {
            Player::First => Color::Black,
            Player::Second => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.upper_name())
    }
}
