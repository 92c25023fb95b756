//! Checks game crates run from their tests (feature `testkit`): every search
//! configuration agrees with plain negamax, with one thread or several.

use crate::reference::root_values_with;
use crate::{Hooks, Search, SearchLimits, SearchOptions, Value};
use gamecore::{Evaluator, Game, MoveList};

/// A spread of option sets covering every value-preserving technique, and
/// a row with each policy hook off (and one with all off), so a game whose
/// evaluator uses hooks is checked with and without each.
pub fn option_matrix() -> Vec<SearchOptions> {
    let base = SearchOptions::new().with_tt_mib(1);
    let without = |hooks: Hooks| base.with_hooks(hooks);
    vec![
        SearchOptions::plain(),
        base,
        base.with_pvs(false),
        base.with_aspiration(None),
        base.with_aspiration(Some(1)),
        base.with_killers(false).with_history(false),
        base.with_history_malus(true),
        // Enhanced transposition cut-offs from depth 2 (the small trees of
        // these checks rarely reach the default depth), and none.
        base.with_transposition_cutoffs(Some(2)),
        base.with_transposition_cutoffs(None),
        base.with_tt_mib(0),
        base.with_iterative_deepening(false),
        base.with_stable_root_order(true),
        base.with_prefer_short_wins(false),
        base.with_prefer_short_wins(false)
            .with_iterative_deepening(false)
            .with_aspiration(Some(3)),
        // Lazy SMP: helpers share the table; the values must not change.
        base.with_threads(2),
        base.with_threads(3).with_stable_root_order(true),
        // One row per hook turned off, and the plain tree.
        without(Hooks {
            quiescence: false,
            ..Hooks::ALL
        }),
        without(Hooks {
            oracle: false,
            ..Hooks::ALL
        }),
        without(Hooks {
            extensions: false,
            ..Hooks::ALL
        }),
        without(Hooks {
            candidates: false,
            ..Hooks::ALL
        }),
        without(Hooks::NONE),
        SearchOptions::plain().with_hooks(Hooks::NONE),
    ]
}

/// Checks that every option set in `options` returns plain negamax's root
/// value for `state` at `depth` (at the depth of the proof, for a search
/// that proved its root sooner), with a move among negamax's tied-best
/// moves (the first of them when the root order is stable).
///
/// # Errors
/// A description of the first disagreement.
pub fn check_agrees_with_negamax<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    depth: u32,
    options: &[SearchOptions],
) -> Result<(), String> {
    if state.outcome().is_some() || depth == 0 {
        return Ok(());
    }
    for &option in options {
        let mut search = Search::new(evaluator.clone(), option);
        // Negamax's root values, computed once per depth compared.
        let mut reference: Option<(u32, Value, Vec<G::Move>)> = None;
        // Search twice: the second call runs with a warm table and history.
        for round in 0..2 {
            let result = search.search(state, &SearchLimits::depth(depth));
            let chosen = result.best_move.ok_or("no move for a live position")?;
            // A search that proved its root stops at the depth of the proof.
            // Without candidate selection its value holds at every greater
            // depth; with it, deeper trees drop moves the proof used, so
            // the search is compared at the depth it answered from.
            let compared = if result.exact {
                result.depth.min(depth)
            } else {
                depth
            };
            if reference.as_ref().is_none_or(|&(at, _, _)| at != compared) {
                let values = root_values_with(state, evaluator, compared, &option);
                let best = values.iter().map(|&(_, v)| v).max().expect("live position");
                let tied = values
                    .iter()
                    .filter(|&&(_, v)| v == best)
                    .map(|&(mv, _)| mv)
                    .collect();
                reference = Some((compared, best, tied));
            }
            let (_, best_value, tied) = reference.as_ref().expect("computed above");
            let (best_value, tied) = (*best_value, tied);
            if result.value != best_value {
                return Err(format!(
                    "{option:?} round {round}: value {:?} but negamax says {best_value:?} at depth {compared}",
                    result.value
                ));
            }
            if !tied.contains(&chosen) {
                return Err(format!(
                    "{option:?} round {round}: move {chosen} not among tied-best {tied:?}"
                ));
            }
            if option.stable_root_order && chosen != tied[0] {
                return Err(format!(
                    "{option:?} round {round}: stable order chose {chosen}, first tied-best is {}",
                    tied[0]
                ));
            }
        }
    }
    Ok(())
}

