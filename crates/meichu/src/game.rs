//! [`gamecore::Game`] for [`Position`]: what `search` and `arena` see.

use crate::moves::Move;
use crate::position::{End, GameResult, Position};
use crate::Color;
use gamecore::{Game, MoveList, Outcome, ParseMoveError, Player};

impl Position {
    /// Returns an upper bound on the moves left.
    ///
    /// For each colour, `budget + 3 × own barriers` falls by at least 2 with
    /// each of its moves and never rises (spec §8), and a colour with budget
    /// ≤ 1 never moves again.
    pub fn max_moves_left(&self) -> u32 {
        if self.end.is_some() {
            return 0;
        }
        Color::BOTH
            .iter()
            .map(|&color| {
                let budget = self.budget(color);
                if budget < 2 {
                    0
                } else {
                    (budget as u32 + 3 * self.barrier_count(color)) / 2
                }
            })
            .sum()
    }
}

impl Game for Position {
    type Move = Move;

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side.player()
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        self.generate_moves(moves);
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// A win scores 1 for the winner and −1 for the loser, a draw 0 each.
    fn outcome(&self) -> Option<Outcome> {
        match self.result()? {
            GameResult::Win(color) => Some(Outcome::zero_sum(color.player(), 1)),
            GameResult::Draw => Some(Outcome::new(0, 0)),
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    fn score_bounds(&self) -> (i32, i32) {
        (-1, 1)
    }

    fn max_remaining_plies(&self) -> u32 {
        self.max_moves_left()
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        Move::parse(text)
    }

    #[inline]
    fn move_index(&self, mv: Move) -> usize {
        mv.from.index() * 81 + mv.to.index()
    }

    fn move_index_bound(&self) -> usize {
        81 * 81
    }
}

impl End {
    /// Returns true when the end was decided by a flag.
    pub fn is_flag(self) -> bool {
        matches!(self, End::FlagTaken(_))
    }
}
