//! NaiveAI (the controller's built-in `myAI`): searches Manhattan rings
//! outward from its cell; on the first ring holding a token it takes the one
//! worth most if eaten now (first in ring order on ties) and steps towards
//! it (`RIGHT`, `DOWN`, `UP`, `LEFT` priority, else `EAT`). No memory.

use super::{step_rdul, Bot};
use crate::action::Action;
use crate::board::Board;
use crate::player::PlayerState;
use crate::token::Token;
use gamecore::Player;

/// The seed's NaiveAI.
#[derive(Debug, Clone)]
pub struct NaiveAi {
    seat: Player,
}

impl NaiveAi {
    /// Creates the bot for `seat`.
    pub fn new(seat: Player) -> NaiveAi {
        NaiveAi { seat }
    }
}

/// NaiveAI's value of eating `token` now (`tokenScore`).
fn token_score(me: &PlayerState, token: Token) -> i32 {
    me.gain(token)
}

/// Calls `visit` on the offsets of ring `d` in `findTokensAtDistance`'s
/// order: (0,d), (1,d−1), …, (d,0); (0,−d); for i in 1..d: (−i,d−i),
/// (i,−(d−i)), (−i,−(d−i)); finally (−d,0).
pub(crate) fn ring_offsets(d: i32, mut visit: impl FnMut(i32, i32)) {
    if d == 0 {
        visit(0, 0);
        return;
    }
    for i in 0..=d {
        visit(i, d - i);
    }
    visit(0, -d);
    for i in 1..d {
        visit(-i, d - i);
        visit(i, -(d - i));
        visit(-i, -(d - i));
    }
    visit(-d, 0);
}

impl Bot for NaiveAi {
    fn name(&self) -> &'static str {
        "NaiveAI"
    }

    fn act(&mut self, board: &Board) -> Option<Action> {
        let me = board.player(self.seat);
        let (px, py) = (i32::from(me.x), i32::from(me.y));
        let n = board.size() as i32;
        // The JavaScript loops forever on an empty board; the game never asks then.
        for d in 0..=2 * n {
            let mut best: Option<((usize, usize), i32)> = None;
            ring_offsets(d, |dx, dy| {
                let (x, y) = (px + dx, py + dy);
                if x < 0 || y < 0 || x >= n || y >= n {
                    return;
                }
                if let Some(token) = board.token(x as usize, y as usize) {
                    let score = token_score(me, token);
                    if best.is_none_or(|(_, s)| score > s) {
                        best = Some(((x as usize, y as usize), score));
                    }
                }
            });
            if let Some((goal, _)) = best {
                return Some(step_rdul(me.pos(), goal));
            }
        }
        Some(Action::Pass)
    }
}
