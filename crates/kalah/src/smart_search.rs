//! SmartPlayer's own search: depth-limited alpha-beta on the solver's compact
//! board, with the Kalah evaluation at the leaves.
//!
//! The generic `search` crate works on any game through [`Position`]; this
//! engine is specialised the way Kalah solvers are (spec §10), and is what
//! makes Smart strong at short time limits:
//!
//! - **Values relative to the store difference.** The pots never influence
//!   the rest of the game, so a node's value is "what the mover will still
//!   gain minus what the opponent will", in hundredths of a bean
//!   ([`BEAN`]). Positions are kept mover-first (the solver's ring), so the
//!   same holes share one table entry whatever the pots and whoever moves.
//! - **Transposition table** keyed exactly on the packed holes, buckets of
//!   four 16-byte entries (one cache line), each with a lower and an upper
//!   bound, the depth it was searched to and the search generation (entries
//!   of earlier moves are replaced first). A result that depended on no
//!   heuristic leaf is stored as exact and answers at any depth.
//! - **Futility bounds**: the rest of the game is worth at most ± the beans
//!   on the board.
//! - **Exact children before any search**: game ends and endgame-table
//!   positions are valued without recursion, so they cost no depth.
//! - **Move ordering**: the table's move, then extra-turn moves (nearest the
//!   pot first), captures (largest first), then beans gained. (Ordering the
//!   quiet moves by a per-hole history needed 28 % fewer nodes to depth 12,
//!   `examples/smart_fixed_depth.rs`, but scored worse in play: 64 % against
//!   70.5 % without it, same seed, side by side.)
//! - **Extra turns cost no depth**: a sowing that ends in the mover's pot is
//!   searched at the same depth, so every iteration sees whole turns (the
//!   chain is finite: each such move puts a bean in the pot). Against the
//!   `minimax` agent at 30 ms per move this took Smart from 58 % to 63.5 %
//!   of the points (100 games, seed 1).
//! - **Quiescence at the horizon**: instead of the evaluation alone, the
//!   mover may also capture, and so on while captures do better (each
//!   capture shrinks the board, so it ends). A static evaluation misses a
//!   capture about to happen; this took Smart from 61.5 % to 70.5 % of the
//!   points against the `minimax` agent at 30 ms per move (100 games,
//!   seed 2; 62.5 % -> 70.5 % with seed 3). Letting extra-turn moves into the
//!   quiescence too did worse (63 %, seed 2), and so did searching captures
//!   without spending depth (62.5 % and 68.5 %, seeds 2 and 3).
//! - **Principal-variation search** under iterative deepening; the hard
//!   deadline is polled inside the tree, and the last completed iteration
//!   answers. The search stops early once the root value is exact.
//!
//! The horizon evaluation is [`KalahEval::heuristic`](crate::KalahEval::heuristic) minus the store
//! difference, computed on the ring; the property test in
//! `tests/smart_search.rs` checks every fixed-depth value against plain
//! negamax over [`Position`] with [`KalahEval`](crate::KalahEval).

use crate::eval::BEAN;
use crate::position::{Move, Position};
use crate::ring::{Child, Geometry, Ring};
use crate::solve::{mix, EndgameTable, SOLVER_MAX_BEANS, SOLVER_MAX_HOLES};
use gamecore::Budget;
use search::{SearchResult, SearchStats, Value};
use std::sync::Arc;
use std::time::Instant;

/// The depth stored for results that depended on no heuristic leaf.
const EXACT: u8 = u8::MAX;

/// The deepest iteration (plies; each sowing is one ply).
const MAX_DEPTH: u32 = 120;

/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 2048;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    best: u8,
    depth: u8,
    generation: u8,
}

/// Four entries: one 64-byte cache line.
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; 4]);

/// Smart's search for one board size and rule variant (at most
/// [`SOLVER_MAX_HOLES`] holes and [`SOLVER_MAX_BEANS`] beans on the board).
pub(crate) struct SmartSearch {
    geometry: Geometry,
    endgame: Option<Arc<EndgameTable>>,
    table: Vec<Bucket>,
    generation: u8,
    nodes: u64,
    /// Heuristic leaves and heuristic table answers so far: a search whose
    /// count did not change is exact.
    guesses: u64,
    tt_hits: u64,
    tt_cutoffs: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

impl std::fmt::Debug for SmartSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmartSearch")
            .field("holes", &self.geometry.n)
            .field("rules", &self.geometry.rules)
            .field("table_entries", &(self.table.len() * 4))
            .finish()
    }
}

