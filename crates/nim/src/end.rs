//! The end of the game and its score (spec §1, §5).
//!
//! At a position with an empty pile, `S = 2·red + 3·blue`. In the standard
//! version the player to move scores `−S` and the opponent `+S`; in misère the
//! player to move scores `+S`. The [`Outcome`](gamecore::Outcome) is
//! `Outcome::zero_sum(winner, S)`, so its
//! [`margin`](gamecore::Outcome::margin) is `±2S`: search values (which are
//! margins) are twice the assignment's scores.

use crate::{RedBlueNim, Version};
use gamecore::Player;

impl RedBlueNim {
    /// Returns true when a pile is empty: the game is over (spec §1).
    pub const fn is_over(&self) -> bool {
        self.red == 0 || self.blue == 0
    }

    /// Returns `S = 2·red + 3·blue`, the amount won and lost if the game ended
    /// here (the final score once it is over).
    pub const fn final_score(&self) -> i32 {
        2 * self.red as i32 + 3 * self.blue as i32
    }

    /// Returns the winner once the game is over, `None` while it goes on.
    ///
    /// The winner is whoever scores `+S`: the opponent of the player to move
    /// (standard) or the player to move (misère). This holds even when
    /// `S = 0` (spec §5), so use this, not [`Outcome::winner`], which calls
    /// equal scores a draw.
    ///
    /// [`Outcome::winner`]: gamecore::Outcome::winner
    pub const fn winner(&self) -> Option<Player> {
        if !self.is_over() {
            return None;
        }
        Some(match self.version {
            Version::Standard => self.to_move.other(),
            Version::Misere => self.to_move,
        })
    }

    /// Returns the score of the player to move once the game is over (`−S` in
    /// standard, `+S` in misère), `None` while it goes on.
    pub const fn score_to_move(&self) -> Option<i32> {
        if !self.is_over() {
            return None;
        }
        Some(match self.version {
            Version::Standard => -self.final_score(),
            Version::Misere => self.final_score(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecore::Game;

    #[test]
    fn computer_to_move_with_0_red_3_blue_loses_or_wins_9() {
        let standard = RedBlueNim::new(0, 3, Version::Standard);
        assert_eq!(standard.score_to_move(), Some(-9));
        assert_eq!(standard.winner(), Some(Player::Second));
        assert_eq!(standard.outcome().unwrap().margin(Player::First), -18);
        let misere = RedBlueNim::new(0, 3, Version::Misere);
        assert_eq!(misere.score_to_move(), Some(9));
        assert_eq!(misere.winner(), Some(Player::First));
    }

    #[test]
    fn zero_and_zero_still_has_a_winner() {
        let state = RedBlueNim::new(0, 0, Version::Standard).with_side_to_move(Player::Second);
        assert_eq!(state.final_score(), 0);
        assert_eq!(state.winner(), Some(Player::First));
        assert!(state.outcome().unwrap().is_draw());
    }
}
