//! Applying an action: the controller's `actPlayer` (moves, eating and the
//! colour-streak bonus) and its tick (the turn passes, the stall counter
//! counts plies without an eat).

use crate::action::Action;
use crate::board::Board;
use crate::token::Token;
use gamecore::Player;

/// What one action did, for replays and opponent modelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Nothing changed (`PASS`, an off-board move, `EAT` on an empty cell).
    Nothing,
    /// The player moved.
    Moved,
    /// The player ate a token and gained these points.
    Ate(Token, i32),
}

impl Board {
    /// Applies `action` for `who` exactly as the controller's `actPlayer`
    /// does, without touching the turn or the stall counter.
    #[inline]
    pub fn act(&mut self, who: Player, action: Action) -> Effect {
        let n = self.size() as i32;
        let old = self.players[who.index()];
        let mut new = old;
        let effect = match action {
            Action::Eat => {
                let (x, y) = old.pos();
                match self.token(x, y) {
                    Some(token) => {
                        if old.last_color == Some(token.color) {
                            new.color_bonus += 1;
                            new.score += new.color_bonus;
                        } else {
                            new.last_color = Some(token.color);
                            new.color_bonus = 0;
                        }
                        new.score += i32::from(token.points);
                        self.set_cell(x, y, 0);
                        Effect::Ate(token, new.score - old.score)
                    }
                    None => Effect::Nothing,
                }
            }
            Action::Pass => Effect::Nothing,
            mv => {
                let (dx, dy) = mv.delta();
                let (x, y) = (i32::from(old.x) + dx, i32::from(old.y) + dy);
                if (0..n).contains(&x) && (0..n).contains(&y) {
                    new.x = x as u8;
                    new.y = y as u8;
                    Effect::Moved
                } else {
                    Effect::Nothing
                }
            }
        };
        self.players[who.index()] = new;
        effect
    }

    /// Plays one controller tick for the side to move: it acts (if tokens
    /// remain), the turn passes, and the stall counter is reset if a token
    /// was eaten and increased otherwise. Returns what the action did.
    pub fn step(&mut self, action: Action) -> Effect {
        let before = self.count;
        let who = self.to_move;
        let effect = if before > 0 {
            self.act(who, action)
        } else {
            Effect::Nothing
        };
        self.to_move = who.other();
        self.plies += 1;
        if self.count < before {
            self.stall = 0;
        } else {
            self.stall += 1;
        }
        effect
    }
}
