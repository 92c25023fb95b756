//! The end of a game: one score per player.

use crate::Player;
use std::fmt;

/// The result of a finished game: one score per player.
///
/// Scores are absolute (indexed by seat, not by side to move). Zero-sum games
/// give opposite scores (Red-Blue Nim: `+S` and `−S`) or scores whose
/// difference is the margin (Kalah: the two stores); general-sum games (the
/// token game) give each player their own points. A search that plays for the
/// difference reads [`Outcome::margin`]; an agent that only cares about its own
/// points reads [`Outcome::score`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    scores: [i32; 2],
}

impl Outcome {
    /// Creates an outcome from the scores of `First` and `Second`.
    pub const fn new(first: i32, second: i32) -> Outcome {
        Outcome {
            scores: [first, second],
        }
    }

    /// Creates a zero-sum outcome in which `winner` scores `amount` and the other `−amount`.
    pub const fn zero_sum(winner: Player, amount: i32) -> Outcome {
        match winner {
            Player::First => Outcome::new(amount, -amount),
            Player::Second => Outcome::new(-amount, amount),
        }
    }

    /// Returns the score of `player`.
    #[inline]
    pub const fn score(&self, player: Player) -> i32 {
        self.scores[player.index()]
    }

    /// Returns both scores, `First`'s then `Second`'s.
    pub const fn scores(&self) -> [i32; 2] {
        self.scores
    }

    /// Returns `player`'s score minus the opponent's: the zero-sum value of the
    /// game from `player`'s point of view.
    #[inline]
    pub const fn margin(&self, player: Player) -> i32 {
        self.scores[player.index()] - self.scores[player.other().index()]
    }

    /// Returns the player with the higher score, or `None` on equal scores.
    pub const fn winner(&self) -> Option<Player> {
        let margin = self.margin(Player::First);
        if margin > 0 {
            Some(Player::First)
        } else if margin < 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// Returns true when both players scored the same.
    pub const fn is_draw(&self) -> bool {
        self.scores[0] == self.scores[1]
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.scores[0], self.scores[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_are_opposite_and_winner_follows_them() {
        let outcome = Outcome::new(30, 18);
        assert_eq!(outcome.margin(Player::First), 12);
        assert_eq!(outcome.margin(Player::Second), -12);
        assert_eq!(outcome.winner(), Some(Player::First));
        assert!(Outcome::new(5, 5).is_draw());
        assert_eq!(Outcome::zero_sum(Player::Second, 9).scores(), [-9, 9]);
    }
}
