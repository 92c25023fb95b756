//! The end of a game: no token left, or more than `4n` plies in a row
//! without a token eaten; the score is each player's points.

use crate::board::Board;

impl Board {
    /// Returns the stall limit `4n`: the game ends when the counter exceeds it.
    #[inline]
    pub fn stall_limit(&self) -> u32 {
        4 * u32::from(self.n)
    }

    /// Returns true when the game has ended: no tokens are left, or more than
    /// `4n` plies in a row passed without a token being eaten.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.count == 0 || self.stall > self.stall_limit()
    }

    /// Returns both scores, player 1's then player 2's.
    pub fn scores(&self) -> [i32; 2] {
        [self.players[0].score, self.players[1].score]
    }

    /// Returns the number of controller ticks this game has taken so far: one
    /// per ply, plus the idle tick the controller spends on a board whose
    /// last token is gone before it ends the game.
    pub fn controller_ticks(&self) -> u32 {
        self.plies + u32::from(self.count == 0)
    }
}
