//! The node search: fail-soft negamax alpha-beta with principal-variation
//! search, table cut-offs and move ordering.
//!
//! CITE: PVS/NegaScout, A. Reinefeld, "An Improvement to the Scout Tree Search
//! Algorithm", ICCA Journal 6(4), 1983.
//!
//! Values are from the side to move's point of view. A child is negated only
//! when its side to move differs from the parent's; a child in which the same
//! side moves again (Kalah's extra turn) is searched with the same window and
//! sign. Game ends are scored by the parent from its own point of view, so a
//! finished state's side to move is never consulted.
//!
//! Each node returns, besides its value, how *resolved* it is: the number of
//! plies to the deepest game end the result depends on, or [`UNRESOLVED`] if
//! some heuristic leaf contributed. A resolved result holds at any greater
//! depth, so the table can reuse it there; an unresolved one only at exactly
//! the depth it was searched to. That keeps every result equal to what plain
//! fixed-depth negamax would return, while exact solves reuse everything.

use crate::node::{node_moves, NodeValue, UNRESOLVED};
use crate::ordering::sort_key;
use crate::role::MIN_BUSY_DEPTH;
use crate::tt::Entry;
use crate::{Search, Value};
use gamecore::{Evaluator, Game, MoveList};

/// Only moves this early in a node's order may be put off by a parallel
/// search (they are kept as bits of a `u64`).
const MAX_DEFERRED: usize = 64;

impl<G: Game, E: Evaluator<G>> Search<G, E> {
    /// Searches `state`, whose [`hash`](Game::hash) is `key`, to `depth`
    /// plies within the window (`alpha`, `beta`).
    pub(crate) fn alphabeta(
        &mut self,
        state: &G,
        key: u64,
        depth: u32,
        ply: u32,
        alpha: Value,
        beta: Value,
    ) -> NodeValue {
        // Two copies of the node search: a search alone skips every test
        // of the parallel search's state in its inner loop.
        if self.role.is_some() {
            self.node::<true>(state, key, depth, ply, alpha, beta)
        } else {
            self.node::<false>(state, key, depth, ply, alpha, beta)
        }
    }

    /// [`alphabeta`](Self::alphabeta); `SHARED` says whether this search
    /// is a thread of a parallel search.
    fn node<const SHARED: bool>(
        &mut self,
        state: &G,
        key: u64,
        depth: u32,
        ply: u32,
        alpha: Value,
        beta: Value,
    ) -> NodeValue {
        debug_assert_eq!(key, state.hash(), "a node's key is its position's hash");
        self.stats.nodes += 1;
        if self.must_stop::<SHARED>() {
            return NodeValue::ABORTED;
        }
        self.stats.max_ply = self.stats.max_ply.max(ply);
        if let Some(proven) = self.oracle(state, ply) {
            return proven;
        }
        if depth == 0 {
            return self.horizon::<SHARED>(state, 0, ply, alpha, beta);
        }

        let prefer_short = self.options.prefer_short_wins;
        let mut tt_move = None;
        if let Some(table) = self.table.as_deref() {
            let (usable, stored_move) = table.probe(key, depth);
            if stored_move.is_some() {
                self.stats.tt_hits += 1;
            }
            tt_move = stored_move;
            // The root always searches its moves, so that it names one.
            if let Some(entry) = usable.filter(|_| ply > 0) {
                let lower = entry.lower().to_root(ply, prefer_short);
                let upper = entry.upper().to_root(ply, prefer_short);
                let answer = if lower >= beta || lower == upper {
                    Some(lower)
                } else if upper <= alpha {
                    Some(upper)
                } else {
                    None
                };
                if let Some(value) = answer {
                    self.stats.tt_cutoffs += 1;
                    return NodeValue {
                        value,
                        resolved: resolution(&entry),
                    };
                }
            }
        }

        // In a parallel search, tell the other threads this node is taken.
        let marked = SHARED && depth >= MIN_BUSY_DEPTH;
        if let Some(role) = self.role.as_ref().filter(|_| marked) {
            role.shared.enter(key);
        }
        let result = self.search_moves::<SHARED>(state, depth, ply, alpha, beta, key, tt_move);
        if let Some(role) = self.role.as_ref().filter(|_| marked) {
            role.shared.leave(key);
        }
        result
    }

