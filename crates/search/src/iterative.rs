//! Iterative deepening with aspiration windows: the [`Search`] driver.
//!
//! Depth 1, 2, 3, … are searched in turn; each iteration orders moves by
//! what the previous ones stored in the table. An iteration starts only
//! before the budget's soft target; the hard deadline is polled inside the
//! tree, and an interrupted iteration is discarded: the answer is always the
//! last *completed* iteration. The first iteration always completes, so a
//! search of a position with legal moves always names one.
//!
//! CITE: aspiration windows, e.g. chessprogramming.org "Aspiration Windows";
//! the window doubles on every fail until it is infinite.

use crate::alphabeta::UNRESOLVED;
use crate::limits::Deadline;
use crate::ordering::Ordering;
use crate::tt::TranspositionTable;
use crate::{SearchLimits, SearchOptions, SearchResult, SearchStats, Value};
use gamecore::{Evaluator, Game, MoveList};
use smallvec::SmallVec;
use std::time::Instant;

/// A per-ply buffer of moves with their sort keys.
pub(crate) type ScoredMoves<M> = SmallVec<[(i64, M); 64]>;

/// The deepest search when no depth limit is given.
const MAX_ITERATIONS: u32 = 1000;

/// An alpha-beta searcher for game `G` with evaluator `E`.
///
/// Keeps its transposition table, killers and history between calls to
/// [`search`](Search::search), so consecutive moves of one game profit from
/// earlier work; [`clear`](Search::clear) forgets them.
#[derive(Debug)]
pub struct Search<G: Game, E: Evaluator<G>> {
    pub(crate) evaluator: E,
    pub(crate) options: SearchOptions,
    pub(crate) table: Option<TranspositionTable<G::Move>>,
    pub(crate) ordering: Ordering<G::Move>,
    pub(crate) move_stack: Vec<ScoredMoves<G::Move>>,
    pub(crate) generated: MoveList<G::Move>,
    pub(crate) stats: SearchStats,
    pub(crate) deadline: Deadline,
    pub(crate) stopped: bool,
    pub(crate) may_stop: bool,
    pub(crate) root_best_move: Option<G::Move>,
}

impl<G: Game, E: Evaluator<G>> Search<G, E> {
    /// Creates a searcher; allocates the transposition table now.
    pub fn new(evaluator: E, options: SearchOptions) -> Search<G, E> {
        Search {
            evaluator,
            options,
            table: (options.tt_mib > 0).then(|| TranspositionTable::new(options.tt_mib)),
            ordering: Ordering::new(),
            move_stack: Vec::new(),
            generated: MoveList::new(),
            stats: SearchStats::default(),
            deadline: Deadline::new(&SearchLimits::exhaustive()),
            stopped: false,
            may_stop: false,
            root_best_move: None,
        }
    }

    /// Returns the options this searcher was built with.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Returns the evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Returns how many entries the transposition table holds (0 without one).
    pub fn table_capacity(&self) -> usize {
        self.table.as_ref().map_or(0, TranspositionTable::capacity)
    }

    /// Forgets the transposition table, killers and history (for a new game).
    pub fn clear(&mut self) {
        if let Some(table) = &mut self.table {
            table.clear();
        }
        self.ordering.clear();
    }

