//! KindaRandomAI: eats when it stands on a token, otherwise steps in a
//! uniformly random direction that stays on the board (listed `LEFT`, `UP`,
//! `DOWN`, `RIGHT`).

use super::Bot;
use crate::action::Action;
use crate::board::Board;
use gamecore::{GameRng, Player};
use rand::Rng;

/// The controller's KindaRandomAI, with its random draws from a seed.
#[derive(Debug, Clone)]
pub struct KindaRandomAi {
    seat: Player,
    rng: GameRng,
}

impl KindaRandomAi {
    /// Creates the bot for `seat`, drawing from `seed`.
    pub fn new(seat: Player, seed: u64) -> KindaRandomAi {
        KindaRandomAi {
            seat,
            rng: gamecore::seeded_rng(seed),
        }
    }
}

impl Bot for KindaRandomAi {
    fn name(&self) -> &'static str {
        "KindaRandomAI"
    }

    fn act(&mut self, board: &Board) -> Option<Action> {
        let (x, y) = board.player(self.seat).pos();
        if board.token(x, y).is_some() {
            return Some(Action::Eat);
        }
        let last = board.size() - 1;
        let mut dirs = arrayvec::ArrayVec::<Action, 4>::new();
        if x > 0 {
            dirs.push(Action::Left);
        }
        if y > 0 {
            dirs.push(Action::Up);
        }
        if y < last {
            dirs.push(Action::Down);
        }
        if x < last {
            dirs.push(Action::Right);
        }
        // On a 1x1 board the JavaScript returns `undefined`, which acts as PASS.
        if dirs.is_empty() {
            return Some(Action::Pass);
        }
        Some(dirs[self.rng.gen_range(0..dirs.len())])
    }
}
