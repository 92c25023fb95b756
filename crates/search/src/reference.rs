//! Plain negamax: no pruning, no table, no ordering. The test oracle.
//!
//! Deliberately naive so that it is obviously correct: every child is a
//! clone, every move is searched with no window, and a child's value is
//! negated only when the side to move changes. Game ends are scored exactly
//! as [`Search`](crate::Search) scores them.

use crate::Value;
use gamecore::{Evaluator, Game, MoveList};

/// Returns the fixed-depth negamax value of `state` for its side to move.
///
/// `prefer_short_wins` must match the option of the search being checked.
pub fn negamax<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    depth: u32,
    prefer_short_wins: bool,
) -> Value {
    if let Some(outcome) = state.outcome() {
        return Value::proven(outcome.margin(state.side_to_move()), 0, prefer_short_wins);
    }
    node(state, evaluator, depth, 0, prefer_short_wins)
}

/// Returns every root move with its negamax value at `depth`, in generation order.
pub fn root_values<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    depth: u32,
    prefer_short_wins: bool,
) -> Vec<(G::Move, Value)> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            (
                mv,
                child_value(state, mv, evaluator, depth, 0, prefer_short_wins),
            )
        })
        .collect()
}

fn node<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    depth: u32,
    ply: u32,
    prefer_short_wins: bool,
) -> Value {
    if depth == 0 {
        return Value::heuristic(evaluator.evaluate(state));
    }
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| child_value(state, mv, evaluator, depth, ply, prefer_short_wins))
        .max()
        .expect("a position that is not finished has a legal move")
}

fn child_value<G: Game, E: Evaluator<G>>(
    state: &G,
    mv: G::Move,
    evaluator: &E,
    depth: u32,
    ply: u32,
    prefer_short_wins: bool,
) -> Value {
    let side = state.side_to_move();
    let mut child = state.clone();
    child.play_unchecked(mv);
    if let Some(outcome) = child.outcome() {
        return Value::proven(outcome.margin(side), ply + 1, prefer_short_wins);
    }
    let value = node(&child, evaluator, depth - 1, ply + 1, prefer_short_wins);
    if child.side_to_move() == side {
        value
    } else {
        -value
    }
}
