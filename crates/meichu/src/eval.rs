//! The engine's evaluation: material, budgets, flag races and mobility, with
//! a small quiescence search for flag threats and captures.
//!
//! `search` calls [`Evaluator::evaluate`] at the horizon. A MeiChu position
//! at the horizon is often in the middle of a fight: a soldier can take the
//! flag next move, or a capture is pending. So the evaluation first resolves
//! those ([`MeichuEval::quiesce`]):
//! 1. the side to move can take the enemy flag now: a near-win score;
//! 2. the opponent could take our flag on its next move: every move of ours
//!    is tried, and only those that stop the threat count, each scored
//!    statically (none: a near-loss);
//! 3. otherwise stand pat on the static score, or try captures of soldiers
//!    (a few plies deep), whichever is better.
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
/// The score of a finished game won (heuristic scale; the search itself
/// scores finished games as proven values).
const WON: i32 = 900_000;

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
    /// Plies of capture search after the horizon. The search calls the
    /// evaluation without a window, so the capture tree is searched in full:
    /// keep this small.
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

    /// Resolves flag threats and captures below the horizon (module docs),
    /// from the side to move's point of view, within (`alpha`, `beta`).
    pub fn quiesce(&self, position: &Position, mut alpha: i32, beta: i32, depth: u32) -> i32 {
        let us = position.side_to_move();
        if let Some(result) = position.result() {
            return match result {
                crate::GameResult::Win(color) if color == us => WON,
                crate::GameResult::Win(_) => -WON,
                crate::GameResult::Draw => 0,
            };
        }
        if can_take_flag(position, us) {
            return NEAR_WIN;
        }
        let threatened = can_take_flag(position, us.other());
        let mut moves = MoveList::new();
        if threatened {
            // Only moves after which the opponent cannot take the flag count;
            // each of those is scored statically (no deeper search here).
            position.generate_moves(&mut moves);
            let mut best = -NEAR_WIN;
            for &mv in moves.iter() {
                let mut child = *position;
                child.apply(mv);
                let value = match child.result() {
                    Some(crate::GameResult::Win(color)) if color == us => WON,
                    Some(crate::GameResult::Win(_)) => -WON,
                    Some(crate::GameResult::Draw) => 0,
                    None if child.side_to_move() == us => {
                        if can_take_flag(&child, us) {
                            NEAR_WIN
                        } else {
                            self.static_score(&child)
                        }
                    }
                    None => {
                        if can_take_flag(&child, us.other()) {
                            continue;
                        }
                        -self.static_score(&child)
                    }
                };
                best = best.max(value);
                if best >= beta {
                    break;
                }
            }
            return best;
        }
        let stand = self.static_score(position);
        if depth == 0 || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        captures(position, &mut moves);
        for &mv in moves.iter() {
            let mut child = *position;
            child.apply(mv);
            let value = self.child_value(&child, us, alpha, beta, depth - 1);
            if value > best {
                best = value;
                if best >= beta {
                    break;
                }
                alpha = alpha.max(best);
            }
        }
        best
    }

    /// The value of `child` for `us`, negating when the opponent is to move.
    fn child_value(&self, child: &Position, us: Color, alpha: i32, beta: i32, depth: u32) -> i32 {
        if child.is_over() || child.side_to_move() == us {
            self.quiesce(child, alpha, beta, depth)
        } else {
            -self.quiesce(child, -beta, -alpha, depth)
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
    fn evaluate(&self, position: &Position) -> i32 {
        self.quiesce(position, -WON - 1, WON + 1, self.quiescence_depth)
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
