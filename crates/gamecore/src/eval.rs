//! Heuristic evaluation of positions the search does not see to the end,
//! and the policy hooks a search consults on the way.

use crate::{Game, MoveList};

/// The largest magnitude a heuristic evaluation may have.
///
/// Search keeps proven results (wins and losses found by reaching the end of
/// the game) strictly outside `−EVAL_LIMIT..=EVAL_LIMIT`, so a heuristic score
/// can never be mistaken for a proven one. Searches clamp evaluations into
/// this range.
pub const EVAL_LIMIT: i32 = 1_000_000;

/// A game's search policy: a heuristic score for unfinished positions, and
/// the hooks through which a search asks the game for advice.
///
/// Only [`evaluate`](Evaluator::evaluate) is required. Every hook has a
/// default that leaves the search plain (no quiescence, no oracle, no
/// extensions, every legal move searched), so an evaluator that overrides
/// none of them searches exactly the fixed-depth negamax tree.
///
/// The hooks, in the order a search meets them at a node:
/// 1. [`exact_margin`](Evaluator::exact_margin): an oracle (an endgame table)
///    that values a position exactly; the node becomes a proven leaf.
/// 2. [`select_candidates`](Evaluator::select_candidates): the subset of the
///    legal moves worth searching (an approximation; see there).
/// 3. [`move_order_hint`](Evaluator::move_order_hint): the order of the moves.
/// 4. [`extends`](Evaluator::extends): a move that costs no depth.
/// 5. At the horizon, [`noisy_moves`](Evaluator::noisy_moves): quiescence.
///
/// Every hook must be a function of the position (and of the quiescence ply
/// for `noisy_moves`): a search reuses stored results between positions
/// reached by different paths, and its values must equal plain negamax with
/// the same hooks (`search::reference`).
pub trait Evaluator<G: Game>: Clone + Send + Sync {
    /// Scores `state` from the side to move's point of view, within ±[`EVAL_LIMIT`].
    ///
    /// Positive means good for the player about to move. Only called on
    /// states whose [`Game::outcome`] is `None`.
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

    /// Writes the ordering hint of every move of `moves` into `hints` (of the
    /// same length), as [`move_order_hint`](Evaluator::move_order_hint) would
    /// one by one (the default does exactly that).
    ///
    /// A search orders a node's moves in one call, so an evaluator whose
    /// hints share work (the threats of the position) computes it once here.
    fn move_order_hints(&self, state: &G, moves: &[G::Move], hints: &mut [i32]) {
        for (hint, &mv) in hints.iter_mut().zip(moves) {
            *hint = self.move_order_hint(state, mv);
        }
    }

    /// Quiescence: fills `moves` with the *noisy* moves of `state` (captures,
    /// threats) that a search should still try once its depth is used up.
    ///
    /// At the horizon the side to move may "stand pat" on
    /// [`evaluate`](Evaluator::evaluate) or play one of these moves, and so
    /// on, `quiescence_ply` counting the plies past the horizon (0 at the
    /// horizon itself). The search passes its alpha-beta window down, so
    /// quiet branches cost nothing. Return no moves to stop: the policy bounds
    /// its own quiescence depth through `quiescence_ply`. Every move must be
    /// legal in `state`. The default (no noisy moves) evaluates at the horizon.
    fn noisy_moves(&self, state: &G, quiescence_ply: u32, moves: &mut MoveList<G::Move>) {
        let _ = (state, quiescence_ply);
        moves.clear();
    }

    /// An exact-value oracle: returns the final margin
    /// ([`Outcome::margin`](crate::Outcome::margin)) of `state` for its side
    /// to move under perfect play, when the policy knows it (an endgame
    /// table), and `None` otherwise.
    ///
    /// A search treats an answered position as a proven leaf: it does not
    /// search below it and trusts the margin as it trusts a game end. The
    /// search root is never asked (it always searches its moves to name
    /// one). The default knows nothing.
    fn exact_margin(&self, state: &G) -> Option<i32> {
        let _ = state;
        None
    }

    /// Extensions: returns true when playing `mv` in `state` (giving `child`)
    /// should cost no depth, as Kalah's extra turn does.
    ///
    /// The search then searches `child` with the depth `state` had. Only
    /// moves that bring the game nearer its end may extend: the game's
    /// [`max_remaining_plies`](Game::max_remaining_plies) is what keeps an
    /// extended line finite. The default extends nothing.
    fn extends(&self, state: &G, mv: G::Move, child: &G) -> bool {
        let _ = (state, mv, child);
        false
    }

    /// Candidate selection: removes from `moves` (the legal moves of `state`,
    /// in generation order) the moves a search should not consider, keeping
    /// at least one.
    ///
    /// This is an **approximation**: a line outside the candidates is never
    /// seen, so a search that drops moves never reports its value as proven
    /// (`exact` stays false) and exact solvers must not use it. It is for
    /// games whose legal moves are too many to search (ReAntics' turns).
    /// The default keeps every move.
    fn select_candidates(&self, state: &G, moves: &mut MoveList<G::Move>) {
        let _ = (state, moves);
    }
}
