//! The exact dynamic program of spec §8 over all piles up to a bound.
//!
//! `V(r, b)`, the score of the player to move under perfect play, is `±S` when
//! a pile is empty (spec §1) and otherwise `max(−V(r−1, b), −V(r, b−1))`. The
//! side to move does not matter (the game is symmetric), so one table per
//! version covers every position. It is the oracle for tests, benchmarks and
//! the evaluation's accuracy measurement; agents search instead (spec §3).

use crate::{Count, Pile, RedBlueNim, Version};

/// The table of `V(r, b)` for all `r ≤ max_red`, `b ≤ max_blue` of one version.
///
/// Costs `4·(max_red+1)·(max_blue+1)` bytes and as many steps to build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    version: Version,
    max_red: Count,
    max_blue: Count,
    values: Vec<i32>,
}

impl Solution {
    /// Fills the table bottom-up.
    pub fn new(max_red: Count, max_blue: Count, version: Version) -> Solution {
        let width = usize::from(max_blue) + 1;
        let mut values = vec![0; (usize::from(max_red) + 1) * width];
        for red in 0..=max_red {
            for blue in 0..=max_blue {
                let state = RedBlueNim {
                    red,
                    blue,
                    version,
                    to_move: gamecore::Player::First,
                };
                let index = usize::from(red) * width + usize::from(blue);
                values[index] = match state.score_to_move() {
                    Some(score) => score,
                    None => (-values[index - width]).max(-values[index - 1]),
                };
            }
        }
        Solution {
            version,
            max_red,
            max_blue,
            values,
        }
    }

    /// Returns the version the table is for.
    pub fn version(&self) -> Version {
        self.version
    }

    /// Returns the score of the player to move under perfect play with `red`
    /// and `blue` marbles (the assignment's points), or `None` outside the table.
    pub fn value(&self, red: Count, blue: Count) -> Option<i32> {
        if red > self.max_red || blue > self.max_blue {
            return None;
        }
        let width = usize::from(self.max_blue) + 1;
        Some(self.values[usize::from(red) * width + usize::from(blue)])
    }

    /// Returns the value of `state` (which must be of this table's version and
    /// within its bounds), or `None`.
    pub fn value_of(&self, state: &RedBlueNim) -> Option<i32> {
        (state.version() == self.version)
            .then(|| self.value(state.red(), state.blue()))
            .flatten()
    }

    /// Returns the first optimal move in the assignment's order
    /// ([`Version::move_order`]), or `None` when the game is over or the
    /// position lies outside the table.
    pub fn best_move(&self, red: Count, blue: Count) -> Option<Pile> {
        let value = self.value(red, blue)?;
        if red == 0 || blue == 0 {
            return None;
        }
        self.version.move_order().into_iter().find(|&pile| {
            let (r, b) = match pile {
                Pile::Red => (red - 1, blue),
                Pile::Blue => (red, blue - 1),
            };
            self.value(r, b).map(|child| -child) == Some(value)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_knows_the_spec_example_and_its_first_moves() {
        let standard = Solution::new(5, 5, Version::Standard);
        assert_eq!(standard.value(0, 3), Some(-9));
        assert_eq!(standard.value(1, 3), Some(9));
        assert_eq!(standard.best_move(1, 3), Some(Pile::Red));
        assert_eq!(standard.best_move(0, 3), None);
        assert_eq!(standard.value(6, 0), None);
        let misere = Solution::new(5, 5, Version::Misere);
        assert_eq!(misere.value(0, 3), Some(9));
        assert_eq!(misere.value(1, 1), Some(-2));
        assert_eq!(misere.best_move(1, 1), Some(Pile::Blue));
    }
}
