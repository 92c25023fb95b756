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
//! - **Threads** (Lazy SMP): every thread deepens on the same root, all on
//!   the iteration after the deepest completed one, sharing the table
//!   (entries of two lock-free atomic words, checked against the key), and
//!   a thread puts off the later moves of a node that another thread is
//!   searching ("being searched" marks, simplified ABDADA). The nodes near
//!   the horizon go to a private table per thread. With several threads a
//!   table bound answers only at the depth it was searched to (an exact one
//!   at its depth or deeper), so a fixed-depth search returns the same
//!   value whichever thread finishes first.
//!
//! The horizon evaluation is [`KalahEval::heuristic`](crate::KalahEval::heuristic) minus the store
//! difference, computed on the ring; the property test in
//! `tests/smart_search.rs` checks every fixed-depth value against plain
//! negamax over [`Position`] with [`KalahEval`](crate::KalahEval).

use crate::endgame::EndgameTable;
use crate::eval::BEAN;
use crate::position::{Move, Position};
use crate::ring::{Child, Geometry, Ring};
use crate::ring::{RING_MAX_BEANS as SOLVER_MAX_BEANS, RING_MAX_HOLES as SOLVER_MAX_HOLES};
use gamecore::{mix64 as mix, Budget, Timer};
use search::{BusyMarks as Busy, SearchResult, SearchStats, Value};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::time::Instant;

/// The depth stored for results that depended on no heuristic leaf (above
/// every searched depth; 7 bits).
const EXACT: u8 = 127;

/// The table's data words keep the top bits of the key's hash from here
/// (5 bits, above those of the bucket index) as a quick filter.
const TAG_SHIFT: u32 = 59;

/// The deepest iteration (plies; each sowing is one ply).
const MAX_DEPTH: u32 = 120;

/// The "being searched" marks: 2^14 (128 KiB).
const BUSY_LOG2: u32 = 14;

/// Marks are used at nodes at least this many plies above the horizon:
/// below, subtrees are too small to share out.
const BUSY_MIN_DEPTH: u32 = NEAR_DEPTH;

/// Buckets of each thread's private near-horizon table: 1 MiB.
const NEAR_BUCKETS: usize = 1 << 14;

/// Nodes less than this many plies above the horizon use the thread's
/// private table, when there is one.
const NEAR_DEPTH: u32 = 4;

/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 2048;

/// A table entry's contents (the key lives in [`Slot::check`]).
#[derive(Clone, Copy, Default)]
struct Entry {
    lower: i16,
    upper: i16,
    best: u8,
    /// The depth searched, or [`EXACT`].
    depth: u8,
    generation: u8,
    /// The depth an exact result was searched to (for heuristic results,
    /// `depth` again): with several threads, an exact result only answers
    /// at this depth or deeper, so that it is also what a search to the
    /// asked depth alone would have found.
    searched: u8,
}

/// Set in every stored data word, so an empty slot (all zero) never matches.
const OCCUPIED: u64 = 1 << 63;

impl Entry {
    /// The data word: bounds (16 bits each), move (4; 15 for none), depth
    /// (7), generation (8), searched depth (7), the key's `tag` (5).
    #[inline]
    fn pack(self, tag: u64) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.best.min(15)) << 32
            | u64::from(self.depth & 0x7F) << 36
            | u64::from(self.generation) << 43
            | u64::from(self.searched & 0x7F) << 51
            | tag << 58
            | OCCUPIED
    }

    /// The entry of a data word (an empty slot reads as all zero).
    #[inline]
    fn unpack(data: u64) -> Entry {
        let best = (data >> 32) as u8 & 15;
        Entry {
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            best: if best == 15 { u8::MAX } else { best },
            depth: (data >> 36) as u8 & 0x7F,
            generation: (data >> 43) as u8,
            searched: (data >> 51) as u8 & 0x7F,
        }
    }
}

