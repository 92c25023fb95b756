//! Applying a move (spec §3.5 steps 5–9) and what it reports.

use crate::moves::{IllegalMoveError, Move, ENEMY_BARRIER_COST, OWN_BARRIER_REFUND};
use crate::position::{Position, FLAG_SQUARES};
use crate::{zobrist, Color};

/// What a move did besides moving the soldier: the sample's message line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Landed on an empty square.
    Quiet,
    /// Broke a barrier of the given colour (own or enemy).
    BrokeBarrier(Color),
    /// Took a soldier of the given colour.
    TookSoldier(Color),
    /// Occupied the enemy flag: the game is over. The sample prints nothing.
    TookFlag,
}

impl Effect {
    /// Returns the sample's line for the effect (`Break white barrier!`,
    /// `Take black piece!`), if it prints one.
    pub fn line(self) -> Option<String> {
        match self {
            Effect::BrokeBarrier(color) => Some(format!("Break {} barrier!", color.lower_name())),
            Effect::TookSoldier(color) => Some(format!("Take {} piece!", color.lower_name())),
            Effect::Quiet | Effect::TookFlag => None,
        }
    }
}

/// The sample's `Player BLACK moved piece from (6,4) to (5,4)` line.
pub fn moved_line(color: Color, mv: Move) -> String {
    format!(
        "Player {} moved piece from {} to {}",
        color.upper_name(),
        mv.from,
        mv.to
    )
}

impl Position {
    /// Plays `mv` for the side to move after checking it, and reports its effect.
    ///
    /// # Errors
    /// [`IllegalMoveError`] saying why; the position is then unchanged.
    pub fn play_checked(&mut self, mv: Move) -> Result<Effect, IllegalMoveError> {
        self.check_move(mv)?;
        Ok(self.apply(mv))
    }

    /// Plays `mv`, which must be legal, and reports its effect.
    ///
    /// Pays the cost, removes what the soldier lands on, moves it, then
    /// settles the next side to move and the end (spec §3.4, §3.7), keeping
    /// the Zobrist key up to date. An illegal move leaves the position
    /// inconsistent but never panics.
    pub fn apply(&mut self, mv: Move) -> Effect {
        let mover = self.side;
        let us = mover.index();
        let them = 1 - us;
        let from = mv.from.index();
        let to = mv.to.index();
        let bit = 1u128 << to;
        let old_budget = self.budgets[us];
        let mut budget = old_budget - (1 + mv.distance() as i32);
        let effect = if self.soldiers[them] & bit != 0 {
            self.soldiers[them] &= !bit;
            self.hash ^= zobrist::soldier(them, to);
            Effect::TookSoldier(mover.other())
        } else if self.barriers[them] & bit != 0 {
            self.barriers[them] &= !bit;
            self.hash ^= zobrist::barrier(them, to);
            budget -= ENEMY_BARRIER_COST;
            Effect::BrokeBarrier(mover.other())
        } else if self.barriers[us] & bit != 0 {
            self.barriers[us] &= !bit;
            self.hash ^= zobrist::barrier(us, to);
            budget += OWN_BARRIER_REFUND;
            Effect::BrokeBarrier(mover)
        } else if FLAG_SQUARES[them].index() == to {
            Effect::TookFlag
        } else {
            Effect::Quiet
        };
        let budget = budget.clamp(0, crate::position::MAX_BUDGET);
        self.budgets[us] = budget;
        self.hash ^= zobrist::budget(us, old_budget) ^ zobrist::budget(us, budget);
        self.soldiers[us] = (self.soldiers[us] & !(1u128 << from)) | bit;
        self.cells[crate::position::mailbox_index(from)] = 0;
        self.cells[crate::position::mailbox_index(to)] = crate::Cell::soldier(mover).code();
        self.hash ^= zobrist::soldier(us, from) ^ zobrist::soldier(us, to);
        let before = self.side;
        self.settle_turn(mover.other());
        if self.side != before {
            self.hash ^= zobrist::white_to_move();
        }
        effect
    }
}
