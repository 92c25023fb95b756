//! Our engine: `search`'s iterative-deepening alpha-beta with [`MeichuEval`]
//! and a time manager for the contest's 30-second limit.
//!
//! Every place that builds the engine (the `meichu` binary, `arena`, the
//! examples) goes through [`EngineConfig`] and [`Engine::new`], so a new
//! setting (threads, a table size) is added once.
//!
//! # Time
//! The configured move time is a ceiling, not a target. From it the engine
//! derives its [`Budget`]: the hard deadline at 90 % of the move time minus
//! 20 ms (the search polls it inside the tree, every 1024 nodes), and the
//! soft target (no new iteration after it) at 35 % of the move time, since an
//! iteration costs several times all earlier ones together. When a caller
//! (arena) passes a tighter budget, the tighter deadlines win. A move with a
//! single legal answer, or a flag that can be taken now, is played at once;
//! so is the first step of the cheapest path to the flag when the opponent
//! is frozen (budget ≤ 1: it never moves again, [`race::flag_path`](crate::race::flag_path)).
//!
//! # Node budgets
//! [`EngineConfig::move_nodes`] replaces the clock by a count of search
//! nodes per move (per search thread): the search stops inside an iteration
//! at that count and starts no iteration past it. A shared, noisy machine
//! slows a clocked engine by whatever else runs; a node budget plays the same
//! games whatever the load, so strength-against-time series are measured with
//! node budgets calibrated to the clocked engine's measured nodes per move
//! (`docs/games/meichu.md`).

use crate::race::{flag_path, flag_taking_move};
use crate::{MeichuEval, Move, Position};
use gamecore::{Agent, AgentError, Budget, MoveList};
use search::{SearchAgent, SearchLimits, SearchOptions, SearchResult};
use std::time::Duration;

/// The default time per move of the contest program: a third of the
/// contest's 30 s limit. Strength still rises with time at 3 s per move
/// (self-play with node budgets, `docs/games/meichu.md`), so the default
/// takes a good share of the limit, and stops at a third because the contest
/// penalises slow moves; the hard deadline is then 8.98 s.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(10);

/// The longest move time the contest program accepts: the hard deadline
/// (90 % of it, minus 20 ms) then falls 7.5 s short of the contest's 30 s,
/// room for the process, the console and the operating system's scheduling.
pub const MAX_MOVE_TIME: Duration = Duration::from_secs(25);

/// How the engine is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineConfig {
    /// The most time one move may take.
    pub move_time: Duration,
    /// Transposition-table size in MiB.
    pub tt_mib: usize,
    /// The deepest iteration (`None`: as deep as time allows).
    pub max_depth: Option<u32>,
    /// The evaluation.
    pub eval: MeichuEval,
    /// Search threads (Lazy SMP; see `search::SearchOptions::threads`). The
    /// library default is 1; the `meichu` binary defaults to every core.
    pub threads: usize,
    /// Search nodes per move and thread instead of the clock (`None`: the
    /// clock decides). For measurements on a noisy machine; see the module
    /// documentation.
    pub move_nodes: Option<u64>,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            move_time: DEFAULT_MOVE_TIME,
            tt_mib: 64,
            max_depth: None,
            eval: MeichuEval::default(),
            threads: 1,
            move_nodes: None,
        }
    }
}

impl EngineConfig {
    /// Sets the move time.
    #[must_use]
    pub fn with_move_time(mut self, move_time: Duration) -> EngineConfig {
        self.move_time = move_time;
        self
    }

    /// Sets the table size in MiB.
    #[must_use]
    pub fn with_tt_mib(mut self, tt_mib: usize) -> EngineConfig {
        self.tt_mib = tt_mib;
        self
    }

    /// Sets the deepest iteration.
    #[must_use]
    pub fn with_max_depth(mut self, depth: Option<u32>) -> EngineConfig {
        self.max_depth = depth;
        self
    }