/// One entry, shared by every search thread without locks: two words,
/// `check = key ^ mix(data)` and `data`, each read and written whole
/// (relaxed atomics: plain moves on x86-64). A reader takes the entry only
/// if `check ^ mix(data)` is its key. Two writers may interleave and leave
/// halves of two different writes; such a torn pair passes the test only if
/// the strong mixer maps the wrong data to exactly the right difference,
/// about one chance in 2^64 per probe, even though the keys themselves are
/// exact packings of the holes.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry stored here for `key` (whose hash has `tag` on top), if
    /// any. The tag turns most other keys away before the mixer runs.
    #[inline]
    fn get(&self, key: u64, tag: u64) -> Option<Entry> {
        let data = self.data.load(Relaxed);
        if data >> 58 != tag | 0x20 {
            return None;
        }
        let check = self.check.load(Relaxed);
        (check ^ mix(data) == key).then(|| Entry::unpack(data))
    }

    /// The entry stored here, whatever its key (for replacement).
    #[inline]
    fn peek(&self) -> Entry {
        Entry::unpack(self.data.load(Relaxed))
    }

    #[inline]
    fn set(&self, key: u64, tag: u64, entry: Entry) {
        let data = entry.pack(tag);
        self.check.store(key ^ mix(data), Relaxed);
        self.data.store(data, Relaxed);
    }

    fn clear(&self) {
        self.check.store(0, Relaxed);
        self.data.store(0, Relaxed);
    }
}

/// Four entries: one 64-byte cache line.
#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Slot; 4]);

/// Smart's search for one board size and rule variant (at most
/// [`SOLVER_MAX_HOLES`] holes and [`SOLVER_MAX_BEANS`] beans on the board).
pub(crate) struct SmartSearch {
    geometry: Geometry,
    endgame: Option<Arc<EndgameTable>>,
    table: Vec<Bucket>,
    busy: Busy,
    generation: u8,
    threads: usize,
    /// Whether each thread keeps the nodes near the horizon in a table of
    /// its own.
    near: bool,
    /// Heuristic leaves and heuristic table answers so far (main thread).
    guesses: u64,
}

impl std::fmt::Debug for SmartSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmartSearch")
            .field("holes", &self.geometry.n)
            .field("rules", &self.geometry.rules)
            .field("table_entries", &(self.table.len() * 4))
            .field("threads", &self.threads)
            .finish()
    }
}

/// The best move a thread found: its ring hole, value, the depth reached
/// and whether the value is exact.
type Found = (u8, i32, u32, bool);

/// What one thread searched.
#[derive(Default, Clone, Copy)]
struct Counters {
    nodes: u64,
    tt_hits: u64,
    tt_cutoffs: u64,
}

/// One search thread: its own counters, the shared table and stop flag.
struct Worker<'a> {
    geometry: Geometry,
    endgame: Option<&'a EndgameTable>,
    table: &'a [Bucket],
    generation: u8,
    /// 0 for the main thread.
    id: usize,
    counters: Counters,
    /// This thread's own table for the nodes within `near_depth` plies of
    /// the horizon (several threads only: threads that write the same
    /// table lines at every node pass them back and forth between cores,
    /// which cost more than the sharing saved).
    near: Vec<Bucket>,
    near_depth: u32,
    /// The shared "being searched" marks (several threads only).
    busy: Option<&'a Busy>,
    /// Heuristic leaves and heuristic table answers so far: a search whose
    /// count did not change is exact.
    guesses: u64,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    /// The deepest completed iteration of all threads.
    progress: &'a Progress,
    /// The iteration this thread searches.
    iteration: u32,
    /// Set once this thread saw the stop or its iteration was completed by
    /// another thread (its latest values are garbage).
    stopped: bool,
}

/// The stop flag, the deepest iteration any thread completed and its
/// result. Read at every node by every thread, so it has cache lines of its
/// own (sharing one with a thread's counters cost half the speed).
#[derive(Default)]
#[repr(align(128))]
struct Progress {
    stop: AtomicBool,
    completed: AtomicU32,
    best: std::sync::Mutex<Option<Found>>,
}

impl Progress {
    /// Records a completed iteration if none deeper was.
    fn publish(&self, found: Found) {
        if let Ok(mut best) = self.best.lock() {
            if best.is_none_or(|b| found.2 > b.2) {
                *best = Some(found);
                self.completed.fetch_max(found.2, Relaxed);
            }
        }
    }

    fn best(&self) -> Option<Found> {
        self.best.lock().ok().and_then(|best| *best)
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
        // The largest power of two that fits.
        let buckets = 1 << (usize::BITS - 1 - buckets.leading_zeros());
        Some(SmartSearch {
            geometry,
            endgame,
            table: (0..buckets).map(|_| Bucket::default()).collect(),
            busy: Busy::new(BUSY_LOG2),
            generation: 0,
            threads: 1,
            near: false,
            guesses: 0,
        })
    }