impl SmartSearch {
    /// Creates the search for `position`'s board size and rules with a table
    /// of about `table_mib` MiB, or `None` if the board is beyond the
    /// compact representation (the caller then uses the generic search).
    pub(crate) fn new(
        position: &Position,
        endgame: Option<Arc<EndgameTable>>,
        table_mib: usize,
    ) -> Option<SmartSearch> {
        let holes = position.board().holes();
        if holes > SOLVER_MAX_HOLES || !SmartSearch::supports_beans(position) {
            return None;
        }
        let geometry = Geometry::new(holes, position.rules());
        let endgame = endgame
            .filter(|table| table.geometry.n == holes && table.geometry.rules == position.rules());
        let buckets = (table_mib.max(1) << 20) / std::mem::size_of::<Bucket>();
        Some(SmartSearch {
            geometry,
            endgame,
            // The largest power of two that fits.
            table: vec![Bucket::default(); 1 << (usize::BITS - 1 - buckets.leading_zeros())],
            generation: 0,
            nodes: 0,
            guesses: 0,
            tt_hits: 0,
            tt_cutoffs: 0,
            deadline: None,
            stopped: false,
        })
    }

    fn supports_beans(position: &Position) -> bool {
        position.board().total_beans() <= SOLVER_MAX_BEANS
    }

    /// Returns true if this search can handle `position`.
    pub(crate) fn handles(&self, position: &Position) -> bool {
        position.board().holes() == self.geometry.n
            && position.rules() == self.geometry.rules
            && SmartSearch::supports_beans(position)
    }

    /// Forgets every stored result.
    pub(crate) fn clear(&mut self) {
        self.table.fill(Bucket::default());
        self.generation = 0;
    }

    /// Searches `position` (not over) by iterative deepening within
    /// `budget`, at most `max_depth` plies.
    pub(crate) fn run(
        &mut self,
        position: &Position,
        budget: &Budget,
        max_depth: Option<u32>,
    ) -> Option<SearchResult<Move>> {
        let started = Instant::now();
        if position.is_over() {
            return None;
        }
        let (ring, beans) = self.geometry.ring_of(position)?;
        let beans = beans as i32;
        let mover = position.to_move();
        let stores = match mover {
            crate::side::Side::South => position.store_difference(),
            crate::side::Side::North => -position.store_difference(),
        };
        self.generation = self.generation.wrapping_add(1);
        self.nodes = 0;
        self.tt_hits = 0;
        self.tt_cutoffs = 0;
        self.stopped = false;
        self.deadline = budget.hard_deadline();
        let max_depth = max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);

