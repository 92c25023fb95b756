//! Any bot as a [`gamecore::Agent`], so `arena` can pit it against others.

use crate::board::Board;
use crate::bots::Bot;
use crate::roster::BotKind;
use gamecore::{Agent, AgentError, Budget, Game as _};

/// A bot of the roster playing through the [`Agent`] interface.
///
/// The bot instance is created on the first move of each game (when the
/// seat is known) and dropped by [`Agent::new_game`], as the controller
/// creates a fresh instance per game. A failing bot's move is `PASS`.
pub struct BotAgent {
    kind: BotKind,
    seed: u64,
    games: u64,
    bot: Option<Box<dyn Bot>>,
}

impl std::fmt::Debug for BotAgent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotAgent")
            .field("kind", &self.kind)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

impl BotAgent {
    /// Creates the agent for `kind`, drawing its random choices from `seed`.
    pub fn new(kind: BotKind, seed: u64) -> BotAgent {
        BotAgent {
            kind,
            seed,
            games: 0,
            bot: None,
        }
    }
}

impl Agent<Board> for BotAgent {
    fn name(&self) -> String {
        self.kind.key().to_owned()
    }

    fn select_move(
        &mut self,
        state: &Board,
        _budget: &Budget,
    ) -> Result<crate::Action, AgentError> {
        if state.outcome().is_some() {
            return Err(AgentError::GameOver);
        }
        let seed = gamecore::derive_seed(self.seed, self.games);
        let bot = self
            .bot
            .get_or_insert_with(|| self.kind.create(state.to_move(), seed));
        Ok(bot.act(state).unwrap_or(crate::Action::Pass))
    }

    fn new_game(&mut self) {
        self.bot = None;
        self.games += 1;
    }
}
