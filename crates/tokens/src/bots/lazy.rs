//! LazyBot: always answers `EAT`, so it scores only on a token it spawned on
//! and reached first.

use super::Bot;
use crate::action::Action;
use crate::board::Board;

/// The seed's LazyBot.
#[derive(Debug, Clone, Default)]
pub struct LazyBot;

impl LazyBot {
    /// Creates the bot (it needs neither seat nor seed).
    pub fn new() -> LazyBot {
        LazyBot
    }
}

impl Bot for LazyBot {
    fn name(&self) -> &'static str {
        "LazyBot"
    }

    fn act(&mut self, _board: &Board) -> Option<Action> {
        Some(Action::Eat)
    }
}
