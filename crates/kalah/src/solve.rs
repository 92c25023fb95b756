//! The exact solver: the game value under perfect play, for boards up to
//! [`SOLVER_MAX_HOLES`] holes per side.
//!
//! # Design
//! The generic `search` crate plays well under a clock, but solving Kalah(6,4)
//! needs a specialised engine. This one follows the levers of the published
//! solvers (spec §10: Irving, Donkers & Uiterwijk 2000; CMancala):
//!
//! - **Relative values.** The pots never influence the rest of the game, so
//!   the value of a position is its store difference plus a function `V` of
//!   the holes alone, seen from the side to move: `V` is what the mover will
//!   still gain minus what the opponent will still gain. Positions are kept
//!   "mover first": the mover's row in sowing order, then the opponent's, so
//!   North and South share every table entry.
//! - **MTD(f)** (Plaat et al. 1996): repeated null-window fail-soft
//!   alpha-beta searches converge on `V`; values of a board with `B` beans
//!   have the parity of `B`, so each probe moves by 2.
//! - **Transposition table** of 8-byte entries keyed on the packed holes (5
//!   bits per hole for 6 holes), in 8-entry buckets of one 64-byte cache
//!   line each (the entry that cost the least work is replaced). Hits are
//!   exact: the packed key goes through a bijective scramble whose low bits
//!   pick the bucket and whose other bits (the quotient) are stored, as in
//!   CMancala. Entries of 16 bytes (the key beside the data) took the 6×4
//!   `standard` solve 88.4 s in a 1 GiB table; 8-byte entries in 512 MiB,
//!   69.2 s (fewer nodes too, 217 M against 223 M: eight entries per bucket
//!   instead of four); with the 18-bean database the default is now 2^25
//!   entries (256 MiB), faster still. Because the
//!   search is exact, a stored lower and upper bound stay valid forever and
//!   are merged. Optionally, positions with few beans go to a small separate
//!   table, and the smallest subtrees skip the table altogether.
//! - **Futility bounds**: `V` lies within ± the beans on the board.
//! - **Enhanced transposition cutoffs**: children are probed in the endgame
//!   database (always) and the table (at nodes with at least 26 beans on the
//!   board by default) before any is searched. All children are played
//!   first and their database entries and table lines prefetched together
//!   (a hint that does not wait), so their cache misses overlap with each
//!   other and with the parent's work: on the measuring machine the solver
//!   is bound by memory latency, not by instructions. The prefetch took the
//!   6×4 `empty-capture` solve from 46.8 s to 39.2 s (same load, one run
//!   each; the earlier version read one word of each line and so waited for
//!   the misses).
//! - **Move ordering**: table move, then extra-turn moves (nearest the pot
//!   first), then captures (largest first), then by beans gained.
//! - **Endgame database**: `V` of every position with at most `K` beans on
//!   the board, built by memoised recursion in increasing bean count and
//!   indexed combinatorially (compositions of `K` into `2n + 1` parts).
//!
//! - **Threads** (optional): every probe runs on all threads over the
//!   shared table (each entry one atomic word, so never torn: no lock and
//!   no `unsafe`); a thread puts off the moves another thread is
//!   searching, and the first to finish answers.
//!
//! All three rule variants share the engine: they differ only in the capture
//! test and the end test, which are checked after each sowing.

use crate::eval::BEAN;
use crate::position::Position;
use crate::ring::{Child, Geometry, Ring, RING_MAX_BEANS, RING_MAX_HOLES};
use crate::rules::Rules;
use crate::side::Side;
use crate::smart_search::SmartSearch;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The largest board (holes per side) the solver accepts.
pub const SOLVER_MAX_HOLES: usize = RING_MAX_HOLES;

/// The most beans on the board (pots excluded) the solver accepts.
pub const SOLVER_MAX_BEANS: u32 = RING_MAX_BEANS;

/// Options of the solver.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveOptions {
    tt_log2: Option<u32>,
    endgame_beans: Option<u32>,
    endgame_max_entries: u64,
    etc_min_beans: u32,
    tt_min_beans: u32,
    near_beans: u32,
    near_log2: u32,
    guess_depth: u32,
    threads: usize,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            tt_log2: None,
            endgame_beans: None,
            endgame_max_entries: 90_000_000,
            etc_min_beans: 26,
            tt_min_beans: 0,
            near_beans: 0,
            near_log2: 18,
            guess_depth: 12,
            threads: 1,
        }
    }
}

impl SolveOptions {
    /// Sets the transposition table to `2^log2` entries of 8 bytes,
    /// clamped to 10..=30. By default the size follows the beans on the
    /// board: 2^18 entries (2 MiB) up to 24 beans, 2^22 (32 MiB) up to 36,
    /// 2^25 (256 MiB) beyond. On Kalah(6,4) `standard` with the 18-bean
    /// database (quiet machine): 2^24 entries 167.2 M nodes and 62.1 s,
    /// 2^25 139.0 M and 56.7–58.3 s, 2^26 129.2 M and 58.9–60.6 s (a larger
    /// table costs more per miss than it saves in nodes).
    #[must_use]
    pub fn with_tt_log2(mut self, log2: u32) -> SolveOptions {
        self.tt_log2 = Some(log2.clamp(10, 30));
        self
    }

    /// Probes the children of nodes with at least `beans` beans on the board
    /// in the table before searching any (enhanced transposition cutoff;
    /// default 26: near the leaves the probes cost more than the cutoffs
    /// save. Kalah(6,4) `standard`, one run each, quiet, one after the
    /// other: 26 beans 209.5 M nodes and 69.5 s, 28 beans 213.6 M and
    /// 70.7 s, 32 beans 217.0 M and 71.6 s; 20 beans needs 167.5 M nodes
    /// but was slower).
    #[must_use]
    pub fn with_etc_min_beans(mut self, beans: u32) -> SolveOptions {
        self.etc_min_beans = beans;
        self
    }

    /// Uses the transposition table only for positions with at least `beans`
    /// beans on the board: smaller subtrees are cheaper to search again than
    /// a cache miss.
    #[must_use]
    pub fn with_tt_min_beans(mut self, beans: u32) -> SolveOptions {
        self.tt_min_beans = beans;
        self
    }

    /// Keeps positions with fewer than `beans` beans on the board in a
    /// separate small table of `2^log2` entries (clamped to 10..=26) that
    /// stays in the processor's cache: these positions are most of the
    /// nodes, and their subtrees are small.
    #[must_use]
    pub fn with_near_table(mut self, beans: u32, log2: u32) -> SolveOptions {
        self.near_beans = beans;
        self.near_log2 = log2.clamp(10, 26);
        self
    }

