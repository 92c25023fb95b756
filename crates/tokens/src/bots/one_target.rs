//! OneTarget: walks to the token with the best `value / (distance + 1)`,
//! scanning x outer and y inner and keeping the first best (strict `>` from
//! −1). Its streak term reads fields it never sets, so the value is just the
//! token's points. Steps try `UP`, `LEFT`, `DOWN`, `RIGHT`, else `EAT`.

use super::{manhattan, Bot};
use crate::action::Action;
use crate::board::Board;
use gamecore::Player;

/// The seed's OneTarget.
#[derive(Debug, Clone)]
pub struct OneTarget {
    seat: Player,
}

impl OneTarget {
    /// Creates the bot for `seat`.
    pub fn new(seat: Player) -> OneTarget {
        OneTarget { seat }
    }
}

impl Bot for OneTarget {
    fn name(&self) -> &'static str {
        "OneTarget"
    }

    fn act(&mut self, board: &Board) -> Option<Action> {
        let me = board.player(self.seat).pos();
        let mut max_val = -1.0f64;
        let (mut mx, mut my) = (0, 0);
        for (x, y, token) in board.tokens() {
            // `this.lastColor` is undefined, so the streak term is always 0.
            let val = f64::from(token.points) / (manhattan(me, (x, y)) + 1) as f64;
            if val > max_val {
                max_val = val;
                (mx, my) = (x, y);
            }
        }
        Some(if my < me.1 {
            Action::Up
        } else if mx < me.0 {
            Action::Left
        } else if my > me.1 {
            Action::Down
        } else if mx > me.0 {
            Action::Right
        } else {
            Action::Eat
        })
    }
}
