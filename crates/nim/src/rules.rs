//! Moves and their order (spec §1, §3): the [`Game`] implementation.

use crate::{Pile, RedBlueNim, Version};
use gamecore::{Game, MoveList, Outcome, ParseMoveError, Player};

impl Version {
    /// Returns the order in which moves are generated and searched (spec §3):
    /// **standard: blue, then red; misère: red, then blue**.
    ///
    /// The search breaks ties in favour of the earlier move, so this order
    /// decides which of two equally good moves the computer plays.
    pub const fn move_order(self) -> [Pile; 2] {
        match self {
            Version::Standard => [Pile::Blue, Pile::Red],
            Version::Misere => [Pile::Red, Pile::Blue],
        }
    }
}

impl RedBlueNim {
    /// Returns the position after taking one marble from `pile`, with the
    /// other side to move.
    ///
    /// Taking from an empty pile leaves it empty (the move is illegal then;
    /// [`Game::play`] refuses it).
    #[must_use]
    pub fn after(mut self, pile: Pile) -> RedBlueNim {
        self.play_unchecked(pile);
        self
    }
}

/// Positions are keyed by a perfect index: `red·2¹⁸ + blue·2² + side·2 +
/// version` (counts are below 2¹⁶), so equal keys mean equal positions.
fn perfect_index(state: &RedBlueNim) -> u64 {
    (u64::from(state.red) << 18)
        | (u64::from(state.blue) << 2)
        | ((state.to_move.index() as u64) << 1)
        | (state.version as u64)
}

impl Game for RedBlueNim {
    type Move = Pile;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    /// Both piles, in [`Version::move_order`], while the game goes on; none once
    /// a pile is empty. Both moves are always legal until then (spec §1).
    fn legal_moves(&self, moves: &mut MoveList<Pile>) {
        moves.clear();
        if !self.is_over() {
            moves.extend(self.version.move_order());
        }
    }

    fn is_legal(&self, pile: Pile) -> bool {
        let _ = pile;
        !self.is_over()
    }

    fn play_unchecked(&mut self, pile: Pile) {
        match pile {
            Pile::Red => self.red = self.red.saturating_sub(1),
            Pile::Blue => self.blue = self.blue.saturating_sub(1),
        }
        self.to_move = self.to_move.other();
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner()
            .map(|winner| Outcome::zero_sum(winner, self.final_score()))
    }

    fn hash(&self) -> u64 {
        perfect_index(self)
    }

    fn recompute_hash(&self) -> u64 {
        perfect_index(self)
    }

    /// `±(2·red + 3·blue)` of the current piles: marbles only ever leave.
    fn score_bounds(&self) -> (i32, i32) {
        let most = self.final_score();
        (-most, most)
    }

    /// `red + blue − 1`: the game ends as soon as one pile is empty, so the
    /// last marble of the other pile is never taken.
    fn max_remaining_plies(&self) -> u32 {
        if self.is_over() {
            0
        } else {
            self.marbles() - 1
        }
    }

    fn parse_move(&self, text: &str) -> Result<Pile, ParseMoveError> {
        text.parse()
            .map_err(|_| ParseMoveError::new(text, "red or blue"))
    }

    fn move_index(&self, pile: Pile) -> usize {
        pile as usize
    }

    fn move_index_bound(&self) -> usize {
        2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_come_in_the_assignments_order() {
        let mut moves = MoveList::new();
        RedBlueNim::new(3, 3, Version::Standard).legal_moves(&mut moves);
        assert_eq!(moves.as_slice(), [Pile::Blue, Pile::Red]);
        RedBlueNim::new(3, 3, Version::Misere).legal_moves(&mut moves);
        assert_eq!(moves.as_slice(), [Pile::Red, Pile::Blue]);
        RedBlueNim::new(0, 3, Version::Misere).legal_moves(&mut moves);
        assert!(moves.is_empty());
    }

    #[test]
    fn the_index_is_perfect() {
        let mut seen = std::collections::HashSet::new();
        for red in 0..20 {
            for blue in 0..20 {
                for version in Version::BOTH {
                    for side in Player::BOTH {
                        let state = RedBlueNim::new(red, blue, version).with_side_to_move(side);
                        assert!(seen.insert(state.hash()));
                    }
                }
            }
        }
        let max = RedBlueNim::new(crate::MAX_PILE, crate::MAX_PILE, Version::Misere);
        assert!(max.with_side_to_move(Player::Second).hash() < 1 << 34);
    }
}
