//! Agents: anything that chooses moves, from random play to a human at a prompt.

use crate::{Budget, Game};
use std::error::Error;
use std::fmt;

/// A player of game `G`: the unit `arena` pits against another.
///
/// Not every agent searches. Random and scripted bots, humans reading a
/// terminal and contest protocols implement the same trait. An agent may keep
/// state between moves of one game (a search keeps its table); `new_game`
/// tells it a fresh game begins.
pub trait Agent<G: Game>: Send {
    /// Returns a short name for tables and logs.
    fn name(&self) -> String;

    /// Chooses a legal move for the side to move in `state` within `budget`.
    ///
    /// # Errors
    /// [`AgentError`] when the agent cannot or will not answer: a human
    /// closed the input, the game is already over, or an external program failed.
    fn select_move(&mut self, state: &G, budget: &Budget) -> Result<G::Move, AgentError>;

    /// Tells the agent that a new game starts; the default does nothing.
    fn new_game(&mut self) {}
}

impl<G: Game> Agent<G> for Box<dyn Agent<G>> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn select_move(&mut self, state: &G, budget: &Budget) -> Result<G::Move, AgentError> {
        (**self).select_move(state, budget)
    }
    fn new_game(&mut self) {
        (**self).new_game()
    }
}

/// Why an agent gave no move.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum AgentError {
    /// The game is over: there is nothing to choose.
    GameOver,
    /// An interactive agent's input ended before it gave a move.
    EndOfInput,
    /// Anything else, with a message for the user.
    Failed(String),
}

impl fmt::Display for AgentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentError::GameOver => f.write_str("the game is over"),
            AgentError::EndOfInput => f.write_str("end of input"),
            AgentError::Failed(message) => f.write_str(message),
        }
    }
}

impl Error for AgentError {}

/// Plays a uniformly random legal move: the baseline every game has.
///
/// Its choices come from its own seeded generator, so a game against it
/// replays exactly from the seed.
#[derive(Debug, Clone)]
pub struct RandomAgent {
    rng: crate::GameRng,
}

impl RandomAgent {
    /// Creates a random agent drawing from `seed`.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: crate::seeded_rng(seed),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn select_move(&mut self, state: &G, _budget: &Budget) -> Result<G::Move, AgentError> {
        crate::random_move(state, &mut self.rng).ok_or(AgentError::GameOver)
    }
}
