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
//!   "mover first" (the compact board of `ring.rs`), so North and South
//!   share every table entry.
//! - **MTD(f)** (module `mtdf`): repeated null-window fail-soft alpha-beta
//!   searches converge on `V`, each moving by 2 (values have the parity of
//!   the beans on the board), from a heuristic search's guess.
//! - **The node search** (module `node`): futility bounds (`V` lies within ±
//!   the beans on the board), enhanced transposition cutoffs (children
//!   probed in the endgame database always and in the table at nodes with
//!   enough beans before any is searched), every child's memory prefetched
//!   together so that their cache misses overlap (the solver is bound by
//!   memory latency, not by instructions), and move ordering: the table's
//!   move, extra turns, captures largest first, then beans gained, each
//!   kind with the hole nearest the pot first.
//! - **Transposition table** (module `table`): exact keys in 8-byte
//!   entries, eight to a 64-byte bucket, on huge pages. Because the search
//!   is exact, a stored lower and upper bound stay valid for ever and are
//!   merged. Optionally, positions with few beans go to a small separate
//!   part, and the smallest subtrees skip the table altogether.
//! - **Endgame database** ([`EndgameTable`](crate::EndgameTable)): `V` of
//!   every position with at most `K` beans on the board.
//! - **Threads** (optional, module `parallel`): every probe runs on all
//!   threads over the shared table; a thread puts off the moves another
//!   thread is searching, and the first to finish answers.
//!
//! All three rule variants share the engine: they differ only in the capture
//! test and the end test, which are checked after each sowing.

mod book_build;
mod mtdf;
mod node;
mod options;
mod parallel;
mod report;
mod table;

pub use options::SolveOptions;
pub use report::{SolveError, SolveProgress, SolveReport, SOLVER_MAX_BEANS, SOLVER_MAX_HOLES};

