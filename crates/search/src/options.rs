//! Search options: which techniques are on, and their parameters.

/// The techniques a [`Search`](crate::Search) uses. `Copy`, built with `with_*` methods.
///
/// Every combination returns the same root value as plain fixed-depth
/// negamax ([`reference::negamax`](crate::reference::negamax)) at the same
/// depth; the options only change how fast that value is found, and which of
/// several equally good moves is chosen. The property tests check this.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchOptions {
    /// Transposition-table size in MiB (0 disables the table).
    pub tt_mib: usize,
    /// Principal-variation search: null windows for all but the first move.
    /// A search whose scouts often land inside the window (after 32, more
    /// than one in 8) searches every move with the whole window from its
    /// next iteration on.
    pub pvs: bool,
    /// Aspiration window half-width around the previous iteration's value
    /// (`None`: full window every iteration).
    pub aspiration: Option<i32>,
    /// Killer moves: two quiet moves per ply that caused cut-offs.
    pub killers: bool,
    /// History heuristic: moves that caused cut-offs anywhere rise in the order.
    pub history: bool,
    /// With [`history`](Self::history): the moves a node searched before the
    /// one that cut it sink in the order by as much as the cutting move rises
    /// (a history malus). Off by default: MeiChu's searches reach a given
    /// depth about 5 % sooner with it (a quarter sooner on one position of
    /// six), Connect Four's and Kalah's need 1–2 % more nodes.
    pub history_malus: bool,
    /// Enhanced transposition cut-offs: a node with at least this many plies
    /// left first looks every child up in the table, and is cut at once if
    /// a child's stored bound already refutes it, before any child is
    /// searched (`None`: off). Pays where positions transpose (Connect Four,
    /// Nim); Kalah, with few transpositions, turns it off. A search whose
    /// lookups seldom cut (after 128, fewer than one in 64) stops making
    /// them from its next iteration on.
    pub transposition_cutoffs: Option<u32>,
    /// Iterative deepening: search depth 1, 2, … up to the limit. Off: one
    /// search straight to the depth limit (best for exact solving of games
    /// whose whole tree fits the table, where intermediate depths cost more
    /// than they save).
    pub iterative_deepening: bool,
    /// Search root moves in generation order in every iteration; among equal
    /// values the earliest move wins. Off: the previous best move goes first.
    pub stable_root_order: bool,
    /// Prefer quicker wins and slower losses among proven results of equal margin.
    pub prefer_short_wins: bool,
    /// Search threads (Lazy SMP: every thread searches the root and all
    /// share the transposition table). 1 searches on the calling thread
    /// only; values below 1 count as 1. See [`default_threads`](crate::default_threads).
    pub threads: usize,
    /// Which of the evaluator's policy hooks the search consults.
    pub hooks: Hooks,
}

/// Which policy hooks of a [`gamecore::Evaluator`] a search consults. `Copy`.
///
/// Unlike the techniques of [`SearchOptions`], hooks change *what* is
/// searched, so they change values: a search agrees with
/// [`reference::negamax_with`](crate::reference::negamax_with) given the same
/// hooks. All are on by default; an evaluator that overrides no hook is
/// unaffected by them. Turning one off searches as if the evaluator had the
/// hook's default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hooks {
    /// Search [`noisy_moves`](gamecore::Evaluator::noisy_moves) at the horizon.
    pub quiescence: bool,
    /// Trust [`exact_margin`](gamecore::Evaluator::exact_margin) as a proven leaf.
    pub oracle: bool,
    /// Let [`extends`](gamecore::Evaluator::extends) moves cost no depth.
    pub extensions: bool,
    /// Search only the [`select_candidates`](gamecore::Evaluator::select_candidates)
    /// moves (an approximation: results are then never exact).
    pub candidates: bool,
}

impl Hooks {
    /// Every hook on.
    pub const ALL: Hooks = Hooks {
        quiescence: true,
        oracle: true,
        extensions: true,
        candidates: true,
    };
    /// Every hook off: the plain fixed-depth tree whatever the evaluator says.
    pub const NONE: Hooks = Hooks {
        quiescence: false,
        oracle: false,
        extensions: false,
        candidates: false,
    };
}

impl Default for Hooks {
    fn default() -> Hooks {
        Hooks::ALL
    }
}

