//! The token-eating game of the Code Golf king-of-the-hill "Everybody loves
//! tokens", exactly as the organiser's JavaScript controller plays it; Rust
//! ports of the posted bots; the controller's fair round robin; and our
//! opponent-aware planner.
//!
//! # The rules in brief (spec: `../shared/specs/tokens.md`)
//! 1. An `n`×`n` board (5..=15) holds up to `2n` tokens worth 1..=3 points in
//!    red, green or blue; `tokens[x][y]`, x to the right, y down
//!    ([`Board`], [`Board::random`]).
//! 2. Both players spawn on one cell and may share cells. Player 1 acts
//!    first, then they alternate single actions: `UP` (y − 1), `RIGHT`,
//!    `DOWN`, `LEFT`, `EAT`, `PASS` ([`Action`]); a move off the board and
//!    an `EAT` on nothing do nothing.
//! 3. Eating scores the token's points; the m-th token of one colour in a
//!    row adds m − 1 ([`Board::act`]).
//! 4. The game ends when no token is left, or after `4n + 1` plies in a row
//!    without a token eaten ([`Board::step`], [`Board::is_over`]).
//! 5. A tournament plays every ordered pair of bots on each random board and
//!    ranks bots by total points ([`tournament`]).
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

mod agent;
mod board;
pub mod bots;
mod eval;
mod game;
mod generate;
pub mod json;
pub mod planner;
mod roster;
pub mod tournament;

pub use agent::BotAgent;
pub use board::{
    Board, BoardError, Color, PlayerState, Token, MAX_N, MAX_POINTS, MIN_N, NO_COLOR_HEX,
};
pub use eval::MarginEval;
pub use game::{Action, Effect};
pub use generate::{board_for_seed, GEN_MAX_N, GEN_MIN_N};
pub use planner::{Planner, PlannerConfig, PlannerStats};
pub use roster::{BotKind, UnknownBot};
