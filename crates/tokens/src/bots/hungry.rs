//! HungryBot: scores every token by a heuristic (lower is better) and steps
//! towards the best one. The strongest of the seed's bots.
//!
//! For a token at distance `dist` from itself and `distE` from the enemy,
//! the value is the sum of:
//! - `−points`;
//! - `−1.618·(myBonus+1)·[my colour]·([dist=0]+1)`;
//! - `−(enemyBonus+1)·[enemy's colour]`;
//! - `−1.618·(tokens of this colour / tokens)`;
//! - `dist`, and `(|cx−x| + |cy−y|)/√2` where `(cx, cy)` is the
//!   points-weighted centre of the tokens, truncated;
//! - `dist·(dist−distE)/(dist+distE+0.001)`;
//! - `100·[distE=0 and dist>0]`.
//!
//! Tokens are scanned row-major (x fastest); a strictly lower value replaces
//! the best and an exact tie is a coin flip. The arithmetic keeps the
//! JavaScript's operation order so ties match. Step: `EAT` on the token,
//! else along the axis with the larger distance (horizontal on equal
//! distances).

use super::Bot;
use crate::action::Action;
use crate::board::Board;
use crate::token::Color;
use gamecore::{GameRng, Player};
use rand::Rng;

/// The seed's HungryBot, with its coin flips drawn from a seed.
#[derive(Debug, Clone)]
pub struct HungryBot {
    seat: Player,
    rng: GameRng,
}

impl HungryBot {
    /// Creates the bot for `seat`, drawing tie-break coin flips from `seed`.
    pub fn new(seat: Player, seed: u64) -> HungryBot {
        HungryBot {
            seat,
            rng: gamecore::seeded_rng(seed),
        }
    }
}

/// One scanned token: its cell and value.
#[derive(Debug, Clone, Copy)]
struct Scored {
    x: i32,
    y: i32,
    value: f64,
}

/// HungryBot's choice for the player `seat` on `board`: the cell of the best
/// token, breaking exact ties with `coin` (called once per tie, true = take
/// the later token). `None` when the board has no token.
pub(crate) fn hungry_target(
    board: &Board,
    seat: Player,
    mut coin: impl FnMut() -> bool,
) -> Option<(usize, usize)> {
    let me = board.player(seat);
    let enemy = board.player(seat.other());
    let (px, py) = (i32::from(me.x), i32::from(me.y));
    let (ex, ey) = (i32::from(enemy.x), i32::from(enemy.y));
    let mut colors = [0u32; 3];
    let mut points = 0i64;
    let mut average = [0i64; 2];
    let mut tokens =
        arrayvec::ArrayVec::<(Scored, Color, i32, i32), { crate::MAX_N * crate::MAX_N }>::new();
    // The controller's scan, `for i < n*n: x = i % n, y = i / n`: row by row.
    for (x, y, token) in board.tokens_by_row() {
        let (x, y) = (x as i32, y as i32);
        let dist = (x - px).abs() + (y - py).abs();
        let dist_e = (x - ex).abs() + (y - ey).abs();
        let mine = i32::from(me.last_color == Some(token.color));
        let theirs = i32::from(enemy.last_color == Some(token.color));
        let on = i32::from(dist == 0);
        let value = -f64::from(token.points)
            - f64::from((me.color_bonus + 1) * mine * (on + 1)) * 1.618
            - f64::from((enemy.color_bonus + 1) * theirs);
        tokens.push((Scored { x, y, value }, token.color, dist, dist_e));
        colors[token.color.index()] += 1;
        points += i64::from(token.points);
        average[0] += i64::from(x) * i64::from(token.points);
        average[1] += i64::from(y) * i64::from(token.points);
    }
    if tokens.is_empty() {
        return None;
    }
    // `average / points | 0`; with zero-point tokens only, NaN | 0 is 0.
    let (cx, cy) = if points > 0 {
        ((average[0] / points) as i32, (average[1] / points) as i32)
    } else {
        (0, 0)
    };
    let count = tokens.len() as f64;
    let mut best = 0;
    for i in 0..tokens.len() {
        let (ref mut scored, color, dist, dist_e) = tokens[i];
        let mut value = scored.value;
        value -= (f64::from(colors[color.index()]) / count) * 1.618;
        value += f64::from(dist);
        value +=
            f64::from((cx - scored.x).abs() + (cy - scored.y).abs()) / std::f64::consts::SQRT_2;
        value += (f64::from(dist - dist_e) / (f64::from(dist + dist_e) + 0.001)) * f64::from(dist);
        value += f64::from(i32::from(dist_e == 0 && dist > 0) * 100);
        scored.value = value;
        let (best_value, value) = (tokens[best].0.value, tokens[i].0.value);
        if best_value > value || (i != best && best_value == value && coin()) {
            best = i;
        }
    }
    let best = tokens[best].0;
    Some((best.x as usize, best.y as usize))
}

/// HungryBot's step from `from` to `to`: `EAT` on it, else along the axis
/// with the larger distance, horizontal on equal distances.
pub(crate) fn hungry_step(from: (usize, usize), to: (usize, usize)) -> Action {
    let dx = to.0 as i32 - from.0 as i32;
    let dy = to.1 as i32 - from.1 as i32;
    if dx == 0 && dy == 0 {
        Action::Eat
    } else if dx.abs() >= dy.abs() {
        if dx < 0 {
            Action::Left
        } else {
            Action::Right
        }
    } else if dy < 0 {
        Action::Up
    } else {
        Action::Down
    }
}

impl Bot for HungryBot {
    fn name(&self) -> &'static str {
        "HungryBot"
    }

    fn act(&mut self, board: &Board) -> Option<Action> {
        let rng = &mut self.rng;
        let target = hungry_target(board, self.seat, || rng.gen_bool(0.5));
        // The JavaScript throws on a board without tokens; the game never asks then.
        Some(match target {
            Some(to) => hungry_step(board.player(self.seat).pos(), to),
            None => Action::Pass,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::token::Token;

    /// Two tokens of equal value: the controller's scan (`x = i % n,
    /// y = i / n`) meets the one in the upper row first and keeps it unless
    /// the tie's coin picks the other; a column-by-column scan would meet
    /// the other first.
    #[test]
    fn ties_go_to_the_first_token_in_row_order() {
        let mut board = Board::empty(5, (2, 2)).unwrap();
        board.place(1, 2, Token::new(Color::Red, 1)).unwrap();
        board.place(2, 1, Token::new(Color::Red, 1)).unwrap();
        assert_eq!(hungry_target(&board, Player::First, || false), Some((2, 1)));
        assert_eq!(hungry_target(&board, Player::First, || true), Some((1, 2)));
    }
}
