//! QuantityPlayer: meant to walk to the nearest token, but its JavaScript
//! throws `ReferenceError: size is not defined` on its first call, every
//! call. The original controller then stalls forever; we count each call as
//! a failure (played as `PASS`) and the tournament marks the bot as failing.

use super::Bot;
use crate::action::Action;
use crate::board::Board;

/// The seed's QuantityPlayer, which cannot run.
#[derive(Debug, Clone, Default)]
pub struct QuantityPlayer;

impl QuantityPlayer {
    /// Creates the bot.
    pub fn new() -> QuantityPlayer {
        QuantityPlayer
    }
}

impl Bot for QuantityPlayer {
    fn name(&self) -> &'static str {
        "QuantityPlayer"
    }

    /// Always fails, as the JavaScript throws before returning.
    fn act(&mut self, _board: &Board) -> Option<Action> {
        None
    }
}
