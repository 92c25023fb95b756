//! The six actions a bot may answer, and how the controller reads an answer.

use std::fmt;

/// One action: the six strings a bot may answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// `UP`: y − 1.
    Up,
    /// `RIGHT`: x + 1.
    Right,
    /// `DOWN`: y + 1.
    Down,
    /// `LEFT`: x − 1.
    Left,
    /// `EAT`: eat the token on the player's cell, if any.
    Eat,
    /// `PASS`: do nothing.
    Pass,
}

impl Action {
    /// The six actions in the controller's order.
    pub const ALL: [Action; 6] = [
        Action::Up,
        Action::Right,
        Action::Down,
        Action::Left,
        Action::Eat,
        Action::Pass,
    ];

    /// The four moves.
    pub const MOVES: [Action; 4] = [Action::Up, Action::Right, Action::Down, Action::Left];

    /// Returns the controller's string (`"UP"`, ..., `"PASS"`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Action::Up => "UP",
            Action::Right => "RIGHT",
            Action::Down => "DOWN",
            Action::Left => "LEFT",
            Action::Eat => "EAT",
            Action::Pass => "PASS",
        }
    }

    /// Reads a bot's answer as the controller does: only the exact upper-case
    /// strings are actions, anything else is `PASS`.
    pub fn from_controller(answer: &str) -> Action {
        Action::ALL
            .into_iter()
            .find(|action| action.as_str() == answer)
            .unwrap_or(Action::Pass)
    }

    /// Returns the displacement `(dx, dy)` of a move, `(0, 0)` otherwise.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Action::Up => (0, -1),
            Action::Right => (1, 0),
            Action::Down => (0, 1),
            Action::Left => (-1, 0),
            Action::Eat | Action::Pass => (0, 0),
        }
    }

    /// Returns the action's index in [`Action::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
