//! What a solve returns: progress, the report, the errors and the limits.

use crate::ring::{RING_MAX_BEANS, RING_MAX_HOLES};
use crate::side::Side;
use std::time::Duration;

/// The largest board (holes per side) the solver accepts.
pub const SOLVER_MAX_HOLES: usize = RING_MAX_HOLES;

/// The most beans on the board (pots excluded) the solver accepts.
pub const SOLVER_MAX_BEANS: u32 = RING_MAX_BEANS;

/// One finished MTD(f) probe, reported while a long solve runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveProgress {
    /// The lowest value still possible (side to move's view, stores included).
    pub lower: i32,
    /// The highest value still possible.
    pub upper: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the solve began.
    pub elapsed: Duration,
}

/// The result of a solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveReport {
    /// The final pot difference the side to move reaches with perfect play by
    /// both sides (its pot minus the opponent's).
    pub value: i32,
    /// The side to move in the solved position.
    pub to_move: Side,
    /// Every hole whose move reaches `value`, in increasing order (empty when
    /// the game is already over).
    pub best_moves: Vec<usize>,
    /// Nodes searched (endgame database build excluded).
    pub nodes: u64,
    /// Time for the whole solve, database build included.
    pub elapsed: Duration,
    /// Time spent building or loading the endgame database in this solve.
    pub endgame_elapsed: Duration,
    /// The endgame database's bean limit (0 when none was used).
    pub endgame_beans: u32,
    /// Search threads used.
    pub threads: usize,
    /// Where the endgame database came from, when the solver has an
    /// [`EndgameStore`](crate::EndgameStore).
    pub endgame_source: Option<crate::EndgameSource>,
}

impl SolveReport {
    /// Returns the value for South (the first player): South's final pot minus
    /// North's.
    pub fn south_value(&self) -> i32 {
        match self.to_move {
            Side::South => self.value,
            Side::North => -self.value,
        }
    }
}

/// Why a position cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// More holes per side than [`SOLVER_MAX_HOLES`].
    TooManyHoles(usize),
    /// More beans on the board than [`SOLVER_MAX_BEANS`].
    TooManyBeans(u32),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::TooManyHoles(n) => write!(
                f,
                "the solver handles at most {SOLVER_MAX_HOLES} holes per side, not {n}"
            ),
            SolveError::TooManyBeans(b) => write!(
                f,
                "the solver handles at most {SOLVER_MAX_BEANS} beans on the board, not {b}"
            ),
        }
    }
}

impl std::error::Error for SolveError {}
