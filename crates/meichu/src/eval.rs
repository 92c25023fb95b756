//! The engine's evaluation: material, budgets, flag races and mobility, and
//! the quiescence policy for flag threats and captures.
//!
//! A MeiChu position at the horizon is often in the middle of a fight: a
//! soldier can take the flag next move, or a capture is pending. The search
//! resolves those through the quiescence hook ([`Evaluator::noisy_moves`]),
//! within its alpha-beta window; the evaluation itself is static:
//! 1. the side to move can take the enemy flag now: a near-win score (no
//!    noisy moves: nothing needs resolving);
//! 2. the opponent could take our flag on its next move: standing pat is a
//!    near-loss, and every move of ours is noisy (the evasions), for up to
//!    one ply more than captures are, so a threat at the end of a capture
//!    line is still answered;
//! 3. otherwise the static score, with our affordable soldier captures as
//!    the noisy moves for [`MeichuEval::quiescence_depth`] plies.
//!
//! The static score (Black's view, negated for White) adds:
//! - soldiers and barriers (they decide the game when budgets run out);
//! - budget, which buys moves;
//! - the flag race: the fewest moves each side needs to reach the enemy
//!   flag if the board stood still ([`race::flag_moves`]), worth more the
//!   closer it is, with the cheapest cost ([`race::flag_cost`]) checked
//!   against the budget when the budget is short;
//! - a frozen opponent (budget ≤ 1 never moves again): if our cheapest path
//!   to its flag fits our budget the game is won, a near-win score;
//! - mobility: the number of squares our soldiers can reach in one move;
//! - danger: how many enemy soldiers stand within two moves of our flag
//!   ([`race::flag_attackers`]); two or more can rarely all be stopped.

use crate::position::{Position, FLAG_SQUARES};
use crate::race::{can_take_flag, flag_attackers, flag_cost, flag_moves};
use crate::square::{cast, Direction, Squares};
use crate::{Color, Move};
use gamecore::{Evaluator, MoveList};

/// A score near a win: the side to move takes the flag now, or a frozen
/// opponent cannot stop us. Below [`gamecore::EVAL_LIMIT`].
pub const NEAR_WIN: i32 = 800_000;

/// The weights of the static evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// Per soldier on the board.
    pub soldier: i32,
    /// Per barrier on the board.
    pub barrier: i32,
    /// Per point of budget.
    pub budget: i32,
    /// By the fewest moves to the enemy flag (index = moves, 0 unused).
    pub race: [i32; 8],
    /// Per square reachable in one move.
    pub mobility: i32,
    /// By the number of enemy soldiers within two moves of our flag (capped at 3).
    pub attackers: [i32; 4],
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            soldier: 400,
            barrier: 50,
            budget: 6,
            race: [0, 1500, 800, 250, 60, 20, 8, 3],
            mobility: 1,
            attackers: [0, 100, 500, 1200],
        }
    }
}

/// The engine's evaluator (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeichuEval {
    /// The static weights.
    pub weights: Weights,
    /// Plies of capture search after the horizon (evasions of a flag threat
    /// one ply more). The search passes its window into them.
    pub quiescence_depth: u32,
}

impl Default for MeichuEval {
    fn default() -> MeichuEval {
        MeichuEval {
            weights: Weights::default(),
            quiescence_depth: 2,
        }
    }
}

impl MeichuEval {
    /// The static score from Black's point of view.
    pub fn static_black(&self, position: &Position) -> i32 {
        let w = &self.weights;
        let mut score = 0;
        for color in Color::BOTH {
            let sign = if color == Color::Black { 1 } else { -1 };
            let budget = position.budget(color);
            let mut side = w.soldier * position.soldier_count(color) as i32
                + w.barrier * position.barrier_count(color) as i32
                + w.budget * budget.min(120)
                + w.mobility * mobility(position, color)
                - w.attackers[flag_attackers(position, color.other()).min(3) as usize];
            let opponent_budget = position.budget(color.other());
            if budget >= 2 {
                if opponent_budget <= 1 {
                    // The opponent never moves again: a path we can pay for
                    // wins. A rich side surely can pay (no path of up to 12
                    // moves costs 40); a poor one runs the cost search.
                    let reachable = if budget >= 40 {
                        flag_moves(position, color, 12).map(|moves| 4 * moves as i32)
                    } else {
                        flag_cost(position, color, budget)
                    };
                    if let Some(cost) = reachable {
                        side += NEAR_WIN / 2 - cost;
                    }
                } else if let Some(moves) = flag_moves(position, color, 7) {
                    let affordable = budget >= 40 || flag_cost(position, color, budget).is_some();
                    if affordable {
                        side += w.race[moves as usize];
                    }
                }
            }
            score += sign * side;
        }
        score
    }

    /// The static score from the side to move's point of view.
    pub fn static_score(&self, position: &Position) -> i32 {
        let black = self.static_black(position);
        if position.side_to_move() == Color::Black {
            black
        } else {
            -black
        }
    }
}

/// Fills `moves` with the side to move's affordable soldier captures.
fn captures(position: &Position, moves: &mut MoveList<Move>) {
    moves.clear();
    let us = position.side_to_move();
    let budget = position.budget(us);
    let occupied = position.occupied();
    let enemies = position.soldiers(us.other());
    for from in Squares(position.soldiers(us)) {
        for direction in Direction::ALL {
            let (empty, blocker) = cast(direction, from, occupied);
            if let Some(to) = blocker {
                if enemies & (1u128 << to) != 0 && 2 + empty.count_ones() as i32 <= budget {
                    moves.push(Move::new(
                        crate::Square::from_index(from),
                        crate::Square::from_index(to),
                    ));
                }
            }
        }
    }
}

/// The number of squares `color`'s soldiers reach in one move (ignoring budget).
fn mobility(position: &Position, color: Color) -> i32 {
    let occupied = position.occupied();
    let targets = position.landing_targets(color);
    let mut count = 0;
    for from in Squares(position.soldiers(color)) {
        for direction in Direction::ALL {
            let (empty, blocker) = cast(direction, from, occupied);
            count += empty.count_ones() as i32;
            if blocker.is_some_and(|to| targets & (1u128 << to) != 0) {
                count += 1;
            }
        }
    }
    count
}

impl Evaluator<Position> for MeichuEval {
    /// The static score, after the flag threats (module docs).
    fn evaluate(&self, position: &Position) -> i32 {
        let us = position.side_to_move();
        if can_take_flag(position, us) {
            NEAR_WIN
        } else if can_take_flag(position, us.other()) {
            -NEAR_WIN
        } else {
            self.static_score(position)
        }
    }

    /// Evasions of a flag threat, else affordable soldier captures (module docs).
    fn noisy_moves(&self, position: &Position, quiescence_ply: u32, moves: &mut MoveList<Move>) {
        moves.clear();
        let us = position.side_to_move();
        if can_take_flag(position, us) {
            return;
        }
        if can_take_flag(position, us.other()) {
            if quiescence_ply <= self.quiescence_depth {
                position.generate_moves(moves);
            }
        } else if quiescence_ply < self.quiescence_depth {
            captures(position, moves);
        }
    }

    /// The flag first, then soldier captures, then breaking enemy barriers;
    /// quiet moves are left to the history heuristic.
    fn move_order_hint(&self, position: &Position, mv: Move) -> i32 {
        let us = position.side_to_move();
        let them = us.other();
        let bit = mv.to.bit();
        if FLAG_SQUARES[them.index()] == mv.to {
            4
        } else if position.soldiers(them) & bit != 0 {
            3
        } else if position.barriers(them) & bit != 0 {
            1
        } else {
            0
        }
    }
}
