//! The [`gamecore::Game`] implementation: every action is legal while the
//! game goes on, eating listed first; scores never fall, and the stall rule
//! bounds the plies left.

use crate::action::Action;
use crate::board::Board;
use gamecore::{Game, MoveList, Outcome, ParseMoveError, Player};

/// The actions in the order [`Game::legal_moves`] lists them: eating first.
const LEGAL_ORDER: [Action; 6] = [
    Action::Eat,
    Action::Up,
    Action::Right,
    Action::Down,
    Action::Left,
    Action::Pass,
];

impl Game for Board {
    type Move = Action;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// All six actions while the game goes on: the controller accepts every
    /// answer (an impossible move or an `EAT` on nothing acts as `PASS`).
    fn legal_moves(&self, moves: &mut MoveList<Action>) {
        moves.clear();
        if !self.is_over() {
            moves.extend(LEGAL_ORDER);
        }
    }

    fn is_legal(&self, _mv: Action) -> bool {
        !self.is_over()
    }

    fn play_unchecked(&mut self, mv: Action) {
        self.step(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_over()
            .then(|| Outcome::new(self.players[0].score, self.players[1].score))
    }

    fn hash(&self) -> u64 {
        self.key()
    }

    fn recompute_hash(&self) -> u64 {
        self.recompute_key()
    }

    /// Scores never fall; the most anyone can add is every remaining point
    /// plus the bonus of eating all remaining tokens as one run.
    fn score_bounds(&self) -> (i32, i32) {
        let [a, b] = self.players;
        let k = self.count as i32;
        let points: i32 = self.tokens().map(|(_, _, t)| i32::from(t.points)).sum();
        let bonus = a.color_bonus.max(b.color_bonus).max(0);
        let hi = a.score.max(b.score) + points + k * bonus + k * (k + 1) / 2;
        (a.score.min(b.score).min(0), hi)
    }

    /// Each token eaten resets the stall counter, and at most `4n + 1` plies
    /// pass between eats.
    fn max_remaining_plies(&self) -> u32 {
        if self.is_over() {
            return 0;
        }
        let window = self.stall_limit() + 1;
        (window - self.stall.min(window)) + self.count.saturating_sub(1) * window
    }

    fn parse_move(&self, text: &str) -> Result<Action, ParseMoveError> {
        let upper = text.trim().to_ascii_uppercase();
        Action::ALL
            .into_iter()
            .find(|action| action.as_str() == upper)
            .ok_or_else(|| ParseMoveError::new(text, "UP, RIGHT, DOWN, LEFT, EAT or PASS"))
    }

    fn move_index(&self, mv: Action) -> usize {
        mv.index()
    }

    fn move_index_bound(&self) -> usize {
        Action::ALL.len()
    }
}
