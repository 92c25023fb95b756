//! Plain negamax: no pruning, no table, no ordering. The test oracle.
//!
//! Deliberately naive so that it is obviously correct: every child is a
//! clone, every move is searched with no window, and a child's value is
//! negated only when the side to move changes. Game ends are scored exactly
//! as [`Search`](crate::Search) scores them, and the evaluator's policy hooks
//! ([`Hooks`](crate::Hooks)) shape the tree exactly as they shape the
//! search's:
//! - the oracle ([`exact_margin`](Evaluator::exact_margin)) makes any
//!   position but the root a proven leaf;
//! - candidate selection ([`select_candidates`](Evaluator::select_candidates))
//!   narrows the moves of every node, the root included;
//! - an extension ([`extends`](Evaluator::extends)) searches its child with
//!   the parent's depth;
//! - at depth 0, quiescence ([`noisy_moves`](Evaluator::noisy_moves)) takes
//!   the best of the static evaluation and the noisy children.

use crate::{SearchOptions, Value};
use gamecore::{Evaluator, Game, MoveList};

/// Returns the fixed-depth negamax value of `state` for its side to move,
/// with every hook on.
///
/// `prefer_short_wins` must match the option of the search being checked.
pub fn negamax<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    depth: u32,
    prefer_short_wins: bool,
) -> Value {
    negamax_with(state, evaluator, depth, &rules(prefer_short_wins))
}

/// Returns the fixed-depth negamax value of `state` for its side to move,
/// with the hooks and the distance preference of `options` (its other
/// fields, which only change speed, are ignored).
pub fn negamax_with<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    depth: u32,
    options: &SearchOptions,
) -> Value {
    if let Some(outcome) = state.outcome() {
        return Value::proven(
            outcome.margin(state.side_to_move()),
            0,
            options.prefer_short_wins,
        );
    }
    Reference { evaluator, options }.node(state, depth, 0)
}

/// Returns every root move with its negamax value at `depth`, in generation
/// order, with every hook on.
pub fn root_values<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    depth: u32,
    prefer_short_wins: bool,
) -> Vec<(G::Move, Value)> {
    root_values_with(state, evaluator, depth, &rules(prefer_short_wins))
}

/// Returns every root move the search considers (the candidates, when that
/// hook is on) with its negamax value at `depth` under `options`' hooks, in
/// generation order.
pub fn root_values_with<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    depth: u32,
    options: &SearchOptions,
) -> Vec<(G::Move, Value)> {
    let reference = Reference { evaluator, options };
    reference
        .moves(state)
        .iter()
        .map(|&mv| (mv, reference.child_value(state, mv, depth, 0)))
        .collect()
}

fn rules(prefer_short_wins: bool) -> SearchOptions {
    SearchOptions::new().with_prefer_short_wins(prefer_short_wins)
}

struct Reference<'a, E> {
    evaluator: &'a E,
    options: &'a SearchOptions,
}

impl<E> Reference<'_, E> {
    fn proven(&self, margin: i32, ply: u32) -> Value {
        Value::proven(margin, ply, self.options.prefer_short_wins)
    }

    /// The moves searched at `state`: the legal ones, or the candidates.
    fn moves<G: Game>(&self, state: &G) -> MoveList<G::Move>
    where
        E: Evaluator<G>,
    {
        let mut moves = MoveList::new();
        state.legal_moves(&mut moves);
        if self.options.hooks.candidates {
            let mut candidates = moves.clone();
            self.evaluator.select_candidates(state, &mut candidates);
            if !candidates.is_empty() {
                moves = candidates;
            }
        }
        moves
    }

    /// The value of a live position `ply` plies from the root.
    fn node<G: Game>(&self, state: &G, depth: u32, ply: u32) -> Value
    where
        E: Evaluator<G>,
    {
        if ply > 0 && self.options.hooks.oracle {
            if let Some(margin) = self.evaluator.exact_margin(state) {
                return self.proven(margin, ply);
            }
        }
        if depth == 0 {
            return self.horizon(state, 0, ply);
        }
        self.moves(state)
            .iter()
            .map(|&mv| self.child_value(state, mv, depth, ply))
            .max()
            .expect("a position that is not finished has a legal move")
    }

    /// The value of `mv` for `state`'s side to move.
    fn child_value<G: Game>(&self, state: &G, mv: G::Move, depth: u32, ply: u32) -> Value
    where
        E: Evaluator<G>,
    {
        let side = state.side_to_move();
        let mut child = state.clone();
        child.play_unchecked(mv);
        if let Some(outcome) = child.outcome() {
            return self.proven(outcome.margin(side), ply + 1);
        }
        let child_depth =
            if self.options.hooks.extensions && self.evaluator.extends(state, mv, &child) {
                depth
            } else {
                depth - 1
            };
        let value = self.node(&child, child_depth, ply + 1);
        if child.side_to_move() == side {
            value
        } else {
            -value
        }
    }

    /// The value at the horizon: the evaluation, or the best of it and the
    /// noisy children when quiescence is on.
    fn horizon<G: Game>(&self, state: &G, quiescence_ply: u32, ply: u32) -> Value
    where
        E: Evaluator<G>,
    {
        let stand_pat = Value::heuristic(self.evaluator.evaluate(state));
        if !self.options.hooks.quiescence {
            return stand_pat;
        }
        let mut noisy = MoveList::new();
        self.evaluator
            .noisy_moves(state, quiescence_ply, &mut noisy);
        let side = state.side_to_move();
        noisy
            .iter()
            .map(|&mv| {
                let mut child = state.clone();
                child.play_unchecked(mv);
                let value = if let Some(outcome) = child.outcome() {
                    return self.proven(outcome.margin(side), ply + 1);
                } else if let Some(margin) = self
                    .evaluator
                    .exact_margin(&child)
                    .filter(|_| self.options.hooks.oracle)
                {
                    self.proven(margin, ply + 1)
                } else {
                    self.horizon(&child, quiescence_ply + 1, ply + 1)
                };
                if child.side_to_move() == side {
                    value
                } else {
                    -value
                }
            })
            .fold(stand_pat, Value::max)
    }
}
