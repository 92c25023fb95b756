//! MirrorBot, as posted: answers `EAT` on its first call, then reacts to the
//! opponent's last step: a horizontal step is copied (right → `RIGHT`), a
//! vertical one mirrored (down → `UP`), no step → `EAT`. It eats only by
//! accident. The controller's built-in `mirrorBot` ([`MirrorBotBuiltin`])
//! mirrors both axes.

use super::Bot;
use crate::action::Action;
use crate::board::Board;
use gamecore::Player;

/// The reaction shared by both mirror bots; `copy_x` says whether a
/// horizontal step is copied (posted version) or mirrored (built-in).
#[derive(Debug, Clone)]
struct Mirror {
    seat: Player,
    started: bool,
    last: (usize, usize),
}

impl Mirror {
    fn react(&mut self, board: &Board, copy_x: bool) -> Action {
        let op = board.player(self.seat.other()).pos();
        let mut out = Action::Eat;
        if self.started {
            let (right, left) = if copy_x {
                (Action::Right, Action::Left)
            } else {
                (Action::Left, Action::Right)
            };
            // Later tests override earlier ones, as in the JavaScript.
            if self.last.0 < op.0 {
                out = right;
            }
            if self.last.0 > op.0 {
                out = left;
            }
            if self.last.1 < op.1 {
                out = Action::Up;
            }
            if self.last.1 > op.1 {
                out = Action::Down;
            }
        }
        self.last = op;
        self.started = true;
        out
    }
}

/// The posted MirrorBot (the one in the seed's leaderboard).
#[derive(Debug, Clone)]
pub struct MirrorBot(Mirror);

impl MirrorBot {
    /// Creates the bot for `seat`.
    pub fn new(seat: Player) -> MirrorBot {
        MirrorBot(Mirror {
            seat,
            started: false,
            last: (0, 0),
        })
    }
}

impl Bot for MirrorBot {
    fn name(&self) -> &'static str {
        "MirrorBot"
    }

    fn act(&mut self, board: &Board) -> Option<Action> {
        Some(self.0.react(board, true))
    }
}

/// The controller's built-in `mirrorBot`: mirrors both axes.
#[derive(Debug, Clone)]
pub struct MirrorBotBuiltin(Mirror);

impl MirrorBotBuiltin {
    /// Creates the bot for `seat`.
    pub fn new(seat: Player) -> MirrorBotBuiltin {
        MirrorBotBuiltin(Mirror {
            seat,
            started: false,
            last: (0, 0),
        })
    }
}

impl Bot for MirrorBotBuiltin {
    fn name(&self) -> &'static str {
        "mirrorBot (built-in)"
    }

    fn act(&mut self, board: &Board) -> Option<Action> {
        Some(self.0.react(board, false))
    }
}
