//! The `minimax` crate's iterative-deepening search as one of our agents.

use crate::{PeerEvaluator, PeerGame, PeerMove, PeerState};
use gamecore::{Agent, AgentError, Budget, Evaluator, Game};
use minimax::{IterativeOptions, IterativeSearch, Strategy};
use std::fmt;
use std::time::Duration;

/// The deepest search `minimax` can run: its depth is a `u8`, and its
/// iterative deepening counts one past the maximum, which overflows at
/// `u8::MAX` (a panic in debug builds, found by `arena`'s fuzz test).
pub const MAX_PEER_DEPTH: u32 = u8::MAX as u32 - 1;

/// Plays the move `minimax::IterativeSearch` finds, so that `arena` can pit
/// the peer crate against our agents.
///
/// - **Options**: [`IterativeOptions::default()`] unless given: a 1 MiB
///   transposition table with two-tier replacement, null-window search (PVS)
///   on; aspiration windows, MTD(f), null move, singular extension,
///   quiescence, countermoves and move reordering off; depth step 1.
/// - **Time**: the budget's **hard** deadline, minus the time already spent,
///   is minimax's timeout (it has no soft target: it keeps deepening until
///   the deadline and answers with the last completed depth).
/// - **Depth**: an optional fixed maximum. With neither a deadline nor a
///   depth it searches as deep as the game can last (each of our plies may
///   add a forced pass, so twice [`Game::max_remaining_plies`], at most
///   [`MAX_PEER_DEPTH`]), as our `search::SearchAgent` searches to the end.
/// - **Not replayable**: `minimax` shuffles the root moves with an unseeded
///   generator, so among equally valued moves its choice varies between runs.
///   Values do not.
///
/// Its transposition table lives across the moves of a game;
/// [`new_game`](Agent::new_game) builds a fresh search.
pub struct MinimaxAgent<G: Game, E: Evaluator<G>> {
    evaluator: E,
    options: IterativeOptions,
    max_depth: Option<u32>,
    search: IterativeSearch<PeerEvaluator<G, E>>,
    last_root: Option<PeerState<G>>,
}

impl<G: Game, E: Evaluator<G>> MinimaxAgent<G, E> {
    /// The agent's name in tables and logs.
    pub const NAME: &'static str = "minimax-0.6";

    /// Creates the agent with `IterativeOptions::default()`, searching at most
    /// `max_depth` plies of minimax's (forced passes count) deep.
    pub fn new(evaluator: E, max_depth: Option<u32>) -> MinimaxAgent<G, E> {
        MinimaxAgent::with_options(evaluator, IterativeOptions::default(), max_depth)
    }

    /// Creates the agent with the given `minimax` options.
    pub fn with_options(
        evaluator: E,
        options: IterativeOptions,
        max_depth: Option<u32>,
    ) -> MinimaxAgent<G, E> {
        MinimaxAgent {
            search: IterativeSearch::new(PeerEvaluator::new(evaluator.clone()), options),
            evaluator,
            options,
            max_depth,
            last_root: None,
        }
    }

    /// Returns minimax's summary of the last search (principal variation,
    /// "Explored N nodes to depth D", nodes per second), if there was one.
    pub fn last_stats(&self) -> Option<String> {
        let mut root = self.last_root.clone()?;
        Some(self.search.stats(&mut root))
    }

    /// Gives access to the underlying `minimax` search.
    pub fn search_mut(&mut self) -> &mut IterativeSearch<PeerEvaluator<G, E>> {
        &mut self.search
    }
}

impl<G: Game, E: Evaluator<G> + fmt::Debug> fmt::Debug for MinimaxAgent<G, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MinimaxAgent")
            .field("evaluator", &self.evaluator)
            .field("table_byte_size", &self.options.table_byte_size)
            .field("max_depth", &self.max_depth)
            .finish_non_exhaustive()
    }
}

impl<G: Game, E: Evaluator<G>> Agent<G> for MinimaxAgent<G, E> {
    fn name(&self) -> String {
        Self::NAME.to_owned()
    }

    fn select_move(&mut self, state: &G, budget: &Budget) -> Result<G::Move, AgentError> {
        if state.outcome().is_some() {
            return Err(AgentError::GameOver);
        }
        let game_depth = state
            .max_remaining_plies()
            .saturating_mul(2)
            .clamp(1, MAX_PEER_DEPTH);
        let depth = self
            .max_depth
            .unwrap_or(game_depth)
            .clamp(1, MAX_PEER_DEPTH) as u8;
        match budget.hard() {
            Some(hard) => {
                // minimax reads a zero timeout as "no timeout": keep at least 1 ms.
                let left = hard.max(Duration::from_millis(1));
                self.search.set_depth_or_timeout(depth, left);
            }
            None => self.search.set_max_depth(depth),
        }
        let root = PeerState::new(state.clone());
        let chosen = Strategy::<PeerGame<G>>::choose_move(&mut self.search, &root);
        self.last_root = Some(root);
        match chosen {
            Some(PeerMove::Play(mv)) => Ok(mv),
            Some(PeerMove::Pass) => Err(AgentError::Failed(
                "minimax answered a pass at the root".into(),
            )),
            None => Err(AgentError::Failed("minimax found no move".into())),
        }
    }

    fn new_game(&mut self) {
        self.search =
            IterativeSearch::new(PeerEvaluator::new(self.evaluator.clone()), self.options);
        self.last_root = None;
    }
}

/// Reads the node count out of minimax's [`IterativeSearch::stats`] text
/// ("Explored N nodes to depth D": nodes of the completed iterations).
pub fn explored_nodes(stats: &str) -> Option<u64> {
    let rest = &stats[stats.find("Explored ")? + "Explored ".len()..];
    rest.split_whitespace().next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explored_nodes_reads_the_stats_line() {
        let text = "Principal variation: 1; 2\nExplored 12345 nodes to depth 4. MBF=2.0 EBF=1.9\n";
        assert_eq!(explored_nodes(text), Some(12345));
        assert_eq!(explored_nodes("no such line"), None);
    }
}
