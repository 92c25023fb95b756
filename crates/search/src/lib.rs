//! Game-independent adversarial search.
//!
//! The crate knows no game: it works on any [`gamecore::Game`] with any
//! [`gamecore::Evaluator`]. Its main type, [`Search`], is a negamax
//! alpha-beta with:
//! - iterative deepening that stops as soon as the root is proven
//!   ([`SearchResult::exact`]: every line resolved, or a forced win or loss
//!   by the game's widest margin), with an optional aspiration window;
//! - principal-variation search (null windows for all but the first move);
//! - a transposition table of two-slot buckets (depth-preferred plus
//!   always-replace) with full-key verification, sized in MiB;
//! - staged move ordering: the table's move first, unscored; then the
//!   evaluator's hints, killers among equal hints, then history;
//! - a time manager: the budget's clock starts with the search, no new
//!   iteration after the soft target, the hard deadline polled inside the
//!   tree, the last completed iteration answers;
//! - proven game ends on a scale of their own ([`Value`]), so a found win is
//!   never confused with a good heuristic score, and a principal variation
//!   that runs to the end of the game for a proven value;
//! - correct handling of moves that keep the side to move (no negation);
//! - a parallel mode ([`SearchOptions::threads`]): Lazy SMP over the shared,
//!   lock-free table, with threads deferring children another thread is
//!   searching (module `parallel`); values at a fixed depth do not depend
//!   on the number of threads.
//!
//! # Policy hooks
//! A game's strength comes from its policy, the [`gamecore::Evaluator`]: the
//! evaluation, the ordering hints, and four hooks the search consults (each
//! a no-op by default, each switched by [`Hooks`]):
//! - **quiescence** ([`noisy_moves`](gamecore::Evaluator::noisy_moves)):
//!   captures and threats searched past the horizon, within the window
//!   (MeiChu's flag threats and captures);
//! - **an exact oracle** ([`exact_margin`](gamecore::Evaluator::exact_margin)):
//!   a position the game values exactly (an endgame table) is a proven leaf;
//! - **extensions** ([`extends`](gamecore::Evaluator::extends)): a move that
//!   costs no depth (Kalah's extra turn);
//! - **candidate selection** ([`select_candidates`](gamecore::Evaluator::select_candidates)):
//!   a subset of the legal moves searched at a node, an approximation that
//!   makes no result exact.
//!
//! [`reference::negamax_with`] is plain fixed-depth negamax under the same
//! hooks. Every option set returns its root value; the property tests check
//! it with [`testkit::option_matrix`] (a row per technique and one per hook
//! turned off) and, on any game, with [`testkit::HookedEval`], which adds
//! every hook to any evaluator.
//!
//! Null-move pruning and other value-changing reductions are deliberately
//! absent: parity games such as Red-Blue Nim and Kalah break their premise.
//!
//! # Example
//! ```
//! use gamecore::testkit::games::{Pebbles, CoarseHashEval};
//! use search::{Search, SearchLimits, SearchOptions};
//!
//! let mut search = Search::new(CoarseHashEval { levels: 8 }, SearchOptions::default());
//! // Pebbles is small: an unlimited search sees every line to the end.
//! let result = search.search(&Pebbles::new(12), &SearchLimits::exhaustive());
//! assert!(result.exact);
//! let margin = result.proven_margin().expect("solved");
//! // The same value as plain negamax searched deep enough to see the end.
//! let reference = search::reference::negamax(&Pebbles::new(12), &CoarseHashEval { levels: 8 }, 12, true);
//! assert_eq!(result.value, reference);
//! println!("first player wins by {margin} with {}", result.best_move.unwrap());
//! ```
//!
//! [`SearchAgent`] wraps a search as a [`gamecore::Agent`].
//!
//! [`mcts`] holds a game-independent Monte Carlo tree search (UCT with
//! evaluator leaves) for games where alpha-beta's tree is too wide, such as
//! ReAntics' many-action turns.
//!
//! # Using it from your crate
//! ```toml
//! [dependencies]
//! gamecore = { path = "../gameai/crates/gamecore" }   # or { git = "<the repository's URL>" }
//! search = { path = "../gameai/crates/search" }       # or { git = "<the repository's URL>" }
//!
//! [dev-dependencies]   # the conformance kit and `testkit::check_agrees_with_negamax`
//! gamecore = { path = "../gameai/crates/gamecore", features = ["testkit"] }
//! search = { path = "../gameai/crates/search", features = ["testkit"] }
//! ```
//! The repository's README, "Using the library from your own crate", has a
//! whole game with its tests.

mod agent;
mod alphabeta;
mod busy;
mod iterative;
mod limits;
pub mod mcts;
mod memory;
mod node;
mod options;
mod ordering;
mod parallel;
pub mod reference;
mod report;
mod role;
#[cfg(feature = "testkit")]
pub mod testkit;
mod trial;
mod tt;
mod value;

pub use agent::SearchAgent;
pub use busy::BusyMarks;
pub use iterative::Search;
pub use limits::SearchLimits;
pub use memory::prefetch;
pub use options::{Hooks, SearchOptions};
pub use report::{SearchResult, SearchStats};
pub use value::{Value, MAX_DISTANCE, MAX_MARGIN};

/// The number of threads a search should use by default: every hardware
/// thread the operating system offers this process (1 if it cannot tell).
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
}
