//! The greedy baseline: the flag if it can, else a soldier, else a cheap move.

use crate::position::FLAG_SQUARES;
use crate::{Move, Position};
use gamecore::{seeded_rng, Agent, AgentError, Budget, GameRng, MoveList};
use rand::Rng;

/// Takes the enemy flag when it can; otherwise takes a soldier (the cheapest
/// capture); otherwise plays one of the cheapest moves (by the budget it
/// costs before refunds), chosen at random with its own seeded generator.
#[derive(Debug, Clone)]
pub struct GreedyAgent {
    rng: GameRng,
}

impl GreedyAgent {
    /// Creates the agent drawing its tie-breaks from `seed`.
    pub fn new(seed: u64) -> GreedyAgent {
        GreedyAgent {
            rng: seeded_rng(seed),
        }
    }

    /// Chooses the greedy move in `position`, `None` when the game is over.
    pub fn choose(&mut self, position: &Position) -> Option<Move> {
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let us = position.side_to_move();
        let flag = FLAG_SQUARES[us.other().index()];
        if let Some(&mv) = moves.iter().find(|mv| mv.to == flag) {
            return Some(mv);
        }
        let enemies = position.soldiers(us.other());
        let pick = |moves: &[Move], position: &Position, rng: &mut GameRng| -> Option<Move> {
            let cheapest = moves.iter().map(|&mv| position.gross_cost(mv)).min()?;
            let tied: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&mv| position.gross_cost(mv) == cheapest)
                .collect();
            Some(tied[rng.gen_range(0..tied.len())])
        };
        let captures: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|mv| enemies & mv.to.bit() != 0)
            .collect();
        if !captures.is_empty() {
            return pick(&captures, position, &mut self.rng);
        }
        pick(&moves, position, &mut self.rng)
    }
}

impl Agent<Position> for GreedyAgent {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn select_move(&mut self, state: &Position, _budget: &Budget) -> Result<Move, AgentError> {
        self.choose(state).ok_or(AgentError::GameOver)
    }
}