    /// Whether the search must stop now (polls the clock and the other
    /// threads); sets `stopped`.
    #[inline]
    fn must_stop<const SHARED: bool>(&mut self) -> bool {
        if self.stopped
            || (self.may_stop && self.deadline.expired(self.stats.nodes))
            || (SHARED
                && self.role.as_ref().is_some_and(|role| {
                    if role.thread > 0 {
                        role.shared.helper_must_stop(self.iteration)
                    } else {
                        // A helper completed the last iteration: its result answers.
                        self.may_stop && role.shared.is_stopped()
                    }
                }))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The oracle hook: the proven value of a position the policy knows
    /// exactly (never asked at the root, which must name a move).
    #[inline]
    fn oracle(&mut self, state: &G, ply: u32) -> Option<NodeValue> {
        if ply == 0 || !self.options.hooks.oracle {
            return None;
        }
        let margin = self.evaluator.exact_margin(state)?;
        self.stats.oracle_hits += 1;
        Some(NodeValue {
            value: Value::proven(margin, ply, self.options.prefer_short_wins),
            resolved: 0,
        })
    }

    /// The horizon: the static evaluation, or with the quiescence hook the
    /// better of standing pat and the noisy moves, searched within the
    /// window (fail-soft). `quiescence_ply` counts plies past the horizon.
    fn horizon<const SHARED: bool>(
        &mut self,
        state: &G,
        quiescence_ply: u32,
        ply: u32,
        mut alpha: Value,
        beta: Value,
    ) -> NodeValue {
        let stand_pat = Value::heuristic(self.evaluator.evaluate(state));
        let unresolved = |value| NodeValue {
            value,
            resolved: UNRESOLVED,
        };
        if !self.options.hooks.quiescence || stand_pat >= beta {
            return unresolved(stand_pat);
        }
        // On the stack: an evaluator without noisy moves leaves it empty
        // and the horizon costs nothing more than the evaluation.
        let mut noisy = MoveList::new();
        self.evaluator
            .noisy_moves(state, quiescence_ply, &mut noisy);
        if noisy.is_empty() {
            return unresolved(stand_pat);
        }
        let side = state.side_to_move();
        let mut best = stand_pat;
        alpha = alpha.max(stand_pat);
        for &mv in &noisy {
            let mut child = state.clone();
            child.play_unchecked(mv);
            self.stats.nodes += 1;
            self.stats.quiescence_nodes += 1;
            if self.must_stop::<SHARED>() {
                break;
            }
            let same_side = child.side_to_move() == side;
            let value = if let Some(outcome) = child.outcome() {
                Value::proven(
                    outcome.margin(side),
                    ply + 1,
                    self.options.prefer_short_wins,
                )
            } else if let Some(proven) = self.oracle(&child, ply + 1) {
                if same_side {
                    proven.value
                } else {
                    -proven.value
                }
            } else if same_side {
                self.horizon::<SHARED>(&child, quiescence_ply + 1, ply + 1, alpha, beta)
                    .value
            } else {
                -self
                    .horizon::<SHARED>(&child, quiescence_ply + 1, ply + 1, -beta, -alpha)
                    .value
            };
            if value > best {
                best = value;
                alpha = alpha.max(value);
                if value >= beta {
                    break;
                }
            }
        }
        if self.stopped {
            return NodeValue::ABORTED;
        }
        unresolved(best)
    }

    /// Makes sure the per-ply move lists reach `slot` (extensions go past
    /// the iteration depth). Allocates only the first time a searcher
    /// reaches a ply beyond those [`Search::new`] made room for.
    #[inline]
    pub(crate) fn ensure_ply(&mut self, slot: usize) {
        if self.move_stack.len() <= slot {
            self.move_stack.resize_with(slot + 1, MoveList::new);
        }
    }

    /// The move loop of [`alphabeta`](Self::alphabeta): searches the moves
    /// of `state` in order and stores the result in the table. The sort
    /// keys the node pushes on the key stack are gone when it returns.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_moves<const SHARED: bool>(
        &mut self,
        state: &G,
        depth: u32,
        ply: u32,
        alpha: Value,
        beta: Value,
        key: u64,
        tt_move: Option<u16>,
    ) -> NodeValue {
        let keys = self.order_keys.len();
        let result = self.move_loop::<SHARED>(state, depth, ply, alpha, beta, key, tt_move, keys);
        self.order_keys.truncate(keys);
        result
    }

