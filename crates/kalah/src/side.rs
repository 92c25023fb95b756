//! The two sides of the board (the spec's `Side.h`).

use gamecore::Player;
use std::fmt;
use std::str::FromStr;

/// The hole number that addresses a side's pot (the spec's `POT`).
pub const POT: usize = 0;

/// One side of the board. **South always moves first.**
///
/// The discriminants follow the spec's `enum Side { NORTH, SOUTH }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The upper row; its pot is on the left.
    North = 0,
    /// The lower row; its pot is on the right. Moves first.
    South = 1,
}

impl Side {
    /// Both sides, North then South (the spec's order, `NSIDES = 2`).
    pub const BOTH: [Side; 2] = [Side::North, Side::South];

    /// Returns the other side (the spec's `opponent(s)`).
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::North => Side::South,
            Side::South => Side::North,
        }
    }

    /// Returns 0 for North and 1 for South.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Returns the `gamecore` seat: South is [`Player::First`].
    #[inline]
    pub const fn player(self) -> Player {
        match self {
            Side::South => Player::First,
            Side::North => Player::Second,
        }
    }

    /// Returns the side sitting in the `gamecore` seat `player`.
    #[inline]
    pub const fn from_player(player: Player) -> Side {
        match player {
            Player::First => Side::South,
            Player::Second => Side::North,
        }
    }

    /// Returns the one-letter notation: `N` or `S`.
    pub const fn letter(self) -> char {
        match self {
            Side::North => 'N',
            Side::South => 'S',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::North => "North",
            Side::South => "South",
        })
    }
}

/// Text that names no side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSideError(String);

impl fmt::Display for ParseSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid side {:?}: expected N, S, north or south",
            self.0
        )
    }
}

impl std::error::Error for ParseSideError {}

impl FromStr for Side {
    type Err = ParseSideError;

    /// Parses `N`, `S`, `north` or `south` (any case).
    fn from_str(text: &str) -> Result<Side, ParseSideError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "n" | "north" => Ok(Side::North),
            "s" | "south" => Ok(Side::South),
            _ => Err(ParseSideError(text.to_owned())),
        }
    }
}