    /// Searches with `threads` threads (values below 1 count as 1), each
    /// with a private table near the horizon if `near`.
    pub(crate) fn set_threads(&mut self, threads: usize, near: bool) {
        self.threads = threads.max(1);
        self.near = near;
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
        for bucket in &self.table {
            bucket.0.iter().for_each(Slot::clear);
        }
        self.generation = 0;
    }

    fn worker<'a>(
        &'a self,
        id: usize,
        stop: &'a AtomicBool,
        progress: &'a Progress,
        deadline: Option<Instant>,
    ) -> Worker<'a> {
        Worker {
            geometry: self.geometry,
            endgame: self.endgame.as_deref(),
            table: &self.table,
            generation: self.generation,
            id,
            counters: Counters::default(),
            near: if self.near {
                (0..NEAR_BUCKETS).map(|_| Bucket::default()).collect()
            } else {
                Vec::new()
            },
            near_depth: if self.near { NEAR_DEPTH } else { 0 },
            busy: (self.threads > 1).then_some(&self.busy),
            guesses: if id == 0 { self.guesses } else { 0 },
            deadline,
            stop,
            progress,
            iteration: 0,
            stopped: false,
        }
    }

    /// Searches `position` (not over) by iterative deepening within
    /// `budget`, at most `max_depth` plies.
    ///
    /// With several threads (Lazy SMP with "being searched" marks) every
    /// thread deepens on the same root and shares the table; see
    /// [`Worker::deepen`]. The deepest completed result answers (exact ones
    /// first; the main thread's among equals).
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
        let timer = budget.start_now();
        let deadline = timer.hard_deadline();
        let max_depth = max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let progress = Progress::default();
        let stop = &progress.stop;
        let threads = self.threads;

        let this = &*self;
        let (main, guesses, counters) = if threads == 1 {
            let mut worker = this.worker(0, stop, &progress, deadline);
            let best = worker.deepen(&ring, beans, max_depth, &timer, &progress);
            (best, worker.guesses, vec![worker.counters])
        } else {
            std::thread::scope(|scope| {
                let (stop, progress, ring) = (&stop, &progress, &ring);
                let helpers: Vec<_> = (1..threads)
                    .map(|id| {
                        scope.spawn(move || {
                            let mut worker = this.worker(id, stop, progress, deadline);
                            worker.deepen(ring, beans, max_depth, &timer, progress);
                            worker.counters
                        })
                    })
                    .collect();
                let mut worker = this.worker(0, stop, progress, deadline);
                let best = worker.deepen(ring, beans, max_depth, &timer, progress);
                stop.store(true, Relaxed);
                let mut counters = vec![worker.counters];
                // A helper that panicked only loses its count.
                counters.extend(helpers.into_iter().filter_map(|h| h.join().ok()));
                (best, worker.guesses, counters)
            })
        };
        self.guesses = guesses;
        // Exact first, then the deepest; the main thread's among equals.
        let rank = |&(_, _, depth, exact): &Found| (exact, depth);
        let mut best = main;
        if let Some(other) = progress.best() {
            if best.is_none_or(|b| rank(&other) > rank(&b)) {
                best = Some(other);
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
        let sum = |f: fn(&Counters) -> u64| counters.iter().map(f).sum::<u64>();
        Some(SearchResult {
            best_move: Some(best_move),
            value,
            depth,
            pv: self.principal_variation(position, best_move),
            stats: SearchStats {
                depth,
                max_ply: depth,
                nodes: sum(|c| c.nodes),
                tt_hits: sum(|c| c.tt_hits),
                tt_cutoffs: sum(|c| c.tt_cutoffs),
                aspiration_researches: 0,
                elapsed: started.elapsed(),
                threads,
                ..SearchStats::default()
            },
            exact,
        })
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
            let hash = mix(key);
            let index = hash as usize & (self.table.len() - 1);
            let tag = hash >> TAG_SHIFT;
            let Some(e) = self.table[index]
                .0
                .iter()
                .find_map(|slot| slot.get(key, tag))
            else {
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

impl Worker<'_> {
    /// Bucket `index` of the shared table, then of the private one.
    #[inline]
    fn bucket(&self, index: usize) -> &Bucket {
        match self.table.get(index) {
            Some(bucket) => bucket,
            None => &self.near[index - self.table.len()],
        }
    }

    /// Iterative deepening on the root; returns this thread's best move
    /// (for the main thread, an interrupted iteration's too).
    ///
    /// Every thread works on the iteration after the deepest any thread
    /// completed: when one completes an iteration, the others abandon theirs
    /// and go on to the next. The thread that completes `max_depth` (or an
    /// exact value) stops them all; the main thread (id 0) also stops them
    /// at the soft deadline.
    fn deepen(
        &mut self,
        ring: &Ring,
        beans: i32,
        max_depth: u32,
        timer: &Timer,
        shared: &Progress,
    ) -> Option<Found> {
        let mut best: Option<Found> = None;
        let mut depth = 1;
        while depth <= max_depth {
            let done = shared.completed.load(Relaxed);
            if done >= depth {
                // Another thread completed this iteration: take its move.
                if let Some(found) = shared.best() {
                    if best.is_none_or(|b| found.2 > b.2) {
                        best = Some(found);
                    }
                }
                depth = done + 1;
                continue;
            }
            self.iteration = depth;
            let guesses = self.guesses;
            let previous = best.map(|(hole, ..)| hole);
            let result = self.root(ring, beans, depth, previous);
            if self.stopped && !self.stop.load(Relaxed) {
                // Abandoned for a deeper iteration (not stopped).
                self.stopped = false;
                continue;
            }
            let Some((hole, value, complete)) = result else {
                break;
            };
            let exact = complete && self.guesses == guesses;
            if self.id == 0 {
                // An interrupted iteration still answers when its first move
                // (the previous best) was searched: a move that beat it is
                // better.
                let reached = if complete { depth } else { depth - 1 };
                best = Some((hole, value, reached, exact));
            } else if complete {
                best = Some((hole, value, depth, exact));
            }
            if complete {
                shared.publish((hole, value, depth, exact));
            }
            if !complete || exact || depth == max_depth || (self.id == 0 && timer.soft_expired()) {
                if complete {
                    self.stop.store(true, Relaxed);
                }
                break;
            }
            depth += 1;
        }
        best
    }

    /// One root iteration: every move with a full window, the previous best
    /// first. Returns the best move, its value and whether the iteration
    /// completed; `None` when the search stopped before the first move was
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
        self.counters.nodes += 1;
        if self.counters.nodes % CLOCK_INTERVAL == 0 {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.stop.store(true, Relaxed);
                }
            }
        }
        if self.stop.load(Relaxed) || self.progress.completed.load(Relaxed) >= self.iteration {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let g = self.geometry;
        if let Some(table) = self.endgame {
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
        let slot = g.key(*ring).map(|key| {
            let full = mix(key);
            let (hash, tag) = (full as usize, full >> TAG_SHIFT);
            if depth < self.near_depth {
                (key, self.table.len() + (hash & (self.near.len() - 1)), tag)
            } else {
                (key, hash & (self.table.len() - 1), tag)
            }
        });
        let mut table_move = u8::MAX;
        // Where the entry was (checked again before a store reuses it).
        let mut at = usize::MAX;
        if let Some((key, index, tag)) = slot {
            let found = (self.bucket(index).0.iter().enumerate())
                .find_map(|(i, slot)| slot.get(key, tag).map(|e| (i, e)));
            if let Some((i, e)) = found {
                at = i;
                self.counters.tt_hits += 1;
                table_move = e.best;
                // A heuristic bound answers only at the depth it was searched
                // to, an exact one at its search depth or deeper: every bound
                // is then what this depth alone would prove, so the value of a
                // fixed-depth search is the same with any number of threads
                // (with `>=` for heuristic bounds too, one thread would take
                // deeper results that a parallel search may or may not have).
                let usable = u32::from(e.depth) == depth
                    || (e.depth == EXACT && u32::from(e.searched) <= depth);
                if usable {
                    let (lo, hi) = (i32::from(e.lower), i32::from(e.upper));
                    let heuristic = e.depth != EXACT;
                    if lo >= beta || hi <= alpha || lo == hi {
                        self.counters.tt_cutoffs += 1;
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
            let exact = match (child.terminal, self.endgame) {
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
                        self.store(slot, at, v, alpha0, beta0, best_hole, depth, guesses);
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
        // With several threads, later moves another thread is searching
        // wait for a second pass (see `Busy`).
        let busy = match (self.busy, slot) {
            (Some(busy), Some((key, ..))) if depth >= BUSY_MIN_DEPTH => Some((busy, key)),
            _ => None,
        };
        let mut searched = 0;
        let mut deferred = 0u32;
        'passes: for pass in 0..2 {
            for (i, child) in children[..count].iter().enumerate() {
                if pass == 1 && deferred & (1 << i) == 0 {
                    continue;
                }
                let mark = match busy {
                    Some((busy, key)) if pass == 0 => {
                        let tag = Busy::move_key(key, usize::from(child.hole));
                        if searched > 0 && busy.is_busy(tag) {
                            deferred |= 1 << i;
                            continue;
                        }
                        busy.enter(tag);
                        Some((busy, tag))
                    }
                    _ => None,
                };
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
                if let Some((busy, tag)) = mark {
                    busy.leave(tag);
                }
                searched += 1;
                if self.stopped {
                    // Interrupted: nothing below is worth storing.
                    return 0;
                }
                if v > best {
                    best = v;
                    best_hole = child.hole;
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            break 'passes;
                        }
                    }
                }
            }
            if deferred == 0 {
                break;
            }
        }
        self.store(slot, at, best, alpha0, beta0, best_hole, depth, guesses);
        best
    }

    /// The quiescence search at the horizon: the evaluation, or a capture if
    /// one does better (captures only shrink the board, so it ends).
    fn quiesce(&mut self, ring: &Ring, beans: i32, mut alpha: i32, beta: i32) -> i32 {
        self.counters.nodes += 1;
        let g = self.geometry;
        if let Some(table) = self.endgame {
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

    /// Stores a node's fail-soft result with the bounds it proves (`at`:
    /// the slot where the probe found the key, if it did).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn store(
        &mut self,
        slot: Option<(u64, usize, u64)>,
        at: usize,
        value: i32,
        alpha: i32,
        beta: i32,
        best: u8,
        depth: u32,
        guesses: u64,
    ) {
        let Some((key, index, tag)) = slot else {
            return;
        };
        let searched = depth.min(u32::from(EXACT) - 1) as u8;
        let depth = if self.guesses == guesses {
            EXACT
        } else {
            searched
        };
        let (lower, upper) = if value <= alpha {
            (i16::MIN, value as i16)
        } else if value >= beta {
            (value as i16, i16::MAX)
        } else {
            (value as i16, value as i16)
        };
        let generation = self.generation;
        let bucket = &self.bucket(index).0;
        // A position never recurs below itself (with no bean reaching a
        // pot, each sowing moves the mover's beans forward), so a key the
        // probe missed is still missing, but for another thread's store: a
        // duplicate then, which costs a slot, never a wrong bound.
        let found = bucket
            .get(at)
            .and_then(|slot| Some((slot, slot.get(key, tag)?)));
        if let Some((slot, mut e)) = found {
            if depth == e.depth {
                e.lower = e.lower.max(lower);
                e.upper = e.upper.min(upper);
                e.best = best;
                e.searched = e.searched.max(searched);
            } else if depth > e.depth {
                // Deeper (or exact) knowledge replaces shallower bounds.
                (e.lower, e.upper, e.best, e.depth) = (lower, upper, best, depth);
                e.searched = searched;
            }
            e.generation = generation;
            slot.set(key, tag, e);
            return;
        }
        // Replace an entry of an earlier move first, then the shallowest.
        let worth = |e: Entry| {
            if e.generation == generation {
                i32::from(e.depth) + 256
            } else {
                i32::from(e.depth)
            }
        };
        let mut victim = 0;
        let mut victim_worth = worth(bucket[0].peek());
        for (i, slot) in bucket.iter().enumerate().skip(1) {
            let w = worth(slot.peek());
            if w < victim_worth {
                (victim, victim_worth) = (i, w);
            }
        }
        bucket[victim].set(
            key,
            tag,
            Entry {
                lower,
                upper,
                best,
                depth,
                generation,
                searched,
            },
        );
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
