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

use crate::ordering::sort_key;
use crate::parallel::MIN_BUSY_DEPTH;
use crate::{Search, Value};
use gamecore::{Evaluator, Game, MoveList};
use smallvec::SmallVec;

/// Marks a result that depends on a heuristic evaluation.
pub(crate) const UNRESOLVED: u32 = u32::MAX;

/// A node's value and how resolved it is.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NodeValue {
    pub value: Value,
    pub resolved: u32,
}

impl NodeValue {
    const ABORTED: NodeValue = NodeValue {
        value: Value::ZERO,
        resolved: UNRESOLVED,
    };
}

impl<G: Game, E: Evaluator<G>> Search<G, E> {
    /// Searches `state` to `depth` plies within the window (`alpha`, `beta`).
    pub(crate) fn alphabeta(
        &mut self,
        state: &G,
        depth: u32,
        ply: u32,
        alpha: Value,
        beta: Value,
    ) -> NodeValue {
        self.stats.nodes += 1;
        if self.must_stop() {
            return NodeValue::ABORTED;
        }
        self.stats.max_ply = self.stats.max_ply.max(ply);
        if let Some(proven) = self.oracle(state, ply) {
            return proven;
        }
        if depth == 0 {
            return self.horizon(state, 0, ply, alpha, beta);
        }

        let prefer_short = self.options.prefer_short_wins;
        let key = state.hash();
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
                    let resolved = if entry.resolved {
                        u32::from(entry.depth)
                    } else {
                        UNRESOLVED
                    };
                    return NodeValue { value, resolved };
                }
            }
        }

        // In a parallel search, tell the other threads this node is taken.
        let marked = depth >= MIN_BUSY_DEPTH && self.role.is_some();
        if let Some(role) = self.role.as_ref().filter(|_| marked) {
            role.shared.enter(key);
        }
        let result = self.search_moves(state, depth, ply, alpha, beta, key, tt_move);
        if let Some(role) = self.role.as_ref().filter(|_| marked) {
            role.shared.leave(key);
        }
        result
    }

    /// Whether the search must stop now (polls the clock and the other
    /// threads); sets `stopped`.
    #[inline]
    fn must_stop(&mut self) -> bool {
        if self.stopped
            || (self.may_stop && self.deadline.expired(self.stats.nodes))
            || self.role.as_ref().is_some_and(|role| {
                if role.thread > 0 {
                    role.shared.helper_must_stop(self.iteration)
                } else {
                    // A helper completed the last iteration: its result answers.
                    self.may_stop && role.shared.is_stopped()
                }
            })
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
    fn horizon(
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
        let slot = ply as usize;
        self.ensure_ply(slot);
        let mut noisy = std::mem::take(&mut self.noisy_stack[slot]);
        self.evaluator
            .noisy_moves(state, quiescence_ply, &mut noisy);
        let side = state.side_to_move();
        let mut best = stand_pat;
        alpha = alpha.max(stand_pat);
        for &mv in &noisy {
            let mut child = state.clone();
            child.play_unchecked(mv);
            self.stats.nodes += 1;
            self.stats.quiescence_nodes += 1;
            if self.must_stop() {
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
                self.horizon(&child, quiescence_ply + 1, ply + 1, alpha, beta)
                    .value
            } else {
                -self
                    .horizon(&child, quiescence_ply + 1, ply + 1, -beta, -alpha)
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
        self.noisy_stack[slot] = noisy;
        if self.stopped {
            return NodeValue::ABORTED;
        }
        unresolved(best)
    }

    /// Makes sure the per-ply buffers reach `slot` (extensions and
    /// quiescence go past the iteration depth). Allocates only the first
    /// time a search reaches a new ply.
    #[inline]
    fn ensure_ply(&mut self, slot: usize) {
        if self.move_stack.len() <= slot {
            self.move_stack.resize_with(slot + 1, SmallVec::new);
        }
        if self.noisy_stack.len() <= slot {
            self.noisy_stack.resize_with(slot + 1, MoveList::new);
        }
    }

    /// The move loop of [`alphabeta`](Self::alphabeta): searches the moves
    /// of `state` in order and stores the result in the table.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        state: &G,
        depth: u32,
        ply: u32,
        mut alpha: Value,
        beta: Value,
        key: u64,
        tt_move: Option<u16>,
    ) -> NodeValue {
        let prefer_short = self.options.prefer_short_wins;
        let side = state.side_to_move();
        // The move list stays in the per-ply buffer (not on the call stack),
        // so deep searches (a 2000-ply Nim solve) need little stack per node.
        let slot = ply as usize;
        self.ensure_ply(slot);
        let pruned = self.order_moves(state, ply, tt_move);
        self.pruned |= pruned;
        let move_count = self.move_stack[slot].len();
        let extensions = self.options.hooks.extensions;

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
        let may_defer = self.role.is_some()
            && depth > MIN_BUSY_DEPTH
            && (ply > 0 || !self.options.stable_root_order);
        let mut deferred: SmallVec<[u16; 8]> = SmallVec::new();
        let (mut next, mut next_deferred) = (0, 0);
        loop {
            let (i, first_pass) = if next < move_count {
                next += 1;
                (next - 1, true)
            } else if next_deferred < deferred.len() {
                next_deferred += 1;
                (usize::from(deferred[next_deferred - 1]), false)
            } else {
                break;
            };
            let (_, mv, generated_index) = self.move_stack[slot][i];
            let mut child = state.clone();
            child.play_unchecked(mv);
            // At most the buffer's inline capacity waits: the inner loop
            // never allocates.
            if may_defer
                && first_pass
                && i > 0
                && i <= usize::from(u16::MAX)
                && deferred.len() < deferred.inline_size()
                && self.is_busy(&child)
            {
                deferred.push(i as u16);
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
                let child_depth = if extensions && self.evaluator.extends(state, mv, &child) {
                    self.stats.extensions += 1;
                    depth
                } else {
                    depth - 1
                };
                if i == 0 || !self.options.pvs {
                    self.child(&child, same_side, child_depth, ply + 1, alpha, beta)
                } else {
                    let scout = self.child(
                        &child,
                        same_side,
                        child_depth,
                        ply + 1,
                        alpha,
                        alpha.offset(1),
                    );
                    if scout.value > alpha && scout.value < beta && !self.stopped {
                        self.child(&child, same_side, child_depth, ply + 1, alpha, beta)
                    } else {
                        scout
                    }
                }
            };
            if self.stopped {
                return NodeValue::ABORTED;
            }
            best.resolved = best.resolved.max(result.resolved.saturating_add(1));
            if result.value > best.value {
                best.value = result.value;
                best_move = Some(mv);
                best_index = Some(generated_index);
                if result.value > alpha {
                    alpha = result.value;
                    if result.value >= beta {
                        let index = state.move_index(mv);
                        let options = self.options;
                        self.ordering
                            .record_cutoff(mv, side, index, ply as usize, depth, &options);
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

    /// Whether another thread of a parallel search is searching `child`.
    #[inline]
    fn is_busy(&self, child: &G) -> bool {
        self.role
            .as_ref()
            .is_some_and(|role| role.shared.is_busy(child.hash()))
    }

    /// Searches a child, negating only if the side to move changed.
    #[inline]
    fn child(
        &mut self,
        child: &G,
        same_side: bool,
        depth: u32,
        ply: u32,
        alpha: Value,
        beta: Value,
    ) -> NodeValue {
        if same_side {
            self.alphabeta(child, depth, ply, alpha, beta)
        } else {
            let result = self.alphabeta(child, depth, ply, -beta, -alpha);
            NodeValue {
                value: -result.value,
                resolved: result.resolved,
            }
        }
    }

    /// Fills the move buffer of `ply` with the moves of `state` to search,
    /// best candidates first. Returns true when the candidate hook left some
    /// legal moves out.
    fn order_moves(&mut self, state: &G, ply: u32, tt_move: Option<u16>) -> bool {
        let Search {
            move_stack,
            generated,
            ordering,
            evaluator,
            options,
            ..
        } = self;
        let moves = &mut move_stack[ply as usize];
        let pruned = node_moves(state, evaluator, options, generated);
        moves.clear();
        if ply == 0 && options.stable_root_order {
            moves.extend(
                generated
                    .iter()
                    .enumerate()
                    .map(|(i, &mv)| (0, mv, list_index(i))),
            );
            return pruned;
        }
        let side = state.side_to_move();
        let killers = if options.killers {
            ordering.killers(ply as usize)
        } else {
            [None, None]
        };
        for (i, &mv) in generated.iter().enumerate() {
            let killer_rank = killers.iter().position(|&k| k == Some(mv));
            let history = if options.history {
                ordering.history(side, state.move_index(mv))
            } else {
                0
            };
            let hint = evaluator.move_order_hint(state, mv);
            let index = list_index(i);
            moves.push((
                sort_key(tt_move == Some(index), killer_rank, hint, history),
                mv,
                index,
            ));
        }
        // Insertion sort: no allocation, and equal keys keep generation order.
        insertion_sort_descending(moves);
        pruned
    }
}

/// Fills `moves` with the moves a search considers in `state`: the legal
/// moves, narrowed by the candidate hook when it is on. Returns true when the
/// hook left some out. A hook that leaves none is ignored (the contract asks
/// for at least one).
pub(crate) fn node_moves<G: Game, E: Evaluator<G>>(
    state: &G,
    evaluator: &E,
    options: &crate::SearchOptions,
    moves: &mut MoveList<G::Move>,
) -> bool {
    state.legal_moves(moves);
    if !options.hooks.candidates {
        return false;
    }
    let legal = moves.len();
    evaluator.select_candidates(state, moves);
    if moves.is_empty() {
        state.legal_moves(moves);
        return false;
    }
    moves.len() < legal
}

/// A move's index in the legal-move list as the table stores it; a list of
/// over 65,534 moves stores no move for the rest (`u16::MAX` means none).
#[inline]
fn list_index(i: usize) -> u16 {
    u16::try_from(i).unwrap_or(u16::MAX)
}

/// Sorts by key, highest first, keeping the order of equal keys.
fn insertion_sort_descending<M: Copy>(moves: &mut [(i64, M, u16)]) {
    for i in 1..moves.len() {
        let item = moves[i];
        let mut j = i;
        while j > 0 && moves[j - 1].0 < item.0 {
            moves[j] = moves[j - 1];
            j -= 1;
        }
        moves[j] = item;
    }
}

#[cfg(test)]
mod tests {
    use super::insertion_sort_descending;

    #[test]
    fn sort_is_descending_and_stable() {
        let mut moves = [
            (1, 'a', 0),
            (3, 'b', 1),
            (1, 'c', 2),
            (3, 'd', 3),
            (2, 'e', 4),
        ];
        insertion_sort_descending(&mut moves);
        assert_eq!(moves.map(|m| m.1), ['b', 'd', 'e', 'a', 'c']);
    }
}
