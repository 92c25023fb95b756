//! Checks game crates run from their tests (feature `testkit`): every search
//! configuration agrees with plain negamax, with one thread or several.

use crate::reference::root_values;
use crate::{Search, SearchLimits, SearchOptions};
use gamecore::{Evaluator, Game};

/// A spread of option sets covering every value-preserving technique.
pub fn option_matrix() -> Vec<SearchOptions> {
    let base = SearchOptions::new().with_tt_mib(1);
    vec![
        SearchOptions::plain(),
        base,
        base.with_pvs(false),
        base.with_aspiration(None),
        base.with_aspiration(Some(1)),
        base.with_killers(false).with_history(false),
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
    ]
}

/// Checks that every option set in `options` returns plain negamax's root
/// value for `state` at `depth`, with a move among negamax's tied-best moves
/// (the first of them when the root order is stable).
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
        let prefer_short = option.prefer_short_wins;
        let values = root_values(state, evaluator, depth, prefer_short);
        let best_value = values.iter().map(|&(_, v)| v).max().expect("live position");
        let tied: Vec<G::Move> = values
            .iter()
            .filter(|&&(_, v)| v == best_value)
            .map(|&(mv, _)| mv)
            .collect();
        let mut search = Search::new(evaluator.clone(), option);
        // Search twice: the second call runs with a warm table and history.
        for round in 0..2 {
            let result = search.search(state, &SearchLimits::depth(depth));
            let chosen = result.best_move.ok_or("no move for a live position")?;
            // An exhaustive search may stop before `depth`; its value holds at any depth.
            if result.value != best_value {
                return Err(format!(
                    "{option:?} round {round}: value {:?} but negamax says {best_value:?} at depth {depth}",
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
