//! Our evaluators seen through `minimax`'s [`Evaluator`](minimax::Evaluator) trait.

use crate::{PeerGame, PeerState};
use gamecore::{Evaluator, Game};
use minimax::{Evaluation, BEST_EVAL};
use std::fmt;
use std::marker::PhantomData;

/// The largest heuristic magnitude that passes through `minimax` unchanged.
///
/// `minimax` evaluations are `i16`, and it treats values within 100 of
/// [`BEST_EVAL`] (or of `WORST_EVAL`) as wins (or losses): it nudges them one
/// step towards zero per ply, and stops iterative deepening when it sees
/// one. Heuristic values are therefore kept within `±(BEST_EVAL − 100)`.
pub const HEURISTIC_LIMIT: Evaluation = BEST_EVAL - 100;

/// Converts one of our evaluations (an `i32`) to minimax's `i16` scale.
///
/// Values beyond ±[`HEURISTIC_LIMIT`] (±32 667) are **clamped** to it: two
/// positions our evaluator tells apart may look equal to `minimax`, and a
/// clamped value may differ from the value our search computes. Comparisons
/// of root values are only meaningful for evaluators that stay within the
/// limit on the positions searched.
pub fn to_evaluation(value: i32) -> Evaluation {
    let limit = i32::from(HEURISTIC_LIMIT);
    // The clamp guarantees the value fits.
    Evaluation::try_from(value.clamp(-limit, limit)).unwrap_or(0)
}

/// Our evaluator `E` for game `G`, as a `minimax` evaluator of [`PeerGame<G>`].
///
/// The value is ours, from the point of view of minimax's side to move: when
/// a pass is pending, minimax's side to move is the opponent of our side to
/// move, so our value is negated. See [`to_evaluation`] for the conversion to
/// `i16`.
pub struct PeerEvaluator<G, E> {
    evaluator: E,
    game: PhantomData<fn() -> G>,
}

impl<G, E> PeerEvaluator<G, E> {
    /// Wraps `evaluator`.
    pub fn new(evaluator: E) -> PeerEvaluator<G, E> {
        PeerEvaluator {
            evaluator,
            game: PhantomData,
        }
    }

    /// Returns our evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }
}

impl<G, E: Clone> Clone for PeerEvaluator<G, E> {
    fn clone(&self) -> PeerEvaluator<G, E> {
        PeerEvaluator::new(self.evaluator.clone())
    }
}

impl<G, E: fmt::Debug> fmt::Debug for PeerEvaluator<G, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PeerEvaluator")
            .field("evaluator", &self.evaluator)
            .finish()
    }
}

impl<G: Game, E: Evaluator<G>> minimax::Evaluator for PeerEvaluator<G, E> {
    type G = PeerGame<G>;

    fn evaluate(&self, state: &PeerState<G>) -> Evaluation {
        let ours = self.evaluator.evaluate(state.state());
        to_evaluation(if state.pass_pending() { -ours } else { ours })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minimax::WORST_EVAL;

    #[test]
    fn evaluations_saturate_inside_the_heuristic_range() {
        assert_eq!(to_evaluation(0), 0);
        assert_eq!(to_evaluation(-1234), -1234);
        assert_eq!(to_evaluation(32_667), 32_667);
        assert_eq!(to_evaluation(40_000), HEURISTIC_LIMIT);
        assert_eq!(to_evaluation(i32::MIN), -HEURISTIC_LIMIT);
        assert!(to_evaluation(i32::MAX) < BEST_EVAL - 99);
        assert!(to_evaluation(i32::MIN) > WORST_EVAL + 99);
    }
}