    /// Searches `state` within `limits` and returns the best move found.
    ///
    /// The value is from the point of view of `state`'s side to move. On a
    /// finished game the result has no move, depth 0 and the proven value.
    pub fn search(&mut self, state: &G, limits: &SearchLimits) -> SearchResult<G::Move> {
        let started = Instant::now();
        self.stats = SearchStats::default();
        self.deadline = Deadline::new(limits);
        self.stopped = false;
        if let Some(outcome) = state.outcome() {
            let margin = outcome.margin(state.side_to_move());
            return SearchResult {
                best_move: None,
                value: Value::proven(margin, 0, self.options.prefer_short_wins),
                depth: 0,
                pv: Vec::new(),
                stats: SearchStats {
                    elapsed: started.elapsed(),
                    ..SearchStats::default()
                },
                exact: true,
            };
        }

        let remaining = state.max_remaining_plies().max(1);
        let max_depth = limits
            .max_depth
            .unwrap_or(MAX_ITERATIONS)
            .clamp(1, remaining);
        let first_depth = if self.options.iterative_deepening {
            1
        } else {
            max_depth
        };
        self.ordering.prepare(state, max_depth as usize);
        if self.move_stack.len() < max_depth as usize + 1 {
            self.move_stack
                .resize_with(max_depth as usize + 1, SmallVec::new);
        }
        if let Some(table) = &mut self.table {
            table.new_search();
        }

        let mut completed: Option<(u32, Value, G::Move, bool)> = None;
        let mut depth = first_depth;
        loop {
            self.may_stop = completed.is_some();
            let previous = completed.map(|(_, value, _, _)| value);
            let Some((value, resolved)) = self.root_with_aspiration(state, depth, previous) else {
                break;
            };
            let best_move = self
                .root_best_move
                .expect("a completed root search of a live position names a move");
            let exact = resolved != UNRESOLVED;
            completed = Some((depth, value, best_move, exact));
            self.stats.depth = depth;
            if exact || depth >= max_depth || limits.budget.soft_expired() {
                break;
            }
            if limits.max_nodes.is_some_and(|max| self.stats.nodes >= max) {
                break;
            }
            self.ordering.age();
            depth += 1;
        }

        let (depth, value, best_move, exact) =
            completed.expect("the first iteration always completes");
        self.stats.elapsed = started.elapsed();
        SearchResult {
            best_move: Some(best_move),
            value,
            depth,
            pv: self.principal_variation(state, best_move, depth),
            stats: self.stats,
            exact,
        }
    }

    /// Searches the root at `depth`, starting with a narrow window around
    /// `previous` and widening on failure. Returns `None` if stopped.
    fn root_with_aspiration(
        &mut self,
        state: &G,
        depth: u32,
        previous: Option<Value>,
    ) -> Option<(Value, u32)> {
        let full = (-Value::INFINITY, Value::INFINITY);
        let (mut alpha, mut beta) = match (self.options.aspiration, previous) {
            (Some(half_width), Some(center)) if !center.is_proven() => {
                (center.offset(-half_width), center.offset(half_width))
            }
            _ => full,
        };
        let mut width = self.options.aspiration.unwrap_or(0).max(1);
        loop {
            let result = self.alphabeta(state, depth, 0, alpha, beta);
            if self.stopped {
                return None;
            }
            if result.value <= alpha && alpha > -Value::INFINITY {
                self.stats.aspiration_researches += 1;
                width = width.saturating_mul(2);
                alpha = if result.value.is_proven() {
                    -Value::INFINITY
                } else {
                    result.value.offset(-width)
                };
            } else if result.value >= beta && beta < Value::INFINITY {
                self.stats.aspiration_researches += 1;
                width = width.saturating_mul(2);
                beta = if result.value.is_proven() {
                    Value::INFINITY
                } else {
                    result.value.offset(width)
                };
            } else {
                return Some((result.value, result.resolved));
            }
        }
    }

    /// Follows best moves through the table from the root.
    fn principal_variation(&self, state: &G, first: G::Move, depth: u32) -> Vec<G::Move> {
        let mut line = vec![first];
        let mut position = state.clone();
        position.play_unchecked(first);
        while (line.len() as u32) < depth && position.outcome().is_none() {
            let Some(table) = &self.table else { break };
            let (_, best_move) = table.probe(position.hash(), 0);
            let Some(mv) = best_move.filter(|&mv| position.is_legal(mv)) else {
                break;
            };
            line.push(mv);
            position.play_unchecked(mv);
        }
        line
    }
}
