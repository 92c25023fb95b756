//! The "student level" baseline: the depth-5 alpha-beta of a public fork
//! (spec §9.1), ported with budget checks and the pass rule.
//!
//! - Minimax with alpha-beta to 5 plies; its own colour maximises. Unlike
//!   the original, the side to move comes from the position, so passes are
//!   applied, and unaffordable moves are dropped.
//! - Pruned move generation: per soldier (row-major) and direction (Black:
//!   up, down, left, right; White: down, up, left, right) at most two
//!   candidates: the first square if empty, and the piece that stops the ray
//!   if it may be taken or broken, else the farthest empty square.
//! - A history table keyed by the move, kept for the whole game: moves are
//!   tried by descending score, ties to the lexicographically larger
//!   `(bx, by, ex, ey)`; a node's best move gains its remaining depth.
//! - The evaluation of [`StudentEval`].

use crate::position::FLAG_SQUARES;
use crate::square::{cast, Direction, Square, Squares};
use crate::{Color, Move, Position};
use gamecore::{Agent, AgentError, Budget};

/// The search depth of the student baseline.
pub const STUDENT_DEPTH: u32 = 5;

/// The fork's evaluation, always from `own`'s point of view.
#[derive(Debug, Clone, Copy, Default)]
pub struct StudentEval;

impl StudentEval {
    /// Scores `position` for `own` (spec §9.1): −10000 with no budget left;
    /// ±10000 for a taken flag; the flag-danger feature F (Black +F, White
    /// −F); material `2·own barriers + 40·own soldiers − 3·enemy barriers −
    /// 35·enemy soldiers`.
    pub fn evaluate(position: &Position, own: Color) -> i32 {
        if position.budget(own) <= 0 {
            return -10_000;
        }
        let enemy = own.other();
        let mut score = 0;
        if position.soldiers(own) & FLAG_SQUARES[enemy.index()].bit() != 0 {
            score += 10_000;
        }
        if position.soldiers(enemy) & FLAG_SQUARES[own.index()].bit() != 0 {
            score -= 10_000;
        }
        let danger = flag_danger(position);
        score += if own == Color::Black { danger } else { -danger };
        score += 2 * position.barrier_count(own) as i32 + 40 * position.soldier_count(own) as i32
            - 3 * position.barrier_count(enemy) as i32
            - 35 * position.soldier_count(enemy) as i32;
        score
    }
}

/// The fork's flag-danger feature F, positive for Black.
fn flag_danger(position: &Position) -> i32 {
    let mut danger = 0;
    for sq in Squares(position.soldiers(Color::Black)) {
        let s = Square::from_index(sq);
        let (x, y) = (s.x(), s.y());
        if x == 0 {
            danger += if y == 3 || y == 5 {
                50
            } else if y != 4 {
                10
            } else {
                0
            };
        }
        if y == 4 {
            danger += if x == 1 { 50 } else { 10 };
        }
        if y == 3 || y == 5 {
            danger += 38;
        }
    }
    for sq in Squares(position.soldiers(Color::White)) {
        let s = Square::from_index(sq);
        let (x, y) = (s.x(), s.y());
        if x == 8 {
            danger -= if y == 3 || y == 5 {
                50
            } else if y != 4 {
                10
            } else {
                0
            };
        }
        if y == 4 {
            danger -= if x == 7 { 50 } else { 10 };
        }
        if y == 3 || y == 5 {
            danger -= 38;
        }
    }
    danger
}

/// The depth-5 alpha-beta baseline (module docs).
#[derive(Debug, Clone)]
pub struct StudentAgent {
    history: Vec<u32>,
    depth: u32,
}

impl Default for StudentAgent {
    fn default() -> StudentAgent {
        StudentAgent::new(STUDENT_DEPTH)
    }
}

impl StudentAgent {
    /// Creates the baseline searching `depth` plies (the fork uses 5).
    pub fn new(depth: u32) -> StudentAgent {
        StudentAgent {
            history: vec![0; 81 * 81],
            depth: depth.max(1),
        }
    }