    /// [`search_moves`](Self::search_moves); the node's sort keys, once
    /// scored, are the key stack's from `keys` on.
    #[allow(clippy::too_many_arguments)]
    fn move_loop<const SHARED: bool>(
        &mut self,
        state: &G,
        depth: u32,
        ply: u32,
        mut alpha: Value,
        beta: Value,
        key: u64,
        tt_move: Option<u16>,
        keys: usize,
    ) -> NodeValue {
        let prefer_short = self.options.prefer_short_wins;
        let side = state.side_to_move();
        // The move list stays in the per-ply buffer (not on the call stack),
        // so deep searches (a 2000-ply Nim solve) need little stack per node.
        let slot = ply as usize;
        self.ensure_ply(slot);
        let pruned = node_moves(
            state,
            &self.evaluator,
            &self.options,
            &mut self.move_stack[slot],
        );
        self.pruned |= pruned;
        let move_count = self.move_stack[slot].len();
        // The root always searches its moves, so that it names one.
        let transposition_cut = match self.options.transposition_cutoffs {
            Some(min_depth) if ply > 0 && depth >= min_depth && self.cutoff_trial.on() => {
                let cut = self.transposition_cutoff(state, depth, ply, beta, slot);
                self.cutoff_trial.record(cut.is_some());
                cut
            }
            _ => None,
        };
        // Staged ordering: the table's move first, unscored, because most
        // nodes that have one are cut by it alone; the others are scored only
        // if the search gets to them, then picked best first one at a time
        // (see `score_moves`). A root asked to keep its order has no stage.
        let stable_root = ply == 0 && self.options.stable_root_order;
        let table_first = tt_move
            .map(usize::from)
            .filter(|&i| i < move_count && !stable_root);
        let mut table_move = table_first;
        let mut scored = false;

        let alpha_original = alpha;
        let mut best = NodeValue {
            value: -Value::INFINITY,
            resolved: 0,
        };
        let mut best_move = None;
        let mut best_index = None;
        // Parallel search: moves (not the first) whose child another thread
        // is searching wait until the others are done (see `parallel`). The
        // root keeps its order when asked to (ties go to the first move).
        let may_defer = SHARED && depth > MIN_BUSY_DEPTH && !stable_root;
        // The generation indices of the moves put off, as bits: nothing to
        // set up at the many nodes that put none off.
        let mut deferred: u64 = 0;
        // Moves taken so far in the first pass (every move is taken once).
        let mut taken = 0;
        if let Some((index, result)) = transposition_cut {
            // A child the table refutes the node with: as if searched first.
            best = NodeValue {
                value: result.value,
                resolved: result.resolved.saturating_add(1),
            };
            best_move = Some(self.move_stack[slot][index]);
            best_index = Some(list_index(index));
            // Nothing more to search.
            taken = move_count;
        }
        loop {
            let (generated, first_pass) = if taken < move_count {
                let generated = match table_move.take() {
                    Some(first) => first,
                    None => {
                        if !scored {
                            self.score_moves(state, ply, table_first, stable_root);
                            scored = true;
                        }
                        take_best(&mut self.order_keys[keys..])
                    }
                };
                taken += 1;
                (generated, true)
            } else if deferred != 0 {
                let generated = deferred.trailing_zeros() as usize;
                deferred &= deferred - 1;
                (generated, false)
            } else {
                break;
            };
            // The first move searched gets the whole window.
            let is_first = first_pass && taken == 1;
            let generated_index = list_index(generated);
            let mv = self.move_stack[slot][generated];
            let mut child = state.clone();
            child.play_unchecked(mv);
            // A child with plies left is searched: its key serves the
            // prefetch, its busy mark and its own probe, computed once. A
            // leaf (depth 0) needs none unless an extension gives it plies.
            let child_key = (depth > 1).then(|| child.hash());
            if let (Some(key), Some(table)) = (child_key, self.table.as_deref()) {
                // Start the load of the child's bucket now, so the misses of
                // siblings overlap.
                table.prefetch(key);
            }
            // Only the first `MAX_DEFERRED` moves may wait (bits of a word):
            // the inner loop never allocates. `may_defer` implies depth > 1.
            if may_defer
                && !is_first
                && first_pass
                && generated < MAX_DEFERRED
                && child_key.is_some_and(|key| self.is_busy(key))
            {
                deferred |= 1 << generated;
                continue;
            }
            let result = if let Some(outcome) = child.outcome() {
                self.stats.nodes += 1;
                NodeValue {
                    value: Value::proven(outcome.margin(side), ply + 1, prefer_short),
                    resolved: 0,
                }
            } else {
                let same_side = child.side_to_move() == side;
                let child_depth = self.child_depth(state, mv, &child, depth);
                if child_depth == 0 {
                    // A leaf is valued at once, with the whole window: a
                    // null-window scout would only evaluate it twice.
                    self.leaf::<SHARED>(&child, same_side, ply + 1, alpha, beta)
                } else {
                    let key = child_key.unwrap_or_else(|| child.hash());
                    // PVS: a move after the first gets a null-window scout,
                    // and the whole window again only if it lands inside
                    // (while scouts pay: see `trial`).
                    let scouted = !is_first && self.options.pvs && self.scout_trial.on();
                    let top = if scouted { alpha.offset(1) } else { beta };
                    let (at, next) = (child_depth, ply + 1);
                    let first = self.child::<SHARED>(&child, key, same_side, at, next, alpha, top);
                    if !scouted {
                        first
                    } else {
                        let inside = first.value > alpha && first.value < beta;
                        self.scout_trial.record(inside);
                        if inside && !self.stopped {
                            self.child::<SHARED>(&child, key, same_side, at, next, alpha, beta)
                        } else {
                            first
                        }
                    }
                }
            };
            if self.stopped {
                return NodeValue::ABORTED;
            }
            best.resolved = best.resolved.max(result.resolved.saturating_add(1));
            if ply == 0 && self.root_previous.0 == Some(mv) {
                self.root_previous.1 = true;
            }
            if result.value > best.value {
                best.value = result.value;
                best_move = Some(mv);
                best_index = Some(generated_index);
                if ply == 0 && alpha_original == -Value::INFINITY && beta == Value::INFINITY {
                    // A full-window root: the value is exact, the move an
                    // answer should the iteration be stopped.
                    self.root_partial = Some((mv, result.value));
                }
                if result.value > alpha {
                    alpha = result.value;
                    if result.value >= beta {
                        let index = state.move_index(mv);
                        let options = self.options;
                        self.ordering
                            .record_cutoff(side, index, ply as usize, depth, &options);
                        if options.history && options.history_malus {
                            self.record_malus(
                                state,
                                slot,
                                generated,
                                table_first,
                                scored.then_some(keys),
                                deferred,
                                depth,
                            );
                        }
                        break;
                    }
                }
            }
        }
        if pruned {
            // Unsearched moves might refute this result at any depth.
            best.resolved = UNRESOLVED;
        }
        if ply == 0 {
            self.root_best_move = best_move;
        }
        if let Some(table) = self.table.as_deref() {
            let (lower, upper) = if best.value >= beta {
                (best.value, Value::INFINITY)
            } else if best.value > alpha_original {
                (best.value, best.value)
            } else {
                (-Value::INFINITY, best.value)
            };
            let resolved = best.resolved != UNRESOLVED;
            let stored_depth = if resolved { best.resolved } else { depth };
            table.store(
                key,
                best_index,
                stored_depth,
                resolved,
                lower.to_node(ply, prefer_short),
                upper.to_node(ply, prefer_short),
            );
        }
        best
    }