use crate::endgame::{EndgameDb, EndgameTable};
use crate::endgame_store::{EndgameSource, EndgameStore};
use crate::position::Position;
use crate::ring::{Geometry, Ring};
use crate::rules::Rules;
use mtdf::Mtdf;
use node::{Shared, BUSY_MIN_BEANS};
use search::BusyMarks;
use std::time::{Duration, Instant};
use table::Table;

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
    /// Allocated by the first solve, sized by its beans.
    table: Option<Table>,
    db: Option<EndgameDb>,
    db_elapsed: Duration,
    /// Where databases are kept between runs, if anywhere.
    store: Option<EndgameStore>,
    /// Where the database in use came from, when a store was given.
    db_source: Option<EndgameSource>,
    nodes: u64,
    /// "Being searched" marks for several threads.
    busy: BusyMarks,
    /// The solve under way gives up at this instant ([`Solver::solve_within`]).
    deadline: Option<Instant>,
    /// Set when the deadline stopped a search of the solve under way.
    timed_out: bool,
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
            table: None,
            db: None,
            db_elapsed: Duration::ZERO,
            store: None,
            db_source: None,
            nodes: 0,
            busy: BusyMarks::new(if options.threads > 1 { 16 } else { 0 }),
            deadline: None,
            timed_out: false,
        }
    }

    /// Allocates the table (on the first call) and builds the endgame
    /// database for a board with `board_beans` beans, unless one as large
    /// was built before.
    fn prepare(&mut self, board_beans: u32) {
        if self.table.is_none() {
            let log2 = self
                .options
                .tt_log2
                .unwrap_or(match board_beans {
                    0..=24 => 18,
                    25..=48 => 22,
                    _ => 25,
                })
                .min(fill_log2(self.geometry.n, board_beans));
            let options = &self.options;
            let table = Table::new(self.geometry, log2, options.near_log2, options.near_beans);
            self.table = Some(table);
        }
        let want = match self.options.endgame_beans {
            Some(k) => k,
            // At most two fifths of the beans: a larger database costs more
            // to build than the search saves.
            None => EndgameTable::largest_within(self.geometry.n, self.options.endgame_max_entries)
                .unwrap_or(0)
                .min(board_beans * 2 / 5),
        }
        .min(board_beans.saturating_sub(1))
        .min(EndgameTable::max_limit());
        let have = self.db.as_ref().map_or(0, |db| db.k);
        if want > have && EndgameDb::count(self.geometry.n, want) <= 1 << 32 {
            let started = Instant::now();
            let db = match &self.store {
                Some(store) => {
                    let (db, source) = store.load_or_build_db(&self.geometry, want);
                    self.db_source = Some(source);
                    db
                }
                None => EndgameDb::build(&self.geometry, want),
            };
            self.db = Some(db);
            self.db_elapsed += started.elapsed();
        }
    }

    /// Keeps endgame databases in `store`: a database is read from its file
    /// when one is there and sound, else built and written there.
    #[must_use]
    pub fn with_endgame_store(mut self, store: EndgameStore) -> Solver {
        self.store = Some(store);
        self
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

    /// Solves `position` exactly if the search takes no longer than `limit`;
    /// `Ok(None)` when the time ran out first. The time starts before the
    /// endgame database is built or read, and a build is never cut short
    /// (keep databases in an [`EndgameStore`] to read them in well under a
    /// second). Whatever was proven before stays in the tables, so a later
    /// solve of the same or a nearby position starts from it.
    ///
    /// # Errors
    /// [`SolveError`] when the board is larger than the solver handles.
    pub fn solve_within(
        &mut self,
        position: &Position,
        limit: Duration,
    ) -> Result<Option<SolveReport>, SolveError> {
        self.deadline = Some(Instant::now() + limit);
        self.timed_out = false;
        let report = self.solve_with_progress(position, |_| {});
        self.deadline = None;
        let timed_out = std::mem::take(&mut self.timed_out);
        report.map(|report| (!timed_out).then_some(report))
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
        let board = position.board();
        if board.holes() > SOLVER_MAX_HOLES {
            return Err(SolveError::TooManyHoles(board.holes()));
        }
        let beans = board.beans_in_all_holes();
        if beans > SOLVER_MAX_BEANS {
            return Err(SolveError::TooManyBeans(beans));
        }
        let (ring, beans) = self
            .geometry
            .ring_of(position)
            .ok_or(SolveError::TooManyHoles(board.holes()))?;
        let mover = position.to_move();
        let stores = board.pot(mover) as i32 - board.pot(mover.opponent()) as i32;
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
                endgame_source: None,
            });
        }
        let nodes_before = self.nodes;
        let db_before = self.db_elapsed;
        self.prepare(beans);
        let b = beans as i32;
        let guess = mtdf::first_guess(position, stores, b, self.options.guess_depth);
        let mut mtdf = Mtdf::new(b, guess);
        while let Some(beta) = mtdf.next_beta() {
            let v = self.search(&ring, b, beta - 1, beta);
            if self.timed_out {
                break;
            }
            mtdf.record(beta, v);
            let (lower, upper) = mtdf.bounds();
            progress(&SolveProgress {
                lower: stores + lower,
                upper: stores + upper,
                nodes: self.nodes - nodes_before,
                elapsed: started.elapsed(),
            });
        }
        let (value, _) = mtdf.bounds();
        let mut best_moves = Vec::new();
        for slot in 0..self.geometry.n {
            if ring.get(slot) == 0 || self.timed_out {
                continue;
            }
            let child = self.geometry.play(ring, slot);
            let search = |ring: &Ring, beans, alpha, beta| self.search(ring, beans, alpha, beta);
            if mtdf::reaches(&child, b, value, search) {
                let (side, hole) = board.lap_position(mover, slot);
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
            endgame_source: self.db_source.clone(),
            threads: self.options.threads,
        })
    }

    /// Runs one search of `ring` (with `beans` beans on the board) within
    /// (`alpha`, `beta`) on every thread and returns its value.
    fn search(&mut self, ring: &Ring, beans: i32, alpha: i32, beta: i32) -> i32 {
        let table = self.table.as_ref().expect("prepared before any search");
        let threads = self.options.threads;
        let shared = Shared {
            geometry: self.geometry,
            table: table.view(),
            db: self.db.as_ref(),
            busy: (threads > 1).then_some(&self.busy),
            busy_min: self.db.as_ref().map_or(0, |db| db.k as i32) + BUSY_MIN_BEANS,
            etc_min: self.options.etc_min_beans as i32,
            tt_min: self.options.tt_min_beans as i32,
        };
        let (value, nodes) =
            parallel::search(shared, threads, self.deadline, ring, beans, alpha, beta);
        self.nodes += nodes;
        // Timed out: the value is a placeholder the caller discards.
        self.timed_out |= value.is_none();
        value.unwrap_or(alpha)
    }
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

