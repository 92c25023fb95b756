//! The two seats of a two-player game.

use std::fmt;
use std::ops::Not;

/// One of the two seats at the table.
///
/// Every game in this workspace has exactly two players. `First` is the seat
/// that moves first from a game's conventional start position; games with
/// their own names for the seats (South/North, red/blue) map them onto these
/// two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The seat that moves first from the conventional start.
    First,
    /// The other seat.
    Second,
}

impl Player {
    /// Both seats, `First` then `Second`.
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// Returns the other seat.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// Returns 0 for `First` and 1 for `Second`, for indexing per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }

    /// Returns the seat with the given index (0 or 1).
    ///
    /// # Panics
    /// Panics if `index > 1`.
    #[track_caller]
    pub const fn from_index(index: usize) -> Player {
        match index {
            0 => Player::First,
            1 => Player::Second,
            _ => panic!("player index must be 0 or 1"),
        }
    }
}

impl Not for Player {
    type Output = Player;
    fn not(self) -> Player {
        self.other()
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::First => "first",
            Player::Second => "second",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_is_an_involution_and_index_round_trips() {
        for p in Player::BOTH {
            assert_eq!(p.other().other(), p);
            assert_eq!(!p, p.other());
            assert_eq!(Player::from_index(p.index()), p);
        }
    }
}
