//! What one node of the search returns, and the moves it considers.

use crate::{SearchOptions, Value};
use gamecore::{Evaluator, Game, MoveList};

/// Marks a result that depends on a heuristic evaluation.
pub(crate) const UNRESOLVED: u32 = u32::MAX;

/// A node's value and how resolved it is.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NodeValue {
    pub value: Value,
    pub resolved: u32,
}

impl NodeValue {
    /// The value of a search stopped before it finished (never used).
    pub(crate) const ABORTED: NodeValue = NodeValue {
        value: Value::ZERO,
        resolved: UNRESOLVED,
    };
}

/// Fills `moves` with the moves a search considers in `state`: the legal
/// moves, narrowed by the candidate hook when it is on. Returns true when the
/// hook left some out. A hook that leaves none is ignored (the contract asks
/// for at least one).
pub(crate) fn node_moves<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    options: &SearchOptions,
    moves: &mut MoveList<G::Move>,
) -> bool {
    state.legal_moves(moves);
    if !options.hooks.candidates {
        return false;
    }
    let legal = moves.len();
    evaluator.select_candidates(state, moves);
    if moves.is_empty() {
        state.legal_moves(moves);
        return false;
    }
    moves.len() < legal
}
