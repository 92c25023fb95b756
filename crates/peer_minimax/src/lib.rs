//! Adapters that let the [`minimax`] crate (version 0.6, the Rust peer we
//! measure our `search` crate against) play any [`gamecore::Game`] with any
//! [`gamecore::Evaluator`].
//!
//! - [`PeerGame<G>`] implements [`minimax::Game`] on a marker type, as
//!   `minimax` expects; its state [`PeerState<G>`] wraps ours plus minimax's
//!   alternating view of who is to move, and its move is [`PeerMove`]. A move
//!   of ours that keeps the side to move (Kalah's extra turn) is followed by
//!   a single forced [`PeerMove::Pass`] of the other side, because `minimax`
//!   assumes the sides alternate. Terminal states become a
//!   [`minimax::Winner`] from the margin ([`gamecore::Outcome::margin`]).
//! - [`PeerEvaluator<G, E>`] implements [`minimax::Evaluator`]: our `i32`
//!   side-to-move evaluation, negated while a pass is pending, saturated into
//!   minimax's `i16` heuristic range ([`HEURISTIC_LIMIT`]).
//! - [`MinimaxAgent<G, E>`] implements [`gamecore::Agent`] on
//!   [`minimax::IterativeSearch`], named `minimax-0.6`.
//!
//! # What compares and what does not
//! `minimax` scores every win as `BEST_EVAL` and every loss as `WORST_EVAL`,
//! whatever the margin, and counts a forced pass as a ply. On positions where
//! no game end is reachable within the depth and the game always alternates,
//! its fixed-depth root value equals our plain negamax value
//! (`search::reference::negamax(..).raw()`) for any evaluator within
//! ±[`HEURISTIC_LIMIT`]; the tests check this. With extra turns the depths
//! differ in meaning, so only time to depth compares.
//!
//! # Example
//! ```
//! use gamecore::testkit::games::{CoarseHashEval, Pebbles};
//! use gamecore::{Agent, Budget, Game};
//! use peer_minimax::MinimaxAgent;
//!
//! let state = Pebbles::new(10);
//! let mut agent = MinimaxAgent::new(CoarseHashEval { levels: 8 }, Some(6));
//! let mv = agent.select_move(&state, &Budget::unlimited()).unwrap();
//! assert!(state.is_legal(mv));
//! assert_eq!(agent.name(), "minimax-0.6");
//! ```

mod agent;
mod eval;
mod game;

pub use agent::{explored_nodes, MinimaxAgent, MAX_PEER_DEPTH};
pub use eval::{to_evaluation, PeerEvaluator, HEURISTIC_LIMIT};
pub use game::{PeerGame, PeerMove, PeerState};
