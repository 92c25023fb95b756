//! PATH bot ("Pathfinding And Tree Heuristics Bot"), as it really plays.
//!
//! It means to plan through a 6-level tree of points per step, but
//! `findMaxList` loops over `pnList.lenght` (a typo), so the tree is never
//! consulted: it walks to the token with the best
//! `(points + streak if the colour is its own) / (distance + 1)` (x outer,
//! y inner, stable sort, so the first best wins) and eats it. The tree only
//! cost the original time, so the port does not build it.
//!
//! Quirks kept:
//! - it keeps its target until it says `EAT` on it, and tests for an eaten
//!   target with `== undefined` while eaten cells are `false`, so it walks
//!   on to tokens the opponent already ate;
//! - its own streak counter counts from 0 at the first token of a colour, so
//!   it underestimates the next bonus by 1; an `EAT` on an empty cell sets
//!   its colour to `undefined`, and a second one then counts as a streak.
//! - Steps: `RIGHT`, `DOWN`, `UP`, `LEFT`, else `EAT`, like NaiveAI.

use super::{manhattan, step_rdul, Bot};
use crate::action::Action;
use crate::board::Board;
use crate::token::Color;
use gamecore::Player;

/// PATH bot's idea of its current colour (`this.color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PathColor {
    /// The initial `0`, equal to no colour string.
    Zero,
    /// `undefined`, after an `EAT` on an empty cell.
    Undefined,
    /// A real colour.
    Is(Color),
}

/// The seed's PATH bot.
#[derive(Debug, Clone)]
pub struct PathBot {
    seat: Player,
    target: Option<(usize, usize)>,
    color: PathColor,
    streak: i32,
}

impl PathBot {
    /// Creates the bot for `seat`.
    pub fn new(seat: Player) -> PathBot {
        PathBot {
            seat,
            target: None,
            color: PathColor::Zero,
            streak: 0,
        }
    }

    /// The first token of `orderTokensByPPT` (stable sort by ppt descending
    /// over an x-outer, y-inner scan): the first token with the highest ppt.
    fn best_token(&self, board: &Board, from: (usize, usize)) -> Option<(usize, usize)> {
        let mut best: Option<((usize, usize), f64)> = None;
        for (x, y, token) in board.tokens() {
            let streak = if self.color == PathColor::Is(token.color) {
                self.streak
            } else {
                0
            };
            let ppt =
                f64::from(i32::from(token.points) + streak) / (manhattan(from, (x, y)) + 1) as f64;
            if best.is_none_or(|(_, b)| ppt > b) {
                best = Some(((x, y), ppt));
            }
        }
        best.map(|(cell, _)| cell)
    }

    /// `eatTok`: updates the streak from the cell it eats on.
    fn eat(&mut self, board: &Board, at: (usize, usize)) -> Action {
        let cell = board.token(at.0, at.1).map(|t| t.color);
        let same = match (self.color, cell) {
            (PathColor::Is(c), Some(d)) => c == d,
            (PathColor::Undefined, None) => true,
            _ => false,
        };
        if same {
            self.streak += 1;
        } else {
            self.streak = 0;
            self.color = cell.map_or(PathColor::Undefined, PathColor::Is);
        }
        self.target = None;
        Action::Eat
    }
}

impl Bot for PathBot {
    fn name(&self) -> &'static str {
        "PATH bot"
    }

    fn act(&mut self, board: &Board) -> Option<Action> {
        let me = board.player(self.seat).pos();
        if self.target.is_none() {
            // With no token the JavaScript throws reading `max.par`.
            self.target = Some(self.best_token(board, me)?);
        }
        let target = self.target?;
        Some(match step_rdul(me, target) {
            Action::Eat => self.eat(board, me),
            step => step,
        })
    }
}