    /// The history malus (see [`SearchOptions::history_malus`]): every move
    /// the node at `slot` searched before `cut` (a generation index) lowers
    /// its history. They are the table's move alone if the node scored no
    /// move, otherwise the moves marked taken among its sort keys (the key
    /// stack's from `scored_keys` on; the table's move among them), less
    /// those a parallel search put off (`deferred`).
    ///
    /// [`SearchOptions::history_malus`]: crate::SearchOptions::history_malus
    #[allow(clippy::too_many_arguments)]
    fn record_malus(
        &mut self,
        state: &G,
        slot: usize,
        cut: usize,
        table_first: Option<usize>,
        scored_keys: Option<usize>,
        deferred: u64,
        depth: u32,
    ) {
        let side = state.side_to_move();
        let moves = &self.move_stack[slot];
        let put_off = |i: usize| i < MAX_DEFERRED && deferred & (1 << i) != 0;
        for i in 0..moves.len() {
            let taken = match scored_keys {
                Some(keys) => self.order_keys.get(keys + i) == Some(&TAKEN),
                None => table_first == Some(i),
            };
            if taken && i != cut && !put_off(i) {
                self.ordering
                    .record_malus(side, state.move_index(moves[i]), depth);
            }
        }
    }

    /// Enhanced transposition cut-offs (see
    /// [`SearchOptions::transposition_cutoffs`]): looks up in the table the
    /// child of every move of the node at `slot` (which has `depth` plies
    /// left) and returns the first move whose child's stored bound proves
    /// the node's value at least `beta`, with that child's bound (from the
    /// node's side) and how resolved it is. Searching that child first would
    /// have been cut by the same entry, so the result is the one the move
    /// loop could have found, without a child node.
    ///
    /// CITE: Plaat, Schaeffer, Pijls & de Bruin, "Exploiting Graph
    /// Properties of Game Trees", AAAI 1996.
    ///
    /// [`SearchOptions::transposition_cutoffs`]: crate::SearchOptions::transposition_cutoffs
    fn transposition_cutoff(
        &mut self,
        state: &G,
        depth: u32,
        ply: u32,
        beta: Value,
        slot: usize,
    ) -> Option<(usize, NodeValue)> {
        let table = self.table.as_deref()?;
        let prefer_short = self.options.prefer_short_wins;
        let side = state.side_to_move();
        for (index, &mv) in self.move_stack[slot].iter().enumerate() {
            let mut child = state.clone();
            child.play_unchecked(mv);
            // A finished child is never stored: its probe finds nothing.
            let child_depth = self.depth_after(state, mv, &child, depth);
            let (Some(entry), _) = table.probe(child.hash(), child_depth) else {
                continue;
            };
            let bound = if child.side_to_move() == side {
                entry.lower().to_root(ply + 1, prefer_short)
            } else {
                -entry.upper().to_root(ply + 1, prefer_short)
            };
            if bound >= beta {
                self.stats.tt_cutoffs += 1;
                return Some((
                    index,
                    NodeValue {
                        value: bound,
                        resolved: resolution(&entry),
                    },
                ));
            }
        }
        None
    }

