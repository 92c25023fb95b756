//! The solver's options.

/// Options of the solver.
///
/// Every option changes only the speed, never the value or the best moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveOptions {
    pub(super) tt_log2: Option<u32>,
    pub(super) endgame_beans: Option<u32>,
    pub(super) endgame_max_entries: u64,
    pub(super) etc_min_beans: u32,
    pub(super) tt_min_beans: u32,
    pub(super) near_beans: u32,
    pub(super) near_log2: u32,
    pub(super) guess_depth: u32,
    pub(super) threads: usize,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            tt_log2: None,
            endgame_beans: None,
            endgame_max_entries: SolveOptions::DEFAULT_ENDGAME_ENTRIES,
            etc_min_beans: 26,
            tt_min_beans: 0,
            near_beans: 0,
            near_log2: 18,
            guess_depth: 8,
            threads: 1,
        }
    }
}

impl SolveOptions {
    /// The most entries the endgame database has by default: 142 million
    /// (19 beans on 6 holes). On 6×4 it takes some 6 s longer to build
    /// than the 18-bean one and saves about 3 s of every solve that reads
    /// it from disk; 20 beans (226 million) would cost more memory than the
    /// table it spares (`docs/benchmarks.md`).
    pub const DEFAULT_ENDGAME_ENTRIES: u64 = 142_000_000;

    /// Sets the transposition table to `2^log2` entries of 8 bytes,
    /// clamped to 10..=30, and never larger than the board can fill (twice
    /// the number of ways to lay its beans in the holes). By default the
    /// size follows the beans on the board: 2^18 entries (2 MiB) up to 24
    /// beans, 2^22 (32 MiB) up to 48, 2^25 (256 MiB) beyond. A larger table
    /// saves nodes but costs more per cache and TLB miss, and more memory to
    /// fault in: on 6×4 with the 19-bean database a 2^23 table saves 13 % of
    /// the nodes of a 2^22 one, about 4 % of the time and 32 MiB more
    /// (`docs/benchmarks.md`).
    #[must_use]
    pub fn with_tt_log2(mut self, log2: u32) -> SolveOptions {
        self.tt_log2 = Some(log2.clamp(10, 30));
        self
    }

    /// Probes the children of nodes with at least `beans` beans on the board
    /// in the table before searching any (enhanced transposition cutoff;
    /// default 26): near the leaves the probes cost more than the cutoffs
    /// save.
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
    /// (SmartPlayer's search with the Kalah evaluation; default 8, 0 starts
    /// from a draw). Each probe of MTD(f) costs a full tree, and a guess
    /// near the true value saves the probes between; a deeper guess costs
    /// more than the probes it saves on 6×4 (depth 12 takes seconds, depth 8
    /// a fraction of one and lands one parity step below the value, a cheap
    /// probe that fails high).
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
    /// largest count whose database has at most 142 million entries (one
    /// byte each; 19 beans on 6 holes), but at most two fifths of the beans
    /// on the board: building a database larger than the search needs
    /// costs more than it saves.
    #[must_use]
    pub fn with_endgame_beans(mut self, beans: u32) -> SolveOptions {
        self.endgame_beans = Some(beans);
        self
    }
}