    /// Sets the number of search threads (values below 1 count as 1).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> EngineConfig {
        self.threads = threads.max(1);
        self
    }

    /// Sets a node budget per move (per search thread) in place of the
    /// clock; `None` restores the clock.
    #[must_use]
    pub fn with_move_nodes(mut self, nodes: Option<u64>) -> EngineConfig {
        self.move_nodes = nodes.map(|n| n.max(1));
        self
    }

    /// Returns the search options the engine uses: the defaults with the
    /// history malus, with which MeiChu's searches reach a given depth about
    /// 5 % sooner.
    pub fn search_options(&self) -> SearchOptions {
        SearchOptions::default()
            .with_history_malus(true)
            .with_tt_mib(self.tt_mib)
            .with_threads(self.threads)
    }

    /// Returns the budget for one move starting now, within `outer` (the caller's).
    pub fn budget_within(&self, outer: &Budget) -> Budget {
        let hard = (self.move_time.mul_f64(0.9)).saturating_sub(Duration::from_millis(20));
        let hard = hard.max(Duration::from_millis(1));
        let soft = self.move_time.mul_f64(0.35).min(hard);
        let hard = outer.hard().map_or(hard, |h| h.min(hard));
        let soft = outer.soft().map_or(soft, |s| s.min(soft)).min(hard);
        Budget::new(soft, hard)
    }
}

/// The engine as a `gamecore` agent.
#[derive(Debug)]
pub struct Engine {
    config: EngineConfig,
    inner: SearchAgent<Position, MeichuEval>,
    last: Option<SearchResult<Move>>,
}

impl Engine {
    /// Builds the engine; allocates the table now (before any clock runs).
    pub fn new(config: EngineConfig) -> Engine {
        Engine {
            config,
            inner: SearchAgent::new(
                "engine",
                config.eval,
                config.search_options(),
                config.max_depth,
            ),
            last: None,
        }
    }

    /// Returns the configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Returns the last search's result (none after a forced move).
    pub fn last_result(&self) -> Option<&SearchResult<Move>> {
        self.last.as_ref()
    }

    /// Chooses a move with no caller budget beyond the configured move time.
    ///
    /// # Errors
    /// [`AgentError::GameOver`] on a finished game.
    pub fn think(&mut self, position: &Position) -> Result<Move, AgentError> {
        self.select_move(position, &Budget::unlimited())
    }
}

impl Agent<Position> for Engine {
    fn name(&self) -> String {
        "engine".into()
    }

    fn select_move(&mut self, state: &Position, budget: &Budget) -> Result<Move, AgentError> {
        self.last = None;
        if state.is_over() {
            return Err(AgentError::GameOver);
        }
        if let Some(mv) = flag_taking_move(state) {
            return Ok(mv);
        }
        // A frozen opponent never moves again: follow the cheapest path to its flag.
        let us = state.side_to_move();
        if state.budget(us.other()) <= 1 {
            if let Some((_, mv)) = flag_path(state, us, state.budget(us)) {
                if state.check_move(mv).is_ok() {
                    return Ok(mv);
                }
            }
        }
        let mut moves = MoveList::new();
        state.generate_moves(&mut moves);
        if moves.len() == 1 {
            return Ok(moves[0]);
        }
        let limits = match self.config.move_nodes {
            // A node budget keeps only the caller's hard deadline (an
            // arena's forfeit line), far past what the nodes take.
            Some(nodes) => SearchLimits {
                max_depth: self.config.max_depth,
                budget: budget
                    .hard()
                    .map_or(Budget::unlimited(), |h| Budget::new(h, h)),
                max_nodes: Some(nodes),
            },
            None => SearchLimits {
                max_depth: self.config.max_depth,
                budget: self.config.budget_within(budget),
                max_nodes: None,
            },
        };
        let result = self.inner.search_mut().search(state, &limits);
        let mv = result.best_move.ok_or(AgentError::GameOver)?;
        self.last = Some(result);
        Ok(mv)
    }

    fn new_game(&mut self) {
        self.inner.new_game();
        self.last = None;
    }
}