    /// Starts MTD(f) from the value of a heuristic search `depth` plies deep
    /// (SmartPlayer's search with the Kalah evaluation; default 12, 0 starts
    /// from a draw). Each probe of MTD(f) costs a full tree, and a guess
    /// near the true value saves the probes between.
    #[must_use]
    pub fn with_guess_depth(mut self, depth: u32) -> SolveOptions {
        self.guess_depth = depth;
        self
    }

    /// Searches with `threads` threads (values below 1 count as 1; default
    /// 1, the `kalah` binary's default is every core). Every MTD(f) probe
    /// runs on all threads sharing the table (Lazy SMP with "being searched"
    /// marks: a thread puts off the moves another is searching); the first
    /// to finish answers and the others stop. The value and best moves are
    /// the same with any count.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> SolveOptions {
        self.threads = threads.max(1);
        self
    }

    /// Returns the number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Sets the endgame database to every position with at most `beans`
    /// beans on the board (0 turns it off). By default the solver picks the
    /// largest count whose database has at most 90 million entries (one
    /// byte each; 18 beans on 6 holes), but at most two fifths of the beans
    /// on the board (building a database larger than the search needs
    /// costs more than it saves). Kalah(6,4) `standard`, one run each: 16
    /// beans 209.5 M nodes and 71.9 s, 17 beans 167.9 M and 66.9 s, 18
    /// beans 129.2 M and 62.2 s (16.3 s of it building the database).
    #[must_use]
    pub fn with_endgame_beans(mut self, beans: u32) -> SolveOptions {
        self.endgame_beans = Some(beans);
        self
    }
}

/// One finished MTD(f) probe, reported while a long solve runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveProgress {
    /// The lowest value still possible (side to move's view, stores included).
    pub lower: i32,
    /// The highest value still possible.
    pub upper: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the solve began.
    pub elapsed: Duration,
}

/// The result of a solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveReport {
    /// The final pot difference the side to move reaches with perfect play by
    /// both sides (its pot minus the opponent's).
    pub value: i32,
    /// The side to move in the solved position.
    pub to_move: Side,
    /// Every hole whose move reaches `value`, in increasing order (empty when
    /// the game is already over).
    pub best_moves: Vec<usize>,
    /// Nodes searched (endgame database build excluded).
    pub nodes: u64,
    /// Time for the whole solve, database build included.
    pub elapsed: Duration,
    /// Time spent building the endgame database.
    pub endgame_elapsed: Duration,
    /// The endgame database's bean limit (0 when none was used).
    pub endgame_beans: u32,
    /// Search threads used.
    pub threads: usize,
}

impl SolveReport {
    /// Returns the value for South (the first player): South's final pot minus
    /// North's.
    pub fn south_value(&self) -> i32 {
        match self.to_move {
            Side::South => self.value,
            Side::North => -self.value,
        }
    }
}

/// Why a position cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// More holes per side than [`SOLVER_MAX_HOLES`].
    TooManyHoles(usize),
    /// More beans on the board than [`SOLVER_MAX_BEANS`].
    TooManyBeans(u32),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::TooManyHoles(n) => write!(
                f,
                "the solver handles at most {SOLVER_MAX_HOLES} holes per side, not {n}"
            ),
            SolveError::TooManyBeans(b) => write!(
                f,
                "the solver handles at most {SOLVER_MAX_BEANS} beans on the board, not {b}"
            ),
        }
    }
}

impl std::error::Error for SolveError {}

/// A table entry's contents: bounds on `V`, the best hole and the work.
#[derive(Clone, Copy)]
struct Entry {
    /// A lower bound (`UNBOUNDED_BELOW` when none is known).
    lower: i32,
    /// An upper bound (`UNBOUNDED_ABOVE` when none is known).
    upper: i32,
    /// The best hole found, `u8::MAX` for none.
    best: u8,
    /// Bit length of the node count of the search that stored it.
    work: u8,
}

/// No lower bound (what a fail-low search stores as its lower bound).
const UNBOUNDED_BELOW: i32 = i16::MIN as i32;
/// No upper bound.
const UNBOUNDED_ABOVE: i32 = i16::MAX as i32;

/// A table word: bits 0..7 the lower bound and 7..14 the upper bound (7-bit
/// two's complement; bounds beyond ±62 are stored weakened, with -64 and 63
/// meaning "none", so they stay sound on any board, and on 6×4, whose
/// values lie within ±48, they are exact), 14..18 the best hole (15: none),
/// 18..23 the work (saturating), bit 23 set in every stored word (an empty
/// slot is all zero), and 24..64 the key's quotient (see [`Place`]).
const QUOTIENT_SHIFT: u32 = 24;
/// Bits left for the quotient of the scrambled key.
const QUOTIENT_BITS: u32 = 64 - QUOTIENT_SHIFT;
const OCCUPIED: u64 = 1 << (QUOTIENT_SHIFT - 1);

impl Entry {
    /// The table word of this entry for a key with this `quotient`.
    #[inline]
    fn pack(self, quotient: u64) -> u64 {
        let lower = if self.lower <= -64 {
            -64
        } else {
            self.lower.min(62)
        };
        let upper = if self.upper >= 63 {
            63
        } else {
            self.upper.max(-63)
        };
        (lower as u64 & 0x7F)
            | (upper as u64 & 0x7F) << 7
            | u64::from(self.best.min(15)) << 14
            | u64::from(self.work.min(31)) << 18
            | OCCUPIED
            | quotient << QUOTIENT_SHIFT
    }

    /// The entry of a stored word.
    #[inline]
    fn unpack(word: u64) -> Entry {
        // Sign-extend the two 7-bit fields.
        let lower = ((word as i32) << 25) >> 25;
        let upper = (((word >> 7) as i32) << 25) >> 25;
        let best = ((word >> 14) & 15) as u8;
        Entry {
            lower: if lower == -64 { UNBOUNDED_BELOW } else { lower },
            upper: if upper == 63 { UNBOUNDED_ABOVE } else { upper },
            best: if best == 15 { u8::MAX } else { best },
            work: ((word >> 18) & 31) as u8,
        }
    }
}

/// One 8-byte entry, shared by every solver thread without locks: a single
/// word, read and written whole (relaxed atomics: plain moves on x86-64),
/// so it can never be torn. The key is exact: a bucket holds only keys
/// whose scrambled value has that bucket's index in its low bits, and the
/// word keeps the rest (the quotient), so index and quotient together give
/// the key back. Every stored bound is exact, whoever stored it, so
/// threads never need to agree on anything else.
#[derive(Default)]
struct Slot(AtomicU64);