/// Any evaluator with every policy hook added, for agreement tests on any
/// game: wrap a game's evaluator in it and run [`check_agrees_with_negamax`]
/// with [`option_matrix`], whose rows switch each hook off in turn.
///
/// The hooks are synthetic but follow their contracts:
/// - **quiescence:** about a third of the legal moves (chosen by the
///   position's key) are noisy, for [`QUIESCENCE_PLIES`](Self::QUIESCENCE_PLIES)
///   plies past the horizon;
/// - **oracle:** a position with at most [`ORACLE_PLIES`](Self::ORACLE_PLIES)
///   plies left is solved exactly by plain negamax (a truthful endgame table);
/// - **extensions:** a move that keeps the side to move, and one move in four
///   chosen by the child's key, costs no depth;
/// - **candidates:** with four or more legal moves, about one in three is
///   left out (never all).
///
/// The `enabled` field chooses which of them the evaluator offers.
#[derive(Debug, Clone, Copy)]
pub struct HookedEval<E> {
    /// The evaluator that scores positions and hints at the order.
    pub inner: E,
    /// The hooks offered.
    pub enabled: Hooks,
}

impl<E> HookedEval<E> {
    /// Plies past the horizon that the synthetic quiescence searches.
    pub const QUIESCENCE_PLIES: u32 = 2;
    /// Positions with at most this many plies left are valued by the oracle.
    pub const ORACLE_PLIES: u32 = 3;

    /// `inner` with every hook.
    pub fn new(inner: E) -> HookedEval<E> {
        HookedEval {
            inner,
            enabled: Hooks::ALL,
        }
    }

    /// `inner` with the hooks in `enabled` only.
    pub fn with(inner: E, enabled: Hooks) -> HookedEval<E> {
        HookedEval { inner, enabled }
    }
}

/// A mix of a position key and a move's place in the list.
fn pick(key: u64, index: usize) -> u64 {
    (key ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
        >> 40
}

impl<G: Game, E: Evaluator<G>> Evaluator<G> for HookedEval<E> {
    fn evaluate(&self, state: &G) -> i32 {
        self.inner.evaluate(state)
    }

    fn move_order_hint(&self, state: &G, mv: G::Move) -> i32 {
        self.inner.move_order_hint(state, mv)
    }

    fn move_order_hints(&self, state: &G, moves: &[G::Move], hints: &mut [i32]) {
        self.inner.move_order_hints(state, moves, hints);
    }

    fn noisy_moves(&self, state: &G, quiescence_ply: u32, moves: &mut MoveList<G::Move>) {
        moves.clear();
        if !self.enabled.quiescence || quiescence_ply >= Self::QUIESCENCE_PLIES {
            return;
        }
        state.legal_moves(moves);
        let key = state.hash();
        let mut index = 0;
        moves.retain(|_| {
            index += 1;
            pick(key, index) % 3 == 0
        });
    }

    fn exact_margin(&self, state: &G) -> Option<i32> {
        let plies = state.max_remaining_plies();
        if !self.enabled.oracle || plies > Self::ORACLE_PLIES {
            return None;
        }
        let plain = SearchOptions::new().with_hooks(Hooks::NONE);
        let value = crate::reference::negamax_with(state, &self.inner, plies, &plain);
        Some(value.proven_margin().unwrap_or(0))
    }

    fn extends(&self, state: &G, _mv: G::Move, child: &G) -> bool {
        self.enabled.extensions
            && (child.side_to_move() == state.side_to_move() || pick(child.hash(), 0) % 4 == 0)
    }

    fn select_candidates(&self, state: &G, moves: &mut MoveList<G::Move>) {
        if !self.enabled.candidates || moves.len() < 4 {
            return;
        }
        let key = state.hash();
        let mut index = 0;
        moves.retain(|_| {
            index += 1;
            index == 1 || pick(key, index) % 3 != 0
        });
    }
}