    /// The fork's pruned candidate moves, affordable ones only, in its scan order.
    pub fn candidates(position: &Position, moves: &mut Vec<Move>) {
        moves.clear();
        let us = position.side_to_move();
        let budget = position.budget(us);
        let occupied = position.occupied();
        let targets = position.landing_targets(us);
        let order = match us {
            Color::Black => [
                Direction::Up,
                Direction::Down,
                Direction::Left,
                Direction::Right,
            ],
            Color::White => [
                Direction::Down,
                Direction::Up,
                Direction::Left,
                Direction::Right,
            ],
        };
        for from in Squares(position.soldiers(us)) {
            let from_sq = Square::from_index(from);
            for direction in order {
                let (empty, blocker) = cast(direction, from, occupied);
                let mut push = |to: usize| {
                    let mv = Move::new(from_sq, Square::from_index(to));
                    if position.gross_cost(mv) <= budget && !moves.contains(&mv) {
                        moves.push(mv);
                    }
                };
                if empty != 0 {
                    push(crate::square::nearest(direction, empty));
                }
                match blocker {
                    Some(to) if targets & (1u128 << to) != 0 => push(to),
                    _ => {
                        if empty != 0 {
                            // The farthest empty square: the last one along the ray.
                            let farthest = if direction.increasing() {
                                127 - empty.leading_zeros() as usize
                            } else {
                                empty.trailing_zeros() as usize
                            };
                            push(farthest);
                        }
                    }
                }
            }
        }
    }

    fn index(mv: Move) -> usize {
        mv.from.index() * 81 + mv.to.index()
    }

    fn ordered(&self, position: &Position) -> Vec<Move> {
        let mut moves = Vec::new();
        Self::candidates(position, &mut moves);
        moves.sort_by(|a, b| {
            self.history[Self::index(*b)]
                .cmp(&self.history[Self::index(*a)])
                .then_with(|| b.coordinates().cmp(&a.coordinates()))
        });
        moves
    }

    fn minimax(
        &mut self,
        position: &Position,
        own: Color,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if depth == 0 || position.is_over() {
            return StudentEval::evaluate(position, own);
        }
        let moves = self.ordered(position);
        if moves.is_empty() {
            return StudentEval::evaluate(position, own);
        }
        let maximising = position.side_to_move() == own;
        let mut best_value = if maximising { i32::MIN } else { i32::MAX };
        let mut best_move = moves[0];
        for mv in moves {
            let mut child = *position;
            child.apply(mv);
            let value = self.minimax(&child, own, depth - 1, alpha, beta);
            if maximising {
                if value > best_value {
                    best_value = value;
                    best_move = mv;
                }
                alpha = alpha.max(value);
            } else {
                if value < best_value {
                    best_value = value;
                    best_move = mv;
                }
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        self.history[Self::index(best_move)] += depth;
        best_value
    }

    /// Chooses the move for the side to move, `None` when the game is over.
    pub fn choose(&mut self, position: &Position) -> Option<Move> {
        if position.is_over() {
            return None;
        }
        let own = position.side_to_move();
        let moves = self.ordered(position);
        let mut best: Option<(i32, Move)> = None;
        let (mut alpha, beta) = (i32::MIN, i32::MAX);
        for mv in moves {
            let mut child = *position;
            child.apply(mv);
            let value = self.minimax(&child, own, self.depth - 1, alpha, beta);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, mv));
            }
            alpha = alpha.max(value);
        }
        if let Some((_, mv)) = best {
            self.history[Self::index(mv)] += self.depth;
            return Some(mv);
        }
        // The pruned generator found nothing affordable: any legal move.
        let mut all = gamecore::MoveList::new();
        position.generate_moves(&mut all);
        all.first().copied()
    }
}

impl Agent<Position> for StudentAgent {
    fn name(&self) -> String {
        format!("student{}", self.depth)
    }

    fn select_move(&mut self, state: &Position, _budget: &Budget) -> Result<Move, AgentError> {
        self.choose(state).ok_or(AgentError::GameOver)
    }

    fn new_game(&mut self) {
        self.history.iter_mut().for_each(|h| *h = 0);
    }
}