impl Slot {
    /// The entry stored here for the key of `place`, if any.
    #[inline]
    fn get(&self, place: &Place) -> Option<Entry> {
        let word = self.0.load(Relaxed);
        (word >> (QUOTIENT_SHIFT - 1) == (place.quotient << 1 | 1)).then(|| Entry::unpack(word))
    }

    #[inline]
    fn set(&self, place: &Place, entry: Entry) {
        self.0.store(entry.pack(place.quotient), Relaxed);
    }

    /// The work of whatever entry is stored here (0 when empty).
    #[inline]
    fn work(&self) -> u8 {
        Entry::unpack(self.0.load(Relaxed)).work
    }
}

/// Where a key lives in the table: its bucket, and the part of its
/// scrambled value that the bucket index does not give (kept in the word).
#[derive(Clone, Copy)]
struct Place {
    key: u64,
    index: usize,
    quotient: u64,
}

/// Entries per table bucket: eight 8-byte entries fill one 64-byte cache
/// line, so a probe costs at most one cache miss.
const BUCKET: usize = 8;

/// One cache line of the transposition table.
#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Slot; BUCKET]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// A bijection of the `bits`-bit numbers (two odd multiplications and two
/// xor-shifts, each invertible modulo `2^bits`) that spreads packed keys
/// over the table: its low bits index the bucket, the rest is the quotient.
#[inline]
fn scramble(key: u64, bits: u32) -> u64 {
    let mask = if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let shift = bits.div_ceil(2).max(1);
    let mut x = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) & mask;
    x ^= x >> shift;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9) & mask;
    x ^ (x >> shift)
}

/// Where a child's value may be known without searching it.
#[derive(Clone, Copy)]
enum Lookup {
    /// Nowhere (the game ended, or a hole is too full for a table key).
    None,
    /// The endgame database entry at this index.
    Db(usize),
    /// The table key and bucket.
    Tt(Place),
}

/// Combinatorial index of all positions with at most `k` beans on `2n` holes.
pub(crate) struct EndgameDb {
    pub(crate) k: u32,
    parts: usize,
    /// `compositions[p * stride + r]` = compositions of `r` into `p` parts.
    compositions: Vec<u64>,
    stride: usize,
    /// `value + 128`, 0 while unknown (so a fresh table is zeroed memory
    /// that the system hands out page by page as it is touched).
    values: Vec<u8>,
}

const UNKNOWN: u8 = 0;

impl EndgameDb {
    fn count(holes: usize, k: u32) -> u64 {
        // Compositions of k into 2n+1 parts: C(k + 2n, 2n).
        let m = 2 * holes as u64;
        let mut c: u64 = 1;
        for i in 1..=m {
            c = c.saturating_mul(u64::from(k) + i) / i;
        }
        c
    }

    fn new(holes: usize, k: u32) -> EndgameDb {
        let parts = 2 * holes + 1;
        let stride = k as usize + 1;
        let mut compositions = vec![0u64; (parts + 2) * stride];
        for p in 1..parts + 2 {
            compositions[p * stride] = 1;
            for r in 1..=k as usize {
                // First part 0 (the other p−1 parts sum to r) or at least 1.
                compositions[p * stride + r] =
                    compositions[(p - 1) * stride + r] + compositions[p * stride + r - 1];
            }
        }
        let size = compositions[parts * stride + k as usize] as usize;
        EndgameDb {
            k,
            parts,
            compositions,
            stride,
            values: huge_page_bytes(size, UNKNOWN),
        }
    }

    /// Lexicographic rank of the holes (plus the slack part) among the
    /// compositions of `k` into `2n + 1` parts.
    #[inline]
    fn index(&self, geometry: &Geometry, ring: &Ring) -> usize {
        let n = geometry.n;
        let mut remaining = self.k as usize;
        let mut rank = 0u64;
        let mut row = self.parts * self.stride;
        for slot in 0..2 * n {
            let b = usize::from(ring.get(slot));
            // Compositions whose part here is below b: those of `remaining`
            // minus those of `remaining - b` into the parts left (+1).
            rank += self.compositions[row + remaining];
            remaining -= b;
            rank -= self.compositions[row + remaining];
            row -= self.stride;
        }
        rank as usize
    }

    fn build(&mut self, geometry: &Geometry) {
        let n = geometry.n;
        let mut ring = Ring::default();
        for total in 0..=self.k {
            self.enumerate(geometry, &mut ring, 0, total, n);
        }
    }

    fn enumerate(&mut self, g: &Geometry, ring: &mut Ring, slot: usize, left: u32, n: usize) {
        if slot == 2 * n - 1 {
            ring.set(slot, left as u8);
            let index = self.index(g, ring);
            self.value_at(g, ring, index);
            return;
        }
        for b in 0..=left {
            ring.set(slot, b as u8);
            self.enumerate(g, ring, slot + 1, left - b, n);
        }
        ring.set(slot, 0);
    }

    /// The value of `ring`, whose index is `index`, computed (and stored)
    /// from its children's if not known yet. The children's entries are
    /// prefetched together before any is read: the table is read at random,
    /// and on the measuring machine overlapping those misses took the
    /// 18-bean database from 17.1 s to 15.1 s (6 holes, one run each).
    fn value_at(&mut self, g: &Geometry, ring: &Ring, index: usize) -> i32 {
        let known = self.values[index];
        if known != UNKNOWN {
            return i32::from(known) - 128;
        }
        let value = match g.terminal_at_rest(*ring) {
            Some(v) => v,
            None => {
                let mut children = [(Child::default(), 0usize); SOLVER_MAX_HOLES];
                let mut count = 0;
                for i in 0..g.n {
                    if ring.get(i) == 0 {
                        continue;
                    }
                    let child = g.play(*ring, i);
                    let at = if child.terminal.is_none() {
                        let at = self.index(g, &child.ring);
                        prefetch(&self.values[at]);
                        at
                    } else {
                        0
                    };
                    children[count] = (child, at);
                    count += 1;
                }
                let mut best = i32::MIN;
                for &(child, at) in &children[..count] {
                    let v = match child.terminal {
                        Some(rest) => child.gain + rest,
                        None if child.extra => child.gain + self.value_at(g, &child.ring, at),
                        None => child.gain - self.value_at(g, &child.ring, at),
                    };
                    best = best.max(v);
                }
                best
            }
        };
        self.values[index] = (value + 128) as u8;
        value
    }

    /// The value of a fully built table's position.
    #[inline]
    pub(crate) fn get(&self, g: &Geometry, ring: &Ring) -> i32 {
        i32::from(self.values[self.index(g, ring)]) - 128
    }
}

