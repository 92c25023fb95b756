//! The evaluation function for depth-limited search (spec §6), from the side
//! to move's point of view.
//!
//! Red-Blue Nim has a closed-form solution, found by tabulating the exact
//! dynamic program ([`crate::solve`]) and proved by induction in
//! `docs/red_blue_nim_eval.md`. With `V` the score of the player to move
//! under perfect play (the assignment's points, not margins):
//!
//! | version | position | `V` |
//! |---|---|---|
//! | both | a pile empty | the rule of spec §1: `−S` standard, `+S` misère |
//! | standard | `red = 1` | `+3·blue` (take the last red) |
//! | standard | `blue = 1`, `red ≥ 2` | `+2·red` (take the last blue) |
//! | standard | both piles `≥ 2` | `+4` if `red + blue` is odd, else `−4` |
//! | misère | both piles `≥ 1` | `+2` if `red + blue` is odd, else `−2` |
//!
//! In the standard version nobody wants to leave a pile at one marble (the
//! opponent empties it and wins); the parity of the marbles decides who runs
//! out of safe moves at `(2, 2)`, and that player gives away the cheapest
//! ending, `(2, 1)`, worth 4. In misère nobody wants to empty a pile; the
//! parity decides who is left at `(1, 1)`, and that player empties blue,
//! leaving `(1, 0)`, worth 2.
//!
//! [`NimEval`] returns this value, doubled to the search's unit (a margin,
//! see [`crate::end`]), so it predicts the exact value of **every** position;
//! `cargo run --release -p gameai-nim --example eval_accuracy` measures that against
//! the dynamic program.

use crate::{RedBlueNim, Version};
use gamecore::Evaluator;

/// Returns the score of the player to move under perfect play from `state`
/// (the assignment's points: `±S` at the end, not margins), by the closed form
/// in the module documentation. Constant time.
pub fn perfect_play_score(state: &RedBlueNim) -> i32 {
    if let Some(score) = state.score_to_move() {
        return score;
    }
    let (red, blue) = (i32::from(state.red()), i32::from(state.blue()));
    let odd = (red + blue) % 2 == 1;
    match state.version() {
        Version::Standard if red == 1 => 3 * blue,
        Version::Standard if blue == 1 => 2 * red,
        Version::Standard => {
            if odd {
                4
            } else {
                -4
            }
        }
        Version::Misere => {
            if odd {
                2
            } else {
                -2
            }
        }
    }
}

/// The evaluation for depth-limited search: the exact perfect-play margin.
///
/// Returns `2 ·` [`perfect_play_score`], from the side to move's point of
/// view, in the same unit as proven values ([`gamecore::Outcome::margin`]).
/// It uses no move-ordering hints, so the search keeps the assignment's order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NimEval;

impl Evaluator<RedBlueNim> for NimEval {
    fn evaluate(&self, state: &RedBlueNim) -> i32 {
        2 * perfect_play_score(state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pile;

    /// The dynamic program of spec §8, straight from its definition.
    fn by_recursion(state: &RedBlueNim) -> i32 {
        match state.score_to_move() {
            Some(score) => score,
            None => Pile::BOTH
                .iter()
                .map(|&pile| -by_recursion(&state.after(pile)))
                .max()
                .unwrap_or(0),
        }
    }

    #[test]
    fn the_closed_form_matches_plain_recursion_on_small_piles() {
        for version in Version::BOTH {
            for red in 0..=9 {
                for blue in 0..=9 {
                    let state = RedBlueNim::new(red, blue, version);
                    assert_eq!(perfect_play_score(&state), by_recursion(&state), "{state}");
                }
            }
        }
    }
}
