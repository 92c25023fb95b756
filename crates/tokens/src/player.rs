//! A player's public record, as in the controller's `player` object, and
//! the points eating a token earns it (the colour-streak bonus).

use crate::token::{Color, Token};

/// One player's public record, as in the controller's `player` object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerState {
    /// Column, growing to the right.
    pub x: u8,
    /// Row, growing downwards.
    pub y: u8,
    /// Points so far.
    pub score: i32,
    /// The controller's `colorBonus`: the bonus earned by the last eat (the
    /// m-th token of a run earns m − 1).
    pub color_bonus: i32,
    /// The colour of the last token eaten; `None` is `"#000000"`.
    pub last_color: Option<Color>,
}

impl PlayerState {
    /// A player on `(x, y)` who has eaten nothing.
    pub const fn new(x: u8, y: u8) -> PlayerState {
        PlayerState {
            x,
            y,
            score: 0,
            color_bonus: 0,
            last_color: None,
        }
    }

    /// Returns `[x, y]` as the controller's `pos`.
    #[inline]
    pub const fn pos(&self) -> (usize, usize) {
        (self.x as usize, self.y as usize)
    }

    /// Returns the points eating `token` now would earn: its value plus the
    /// streak bonus `color_bonus + 1` when it continues the run.
    #[inline]
    pub fn gain(&self, token: Token) -> i32 {
        let bonus = if self.last_color == Some(token.color) {
            self.color_bonus + 1
        } else {
            0
        };
        i32::from(token.points) + bonus
    }
}
