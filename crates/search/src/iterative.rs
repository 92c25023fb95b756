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

use crate::limits::Deadline;
use crate::node::{node_moves, UNRESOLVED};
use crate::ordering::Ordering;
use crate::role::Role;
use crate::trial::Trial;
use crate::tt::TranspositionTable;
use crate::{SearchLimits, SearchOptions, SearchResult, SearchStats, Value};
use gamecore::{Evaluator, Game, MoveList, Timer};
use std::sync::Arc;

/// The plies [`Search::new`] makes room for: a search of up to this many
/// plies, of nodes of up to [`PREPARED_MOVES`] moves, allocates nothing but
/// its answer.
const PREPARED_PLIES: usize = 64;

/// The moves per node [`Search::new`] makes room for (a [`MoveList`]'s
/// inline capacity).
const PREPARED_MOVES: usize = 64;

/// The deepest search when no depth limit is given.
const MAX_ITERATIONS: u32 = 1000;

/// An alpha-beta searcher for game `G` with evaluator `E`.
///
/// Keeps its transposition table, killers and history between calls to
/// [`search`](Search::search), so consecutive moves of one game profit from
/// earlier work; [`clear`](Search::clear) forgets them.
///
/// With [`SearchOptions::threads`] above 1 it searches in parallel (Lazy
/// SMP with deferred busy children, module `parallel`): helper threads run
/// the same iterative deepening on the same root, sharing the table; the
/// calling thread's last completed iteration answers, unless a helper
/// completed a deeper one. Every result comes from a completed fixed-depth
/// iteration, so the value at a given depth is the same as with one thread.
#[derive(Debug)]
pub struct Search<G: Game, E: Evaluator<G>> {
    pub(crate) evaluator: E,
    pub(crate) options: SearchOptions,
    pub(crate) table: Option<Arc<TranspositionTable>>,
    pub(crate) ordering: Ordering,
    /// Per ply: the moves searched, in generation order.
    pub(crate) move_stack: Vec<MoveList<G::Move>>,
    /// The sort keys of the moves of each node on the current line that
    /// ordered its moves, a stack (a node's keys above its parent's), from
    /// which the moves are picked best first. A plain `Vec`: it grows only
    /// when a line needs more keys than any before it, and it skips the
    /// inline-or-heap test a `SmallVec` makes at every access.
    pub(crate) order_keys: Vec<i64>,
    /// The evaluator's ordering hints of the node being ordered.
    pub(crate) hints: Vec<i32>,
    /// Set once the candidate hook has left a legal move out: from then on
    /// no result of this searcher claims to be proven (cleared by `clear`).
    pub(crate) pruned: bool,
    /// How the enhanced transposition cut-offs fare in this search.
    pub(crate) cutoff_trial: Trial,
    /// How the principal-variation scouts fare in this search.
    pub(crate) scout_trial: Trial,
    pub(crate) stats: SearchStats,
    pub(crate) deadline: Deadline,
    pub(crate) stopped: bool,
    pub(crate) may_stop: bool,
    pub(crate) root_best_move: Option<G::Move>,
    /// The best root move so far of the iteration under way and its exact
    /// value (a full-window root only; see [`Search::deepen`]).
    pub(crate) root_partial: Option<(G::Move, Value)>,
    /// The last completed iteration's best move, and whether the iteration
    /// under way has searched it.
    pub(crate) root_previous: (Option<G::Move>, bool),
    /// The depth of the iteration being searched.
    pub(crate) iteration: u32,
    /// This thread's part in a parallel search (`None` when alone).
    pub(crate) role: Option<Role>,
    /// The helper searchers of a parallel search, kept between searches.
    pub(crate) helpers: Vec<Search<G, E>>,
}

impl<G: Game, E: Evaluator<G>> Search<G, E> {
    /// Creates a searcher; allocates the transposition table now, and room
    /// for the move lists, sort keys and killers of a search of up to 64
    /// plies, so that a search allocates little even the first time.
    pub fn new(evaluator: E, options: SearchOptions) -> Search<G, E> {
        let table = (options.tt_mib > 0).then(|| Arc::new(TranspositionTable::new(options.tt_mib)));
        Search::with_table(evaluator, options, table)
    }