/// An endgame database: the exact value of every position of one board size
/// and rule variant with at most [`max_beans`](EndgameTable::max_beans) beans
/// in the holes, one byte per position.
///
/// The value is the rest of the game for the side to move (what it will
/// still put in its pot minus what the opponent will), so it applies to any
/// stores.
pub struct EndgameTable {
    pub(crate) geometry: Geometry,
    pub(crate) db: EndgameDb,
}

impl std::fmt::Debug for EndgameTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "EndgameTable({} holes, {}, <= {} beans)",
            self.geometry.n, self.geometry.rules, self.db.k
        )
    }
}

impl EndgameTable {
    /// Returns the number of positions (bytes) of the table for `holes`
    /// holes and at most `beans` beans.
    pub fn entries(holes: usize, beans: u32) -> u64 {
        EndgameDb::count(holes, beans)
    }

    /// Returns the largest bean limit whose table has at most `max_entries`
    /// entries, or `None` if even 1 bean is too many or `holes` is out of range.
    pub fn largest_within(holes: usize, max_entries: u64) -> Option<u32> {
        if !(1..=SOLVER_MAX_HOLES).contains(&holes) {
            return None;
        }
        let mut k = 0;
        while k < MAX_ENDGAME_BEANS && EndgameDb::count(holes, k + 1) <= max_entries {
            k += 1;
        }
        (k > 0).then_some(k)
    }

    /// Builds the table for `holes` holes under `rules` with at most `beans`
    /// beans on the board. `None` when `holes` is not in
    /// 1..=[`SOLVER_MAX_HOLES`] or `beans` above 120.
    pub fn build(holes: usize, rules: Rules, beans: u32) -> Option<EndgameTable> {
        if !(1..=SOLVER_MAX_HOLES).contains(&holes) || beans > MAX_ENDGAME_BEANS {
            return None;
        }
        let geometry = Geometry::new(holes, rules);
        let mut db = EndgameDb::new(holes, beans);
        db.build(&geometry);
        Some(EndgameTable { geometry, db })
    }

    /// Returns the bean limit.
    pub fn max_beans(&self) -> u32 {
        self.db.k
    }

    /// Returns the rule variant the table was built for.
    pub fn rules(&self) -> Rules {
        self.geometry.rules
    }

    /// Returns the rest-of-game value of `position` for its side to move, or
    /// `None` if the table does not cover it (other size or rules, too many
    /// beans). A finished position has value 0: its beans are in the pots.
    pub fn value(&self, position: &Position) -> Option<i32> {
        if position.rules() != self.geometry.rules {
            return None;
        }
        if position.is_over() {
            return Some(0);
        }
        let (ring, beans) = self.geometry.ring_of(position)?;
        (beans <= self.db.k).then(|| self.db.get(&self.geometry, &ring))
    }
}

/// The largest bean limit an endgame table may have (values fit in a byte).
const MAX_ENDGAME_BEANS: u32 = 120;

/// The exact solver for one board size and rule variant; keeps its tables
/// between solves.
///
/// # Examples
/// ```
/// use kalah::{Position, Rules, Solver, SolveOptions};
/// let start = Position::start(4, 2, Rules::Standard);
/// let mut solver = Solver::new(4, Rules::Standard, SolveOptions::default().with_tt_log2(16));
/// let report = solver.solve(&start).unwrap();
/// assert_eq!(report.value % 2, 0); // 16 beans: the margin is even
/// ```
pub struct Solver {
    geometry: Geometry,
    options: SolveOptions,
    /// The main table's buckets, then the near-leaf table's.
    tt: Vec<Bucket>,
    tt_mask: usize,
    near_mask: usize,
    /// Bits per hole of the table keys (see [`Solver::prepare`]).
    key_bits: u32,
    db: Option<EndgameDb>,
    db_elapsed: Duration,
    nodes: u64,
    /// "Being searched" marks for several threads.
    busy: Busy,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("holes", &self.geometry.n)
            .field("rules", &self.geometry.rules)
            .field("options", &self.options)
            .finish()
    }
}

impl Solver {
    /// Creates a solver for boards of `holes` holes per side (at most
    /// [`SOLVER_MAX_HOLES`]; larger values are lowered to it) under `rules`.
    /// The tables are allocated lazily on the first solve.
    pub fn new(holes: usize, rules: Rules, options: SolveOptions) -> Solver {
        Solver {
            geometry: Geometry::new(holes, rules),
            options,
            tt: Vec::new(),
            tt_mask: 0,
            near_mask: 0,
            key_bits: 0,
            db: None,
            db_elapsed: Duration::ZERO,
            nodes: 0,
            busy: Busy::new(if options.threads > 1 { 16 } else { 0 }),
        }
    }

    fn prepare(&mut self, board_beans: u32) {
        if self.tt.is_empty() {
            let log2 = self.options.tt_log2.unwrap_or(match board_beans {
                0..=24 => 18,
                25..=36 => 22,
                _ => 25,
            });
            let buckets = (1usize << log2) / BUCKET;
            let near = (1usize << self.options.near_log2) / BUCKET;
            self.tt = huge_page_table(buckets + near);
            self.tt_mask = buckets - 1;
            self.near_mask = near - 1;
            // Keys must come back exactly from bucket index and quotient:
            // `2n × bits − log2(buckets) <= QUOTIENT_BITS` for the smaller
            // table in use. (6 holes: 5 bits, holes up to 31 beans, from
            // 2^20 buckets up.) Fuller holes are not cached.
            let index_bits = if self.options.near_beans > 0 {
                buckets.min(near).trailing_zeros()
            } else {
                buckets.trailing_zeros()
            };
            let holes = 2 * self.geometry.n as u32;
            self.key_bits = self
                .geometry
                .key_bits_per_hole()
                .min((QUOTIENT_BITS + index_bits) / holes);
        }
        let want = match self.options.endgame_beans {
            Some(k) => k,
            // Two fifths of the beans: on Kalah(6,3) a 14-bean database
            // (10 million positions, 1.5 s to build) beat the 16-bean one
            // (30 million, 6 s) by 2x overall; 6x4 gets 18.
            None => EndgameTable::largest_within(self.geometry.n, self.options.endgame_max_entries)
                .unwrap_or(0)
                .min(board_beans * 2 / 5),
        }
        .min(board_beans.saturating_sub(1))
        .min(MAX_ENDGAME_BEANS);
        let have = self.db.as_ref().map_or(0, |db| db.k);
        if want > have && EndgameDb::count(self.geometry.n, want) <= 1 << 32 {
            let started = Instant::now();
            let mut db = EndgameDb::new(self.geometry.n, want);
            db.build(&self.geometry);
            self.db = Some(db);
            self.db_elapsed += started.elapsed();
        }
    }

