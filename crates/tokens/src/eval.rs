//! A zero-sum view of the position for the workspace's generic search.

use crate::board::Board;
use gamecore::{Evaluator, Game as _};

/// Scores a position as the side to move's lead in points, plus the value
/// of a token under its feet. The tournament counts own points, not
/// margins, so [`Planner`](crate::Planner) does not use it; it lets the
/// generic `search` crate (and its agreement tests) play the game.
#[derive(Debug, Clone, Copy, Default)]
pub struct MarginEval;

impl Evaluator<Board> for MarginEval {
    fn evaluate(&self, state: &Board) -> i32 {
        let me = state.side_to_move();
        let mine = state.player(me);
        let theirs = state.player(me.other());
        let (x, y) = mine.pos();
        let underfoot = state.token(x, y).map_or(0, |t| mine.gain(t));
        mine.score - theirs.score + underfoot / 2
    }
}
