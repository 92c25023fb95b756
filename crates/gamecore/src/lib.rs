//! The traits every game implements and every algorithm consumes.
//!
//! `gamecore` is the bottom of the workspace: it knows no game and no search.
//! A game implements [`Game`] (its rules) and usually an [`Evaluator`] (a
//! heuristic for unfinished positions); a player implements [`Agent`]. Search
//! crates consume `Game` and `Evaluator`; `arena` pits any two `Agent`s.
//!
//! The shapes are chosen for five quite different games:
//! - **the side to move is part of the state** ([`Game::side_to_move`]): a move
//!   may leave the same side to move (Kalah's extra turn);
//! - **outcomes are scores per player** ([`Outcome`]): zero-sum searches read
//!   the margin, general-sum agents read their own score;
//! - **a move is one atomic action**: a multi-action turn is several moves by
//!   the same side;
//! - **time is part of the interface** ([`Budget`]: soft target, hard deadline);
//! - **every random choice flows from a seed** ([`seeded_rng`]).
//!
//! # Example: a whole game in a few lines
//! ```
//! use gamecore::{Game, MoveList, Outcome, ParseMoveError, Player};
//!
//! /// Count to 10: each move adds 1 or 2; whoever reaches 10 wins 1 point.
//! #[derive(Clone, Debug)]
//! struct CountTo10 { total: u8, to_move: Player }
//!
//! impl Game for CountTo10 {
//!     type Move = u8;
//!     fn side_to_move(&self) -> Player { self.to_move }
//!     fn legal_moves(&self, moves: &mut MoveList<u8>) {
//!         moves.clear();
//!         for step in 1..=2 { if self.total + step <= 10 { moves.push(step) } }
//!     }
//!     fn play_unchecked(&mut self, step: u8) {
//!         self.total += step;
//!         if self.total < 10 { self.to_move = self.to_move.other() }
//!     }
//!     fn outcome(&self) -> Option<Outcome> {
//!         (self.total >= 10).then(|| Outcome::zero_sum(self.to_move, 1))
//!     }
//!     fn hash(&self) -> u64 { u64::from(self.total) * 2 + self.to_move.index() as u64 }
//!     fn recompute_hash(&self) -> u64 { self.hash() }
//!     fn score_bounds(&self) -> (i32, i32) { (-1, 1) }
//!     fn max_remaining_plies(&self) -> u32 { u32::from(10 - self.total) }
//!     fn parse_move(&self, text: &str) -> Result<u8, ParseMoveError> {
//!         text.parse().map_err(|_| ParseMoveError::new(text, "1 or 2"))
//!     }
//!     fn move_index(&self, step: u8) -> usize { usize::from(step) }
//!     fn move_index_bound(&self) -> usize { 3 }
//! }
//!
//! let mut game = CountTo10 { total: 0, to_move: Player::First };
//! while game.outcome().is_none() {
//!     game.play(2).or_else(|_| game.play(1)).unwrap();
//! }
//! // Five moves of 2: First, Second, First, Second, First reaches 10.
//! assert_eq!(game.outcome().unwrap().winner(), Some(Player::First));
//! assert_eq!(gamecore::perft(&CountTo10 { total: 7, to_move: Player::First }, 2), 3);
//! ```
//!
//! The conformance kit (`testkit`, the feature of that name, on by default)
//! checks any implementation against the [`Game`] contract on seeded random games.
//!
//! # Using it from your crate
//! ```toml
//! [dependencies]
//! gamecore = { path = "../gameai/crates/gamecore" }   # or { git = "<the repository's URL>" }
//!
//! [dev-dependencies]   # the conformance kit for your tests
//! gamecore = { path = "../gameai/crates/gamecore", features = ["testkit"] }
//! ```
//! Draw from a [`GameRng`] with the `rand` this crate re-exports
//! ([`gamecore::rand`](crate::rand), rand 0.8; also `gamecore::rand_chacha`),
//! not with a `rand` of your own: the traits of another major version
//! (`rand = "0.9"`) do not apply to a `GameRng`.
//! ```
//! use gamecore::rand::Rng;
//!
//! let mut rng = gamecore::seeded_rng(7);
//! let roll: u32 = rng.gen_range(1..=6);
//! assert!((1..=6).contains(&roll));
//! // The same seed gives the same stream on every machine.
//! assert_eq!(gamecore::seeded_rng(7).gen_range(1..=6), roll);
//! ```

mod agent;
mod budget;
mod eval;
mod game;
mod hash;
mod outcome;
mod player;
mod playout;
mod rng;
mod zobrist;

#[cfg(feature = "testkit")]
pub mod testkit;

pub use agent::{Agent, AgentError, RandomAgent};
pub use budget::{Budget, Timer};
pub use eval::{Evaluator, EVAL_LIMIT};
pub use game::{Game, MoveList, ParseMoveError, ParsePositionError, PlayError};
pub use hash::mix64;
pub use outcome::Outcome;
pub use player::Player;
pub use playout::{perft, random_move, random_opening, random_playout};
pub use rng::{derive_seed, seeded_rng, GameRng};
pub use zobrist::ZobristKeys;

/// The `rand` (0.8) behind [`GameRng`] and [`seeded_rng`], re-exported so
/// that your code draws with the same version (`use gamecore::rand::Rng;`).
pub use rand;

/// The `rand_chacha` (0.3) that defines [`GameRng`].
pub use rand_chacha;
