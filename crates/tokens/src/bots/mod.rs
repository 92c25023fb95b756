//! Rust ports of the seed's bots, behaving as their JavaScript does
//! (quirks included), and the [`Bot`] interface they share with our agent.
//!
//! Each port's file opens with the strategy and the quirks it reproduces.
//! A bot is created for one game and one seat (the controller's
//! `new Bot(player1)`), and is asked for an action on each of its turns.

pub(crate) mod hungry;
mod kinda_random;
mod lazy;
mod mirror;
mod naive;
mod one_target;
mod path;
mod quantity;

pub use hungry::HungryBot;
pub use kinda_random::KindaRandomAi;
pub use lazy::LazyBot;
pub use mirror::{MirrorBot, MirrorBotBuiltin};
pub use naive::NaiveAi;
pub use one_target::OneTarget;
pub use path::PathBot;
pub use quantity::QuantityPlayer;

use crate::board::Board;
use crate::game::Action;

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

/// The step NaiveAI and PATH bot take from `from` towards `to`: `RIGHT` if
/// the goal is to the right, else `DOWN`, `UP`, `LEFT`, else `EAT`.
pub fn step_rdul(from: (usize, usize), to: (usize, usize)) -> Action {
    if to.0 > from.0 {
        Action::Right
    } else if to.1 > from.1 {
        Action::Down
    } else if to.1 < from.1 {
        Action::Up
    } else if to.0 < from.0 {
        Action::Left
    } else {
        Action::Eat
    }
}

/// The Manhattan distance between two cells.
#[inline]
pub fn manhattan(a: (usize, usize), b: (usize, usize)) -> usize {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}