    /// Builds the endgame database now (normally done by the first solve) and
    /// returns its bean limit.
    pub fn build_endgame(&mut self, board_beans: u32) -> u32 {
        self.prepare(board_beans);
        self.db.as_ref().map_or(0, |db| db.k)
    }

    /// Solves `position` exactly.
    ///
    /// # Errors
    /// [`SolveError`] when the board is larger than the solver handles.
    pub fn solve(&mut self, position: &Position) -> Result<SolveReport, SolveError> {
        self.solve_with_progress(position, |_| {})
    }

    /// Solves `position` exactly, calling `progress` after each MTD(f) probe.
    ///
    /// # Errors
    /// [`SolveError`] when the board is larger than the solver handles.
    pub fn solve_with_progress(
        &mut self,
        position: &Position,
        mut progress: impl FnMut(&SolveProgress),
    ) -> Result<SolveReport, SolveError> {
        let started = Instant::now();
        if position.board().holes() > SOLVER_MAX_HOLES {
            return Err(SolveError::TooManyHoles(position.board().holes()));
        }
        let board = position.board();
        let beans = board.beans_in_all_holes();
        if beans > SOLVER_MAX_BEANS {
            return Err(SolveError::TooManyBeans(beans));
        }
        let (ring, beans) = self
            .geometry
            .ring_of(position)
            .ok_or(SolveError::TooManyHoles(board.holes()))?;
        let mover = position.to_move();
        let board = position.board();
        let stores = board.pot(mover) as i32 - board.pot(mover.opponent()) as i32;
        let nodes_before = self.nodes;
        let db_before = self.db_elapsed;
        if position.is_over() {
            return Ok(SolveReport {
                value: stores,
                to_move: mover,
                best_moves: Vec::new(),
                nodes: 0,
                elapsed: started.elapsed(),
                endgame_elapsed: Duration::ZERO,
                endgame_beans: 0,
                threads: self.options.threads,
            });
        }
        self.prepare(beans);
        let b = beans as i32;
        let (mut lower, mut upper) = (-b, b);
        let mut guess = self.first_guess(position, stores, b);
        while lower < upper {
            let beta = if guess <= lower {
                lower + 2
            } else {
                guess.min(upper)
            };
            let v = self.probe(&ring, b, beta - 1, beta);
            if v < beta {
                upper = v;
            } else {
                lower = v;
            }
            // Values have the parity of the beans on the board.
            if (upper - b).rem_euclid(2) != 0 {
                upper -= 1;
            }
            if (lower - b).rem_euclid(2) != 0 {
                lower += 1;
            }
            guess = v;
            progress(&SolveProgress {
                lower: stores + lower,
                upper: stores + upper,
                nodes: self.nodes - nodes_before,
                elapsed: started.elapsed(),
            });
        }
        let value = lower;
        let mut best_moves = Vec::new();
        for i in 0..self.geometry.n {
            if ring.get(i) == 0 {
                continue;
            }
            let child = self.geometry.play(ring, i);
            let reaches = match child.terminal {
                Some(rest) => child.gain + rest >= value,
                None if child.extra => {
                    child.gain
                        + self.probe(
                            &child.ring,
                            b - child.gain,
                            value - child.gain - 1,
                            value - child.gain,
                        )
                        >= value
                }
                None => {
                    let target = child.gain - value;
                    child.gain - self.probe(&child.ring, b - child.gain, target, target + 1)
                        >= value
                }
            };
            if reaches {
                let (side, hole) = board.lap_position(mover, i);
                debug_assert_eq!(side, mover);
                best_moves.push(hole);
            }
        }
        best_moves.sort_unstable();
        Ok(SolveReport {
            value: stores + value,
            to_move: mover,
            best_moves,
            nodes: self.nodes - nodes_before,
            elapsed: started.elapsed(),
            endgame_elapsed: self.db_elapsed - db_before,
            endgame_beans: self.db.as_ref().map_or(0, |db| db.k),
            threads: self.options.threads,
        })
    }

    /// The first MTD(f) guess of `V` for a board with `beans` beans: the
    /// heuristic search's value less the stores, with the parity of `beans`.
    fn first_guess(&self, position: &Position, stores: i32, beans: i32) -> i32 {
        let heuristic = if self.options.guess_depth == 0 {
            None
        } else {
            let table = None;
            SmartSearch::new(position, table, 16).and_then(|mut search| {
                search.run(
                    position,
                    &gamecore::Budget::unlimited(),
                    Some(self.options.guess_depth),
                )
            })
        };
        let estimate = heuristic.map_or(0, |result| {
            let total = match result.value.proven_margin() {
                Some(margin) => margin * BEAN,
                None => result.value.raw(),
            };
            (f64::from(total) / f64::from(BEAN)).round() as i32 - stores
        });
        let estimate = estimate.clamp(-beans, beans);
        if (estimate - beans).rem_euclid(2) == 0 {
            estimate
        } else {
            estimate - 1
        }
    }

    /// Runs one null-window (or any) search of `ring` with every thread,
    /// sharing the table, and returns the value of the first to finish
    /// (Lazy SMP with "being searched" marks: the threads put off moves
    /// another is searching; when one finishes, the others stop and store
    /// nothing computed after). Any thread's value is a valid bound: every
    /// stored bound is exact.
    fn probe(&mut self, ring: &Ring, beans: i32, alpha: i32, beta: i32) -> i32 {
        let threads = self.options.threads.max(1);
        // Read at every node by every thread: a cache line of its own.
        let stop = Padded::default();
        let stop = &stop.0;
        if threads == 1 {
            let mut worker = Worker::new(self, stop);
            let v = worker.search(ring, beans, alpha, beta);
            self.nodes += worker.nodes;
            return v;
        }
        let answer = OnceLock::new();
        let this = &*self;
        let nodes = std::thread::scope(|scope| {
            let run = || {
                let mut worker = Worker::new(this, stop);
                let v = worker.search(ring, beans, alpha, beta);
                if !worker.stopped {
                    let _ = answer.set(v);
                    stop.store(true, Relaxed);
                }
                worker.nodes
            };
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(run)).collect();
            let mut nodes = run();
            for helper in helpers {
                nodes += helper.join().unwrap_or(0);
            }
            nodes
        });
        self.nodes += nodes;
        // The stop is set only after an answer, so one thread finished.
        *answer.get().expect("a thread finished the search")
    }
}

/// A flag alone on its cache lines.
#[derive(Default)]
#[repr(align(128))]
struct Padded(AtomicBool);

/// Marks are used at nodes with at least this many beans on the board
/// beyond the endgame database's limit: nearer the leaves the subtrees are
/// too small to share out. (Kalah(6,3) `standard`, 10-bean database,
/// MTD(f) from 0, 2 threads: 28.9 M nodes with marks from 14 beans, 32.9 M
/// from 20, 33.5 M with none, against 25.5 M for one thread.)
const BUSY_MIN_BEANS: i32 = 4;