        let mut best: Option<(u8, i32, u32, bool)> = None;
        for depth in 1..=max_depth {
            let guesses = self.guesses;
            let previous = best.map(|(hole, ..)| hole);
            let Some((hole, value, complete)) = self.root(&ring, beans, depth, previous) else {
                break;
            };
            let exact = complete && self.guesses == guesses;
            // An interrupted iteration still answers when its first move (the
            // previous best) was searched: a move that beat it is better.
            let reached = if complete { depth } else { depth - 1 };
            best = Some((hole, value, reached, exact));
            if !complete || exact || budget.soft_expired() {
                break;
            }
        }
        let (ring_hole, value, depth, exact) = best?;
        let best_move = Move(
            position
                .board()
                .lap_position(mover, usize::from(ring_hole))
                .1 as u8,
        );
        let total = stores * BEAN + value;
        let value = if exact {
            Value::proven(total / BEAN, 0, false)
        } else {
            Value::heuristic(total)
        };
        Some(SearchResult {
            best_move: Some(best_move),
            value,
            depth,
            pv: self.principal_variation(position, best_move),
            stats: SearchStats {
                depth,
                max_ply: depth,
                nodes: self.nodes,
                tt_hits: self.tt_hits,
                tt_cutoffs: self.tt_cutoffs,
                aspiration_researches: 0,
                elapsed: started.elapsed(),
                threads: 1,
            },
            exact,
        })
    }

    /// One root iteration: every move with a full window, the previous best
    /// first. Returns the best move, its value and whether the iteration
    /// completed; `None` when the deadline came before the first move was
    /// searched.
    fn root(
        &mut self,
        ring: &Ring,
        beans: i32,
        depth: u32,
        previous: Option<u8>,
    ) -> Option<(u8, i32, bool)> {
        let g = self.geometry;
        let mut moves = [Child::default(); SOLVER_MAX_HOLES];
        let mut count = 0;
        for i in (0..g.n).filter(|&i| ring.get(i) > 0) {
            let mut child = g.play(*ring, i);
            if previous == Some(i as u8) {
                child.order += 100_000;
            }
            moves[count] = child;
            count += 1;
        }
        let moves = &mut moves[..count];
        moves.sort_by_key(|child| std::cmp::Reverse(child.order));
        let mut alpha = -BEAN * beans - 1;
        let beta = BEAN * beans + 1;
        let mut best: Option<(u8, i32, bool)> = None;
        for (index, child) in moves.iter().enumerate() {
            let v = if index == 0 {
                self.child_value(child, beans, depth, alpha, beta)
            } else {
                let v = self.child_value(child, beans, depth, alpha, alpha + 1);
                if v > alpha && v < beta && !self.stopped {
                    self.child_value(child, beans, depth, alpha, beta)
                } else {
                    v
                }
            };
            if self.stopped {
                return best.map(|(hole, value, _)| (hole, value, false));
            }
            if best.is_none_or(|(_, b, _)| v > b) {
                best = Some((child.hole, v, true));
                alpha = alpha.max(v);
            }
        }
        best
    }

    /// The value for the mover of playing `child` from a node with `beans`
    /// beans, searched to `depth − 1` below it.
    #[inline]
    fn child_value(&mut self, child: &Child, beans: i32, depth: u32, alpha: i32, beta: i32) -> i32 {
        let gain = BEAN * child.gain;
        if let Some(rest) = child.terminal {
            return gain + BEAN * rest;
        }
        let rest = beans - child.gain;
        if child.extra {
            // An extra turn costs no depth (see the module docs).
            gain + self.search(&child.ring, rest, depth, alpha - gain, beta - gain)
        } else {
            gain - self.search(&child.ring, rest, depth - 1, gain - beta, gain - alpha)
        }
    }

    /// Fail-soft alpha-beta: the rest-of-game value for the mover of a live
    /// position with `beans` beans on the board, `depth` plies deep.
    fn search(
        &mut self,
        ring: &Ring,
        beans: i32,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes % CLOCK_INTERVAL == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.stopped = true;
                }
            }
        }
        if self.stopped {
            return 0;
        }
        let g = self.geometry;
        if let Some(table) = &self.endgame {
            if beans <= table.db.k as i32 {
                return BEAN * table.db.get(&g, ring);
            }
        }
        let bound = BEAN * beans;
        if alpha >= bound {
            return bound;
        }
        if beta <= -bound {
            return -bound;
        }
        if depth == 0 {
            self.guesses += 1;
            return self.quiesce(ring, beans, alpha, beta);
        }
        let slot = g
            .key(*ring)
            .map(|key| (key, mix(key) as usize & (self.table.len() - 1)));
        let mut table_move = u8::MAX;
        if let Some((key, index)) = slot {
            if let Some(e) = self.table[index].0.iter().find(|e| e.key == key) {
                self.tt_hits += 1;
                table_move = e.best;
                if e.depth == EXACT || u32::from(e.depth) >= depth {
                    let (lo, hi) = (i32::from(e.lower), i32::from(e.upper));
                    let heuristic = e.depth != EXACT;
                    if lo >= beta || hi <= alpha || lo == hi {
                        self.tt_cutoffs += 1;
                        self.guesses += u64::from(heuristic);
                        return if lo >= beta || lo == hi { lo } else { hi };
                    }
                    if lo > alpha || hi < beta {
                        self.guesses += u64::from(heuristic);
                        alpha = alpha.max(lo);
                        beta = beta.min(hi);
                    }
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let guesses = self.guesses;

        let mut children = [Child::default(); SOLVER_MAX_HOLES];
        let mut count = 0;
        let mut best = i32::MIN;
        let mut best_hole = u8::MAX;
        for i in 0..g.n {
            if ring.get(i) == 0 {
                continue;
            }
            let mut child = g.play(*ring, i);
            let rest = beans - child.gain;
            let exact = match (child.terminal, &self.endgame) {
                (Some(v), _) => Some(v),
                (None, Some(table)) if rest <= table.db.k as i32 => {
                    let v = table.db.get(&g, &child.ring);
                    Some(if child.extra { v } else { -v })
                }
                _ => None,
            };
            if let Some(v) = exact {
                let v = BEAN * (child.gain + v);
                if v > best {
                    best = v;
                    best_hole = i as u8;
                    if v >= beta {
                        self.store(slot, v, alpha0, beta0, best_hole, depth, guesses);
                        return v;
                    }
                }
                continue;
            }
            if i as u8 == table_move {
                child.order += 10_000;
            }
            children[count] = child;
            count += 1;
        }
        alpha = alpha.max(best);
        // Insertion sort by descending order score.
        for a in 1..count {
            let mut j = a;
            while j > 0 && children[j - 1].order < children[j].order {
                children.swap(j - 1, j);
                j -= 1;
            }
        }
        for (searched, child) in children[..count].iter().enumerate() {
            let v = if searched == 0 {
                self.child_value(child, beans, depth, alpha, beta)
            } else {
                let v = self.child_value(child, beans, depth, alpha, alpha + 1);
                if v > alpha && v < beta {
                    self.child_value(child, beans, depth, alpha, beta)
                } else {
                    v
                }
            };
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_hole = child.hole;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.store(slot, best, alpha0, beta0, best_hole, depth, guesses);
        best
    }

    /// The quiescence search at the horizon: the evaluation, or a capture if
    /// one does better (captures only shrink the board, so it ends).
    fn quiesce(&mut self, ring: &Ring, beans: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let g = self.geometry;
        if let Some(table) = &self.endgame {
            if beans <= table.db.k as i32 {
                return BEAN * table.db.get(&g, ring);
            }
        }
        let mut best = heuristic(&g, ring);
        if best >= beta {
            return best;
        }
        alpha = alpha.max(best);
        for i in 0..g.n {
            if ring.get(i) == 0 {
                continue;
            }
            let child = g.play(*ring, i);
            if child.captured == 0 {
                continue;
            }
            let gain = BEAN * child.gain;
            let rest = beans - child.gain;
            let v = match child.terminal {
                Some(v) => gain + BEAN * v,
                None => gain - self.quiesce(&child.ring, rest, gain - beta, gain - alpha),
            };
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Stores a node's fail-soft result with the bounds it proves.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn store(
        &mut self,
        slot: Option<(u64, usize)>,
        value: i32,
        alpha: i32,
        beta: i32,
        best: u8,
        depth: u32,
        guesses: u64,
    ) {
        let Some((key, index)) = slot else { return };
        let depth = if self.guesses == guesses {
            EXACT
        } else {
            depth.min(u32::from(EXACT) - 1) as u8
        };
        let (lower, upper) = if value <= alpha {
            (i16::MIN, value as i16)
        } else if value >= beta {
            (value as i16, i16::MAX)
        } else {
            (value as i16, value as i16)
        };
        let generation = self.generation;
        let bucket = &mut self.table[index].0;
        if let Some(e) = bucket.iter_mut().find(|e| e.key == key) {
            if depth == e.depth {
                e.lower = e.lower.max(lower);
                e.upper = e.upper.min(upper);
                e.best = best;
            } else if depth > e.depth {
                // Deeper (or exact) knowledge replaces shallower bounds.
                (e.lower, e.upper, e.best, e.depth) = (lower, upper, best, depth);
            }
            e.generation = generation;
            return;
        }
        // Replace an entry of an earlier move first, then the shallowest.
        let worth = |e: &Entry| {
            if e.generation == generation {
                i32::from(e.depth) + 256
            } else {
                i32::from(e.depth)
            }
        };
        let mut victim = 0;
        for slot in 1..bucket.len() {
            if worth(&bucket[slot]) < worth(&bucket[victim]) {
                victim = slot;
            }
        }
        bucket[victim] = Entry {
            key,
            lower,
            upper,
            best,
            depth,
            generation,
        };
    }

    /// Follows the table's best moves from `position` after `first`.
    fn principal_variation(&self, position: &Position, first: Move) -> Vec<Move> {
        let mut line = vec![first];
        let mut state = position.clone();
        if state.sow(first.hole()).is_none() {
            return line;
        }
        while line.len() < 32 && !state.is_over() {
            let Some((ring, _)) = self.geometry.ring_of(&state) else {
                break;
            };
            let Some(key) = self.geometry.key(ring) else {
                break;
            };
            let index = mix(key) as usize & (self.table.len() - 1);
            let Some(e) = self.table[index].0.iter().find(|e| e.key == key) else {
                break;
            };
            if usize::from(e.best) >= self.geometry.n || ring.get(usize::from(e.best)) == 0 {
                break;
            }
            let mover = state.to_move();
            let hole = state.board().lap_position(mover, usize::from(e.best)).1;
            if state.sow(hole).is_none() {
                break;
            }
            line.push(Move(hole as u8));
        }
        line
    }
}

/// [`KalahEval::heuristic`](crate::KalahEval::heuristic) without the store difference, on a mover-first
/// ring: a quarter bean per bean of side difference and a fifth of a bean
/// per extra-turn move available.
#[inline]
fn heuristic(g: &Geometry, ring: &Ring) -> i32 {
    let n = g.n;
    let (own, opp) = g.sums(*ring);
    let lap = (2 * n + 1) as u8;
    let extra = (0..n)
        .filter(|&i| ring.get(i) > 0 && usize::from(ring.get(i) % lap) == n - i)
        .count() as i32;
    BEAN / 4 * (own - opp) + BEAN / 5 * extra
}
