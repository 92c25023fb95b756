//! An [`Agent`] that plays by searching.

use crate::{Search, SearchLimits, SearchOptions, SearchResult};
use gamecore::{Agent, AgentError, Budget, Evaluator, Game};

/// Plays the move a [`Search`] finds within the budget it is given.
///
/// The table is kept across the moves of one game and cleared by
/// [`new_game`](Agent::new_game). With a depth limit and an unlimited budget
/// it plays a fixed-depth search; with neither, it searches to the end.
#[derive(Debug)]
pub struct SearchAgent<G: Game, E: Evaluator<G>> {
    name: String,
    search: Search<G, E>,
    max_depth: Option<u32>,
    last: Option<SearchResult<G::Move>>,
}

impl<G: Game, E: Evaluator<G>> SearchAgent<G, E> {
    /// Creates an agent named `name` searching with `evaluator` and `options`,
    /// at most `max_depth` plies deep (`None`: as deep as time allows).
    pub fn new(
        name: impl Into<String>,
        evaluator: E,
        options: SearchOptions,
        max_depth: Option<u32>,
    ) -> SearchAgent<G, E> {
        SearchAgent {
            name: name.into(),
            search: Search::new(evaluator, options),
            max_depth,
            last: None,
        }
    }

    /// Returns the result of the last search, for statistics and analysis.
    pub fn last_result(&self) -> Option<&SearchResult<G::Move>> {
        self.last.as_ref()
    }

    /// Gives access to the searcher.
    pub fn search_mut(&mut self) -> &mut Search<G, E> {
        &mut self.search
    }
}

impl<G: Game, E: Evaluator<G>> Agent<G> for SearchAgent<G, E> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn select_move(&mut self, state: &G, budget: &Budget) -> Result<G::Move, AgentError> {
        let limits = SearchLimits {
            max_depth: self.max_depth,
            budget: *budget,
            max_nodes: None,
        };
        let result = self.search.search(state, &limits);
        let best = result.best_move.ok_or(AgentError::GameOver);
        self.last = Some(result);
        best
    }

    fn new_game(&mut self) {
        self.search.clear();
        self.last = None;
    }
}