/// One solver thread: the shared table, database and "being searched"
/// marks, its own node count.
struct Worker<'a> {
    geometry: Geometry,
    options: SolveOptions,
    tt: &'a [Bucket],
    tt_mask: usize,
    near_mask: usize,
    key_bits: u32,
    db: Option<&'a EndgameDb>,
    nodes: u64,
    /// The shared "being searched" marks (several threads only).
    busy: Option<&'a Busy>,
    /// Marks are used at nodes with at least this many beans.
    busy_min: i32,
    stop: &'a AtomicBool,
    /// Set once this thread saw the stop (its latest values are garbage).
    stopped: bool,
}

impl<'a> Worker<'a> {
    fn new(solver: &'a Solver, stop: &'a AtomicBool) -> Worker<'a> {
        Worker {
            geometry: solver.geometry,
            options: solver.options,
            tt: &solver.tt,
            tt_mask: solver.tt_mask,
            near_mask: solver.near_mask,
            key_bits: solver.key_bits,
            db: solver.db.as_ref(),
            nodes: 0,
            busy: (solver.options.threads > 1).then_some(&solver.busy),
            busy_min: solver.db.as_ref().map_or(0, |db| db.k as i32) + BUSY_MIN_BEANS,
            stop,
            stopped: false,
        }
    }

    /// The table key of `ring`, if its holes fit the key width.
    #[inline]
    fn key(&self, ring: Ring) -> Option<u64> {
        self.geometry.key_with(ring, self.key_bits)
    }

    #[inline]
    fn place(&self, key: u64, beans: i32) -> Place {
        let hash = scramble(key, 2 * self.geometry.n as u32 * self.key_bits);
        let (index, quotient) = if beans < self.options.near_beans as i32 {
            (
                self.tt_mask + 1 + (hash as usize & self.near_mask),
                hash >> self.near_mask.count_ones(),
            )
        } else {
            (
                hash as usize & self.tt_mask,
                hash >> self.tt_mask.count_ones(),
            )
        };
        Place {
            key,
            index,
            quotient,
        }
    }

    /// The entry for the key of `place` and its slot, if any.
    #[inline]
    fn probe(&self, place: &Place) -> Option<(usize, Entry)> {
        let bucket = &self.tt[place.index].0;
        (bucket.iter().enumerate()).find_map(|(i, slot)| slot.get(place).map(|e| (i, e)))
    }

    /// Stores bounds for `key`: merged into its entry if the probe found it
    /// in slot `at` and it is still there, else in place of the entry that
    /// cost the least work to compute. A position never recurs below itself
    /// (with no bean reaching a pot, each sowing moves the mover's beans
    /// forward), so a key the probe missed is still missing, but for another
    /// thread's store: a duplicate then, which costs a slot, never a wrong
    /// bound.
    #[inline]
    fn store(&self, place: &Place, at: usize, lower: i32, upper: i32, best: u8, work: u8) {
        let bucket = &self.tt[place.index].0;
        if let Some((slot, mut e)) = bucket
            .get(at)
            .and_then(|slot| Some((slot, slot.get(place)?)))
        {
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            e.best = best;
            e.work = e.work.max(work);
            slot.set(place, e);
            return;
        }
        let mut victim = 0;
        let mut least = bucket[0].work();
        for (i, slot) in bucket.iter().enumerate().skip(1) {
            let work = slot.work();
            if work <= least {
                (victim, least) = (i, work);
            }
        }
        bucket[victim].set(
            place,
            Entry {
                lower,
                upper,
                best,
                work,
            },
        );
    }

    /// Fail-soft alpha-beta on `V` (the rest of the game for the mover) of a
    /// live position with `beans` beans on the board.
    ///
    /// Returns 0 once the probe is stopped (`self.stopped`): the caller then
    /// discards the value and stores nothing.
    fn search(&mut self, ring: &Ring, beans: i32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.stop.load(Relaxed) {
            self.stopped = true;
            return 0;
        }
        let g = self.geometry;
        if let Some(db) = self.db {
            if beans <= db.k as i32 {
                return db.get(&g, ring);
            }
        }
        if alpha >= beans {
            return beans;
        }
        if beta <= -beans {
            return -beans;
        }
        let tt_min = self.options.tt_min_beans as i32;
        let key = if beans >= tt_min {
            self.key(*ring).map(|k| self.place(k, beans))
        } else {
            None
        };
        let mut tt_move = u8::MAX;
        let mut at = usize::MAX;
        if let Some(place) = &key {
            if let Some((i, e)) = self.probe(place) {
                at = i;
                let (lo, hi) = (e.lower, e.upper);
                if lo >= beta {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                tt_move = e.best;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let nodes_before = self.nodes;

        let mut children = [Child::default(); SOLVER_MAX_HOLES];
        let mut count = 0;
        let mut best = i32::MIN;
        let mut best_hole = u8::MAX;
        // First pass: play every move and find where each child lives in the
        // endgame database or the table, prefetching that memory so the cache
        // misses of all children overlap instead of queueing one by one.
        let mut played = [(children[0], Lookup::None); SOLVER_MAX_HOLES];
        let mut moves = 0;
        let db_k = self.db.map_or(-1, |db| db.k as i32);
        let etc = beans >= self.options.etc_min_beans as i32;
        for i in 0..g.n {
            if ring.get(i) == 0 {
                continue;
            }
            let child = g.play(*ring, i);
            let lookup = if child.terminal.is_some() {
                Lookup::None
            } else if beans - child.gain <= db_k {
                let db = self.db.expect("db_k >= 0 means a database");
                let index = db.index(&g, &child.ring);
                prefetch(&db.values[index]);
                Lookup::Db(index)
            } else if beans - child.gain < tt_min {
                Lookup::None
            } else if let Some(k) = self.key(child.ring) {
                // The child's own probe will miss here first: start the load.
                let place = self.place(k, beans - child.gain);
                prefetch(&self.tt[place.index]);
                if etc {
                    Lookup::Tt(place)
                } else {
                    Lookup::None
                }
            } else {
                Lookup::None
            };
            played[moves] = (child, lookup);
            moves += 1;
        }
        for &(mut child, lookup) in &played[..moves] {
            let rest = beans - child.gain;
            // Exact or bounded values without searching (ETC, database).
            let (lo, hi) = match child.terminal {
                Some(v) => (child.gain + v, child.gain + v),
                None => {
                    let (mut lo, mut hi) = (child.gain - rest, child.gain + rest);
                    let known = match lookup {
                        Lookup::Db(index) => {
                            let db = self.db.expect("a database lookup");
                            let v = i32::from(db.values[index]) - 128;
                            Some((v, v))
                        }
                        Lookup::Tt(place) => (self.tt[place.index].0.iter())
                            .find_map(|slot| slot.get(&place))
                            .map(|e| (e.lower, e.upper)),
                        _ => None,
                    };
                    if let Some((clo, chi)) = known {
                        if child.extra {
                            lo = lo.max(child.gain + clo);
                            hi = hi.min(child.gain + chi);
                        } else {
                            lo = lo.max(child.gain - chi);
                            hi = hi.min(child.gain - clo);
                        }
                    }
                    if lo == hi {
                        child.terminal = Some(lo - child.gain);
                    }
                    (lo, hi)
                }
            };
            if lo >= beta {
                self.store_result(key, at, lo, alpha0, beta0, child.hole, nodes_before);
                return lo;
            }
            if lo > best {
                best = lo;
                best_hole = child.hole;
            }
            if hi <= alpha || child.terminal.is_some() {
                // Cannot raise alpha, or already exact.
                if hi > best {
                    best = hi;
                    best_hole = child.hole;
                }
                continue;
            }
            child.order += if child.hole == tt_move { 10_000 } else { 0 };
            children[count] = child;
            count += 1;
        }
        if best > alpha {
            alpha = best;
        }
        if alpha >= beta {
            self.store_result(key, at, best, alpha0, beta0, best_hole, nodes_before);
            return best;
        }
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
        let busy = match (self.busy, key) {
            (Some(busy), Some(place)) if beans >= self.busy_min => Some((busy, place.key)),
            _ => None,
        };
        if busy.is_none() {
            // One thread: the plain loop (the marks' bookkeeping slowed it).
            for child in &children[..count] {
                let v = self.child_value(child, beans, alpha, beta);
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
            self.store_result(key, at, best, alpha0, beta0, best_hole, nodes_before);
            return best;
        }
        let mut searched = 0;
        let mut deferred = 0u32;
        'passes: for pass in 0..2 {
            for (i, child) in children[..count].iter().enumerate() {
                if pass == 1 && deferred & (1 << i) == 0 {
                    continue;
                }
                let mark = match busy {
                    Some((busy, k)) if pass == 0 => {
                        let tag = Busy::tag(k, child.hole);
                        if searched > 0 && busy.is_busy(tag) {
                            deferred |= 1 << i;
                            continue;
                        }
                        busy.enter(tag);
                        Some((busy, tag))
                    }
                    _ => None,
                };
                let v = self.child_value(child, beans, alpha, beta);
                if let Some((busy, tag)) = mark {
                    busy.leave(tag);
                }
                searched += 1;
                if self.stopped {
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
        self.store_result(key, at, best, alpha0, beta0, best_hole, nodes_before);
        best
    }

    /// The value of `child` for the mover of its parent (a board with
    /// `beans` beans), searched within (`alpha`, `beta`).
    #[inline]
    fn child_value(&mut self, child: &Child, beans: i32, alpha: i32, beta: i32) -> i32 {
        let rest = beans - child.gain;
        if child.extra {
            child.gain + self.search(&child.ring, rest, alpha - child.gain, beta - child.gain)
        } else {
            child.gain - self.search(&child.ring, rest, child.gain - beta, child.gain - alpha)
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn store_result(
        &mut self,
        key: Option<Place>,
        at: usize,
        value: i32,
        alpha: i32,
        beta: i32,
        best: u8,
        nodes_before: u64,
    ) {
        let Some(key) = key else { return };
        let work = (64 - (self.nodes - nodes_before).leading_zeros()) as u8;
        let (lower, upper) = if value <= alpha {
            (UNBOUNDED_BELOW, value)
        } else if value >= beta {
            (value, UNBOUNDED_ABOVE)
        } else {
            (value, value)
        };
        self.store(&key, at, lower, upper, best, work);
    }
}

/// Allocates the table, zeroed, asking Linux to back it with transparent
/// huge pages (2 MiB) before its pages are first touched.
///
/// The table is probed at random, so with 4 KiB pages nearly every probe
/// also misses the TLB. On the 2-core VM, Kalah(6,4) `standard` took 118 s
/// with huge pages against 164 s without (`kalah solve --holes 6 --beans 4
/// --rules standard`, the same binary, `transparent_hugepage` set to
/// `always` for the first run and `madvise` for the second). Elsewhere the
/// advice is skipped and the table is an ordinary allocation.
fn huge_page_table(buckets: usize) -> Vec<Bucket> {
    let mut table: Vec<Bucket> = Vec::with_capacity(buckets);
    advise_huge_pages(
        table.as_mut_ptr().cast::<u8>(),
        buckets * std::mem::size_of::<Bucket>(),
    );
    table.resize_with(buckets, Bucket::default);
    table
}

/// Allocates `len` bytes set to `fill`, on transparent huge pages where
/// Linux offers them (see [`huge_page_table`]).
///
/// For the endgame database: it is probed at random too (every node next
/// to the database's bean limit looks up each child), and its 30 MB for 16
/// beans on 6 holes span 7,500 small pages. With the machine-wide setting
/// `transparent_hugepage=always`, which gives it huge pages, the 6×4
/// `empty-capture` solve took 54 s instead of 88 s (same binary, same
/// load, one run each).
fn huge_page_bytes(len: usize, fill: u8) -> Vec<u8> {
    let mut bytes: Vec<u8> = Vec::with_capacity(len);
    advise_huge_pages(bytes.as_mut_ptr(), len);
    bytes.resize(len, fill);
    bytes
}

/// `madvise(MADV_HUGEPAGE)` over the whole pages inside `len` bytes at `start`.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages(start: *mut u8, len: usize) {
    const PAGE: usize = 4096;
    let begin = (start as usize).next_multiple_of(PAGE);
    let end = (start as usize + len) / PAGE * PAGE;
    if end > begin {
        // SAFETY: `[begin, end)` lies inside one live allocation of ours
        // (the vector's reserved capacity, not yet read or written), and
        // MADV_HUGEPAGE only changes how the kernel backs those pages, never
        // their contents or validity; on failure (no THP support) the call
        // returns an error that we ignore and nothing changes.
        unsafe {
            libc::madvise(begin as *mut libc::c_void, end - begin, libc::MADV_HUGEPAGE);
        }
    }
}

/// No huge-page advice off Linux.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _len: usize) {}

/// Asks the processor to start loading the cache line of `item` without
/// waiting for it: the solver spends most of its time on table and database
/// misses, and a parent that knows its children's lines can overlap their
/// misses with its own work.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[inline(always)]
fn prefetch<T>(item: &T) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: `_mm_prefetch` needs SSE, which every x86-64 processor has
    // (it is part of the baseline target). A prefetch is only a hint: it
    // never faults, reads nothing into the program and writes nothing, and
    // here the address is a live reference anyway.
    unsafe { _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast::<i8>()) }
}

/// No prefetch hint elsewhere.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn prefetch<T>(_item: &T) {}

/// "Being searched" marks shared by the threads of a search (simplified
/// ABDADA): a thread marks a move (a position's key and hole) while it
/// searches it; another thread reaching the same position searches its first
/// move at once but puts off the later moves marked by others, so the
/// threads spread over different subtrees, and by the time it comes back to
/// a put-off move the table usually holds its value. A lost or stale mark
/// only costs time.
pub(crate) struct Busy {
    cells: Vec<AtomicU64>,
}

impl Busy {
    /// A table of `2^log2` marks.
    pub(crate) fn new(log2: u32) -> Busy {
        Busy {
            cells: (0..1usize << log2).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The mark of move `hole` from the position with table key `key`
    /// (never 0).
    #[inline]
    pub(crate) fn tag(key: u64, hole: u8) -> u64 {
        mix(key ^ (u64::from(hole) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1
    }

    #[inline]
    fn cell(&self, tag: u64) -> &AtomicU64 {
        &self.cells[tag as usize & (self.cells.len() - 1)]
    }

    /// Returns true if a thread is searching the move of `tag`.
    #[inline]
    pub(crate) fn is_busy(&self, tag: u64) -> bool {
        self.cell(tag).load(Relaxed) == tag
    }

    /// Marks the move of `tag` as being searched.
    #[inline]
    pub(crate) fn enter(&self, tag: u64) {
        self.cell(tag).store(tag, Relaxed);
    }

    /// Clears the mark of `tag`, if it is still there.
    #[inline]
    pub(crate) fn leave(&self, tag: u64) {
        let _ = self.cell(tag).compare_exchange(tag, 0, Relaxed, Relaxed);
    }
}

#[inline]
pub(crate) fn mix(key: u64) -> u64 {
    let mut z = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Solves the start position of Kalah(`holes`, `beans`) under `rules` and
/// returns the report (South's view: South moves first).
///
/// # Errors
/// [`SolveError`] when the board is larger than the solver handles.
pub fn solve_start(
    holes: usize,
    beans: u32,
    rules: Rules,
    options: SolveOptions,
) -> Result<SolveReport, SolveError> {
    let position = Position::start(holes, beans, rules);
    Solver::new(holes, rules, options).solve(&position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecore::Game as _;

    /// Exact value for the side to move: the `search` crate's plain negamax
    /// (no pruning, no table), deep enough to reach every end.
    fn brute_force(p: &Position) -> i32 {
        let depth = p.max_remaining_plies();
        let value = search::reference::negamax(p, &crate::KalahEval::new(), depth, false);
        value.proven_margin().unwrap_or(0)
    }

    #[test]
    fn the_key_scramble_is_a_bijection_of_its_width() {
        for bits in [8u32, 10, 12] {
            let mut seen = vec![false; 1 << bits];
            for key in 0..1u64 << bits {
                let h = scramble(key, bits);
                assert!(h < 1 << bits, "{bits} bits: {key} -> {h}");
                assert!(!seen[h as usize], "{bits} bits: {key} collides");
                seen[h as usize] = true;
            }
        }
        // Wide keys stay within their width.
        for key in [0u64, 1, 0x0FFF_FFFF_FFFF_FFFF, 0x0123_4567_89AB_CDEF] {
            assert!(scramble(key & ((1 << 60) - 1), 60) < 1 << 60);
        }
    }

    #[test]
    fn table_words_keep_bounds_exact_within_62_and_sound_beyond() {
        let quotient = (1u64 << QUOTIENT_BITS) - 1;
        for (lower, upper) in [
            (-48, 48),
            (0, 0),
            (-62, 62),
            (UNBOUNDED_BELOW, 7),
            (-9, UNBOUNDED_ABOVE),
        ] {
            for best in [0u8, 7, u8::MAX] {
                let e = Entry {
                    lower,
                    upper,
                    best,
                    work: 40,
                };
                let back = Entry::unpack(e.pack(quotient));
                assert_eq!(
                    (back.lower, back.upper, back.best, back.work),
                    (lower, upper, best, 31)
                );
            }
        }
        // Beyond ±62 a bound is weakened, never strengthened.
        let e = Entry::unpack(
            Entry {
                lower: 90,
                upper: -90,
                best: 0,
                work: 0,
            }
            .pack(0),
        );
        assert!(e.lower <= 90 && e.upper >= -90);
        // An empty slot matches no key, and another quotient does not match.
        let place = Place {
            key: 0,
            index: 0,
            quotient: 5,
        };
        let slot = Slot::default();
        assert!(slot.get(&place).is_none());
        slot.set(
            &place,
            Entry {
                lower: 1,
                upper: 3,
                best: 2,
                work: 9,
            },
        );
        assert_eq!(slot.get(&place).map(|e| (e.lower, e.upper)), Some((1, 3)));
        assert!(slot
            .get(&Place {
                quotient: 4,
                ..place
            })
            .is_none());
    }

    /// Every speed option (enhanced transposition cutoffs everywhere, the
    /// near-leaf table, table-free small subtrees, a tiny main table) keeps
    /// the values exact.
    #[test]
    fn speed_options_keep_values_exact() {
        let configs = [
            SolveOptions::default()
                .with_tt_log2(10)
                .with_endgame_beans(0),
            SolveOptions::default()
                .with_tt_log2(12)
                .with_etc_min_beans(0)
                .with_endgame_beans(4),
            SolveOptions::default()
                .with_tt_log2(12)
                .with_etc_min_beans(0)
                .with_near_table(8, 10)
                .with_endgame_beans(0),
            SolveOptions::default()
                .with_tt_log2(12)
                .with_etc_min_beans(6)
                .with_tt_min_beans(5)
                .with_near_table(10, 10)
                .with_endgame_beans(3),
        ];
        for rules in Rules::ALL {
            for (holes, beans) in [(3, 2), (2, 3)] {
                let start = Position::start(holes, beans, rules);
                for seed in 0..6u64 {
                    let p = gamecore::testkit::random_position(&start, (seed % 4) as u32, seed);
                    let expected = brute_force(&p);
                    for options in configs {
                        let report = Solver::new(holes, rules, options).solve(&p).unwrap();
                        assert_eq!(report.value, expected, "{rules} {p:?} {options:?}");
                    }
                }
            }
        }
    }
}