impl SearchOptions {
    /// The defaults: 16 MiB table, PVS, no aspiration window (on Connect
    /// Four, MeiChu and Nim a ±50 window visited more nodes: its re-searches
    /// cost more than its narrower searches saved), killers, history,
    /// enhanced transposition cut-offs from five plies left (from three or
    /// four the lookups cost more than they saved on Connect Four and
    /// Kalah; from six or seven fewer nodes were cut), iterative deepening,
    /// previous best move first, quick wins preferred.
    pub const fn new() -> SearchOptions {
        SearchOptions {
            tt_mib: 16,
            pvs: true,
            aspiration: None,
            killers: true,
            history: true,
            history_malus: false,
            transposition_cutoffs: Some(5),
            iterative_deepening: true,
            stable_root_order: false,
            prefer_short_wins: true,
            threads: 1,
            hooks: Hooks::ALL,
        }
    }

    /// A plain alpha-beta: no table, no PVS, no aspiration, no ordering help
    /// (the policy hooks stay on: they decide the tree, not how fast it is searched).
    pub const fn plain() -> SearchOptions {
        SearchOptions {
            tt_mib: 0,
            pvs: false,
            aspiration: None,
            killers: false,
            history: false,
            history_malus: false,
            transposition_cutoffs: None,
            iterative_deepening: true,
            stable_root_order: true,
            prefer_short_wins: true,
            threads: 1,
            hooks: Hooks::ALL,
        }
    }

    /// Sets the transposition-table size in MiB (0 disables it).
    #[must_use]
    pub const fn with_tt_mib(mut self, mib: usize) -> SearchOptions {
        self.tt_mib = mib;
        self
    }

    /// Turns principal-variation search on or off.
    #[must_use]
    pub const fn with_pvs(mut self, on: bool) -> SearchOptions {
        self.pvs = on;
        self
    }

    /// Sets the aspiration half-width (`None` turns aspiration windows off).
    #[must_use]
    pub const fn with_aspiration(mut self, half_width: Option<i32>) -> SearchOptions {
        self.aspiration = half_width;
        self
    }

    /// Turns killer moves on or off.
    #[must_use]
    pub const fn with_killers(mut self, on: bool) -> SearchOptions {
        self.killers = on;
        self
    }

    /// Turns the history heuristic on or off.
    #[must_use]
    pub const fn with_history(mut self, on: bool) -> SearchOptions {
        self.history = on;
        self
    }

    /// Turns the history malus on or off (see [`history_malus`](Self::history_malus)).
    #[must_use]
    pub const fn with_history_malus(mut self, on: bool) -> SearchOptions {
        self.history_malus = on;
        self
    }

    /// Sets the depth from which nodes look their children up in the table
    /// first (`None` turns enhanced transposition cut-offs off; see
    /// [`transposition_cutoffs`](Self::transposition_cutoffs)).
    #[must_use]
    pub const fn with_transposition_cutoffs(mut self, min_depth: Option<u32>) -> SearchOptions {
        self.transposition_cutoffs = min_depth;
        self
    }

    /// Turns iterative deepening on or off.
    #[must_use]
    pub const fn with_iterative_deepening(mut self, on: bool) -> SearchOptions {
        self.iterative_deepening = on;
        self
    }

    /// Keeps root moves in generation order, so ties go to the earliest move.
    #[must_use]
    pub const fn with_stable_root_order(mut self, on: bool) -> SearchOptions {
        self.stable_root_order = on;
        self
    }

    /// Prefers quicker wins among equal margins (on), or values only the margin (off).
    #[must_use]
    pub const fn with_prefer_short_wins(mut self, on: bool) -> SearchOptions {
        self.prefer_short_wins = on;
        self
    }
}

impl SearchOptions {
    /// Sets which policy hooks the search consults.
    #[must_use]
    pub const fn with_hooks(mut self, hooks: Hooks) -> SearchOptions {
        self.hooks = hooks;
        self
    }

    /// Sets the number of search threads (values below 1 count as 1).
    #[must_use]
    pub const fn with_threads(mut self, threads: usize) -> SearchOptions {
        self.threads = if threads == 0 { 1 } else { threads };
        self
    }
}

impl Default for SearchOptions {
    fn default() -> SearchOptions {
        SearchOptions::new()
    }
}
