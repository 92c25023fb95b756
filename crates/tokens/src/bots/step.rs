//! The step NaiveAI and PATH bot take towards a goal cell.

use crate::action::Action;

/// The step NaiveAI and PATH bot take from `from` towards `to`: `RIGHT` if
/// the goal is to the right, else `DOWN`, `UP`, `LEFT`, else `EAT`.
pub fn step_rdul(from: (usize, usize), to: (usize, usize)) -> Action {
    if to.0 > from.0 {
        Action::Right
    } else if to.1 > from.1 {
        Action::Down
    } else if to.1 < from.1 {
        Action::Up
    } else if to.0 < from.0 {
        Action::Left
    } else {
        Action::Eat
    }
}
