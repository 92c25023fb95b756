//! Small games for testing algorithms: exercise extra turns and ties without
//! depending on any real game crate.

use crate::{Evaluator, Game, MoveList, Outcome, ParseMoveError, Player};
use std::fmt;

/// Pebbles: a pile of pebbles; a move takes 1, 2 or 3 of them. Taking exactly
/// 2 (while pebbles remain) gives the same player another move. Each player
/// scores the pebbles they took, and whoever takes the last pebble gets 3 more.
///
/// The game is tiny, zero-sum on the margin, and has extra turns, so it checks
/// that a search negates only when the side to move changes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pebbles {
    pile: u8,
    taken: [u8; 2],
    to_move: Player,
}

impl Pebbles {
    /// Starts a game with `pile` pebbles (at most 60), `First` to move.
    pub fn new(pile: u8) -> Pebbles {
        Pebbles {
            pile: pile.min(60),
            taken: [0, 0],
            to_move: Player::First,
        }
    }

    /// Returns the pebbles left on the pile.
    pub fn pile(&self) -> u8 {
        self.pile
    }
}

/// A move of [`Pebbles`]: how many pebbles to take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Take(pub u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Game for Pebbles {
    type Move = Take;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut MoveList<Take>) {
        moves.clear();
        for n in 1..=3.min(self.pile) {
            moves.push(Take(n));
        }
    }

    fn play_unchecked(&mut self, mv: Take) {
        let n = mv.0.min(self.pile);
        self.pile -= n;
        self.taken[self.to_move.index()] += n;
        if self.pile == 0 {
            self.taken[self.to_move.index()] += 3;
        } else if n != 2 {
            self.to_move = self.to_move.other();
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.pile == 0).then(|| Outcome::new(i32::from(self.taken[0]), i32::from(self.taken[1])))
    }

    fn hash(&self) -> u64 {
        u64::from(self.pile)
            | u64::from(self.taken[0]) << 8
            | u64::from(self.taken[1]) << 16
            | (self.to_move.index() as u64) << 24
    }

    fn recompute_hash(&self) -> u64 {
        self.hash()
    }

    fn score_bounds(&self) -> (i32, i32) {
        let total = i32::from(self.pile) + i32::from(self.taken[0]) + i32::from(self.taken[1]);
        (0, total + 3)
    }

    fn max_remaining_plies(&self) -> u32 {
        u32::from(self.pile)
    }

    fn parse_move(&self, text: &str) -> Result<Take, ParseMoveError> {
        match text.trim() {
            "1" => Ok(Take(1)),
            "2" => Ok(Take(2)),
            "3" => Ok(Take(3)),
            _ => Err(ParseMoveError::new(text, "1, 2 or 3")),
        }
    }

    fn move_index(&self, mv: Take) -> usize {
        usize::from(mv.0)
    }

    fn move_index_bound(&self) -> usize {
        4
    }
}

/// An evaluator that scores a position by bits of its hash, coarsened so that
/// many positions tie.
///
/// Deterministic but unrelated to the rules: ideal for checking that a search
/// returns the same value as plain negamax, because ties and cutoffs both
/// happen often (after the `minimax` crate's `compare_plain_negamax`).
#[derive(Debug, Clone, Copy)]
pub struct CoarseHashEval {
    /// How many distinct values the evaluation takes (at least 1).
    pub levels: u32,
}

impl<G: Game> Evaluator<G> for CoarseHashEval {
    fn evaluate(&self, state: &G) -> i32 {
        let mixed = state.hash().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        let levels = u64::from(self.levels.max(1));
        (mixed % levels) as i32 - (levels / 2) as i32
    }
}
