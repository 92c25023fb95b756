//! SmartPlayer's engine: the shared `search` over the compact board
//! ([`CompactPosition`]) with Kalah's policy ([`SmartEval`]), and over
//! [`Position`] with [`KalahEval`] on boards beyond the compact one.

use crate::book::OpeningBook;
use crate::compact::{CompactPosition, Sowing};
use crate::endgame::EndgameTable;
use crate::eval::KalahEval;
use crate::position::{Move, Position};
use crate::rules::Rules;
use crate::smart_eval::SmartEval;
use gamecore::{Agent, AgentError, Budget, Game};
use search::{Search, SearchAgent, SearchLimits, SearchOptions, SearchResult, SearchStats, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The endgame tables of one board size and rule variant: a small one built
/// at once, and a large one built in the background.
#[derive(Debug)]
struct Tables {
    small: Option<Arc<EndgameTable>>,
    large: Arc<OnceLock<Arc<EndgameTable>>>,
}

/// Endgame tables by board size and rules.
type TableCache = Mutex<HashMap<(usize, Rules), Tables>>;

/// Endgame tables built so far, shared by every agent of the process.
fn endgame_cache() -> &'static TableCache {
    static CACHE: OnceLock<TableCache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The endgame table a Smart agent builds before its first move (entries):
/// 12 beans on 6 holes (2.7 million positions), quick to build.
const SMART_SMALL_ENDGAME_ENTRIES: u64 = 3_000_000;

/// The endgame table a Smart agent builds in the background (entries): 16
/// beans on 6 holes (30 million positions, one byte each). Smart plays
/// better with it than with the small table alone (`docs/benchmarks.md`).
const SMART_LARGE_ENDGAME_ENTRIES: u64 = 31_000_000;

/// Returns the largest endgame table ready now for boards of `holes` holes
/// under `rules` (shared by every agent of the process), if any.
///
/// The first call for a board size builds a small table and starts building
/// a larger one on a background thread; later calls return the larger one
/// once it is done.
pub fn smart_endgame(holes: usize, rules: Rules) -> Option<Arc<EndgameTable>> {
    let mut cache = endgame_cache().lock().ok()?;
    let tables = cache.entry((holes, rules)).or_insert_with(|| {
        let small = EndgameTable::largest_within(holes, SMART_SMALL_ENDGAME_ENTRIES)
            .and_then(|beans| EndgameTable::build(holes, rules, beans))
            .map(Arc::new);
        let large = Arc::new(OnceLock::new());
        let small_beans = small.as_ref().map_or(0, |t| t.max_beans());
        if let Some(beans) = EndgameTable::largest_within(holes, SMART_LARGE_ENDGAME_ENTRIES) {
            if beans > small_beans {
                let slot = Arc::clone(&large);
                std::thread::spawn(move || {
                    if let Some(table) = EndgameTable::build(holes, rules, beans) {
                        let _ = slot.set(Arc::new(table));
                    }
                });
            }
        }
        Tables { small, large }
    });
    tables.large.get().cloned().or_else(|| tables.small.clone())
}

/// The search options Smart uses: the `search` defaults (PVS, killers,
/// every hook) with a [`SMART_TABLE_MIB`] table, no history heuristic, no
/// enhanced transposition cut-offs, and proven results compared by margin
/// only.
///
/// The table is small on purpose: a table that stays in the processor's
/// caches searches more nodes per second at short time limits (figures in
/// `docs/benchmarks.md`). History ordering needed fewer nodes to a fixed
/// depth but scored worse in play than the policy's order alone. Kalah's
/// positions seldom transpose within a search's horizon, so looking every
/// child up first found no cut-off and cost about 7 % more work.
pub fn smart_search_options() -> SearchOptions {
    SearchOptions::default()
        .with_tt_mib(SMART_TABLE_MIB)
        .with_history(false)
        .with_transposition_cutoffs(None)
        .with_prefer_short_wins(false)
}

/// The table size of Smart's search, in MiB: small enough to stay mostly in
/// the processor's caches at short time limits.
pub const SMART_TABLE_MIB: usize = 4;

/// The SmartPlayer engine as a `gamecore` agent.
///
/// On boards the compact representation covers (at most
/// [`SOLVER_MAX_HOLES`](crate::SOLVER_MAX_HOLES) holes and
/// [`SOLVER_MAX_BEANS`](crate::SOLVER_MAX_BEANS) beans) it runs the shared
/// `search` over [`CompactPosition`] with [`SmartEval`]: iterative-deepening
/// PVS with a transposition table, extra turns free, capture quiescence and
/// the endgame table as an exact oracle. Larger boards use the same search
/// over [`Position`] with [`KalahEval`].
#[derive(Debug)]
pub struct SmartAgent {
    eval: KalahEval,
    /// Answers positions of the bundled opening book without searching.
    book: bool,
    /// Takes a larger shared endgame table when one becomes ready.
    upgrade: bool,
    compact: Option<Search<CompactPosition, SmartEval>>,
    generic: Option<SearchAgent<Position, KalahEval>>,
    max_depth: Option<u32>,
    threads: usize,
    last: Option<SearchResult<Move>>,
}

impl SmartAgent {
    /// Creates the agent for boards of `holes` holes under `rules` (the
    /// endgame table is built once per process and board size). A position
    /// of the bundled opening book ([`OpeningBook::bundled`]) is answered
    /// from it, exactly and at once.
    pub fn new(holes: usize, rules: Rules) -> SmartAgent {
        let eval = match smart_endgame(holes, rules) {
            Some(table) => KalahEval::with_endgame(table),
            None => KalahEval::new(),
        };
        SmartAgent {
            upgrade: true,
            book: true,
            ..SmartAgent::with_evaluator(eval)
        }
    }

    /// Creates the agent with a given evaluator (its endgame table, if any,
    /// is the search's oracle too); it always searches, book or not.
    pub fn with_evaluator(eval: KalahEval) -> SmartAgent {
        SmartAgent {
            eval,
            book: false,
            upgrade: false,
            compact: None,
            generic: None,
            max_depth: None,
            threads: 1,
            last: None,
        }
    }

    /// Limits every search to `depth` plies (a sowing that passes the turn is
    /// one ply, an extra turn none), for analysis and tests; `None` searches
    /// as deep as the budget allows.
    #[must_use]
    pub fn with_max_depth(mut self, depth: Option<u32>) -> SmartAgent {
        self.max_depth = depth;
        self
    }

    /// Searches with `threads` threads (values below 1 count as 1; default
    /// 1): the search's Lazy SMP, every thread on the same root sharing the
    /// table. A search to a fixed depth returns the same value as with one
    /// thread.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> SmartAgent {
        self.threads = threads.max(1);
        self.compact = None;
        self.generic = None;
        self
    }

    /// Returns the number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Returns the last search's result (value, depth, nodes, principal variation).
    pub fn last_result(&self) -> Option<&SearchResult<Move>> {
        self.last.as_ref()
    }

    /// Searches `position` within `budget` and returns the full result
    /// (`None` when the game is over).
    pub fn analyze(&mut self, position: &Position, budget: &Budget) -> Option<SearchResult<Move>> {
        if position.is_over() {
            return None;
        }
        if let Some(result) = self.book_answer(position) {
            self.last = Some(result.clone());
            return Some(result);
        }
        if self.upgrade {
            let holes = position.board().holes();
            let have = self.eval.endgame().map_or(0, |t| t.max_beans());
            if let Some(table) = smart_endgame(holes, position.rules()) {
                if table.max_beans() > have || table.rules() != position.rules() {
                    self.eval = KalahEval::with_endgame(table);
                    self.compact = None;
                    self.generic = None;
                }
            }
        }
        let limits = SearchLimits {
            max_depth: self.max_depth,
            budget: *budget,
            max_nodes: None,
        };
        let options = smart_search_options().with_threads(self.threads);
        let result = match CompactPosition::from_position(position) {
            Some(compact) => {
                if self.compact.is_none() {
                    self.compact = Some(Search::new(SmartEval::from(&self.eval), options));
                }
                let search = self.compact.as_mut().expect("just made");
                let result = search.search(&compact, &limits);
                Some(in_position_moves(&compact, result))
            }
            None => {
                let (eval, max_depth) = (&self.eval, self.max_depth);
                let generic = self.generic.get_or_insert_with(|| {
                    SearchAgent::new("smart", eval.clone(), options, max_depth)
                });
                generic.select_move(position, budget).ok()?;
                generic.last_result().cloned()
            }
        };
        self.last.clone_from(&result);
        result
    }
}