    pub(crate) fn with_table(
        evaluator: E,
        options: SearchOptions,
        table: Option<Arc<TranspositionTable>>,
    ) -> Search<G, E> {
        Search {
            evaluator,
            options,
            table,
            // Killers are kept per ply from the root (0) to the deepest.
            ordering: Ordering::new(PREPARED_PLIES + 1),
            move_stack: Vec::with_capacity(PREPARED_PLIES),
            order_keys: Vec::with_capacity(PREPARED_PLIES * PREPARED_MOVES),
            hints: Vec::with_capacity(PREPARED_MOVES),
            pruned: false,
            cutoff_trial: Trial::transposition_cutoffs(),
            scout_trial: Trial::scouts(),
            stats: SearchStats::default(),
            deadline: Deadline::none(),
            stopped: false,
            may_stop: false,
            root_best_move: None,
            root_partial: None,
            root_previous: (None, false),
            iteration: 0,
            role: None,
            helpers: Vec::new(),
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
        self.table
            .as_deref()
            .map_or(0, TranspositionTable::capacity)
    }

    /// Forgets the transposition table, killers and history (for a new game).
    pub fn clear(&mut self) {
        if let Some(table) = self.table.as_deref() {
            table.clear();
        }
        self.ordering.clear();
        self.pruned = false;
        for helper in &mut self.helpers {
            helper.ordering.clear();
            helper.pruned = false;
        }
    }

    /// Searches `state` within `limits` and returns the best move found.
    ///
    /// The value is from the point of view of `state`'s side to move. On a
    /// finished game the result has no move, depth 0 and the proven value.
    ///
    /// The budget's clock starts now. Iterative deepening ends as soon as the
    /// root is proven ([`SearchResult::exact`]), so a depth limit is an upper
    /// bound: a forced win found at depth 9 is answered at depth 9.
    /// With several [threads](SearchOptions::threads) the node counts (and
    /// `max_nodes`) are per thread and the statistics add them up.
    pub fn search(&mut self, state: &G, limits: &SearchLimits) -> SearchResult<G::Move> {
        let timer = limits.budget.start_now();
        let started = timer.start();
        let threads = self.options.threads.max(1);
        if let Some(outcome) = state.outcome() {
            let margin = outcome.margin(state.side_to_move());
            return SearchResult {
                best_move: None,
                value: Value::proven(margin, 0, self.options.prefer_short_wins),
                depth: 0,
                pv: Vec::new(),
                stats: SearchStats {
                    elapsed: started.elapsed(),
                    threads,
                    ..SearchStats::default()
                },
                exact: true,
            };
        }
        if let Some(table) = self.table.as_deref() {
            table.new_search();
        }
        let mut result = if threads == 1 {
            self.deepen(state, limits, &timer)
                .expect("the first iteration always completes")
        } else {
            self.search_in_parallel(state, limits, threads, timer)
        };
        result.stats.threads = threads;
        result.stats.elapsed = started.elapsed();
        result
    }

    /// Iterative deepening on this thread. Thread 0 (the caller, alone or
    /// not) completes its first iteration whatever the clock says; helpers
    /// ignore the soft target, follow thread 0 to each new depth and stop
    /// when it is done. Returns the last completed iteration (`None` only
    /// for a helper stopped during its first).
    pub(crate) fn deepen(
        &mut self,
        state: &G,
        limits: &SearchLimits,
        timer: &Timer,
    ) -> Option<SearchResult<G::Move>> {
        // The time spent is measured by `search`, once for all threads.
        self.stats = SearchStats::default();
        self.cutoff_trial = Trial::transposition_cutoffs();
        self.scout_trial = Trial::scouts();
        self.deadline = Deadline::new(timer, limits.max_nodes);
        let (lowest, highest) = state.score_bounds();
        let widest_margin = highest.saturating_sub(lowest);
        let helper = self.role.as_ref().is_some_and(|role| role.thread > 0);

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
        self.ensure_ply(max_depth as usize);

        let mut completed: Option<(u32, Value, G::Move, bool)> = None;
        let mut interrupted = false;
        let mut depth = first_depth;
        loop {
            if let Some(role) = &self.role {
                if helper {
                    // Join thread 0 at its depth if it is ahead.
                    depth = depth.max(role.shared.main_depth()).min(max_depth);
                } else {
                    role.shared.publish_depth(depth);
                }
            }
            self.iteration = depth;
            self.cutoff_trial.start_iteration();
            self.scout_trial.start_iteration();
            self.stopped = false;
            self.may_stop = helper || completed.is_some();
            let previous = completed.map(|(_, value, _, _)| value);
            self.root_partial = None;
            self.root_previous = (completed.map(|(_, _, mv, _)| mv), false);
            let Some((value, resolved)) = self.root_with_aspiration(state, depth, previous) else {
                // Stopped inside the iteration. Once it has searched the
                // last iteration's best move (its first, the table's move),
                // a move that beat it is better: it answers, with its deeper
                // value (the principal variation is then that move alone).
                if let (false, Some((depth, _, last, _)), Some((mv, value)), (_, true)) =
                    (helper, completed, self.root_partial, self.root_previous)
                {
                    if mv != last {
                        completed = Some((depth, value, mv, false));
                        interrupted = true;
                    }
                }
                let main_depth = self
                    .role
                    .as_ref()
                    .map_or(0, |role| role.shared.main_depth());
                let stopped = self
                    .role
                    .as_ref()
                    .is_none_or(|role| role.shared.is_stopped());
                if helper && !stopped && main_depth > depth {
                    // Thread 0 moved on: follow it.
                    continue;
                }
                break;
            };
            let best_move = self
                .root_best_move
                .expect("a completed root search of a live position names a move");
            // Proven: every line resolved, or a win (loss) by the widest
            // margin the game allows within this depth's horizon. No deeper
            // iteration can change it: the proof's lines are all shorter than
            // the depth, so they stay, and a quicker win (a slower loss)
            // would already show at this depth.
            let forced = value
                .proven_margin()
                .is_some_and(|margin| margin.abs() >= widest_margin)
                && (!self.options.prefer_short_wins
                    || value.proven_distance().is_some_and(|plies| plies <= depth));
            let exact = (resolved != UNRESOLVED || forced) && !self.pruned;
            completed = Some((depth, value, best_move, exact));
            self.stats.depth = depth;
            if exact || depth >= max_depth {
                if let Some(role) = self.role.as_ref().filter(|_| helper) {
                    // The search is complete: the others may stop.
                    role.shared.finish();
                }
                break;
            }
            if !helper && timer.soft_expired() {
                break;
            }
            if limits.max_nodes.is_some_and(|max| self.stats.nodes >= max) {
                break;
            }
            self.ordering.age();
            depth += 1;
        }

        self.stats.scouts = self.scout_trial.tries();
        self.stats.scout_researches = self.scout_trial.hits();
        let (depth, value, best_move, exact) = completed?;
        let pv = if interrupted {
            vec![best_move]
        } else {
            self.principal_variation(state, best_move, depth, value)
        };
        Some(SearchResult {
            best_move: Some(best_move),
            value,
            depth,
            pv,
            stats: self.stats,
            exact,
        })
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
            let result = self.alphabeta(state, state.hash(), depth, 0, alpha, beta);
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

    /// The line of best play behind the root's `value` at `depth`: from the
    /// root, each step takes a move whose child has the value the line
    /// needs (the table's move is tried first; a narrow-window search of the
    /// child, answered mostly by the table, confirms it). The line ends at the
    /// horizon, at the end of the game, or at an oracle's leaf, so a proven
    /// value's line runs to the end. Stops early if the clock runs out.
    fn principal_variation(
        &mut self,
        state: &G,
        first: G::Move,
        depth: u32,
        value: Value,
    ) -> Vec<G::Move> {
        let limit = state.max_remaining_plies() as usize + 1;
        // One allocation, the answer's own (extensions may still lengthen it).
        let mut line = Vec::with_capacity((depth as usize).clamp(1, limit));
        line.push(first);
        // Other threads' progress must not cut the line short.
        let role = self.role.take();
        let stopped = std::mem::replace(&mut self.stopped, false);
        let mut position = state.clone();
        let mut remaining = depth;
        // The value of `position` for its side to move, root-relative.
        let mut expected = value;
        let mut mv = first;
        let mut moves = MoveList::new();
        loop {
            let side = position.side_to_move();
            let mut child = position.clone();
            child.play_unchecked(mv);
            remaining = self.child_depth(&position, mv, &child, remaining);
            if child.side_to_move() != side {
                expected = -expected;
            }
            position = child;
            let ply = line.len() as u32;
            if remaining == 0
                || line.len() >= limit
                || position.outcome().is_some()
                || (self.options.hooks.oracle && self.evaluator.exact_margin(&position).is_some())
            {
                break;
            }
            node_moves(&position, &self.evaluator, &self.options, &mut moves);
            let table_move = self.table.as_deref().and_then(|table| {
                let (_, index) = table.probe(position.hash(), 0);
                index.and_then(|i| moves.get(usize::from(i)).copied())
            });
            if let Some(index) = table_move.and_then(|t| moves.iter().position(|&m| m == t)) {
                moves[..=index].rotate_right(1);
            }
            let Some(next) = self.line_move(&position, &moves, remaining, ply, expected) else {
                break;
            };
            line.push(next);
            mv = next;
        }
        self.role = role;
        self.stopped = stopped;
        line
    }

    /// The first of `moves` whose child of `position` (with `remaining`
    /// plies left, `ply` plies from the root) has the value `expected` for
    /// `position`'s side to move.
    fn line_move(
        &mut self,
        position: &G,
        moves: &[G::Move],
        remaining: u32,
        ply: u32,
        expected: Value,
    ) -> Option<G::Move> {
        let side = position.side_to_move();
        let prefer_short = self.options.prefer_short_wins;
        for &mv in moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let value = if let Some(outcome) = child.outcome() {
                Value::proven(outcome.margin(side), ply + 1, prefer_short)
            } else {
                let child_depth = self.child_depth(position, mv, &child, remaining);
                let same_side = child.side_to_move() == side;
                let target = if same_side { expected } else { -expected };
                let found = self
                    .alphabeta(
                        &child,
                        child.hash(),
                        child_depth,
                        ply + 1,
                        target.offset(-1),
                        target.offset(1),
                    )
                    .value;
                if self.stopped {
                    return None;
                }
                if same_side {
                    found
                } else {
                    -found
                }
            };
            if value == expected {
                return Some(mv);
            }
        }
        None
    }
}