    /// Whether another thread of a parallel search is searching the
    /// position whose key is `key`.
    #[inline]
    fn is_busy(&self, key: u64) -> bool {
        self.role
            .as_ref()
            .is_some_and(|role| role.shared.is_busy(key))
    }

    /// [`depth_after`](Self::depth_after), counting the extensions it grants.
    #[inline]
    pub(crate) fn child_depth(&mut self, state: &G, mv: G::Move, child: &G, depth: u32) -> u32 {
        let child_depth = self.depth_after(state, mv, child, depth);
        if child_depth == depth {
            self.stats.extensions += 1;
        }
        child_depth
    }

    /// The depth `child` (reached by `mv` from `state`, which has `depth`
    /// plies left) is searched to: one ply less, or the same depth when the
    /// extension hook frees the move.
    #[inline]
    fn depth_after(&self, state: &G, mv: G::Move, child: &G, depth: u32) -> u32 {
        if self.options.hooks.extensions && self.evaluator.extends(state, mv, child) {
            depth
        } else {
            depth - 1
        }
    }

    /// Values a child at the horizon, as [`alphabeta`](Self::alphabeta) at
    /// depth 0 would, without its bookkeeping: the oracle, then the
    /// evaluation or quiescence. Negates only if the side to move changed.
    #[inline]
    fn leaf<const SHARED: bool>(
        &mut self,
        child: &G,
        same_side: bool,
        ply: u32,
        alpha: Value,
        beta: Value,
    ) -> NodeValue {
        self.stats.nodes += 1;
        self.stats.max_ply = self.stats.max_ply.max(ply);
        let result = if let Some(proven) = self.oracle(child, ply) {
            proven
        } else if !self.options.hooks.quiescence {
            NodeValue {
                value: Value::heuristic(self.evaluator.evaluate(child)),
                resolved: UNRESOLVED,
            }
        } else if same_side {
            self.horizon::<SHARED>(child, 0, ply, alpha, beta)
        } else {
            self.horizon::<SHARED>(child, 0, ply, -beta, -alpha)
        };
        if same_side {
            result
        } else {
            NodeValue {
                value: -result.value,
                resolved: result.resolved,
            }
        }
    }

