//! SmartPlayer's policy for the shared search: the evaluation, the move
//! order, the extra turn as an extension, capture quiescence and the endgame
//! table as an exact oracle, all on the [`CompactPosition`].
//!
//! - **Evaluation**: [`KalahEval::heuristic`](crate::KalahEval::heuristic)'s
//!   terms, on the compact board: a bean per bean of store difference
//!   ([`BEAN`]), a quarter bean per bean of side difference, a fifth of a
//!   bean per extra-turn move the mover has.
//! - **Order**: extra-turn moves, then captures (largest first), then the
//!   beans a move puts in the pot; among equals the hole nearest the pot.
//! - **Extension**: a sowing that ends in the mover's pot costs no depth, so
//!   every iteration sees whole turns (the chain is finite: each such move
//!   puts a bean in the pot).
//! - **Quiescence**: at the horizon the mover may stand pat or capture, and
//!   so on while captures do better; each capture takes beans off the board,
//!   so it ends. A static evaluation misses a capture about to happen.
//! - **Oracle**: with an [`EndgameTable`], a position with few enough beans
//!   in the holes has its exact final margin: the store difference plus the
//!   table's rest-of-game value.

use crate::compact::{CompactPosition, Sowing};
use crate::endgame::EndgameTable;
use crate::eval::{KalahEval, BEAN};
use crate::ring::order_score;
use gamecore::{Evaluator, Game, MoveList};
use std::sync::Arc;

/// SmartPlayer's evaluation and search hooks (module docs).
#[derive(Debug, Clone, Default)]
pub struct SmartEval {
    endgame: Option<Arc<EndgameTable>>,
}

impl SmartEval {
    /// The policy without an endgame table.
    pub fn new() -> SmartEval {
        SmartEval { endgame: None }
    }

    /// The policy with exact values from `table` where it covers a position.
    pub fn with_endgame(table: Arc<EndgameTable>) -> SmartEval {
        SmartEval {
            endgame: Some(table),
        }
    }

    /// Returns the endgame table, if one is attached.
    pub fn endgame(&self) -> Option<&Arc<EndgameTable>> {
        self.endgame.as_ref()
    }

    /// The heuristic without the store difference: a quarter bean per bean
    /// of side difference and a fifth of a bean per extra-turn move.
    fn board_value(state: &CompactPosition) -> i32 {
        let n = state.holes();
        let (own, opp) = state.beans_in_play();
        let lap = 2 * n + 1;
        // Counted without a branch per hole (they mispredict).
        let extra: i32 = (0..n)
            .map(|slot| {
                let beans = usize::from(state.beans(slot));
                let rest = if beans < lap { beans } else { beans % lap };
                i32::from((beans > 0) & (rest == n - slot))
            })
            .sum();
        BEAN / 4 * (own - opp) + BEAN / 5 * extra
    }
}

impl From<&KalahEval> for SmartEval {
    /// The policy with `eval`'s endgame table, if it has one.
    fn from(eval: &KalahEval) -> SmartEval {
        SmartEval {
            endgame: eval.endgame().cloned(),
        }
    }
}

impl Evaluator<CompactPosition> for SmartEval {
    fn evaluate(&self, state: &CompactPosition) -> i32 {
        BEAN * state.store_difference() + SmartEval::board_value(state)
    }

    /// Extra turns, captures (largest first), then the beans put in the pot,
    /// each kind nearest the pot first: the solver's order (`ring::order_score`).
    fn move_order_hint(&self, state: &CompactPosition, mv: Sowing) -> i32 {
        let slot = usize::from(mv.0);
        let child = state.preview(slot);
        order_score(slot, child.extra, child.captured, child.gain)
    }

    /// Captures, at every ply past the horizon (each shrinks the board).
    fn noisy_moves(
        &self,
        state: &CompactPosition,
        _quiescence_ply: u32,
        moves: &mut MoveList<Sowing>,
    ) {
        moves.clear();
        if state.is_over() {
            return;
        }
        for slot in 0..state.holes() {
            if state.beans(slot) > 0 && state.preview(slot).captured > 0 {
                moves.push(Sowing(slot as u8));
            }
        }
    }

    /// The store difference plus the endgame table's rest-of-game value.
    fn exact_margin(&self, state: &CompactPosition) -> Option<i32> {
        let table = self.endgame.as_ref()?;
        if state.is_over() {
            return None;
        }
        let (own, opp) = state.beans_in_play();
        let rest = table.ring_value(state.geometry(), state.ring(), (own + opp) as u32)?;
        Some(state.store_difference() + rest)
    }

    /// An extra turn: the mover moves again.
    fn extends(&self, state: &CompactPosition, _mv: Sowing, child: &CompactPosition) -> bool {
        !child.is_over() && child.side_to_move() == state.side_to_move()
    }
}
