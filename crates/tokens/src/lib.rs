//! The token-eating game of the Code Golf king-of-the-hill "Everybody loves
//! tokens", exactly as the organiser's JavaScript controller plays it; Rust
//! ports of the posted bots; the controller's fair round robin; and our
//! opponent-aware planner.
//!
//! # The rules in brief (spec: `../shared/specs/tokens.md`)
//! 1. An `n`×`n` board (5..=15) holds up to `2n` tokens worth 1..=3 points in
//!    red, green or blue; `tokens[x][y]`, x to the right, y down
//!    ([`Board`] in `board.rs`, coordinates in `geometry.rs`, tokens in
//!    `token.rs`, [`Board::random`] in `generate.rs`).
//! 2. Both players spawn on one cell and may share cells. Player 1 acts
//!    first, then they alternate single actions: `UP` (y − 1), `RIGHT`,
//!    `DOWN`, `LEFT`, `EAT`, `PASS` ([`Action`], `action.rs`); a move off the
//!    board and an `EAT` on nothing do nothing.
//! 3. Eating scores the token's points; the m-th token of one colour in a
//!    row adds m − 1 ([`Board::act`] in `apply.rs`, [`PlayerState::gain`] in
//!    `player.rs`).
//! 4. The game ends when no token is left, or after `4n + 1` plies in a row
//!    without a token eaten ([`Board::step`] in `apply.rs`,
//!    [`Board::is_over`] in `end.rs`).
//! 5. A tournament plays every ordered pair of bots on each random board and
//!    ranks bots by total points ([`tournament`]).
//!
//! # Files
//! The rules above, bottom up; each file imports only files listed before
//! it (the workspace's `import_cycles` test keeps it so):
//! `geometry.rs`, `token.rs`, `player.rs`, `keys.rs` (the position key),
//! `board.rs`, `action.rs`, `apply.rs`, `end.rs`, `game.rs` (the
//! [`gamecore::Game`] implementation), `generate.rs`, `json.rs` (the
//! controller's notation), `debug.rs` (`Board`'s `Debug`, in that notation),
//! `bots/` (the seed's bots), `planner.rs` (ours), `roster.rs`, `agent.rs`,
//! `eval.rs`, `tournament.rs`.
//!
//! # Example
//! ```
//! use gamecore::Player;
//! use tokens::{Action, Board, Color, Token};
//!
//! let mut board = Board::empty(5, (0, 0)).unwrap();
//! board.place(1, 2, Token::new(Color::Red, 3)).unwrap();
//! for action in [Action::Right, Action::Pass, Action::Down, Action::Pass, Action::Down, Action::Pass, Action::Eat] {
//!     board.step(action);
//! }
//! assert_eq!(board.player(Player::First).score, 3);
//! assert!(board.is_over()); // the last token is gone
//! ```

mod action;
mod agent;
mod apply;
mod board;
pub mod bots;
mod debug;
mod end;
mod eval;
mod game;
mod generate;
mod geometry;
pub mod json;
mod keys;
pub mod planner;
mod player;
mod roster;
mod token;
pub mod tournament;

pub use action::Action;
pub use agent::BotAgent;
pub use apply::Effect;
pub use board::{Board, BoardError};
pub use eval::MarginEval;
pub use generate::{board_for_seed, GEN_MAX_N, GEN_MIN_N};
pub use geometry::{MAX_N, MIN_N};
pub use planner::{system_clock, Clock, Planner, PlannerConfig, PlannerStats, MAX_DEPTH};
pub use player::PlayerState;
pub use roster::{BotKind, UnknownBot};
pub use token::{Color, Token, MAX_POINTS, NO_COLOR_HEX};
