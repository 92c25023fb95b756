//! When a search stops: depth, time, nodes.

use gamecore::{Budget, Timer};
use std::time::Instant;

/// How far and how long a search may go.
///
/// Iterative deepening stops at the first of: `max_depth` reached, the root
/// proven (see [`SearchResult::exact`](crate::SearchResult::exact)), the
/// budget's soft target passed (no new iteration starts), the hard deadline
/// or `max_nodes` hit inside an iteration (that iteration is discarded and
/// the last completed one answers).
///
/// The budget is durations: its clock starts when
/// [`Search::search`](crate::Search::search) is called, so limits built ahead
/// of time and reused for many searches give each search the whole budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchLimits {
    /// The deepest iteration, in plies (`None`: until time runs out or the root is proven).
    pub max_depth: Option<u32>,
    /// The time allowed, from the start of the search.
    pub budget: Budget,
    /// The most nodes to visit (`None`: no limit).
    pub max_nodes: Option<u64>,
}

impl SearchLimits {
    /// Searches to exactly `depth` plies (or less, once the root is proven),
    /// with no time limit.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            max_depth: Some(depth),
            budget: Budget::unlimited(),
            max_nodes: None,
        }
    }

    /// Searches as deep as `budget` allows.
    pub fn budget(budget: Budget) -> SearchLimits {
        SearchLimits {
            max_depth: None,
            budget,
            max_nodes: None,
        }
    }

    /// Searches until the root is proven.
    pub fn exhaustive() -> SearchLimits {
        SearchLimits {
            max_depth: None,
            budget: Budget::unlimited(),
            max_nodes: None,
        }
    }

    /// Sets the deepest iteration.
    #[must_use]
    pub fn with_max_depth(mut self, depth: u32) -> SearchLimits {
        self.max_depth = Some(depth);
        self
    }

    /// Sets the node limit.
    #[must_use]
    pub fn with_max_nodes(mut self, nodes: u64) -> SearchLimits {
        self.max_nodes = Some(nodes);
        self
    }
}

/// Polls the hard limits from inside the tree, cheaply.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Deadline {
    hard: Option<Instant>,
    max_nodes: Option<u64>,
    next_poll: u64,
}

impl Deadline {
    /// How many nodes pass between two clock readings.
    pub(crate) const POLL_INTERVAL: u64 = 1024;

    /// The limits of a search whose clock is `timer`.
    pub(crate) fn new(timer: &Timer, max_nodes: Option<u64>) -> Deadline {
        Deadline {
            hard: timer.hard_deadline(),
            max_nodes,
            next_poll: Self::POLL_INTERVAL,
        }
    }

    /// No limit at all.
    pub(crate) fn none() -> Deadline {
        Deadline {
            hard: None,
            max_nodes: None,
            next_poll: u64::MAX,
        }
    }

    /// Returns true when the search must stop, given the nodes visited so far.
    /// Reads the clock once every [`POLL_INTERVAL`](Self::POLL_INTERVAL) nodes.
    #[inline]
    pub(crate) fn expired(&mut self, nodes: u64) -> bool {
        if self.max_nodes.is_some_and(|max| nodes >= max) {
            return true;
        }
        if nodes < self.next_poll {
            return false;
        }
        self.next_poll = nodes + Self::POLL_INTERVAL;
        self.hard.is_some_and(|hard| Instant::now() >= hard)
    }
}
