//! The answer for a board larger than the engine stores: walk to the
//! nearest token worth the most now (NaiveAI's choice, by a plain scan
//! instead of its rings) and eat it.

use super::step_rdul;
use crate::action::Action;
use crate::player::PlayerState;
use crate::token::Token;

/// The step towards the nearest of `tokens` (as `(x, y, token)`), the one
/// worth most to `player` among equally near ones (the first in the list
/// on ties), and `EAT` on it; `PASS` when there is no token. Reads the
/// tokens of a [`LargeBoard`](crate::json::LargeBoard).
pub fn nearest_token_action(tokens: &[(usize, usize, Token)], player: &PlayerState) -> Action {
    let (px, py) = (player.x as i64, player.y as i64);
    let best = tokens.iter().min_by_key(|(x, y, t)| {
        let dist = (*x as i64 - px).abs() + (*y as i64 - py).abs();
        (dist, -i64::from(player.gain(*t)))
    });
    match best {
        None => Action::Pass,
        Some(&(x, y, _)) => step_rdul((px as usize, py as usize), (x, y)),
    }
}
