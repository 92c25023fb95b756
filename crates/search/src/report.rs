//! What a search returns: the move, its value, the line and the statistics.

use crate::Value;
use std::fmt;
use std::time::Duration;

/// Counters of one search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Deepest ply visited (extensions aside, the iteration depth).
    pub max_ply: u32,
    /// Nodes visited, including interrupted iterations.
    pub nodes: u64,
    /// Probes that found the position in the transposition table.
    pub tt_hits: u64,
    /// Probes whose stored result answered the node without searching it,
    /// its own or (with enhanced transposition cut-offs) a child's.
    pub tt_cutoffs: u64,
    /// Root re-searches after an aspiration window failed.
    pub aspiration_researches: u64,
    /// Null-window scouts of principal-variation search.
    pub scouts: u64,
    /// Scouts that landed inside the window, each searched again with it
    /// (unless the search was stopped).
    pub scout_researches: u64,
    /// Positions the oracle hook valued exactly.
    pub oracle_hits: u64,
    /// Nodes searched past the horizon by the quiescence hook (also in `nodes`).
    pub quiescence_nodes: u64,
    /// Moves the extension hook searched without using depth.
    pub extensions: u64,
    /// Wall time of the whole search.
    pub elapsed: Duration,
    /// Threads that searched (0 in a default-constructed value; a search sets at least 1).
    pub threads: usize,
}

impl SearchStats {
    /// Returns nodes per second over the whole search.
    pub fn nodes_per_second(&self) -> f64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 {
            self.nodes as f64 / seconds
        } else {
            0.0
        }
    }
}

/// The answer of [`Search::search`](crate::Search::search).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The chosen move (`None` only for a finished game).
    pub best_move: Option<M>,
    /// The value of the position for its side to move, at `depth` (or, when
    /// the clock stopped a deeper iteration after a better move was found in
    /// it, that move's value in the deeper iteration).
    pub value: Value,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// The principal variation, starting with `best_move`: the line of
    /// best play behind `value`, to the iteration's horizon, or to the end of
    /// the game (or an oracle's leaf) for a proven value; `best_move` alone
    /// when a stopped iteration's better move answers.
    pub pv: Vec<M>,
    /// Counters and timing.
    pub stats: SearchStats,
    /// True exactly when `value` is proven: the game-theoretic value, not an
    /// estimate. Either every line was searched to the end of the game (or
    /// to an oracle's exact value), or the value is a forced win or loss by
    /// the largest margin the game allows, which no deeper search can
    /// change. Never true when the candidate hook left moves out.
    pub exact: bool,
}

impl<M> SearchResult<M> {
    /// Returns the final margin with best play when it is known exactly
    /// (a proven win or loss, or an exhaustive search ending in a draw).
    pub fn proven_margin(&self) -> Option<i32> {
        self.value
            .proven_margin()
            .or((self.exact && self.value == Value::ZERO).then_some(0))
    }
}

impl<M: fmt::Display> fmt::Display for SearchResult<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let best = self
            .best_move
            .as_ref()
            .map_or_else(|| "none".to_owned(), ToString::to_string);
        write!(
            f,
            "best {best} value {}{} depth {} nodes {} ({:.0} n/s) time {:.3}s pv",
            self.value,
            if self.exact { " (exact)" } else { "" },
            self.depth,
            self.stats.nodes,
            self.stats.nodes_per_second(),
            self.stats.elapsed.as_secs_f64()
        )?;
        for mv in &self.pv {
            write!(f, " {mv}")?;
        }
        Ok(())
    }
}
