//! `Board`'s `Debug`: the position in the controller's JSON notation, which
//! says everything the board holds on one line.

use crate::board::Board;
use crate::json::to_controller_json;
use std::fmt;

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}", to_controller_json(self))
    }
}