    /// Searches a child whose key is `key`, negating only if the side to
    /// move changed.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child<const SHARED: bool>(
        &mut self,
        child: &G,
        key: u64,
        same_side: bool,
        depth: u32,
        ply: u32,
        alpha: Value,
        beta: Value,
    ) -> NodeValue {
        if same_side {
            self.node::<SHARED>(child, key, depth, ply, alpha, beta)
        } else {
            let result = self.node::<SHARED>(child, key, depth, ply, -beta, -alpha);
            NodeValue {
                value: -result.value,
                resolved: result.resolved,
            }
        }
    }

    /// Pushes the sort key of every move of `ply` on the key stack, in
    /// generation order: the evaluator's hints, then killers, then history
    /// (see [`sort_key`]); the table's move `skip`, already searched, gets
    /// [`TAKEN`]. A root that keeps its order gives every move the same key.
    ///
    /// Moves are then picked best first with [`take_best`], one at a time:
    /// most nodes cut after one or two, so the rest are never sorted, and
    /// the scan of a handful of keys costs no branch mispredictions.
    fn score_moves(&mut self, state: &G, ply: u32, skip: Option<usize>, stable_root: bool) {
        let slot = ply as usize;
        let Search {
            move_stack,
            order_keys,
            hints,
            ordering,
            evaluator,
            options,
            ..
        } = self;
        let moves: &[G::Move] = &move_stack[slot];
        let count = moves.len();
        let keys = order_keys.len();
        if stable_root {
            order_keys.resize(keys + count, 0);
            return;
        }
        // The buffer only grows; this node's hints are its first `count`
        // entries, each written by the evaluator (`move_order_hints` writes
        // every hint, so nothing is zeroed first).
        if hints.len() < count {
            hints.resize(count, 0);
        }
        let hints = &mut hints[..count];
        evaluator.move_order_hints(state, moves, hints);
        let side = state.side_to_move();
        let killers = if options.killers {
            ordering.killers(slot)
        } else {
            [None, None]
        };
        let history: &[i32] = if options.history {
            ordering.history_of(side)
        } else {
            &[]
        };
        // One exact-size `extend`: no capacity check per move.
        order_keys.extend(moves.iter().zip(hints.iter()).map(|(&mv, &hint)| {
            let index = state.move_index(mv);
            let killer_rank = if Some(index as u32) == killers[0] {
                Some(0)
            } else if Some(index as u32) == killers[1] {
                Some(1)
            } else {
                None
            };
            let score = history.get(index).copied().unwrap_or(0);
            sort_key(killer_rank, hint, score)
        }));
        if let Some(skip) = skip {
            order_keys[keys + skip] = TAKEN;
        }
    }
}

/// The key of a move already taken; below every [`sort_key`].
const TAKEN: i64 = i64::MIN;

/// Returns the generation index of the move of highest key in `keys` (the
/// earliest among equals, so ties keep generation order) and marks it
/// [`TAKEN`]. At least one move must be left.
#[inline]
fn take_best(keys: &mut [i64]) -> usize {
    let mut best = 0;
    let mut best_key = TAKEN;
    for (i, &key) in keys.iter().enumerate() {
        if key > best_key {
            best = i;
            best_key = key;
        }
    }
    debug_assert!(best_key != TAKEN, "a move is left to take");
    keys[best] = TAKEN;
    best
}

/// How resolved a result answered by `entry` is (see [`NodeValue`]): the
/// entry's plies to the deepest game end, or [`UNRESOLVED`] for a
/// depth-limited entry.
#[inline]
fn resolution(entry: &Entry) -> u32 {
    if entry.resolved {
        u32::from(entry.depth)
    } else {
        UNRESOLVED
    }
}

/// A move's index in the legal-move list as the table stores it; a list of
/// over 65,534 moves stores no move for the rest (`u16::MAX` means none).
#[inline]
fn list_index(i: usize) -> u16 {
    u16::try_from(i).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests {
    use super::{take_best, TAKEN};
    use crate::ordering::{sort_key, HISTORY_BOUND};

    #[test]
    fn moves_are_taken_best_first_and_ties_in_generation_order() {
        let mut keys = [1, 3, 1, 3, 2];
        let taken: Vec<usize> = (0..keys.len()).map(|_| take_best(&mut keys)).collect();
        assert_eq!(taken, [1, 3, 4, 0, 2]);
        assert!(keys.iter().all(|&key| key == TAKEN));
    }

    #[test]
    fn every_sort_key_ranks_above_a_taken_move() {
        for killer in [None, Some(0), Some(1)] {
            for hint in [i32::MIN, -1, 0, i32::MAX] {
                for history in [-HISTORY_BOUND, -1, 0, 1, HISTORY_BOUND] {
                    let key = sort_key(killer, hint, history);
                    assert!(key > TAKEN && key < i64::MAX, "{killer:?} {hint} {history}");
                }
            }
        }
        let mut keys = [TAKEN, sort_key(None, i32::MIN, 0)];
        assert_eq!(take_best(&mut keys), 1);
    }
}