/// The log2 of a table size that any search of a board of `n` holes a side
/// and `beans` beans fills at most half: at least twice the number of ways
/// to lay at most `beans` beans in the 2n holes, C(beans + 2n, 2n), and at
/// least 2^10.
fn fill_log2(n: usize, beans: u32) -> u32 {
    let holes = 2 * n as u64;
    // C(beans + holes, holes), stopping once past 2^31.
    let mut ways: u64 = 1;
    for k in 1..=holes {
        ways = ways * (u64::from(beans) + k) / k;
        if ways > 1 << 31 {
            return 32;
        }
    }
    (2 * ways).next_power_of_two().trailing_zeros().max(10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::KalahEval;
    use gamecore::Game as _;

    /// Exact value for the side to move: the `search` crate's plain negamax
    /// (no pruning, no table), deep enough to reach every end.
    fn brute_force(p: &Position) -> i32 {
        let depth = p.max_remaining_plies();
        let value = search::reference::negamax(p, &KalahEval::new(), depth, false);
        value.proven_margin().unwrap_or(0)
    }

    #[test]
    fn a_solve_out_of_time_says_so_and_leaves_the_tables_sound() {
        for threads in [1, 2] {
            let rules = Rules::Standard;
            let start = Position::start(6, 2, rules);
            let options = SolveOptions::default()
                .with_threads(threads)
                .with_tt_log2(16);
            let mut solver = Solver::new(6, rules, options);
            let late = solver.solve_within(&start, Duration::ZERO).expect("6x2");
            assert_eq!(late, None);
            let report = solver
                .solve_within(&start, Duration::from_secs(600))
                .expect("6x2")
                .expect("solved in time");
            // The published value of Kalah(6,2): +6 with hole 5.
            assert_eq!((report.value, report.best_moves.clone()), (6, vec![5]));
            let fresh = Solver::new(6, rules, options).solve(&start).expect("6x2");
            assert_eq!(fresh.value, report.value);
        }
    }

    /// A table never outgrows what the board can fill: `--tt-log2 30` on a
    /// board of a few beans asks for kilobytes, not gigabytes.
    #[test]
    fn the_table_is_no_larger_than_the_board_can_fill() {
        // C(2 + 2, 2) = 6 ways: the 2^10 floor.
        assert_eq!(fill_log2(1, 2), 10);
        // 6x1: C(6 + 12, 12) = 18,564 ways, twice that within 2^16.
        assert_eq!(fill_log2(6, 6), 16);
        // 6x4: far more ways than any table.
        assert_eq!(fill_log2(6, 48), 32);
        let mut solver = Solver::new(2, Rules::Standard, SolveOptions::default().with_tt_log2(30));
        let report = solver
            .solve(&Position::start(2, 1, Rules::Standard))
            .unwrap();
        assert_eq!(
            report.south_value(),
            brute_force(&Position::start(2, 1, Rules::Standard))
        );
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
            SolveOptions::default()
                .with_tt_log2(12)
                .with_guess_depth(0)
                .with_threads(2),
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