impl SmartAgent {
    /// The bundled book's answer for `position` as a search result: the
    /// first best move, the exact value, no search (`None` when the agent
    /// does not use the book, its depth is limited, or the book does not
    /// hold the position).
    fn book_answer(&self, position: &Position) -> Option<SearchResult<Move>> {
        if !self.book || self.max_depth.is_some() {
            return None;
        }
        let holes = position.board().holes();
        let answer = OpeningBook::bundled(holes, position.rules())?.lookup(position)?;
        let best = *answer.best_moves.first()?;
        Some(SearchResult {
            best_move: Some(best),
            value: Value::proven(answer.value, 0, false),
            depth: 0,
            pv: vec![best],
            stats: SearchStats::default(),
            exact: true,
        })
    }
}

/// `result`, a search of `root`, with its moves in [`Position`]'s numbering.
fn in_position_moves(root: &CompactPosition, result: SearchResult<Sowing>) -> SearchResult<Move> {
    let mut state = *root;
    let pv = result
        .pv
        .iter()
        .map(|&sowing| {
            let mv = state.move_of(sowing);
            state.play_unchecked(sowing);
            mv
        })
        .collect();
    SearchResult {
        best_move: result.best_move.map(|sowing| root.move_of(sowing)),
        value: result.value,
        depth: result.depth,
        pv,
        stats: result.stats,
        exact: result.exact,
    }
}

impl Agent<Position> for SmartAgent {
    fn name(&self) -> String {
        "smart".into()
    }

    /// Searches within `budget`, deepening until its hard deadline (the
    /// budget's own soft target is ignored): an interrupted iteration still
    /// answers once its first move, the previous best, has been searched, so
    /// no time is wasted, and the search stops early when the value is exact.
    fn select_move(&mut self, state: &Position, budget: &Budget) -> Result<Move, AgentError> {
        let budget = match budget.hard() {
            Some(hard) => Budget::new(hard, hard),
            None => *budget,
        };
        self.analyze(state, &budget)
            .and_then(|result| result.best_move)
            .ok_or(AgentError::GameOver)
    }

    fn new_game(&mut self) {
        if let Some(compact) = self.compact.as_mut() {
            compact.clear();
        }
        if let Some(generic) = self.generic.as_mut() {
            generic.new_game();
        }
    }
}
