//! Heuristic evaluation of positions the search does not see to the end.

use crate::Game;

/// The largest magnitude a heuristic evaluation may have.
///
/// Search keeps proven results (wins and losses found by reaching the end of
/// the game) strictly outside `−EVAL_LIMIT..=EVAL_LIMIT`, so a heuristic score
/// can never be mistaken for a proven one. Searches clamp evaluations into
/// this range.
pub const EVAL_LIMIT: i32 = 1_000_000;

/// A heuristic score for positions that are not finished.
///
/// The score is from the point of view of the **side to move**: positive means
/// good for the player about to move. It is only called on states whose
/// [`Game::outcome`] is `None`.
pub trait Evaluator<G: Game>: Clone + Send + Sync {
    /// Scores `state` from the side to move's point of view, within ±[`EVAL_LIMIT`].
    fn evaluate(&self, state: &G) -> i32;

    /// Returns a hint for ordering `mv` among its siblings: higher is tried first.
    ///
    /// Searches use it after the transposition-table move and killer moves.
    /// The default gives every move the same hint, which keeps the game's
    /// generation order.
    fn move_order_hint(&self, state: &G, mv: G::Move) -> i32 {
        let _ = (state, mv);
        0
    }
}
