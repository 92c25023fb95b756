//! The Kalah evaluation: what the side to move can expect, in hundredths of a bean.

use crate::endgame::EndgameTable;
use crate::position::{Move, Position};
use crate::side::Side;
use gamecore::Evaluator;
use std::sync::Arc;

/// Points per bean of store difference; the other terms are fractions of it.
pub const BEAN: i32 = 100;

/// The Kalah evaluation, from the side to move's point of view.
///
/// - **Store difference** (`BEAN` per bean): beans in a pot never leave it.
/// - **Beans on each side** (`BEAN / 4` per bean of difference): every rule
///   variant gives the remaining beans to the side they are on at the end,
///   but beans in play can still be captured or sown across, so they count
///   for a quarter.
/// - **Extra-turn moves available** (`BEAN / 5` each for the mover): a hole
///   whose beans end in the pot is a free move.
///
/// With an [`EndgameTable`] attached, positions with few beans on the board
/// are scored **exactly** (store difference plus the table's value, in
/// `BEAN` units), so the search plays endgames perfectly.
///
/// Move ordering ([`Evaluator::move_order_hint`]): extra-turn moves first
/// (nearest the pot first), then captures (largest first), then the rest by
/// the beans they put in the pot.
#[derive(Debug, Clone, Default)]
pub struct KalahEval {
    endgame: Option<Arc<EndgameTable>>,
}

impl KalahEval {
    /// The heuristic alone, without an endgame table.
    pub fn new() -> KalahEval {
        KalahEval { endgame: None }
    }

    /// The heuristic with exact values from `table` where it covers a position.
    pub fn with_endgame(table: Arc<EndgameTable>) -> KalahEval {
        KalahEval {
            endgame: Some(table),
        }
    }

    /// Returns the endgame table, if one is attached.
    pub fn endgame(&self) -> Option<&Arc<EndgameTable>> {
        self.endgame.as_ref()
    }

    /// Returns the heuristic score (no endgame table) of `position` for the
    /// side to move.
    pub fn heuristic(position: &Position) -> i32 {
        let me = position.to_move();
        let board = position.board();
        let stores = board.pot(me) as i32 - board.pot(me.opponent()) as i32;
        let sides = board.beans_in_play(me) as i32 - board.beans_in_play(me.opponent()) as i32;
        let n = board.holes();
        let extra_moves = (1..=n)
            .filter(|&h| {
                let beans = board.beans(me, h).unwrap_or(0) as usize;
                beans > 0 && beans % (2 * n + 1) == distance_to_pot(me, h, n)
            })
            .count() as i32;
        BEAN * stores + BEAN / 4 * sides + BEAN / 5 * extra_moves
    }

    /// Returns the ordering hint of `mv` in `position` (higher first).
    pub fn order_hint(position: &Position, mv: Move) -> i32 {
        let me = position.to_move();
        let board = position.board();
        let n = board.holes();
        let hole = mv.hole();
        let beans = board.beans(me, hole).unwrap_or(0) as usize;
        let lap = 2 * n + 1;
        let distance = distance_to_pot(me, hole, n);
        if beans % lap == distance {
            return 10_000 + (n - distance) as i32;
        }
        if beans >= lap {
            // Laps round the board: rare; a bean in the pot at least.
            return 1;
        }
        // Without a full lap the last bean lands `beans` steps on.
        if beans < distance {
            let landing = match me {
                Side::South => hole + beans,
                Side::North => hole - beans,
            };
            let opposite = board.beans(me.opponent(), landing).unwrap_or(0);
            if board.beans(me, landing) == Some(0) && opposite > 0 {
                return 5_000 + opposite as i32;
            }
            0
        } else {
            1
        }
    }
}

/// Steps from `hole` of `side` to `side`'s pot (1 for the hole next to it).
fn distance_to_pot(side: Side, hole: usize, n: usize) -> usize {
    match side {
        Side::South => n + 1 - hole,
        Side::North => hole,
    }
}

impl Evaluator<Position> for KalahEval {
    fn evaluate(&self, position: &Position) -> i32 {
        if let Some(table) = &self.endgame {
            if let Some(rest) = table.value(position) {
                let me = position.to_move();
                let board = position.board();
                let stores = board.pot(me) as i32 - board.pot(me.opponent()) as i32;
                return BEAN * (stores + rest);
            }
        }
        KalahEval::heuristic(position)
    }

    fn move_order_hint(&self, position: &Position, mv: Move) -> i32 {
        KalahEval::order_hint(position, mv)
    }
}
