//! The interface every bot shares with the controller (and our planner).

use crate::action::Action;
use crate::board::Board;

/// A bot in the controller's sense: created for one game and one seat, asked
/// for an action on each of its turns.
pub trait Bot: Send {
    /// Returns the bot's name, as in tables.
    fn name(&self) -> &'static str;

    /// Chooses the action for `board`, on which it is this bot's turn.
    ///
    /// `None` means the bot failed (the JavaScript threw); the game counts
    /// it as `PASS` and the tournament reports the failure.
    fn act(&mut self, board: &Board) -> Option<Action>;
}
