//! MeiChu, the course tournament game, exactly as the course's sample
//! program plays it; baselines; and our engine.
//!
//! # The rules (spec `meichu.md` §1, §3)
//! 1. A 9×9 board, `board[x, y]` with `x` the row (0 at the top, White's
//!    side) and `y` the column. Each side has a flag, 5 soldiers, 12
//!    barriers and a budget of 150 ([`Position::start`]). Black moves first.
//! 2. Before play a one-shot auction decides the colours ([`auction`]):
//!    prices capped at 140; the higher bid for the same colour pays the other
//!    bid + 1.
//! 3. A move takes one own soldier like a rook along a clear row or column
//!    ([`Position::check_move`]) onto an empty square, an enemy soldier
//!    (taken), an enemy barrier (broken, 3 extra), the enemy flag, or an own
//!    barrier (broken, 3 back). It costs `1 + d`, which the budget must
//!    cover *before* the own-barrier refund; an enemy barrier needs `4 + d`.
//! 4. A side with budget ≤ 1 passes without input; the other moves again.
//!    The side to move is therefore part of the [`Position`].
//! 5. The game ends when a flag is taken, when a side loses its last
//!    soldier, or when both budgets are ≤ 1 after a move ([`End`]). Our
//!    addition (spec §6): it also ends when the side to move has budget ≥ 2
//!    but no legal move.
//! 6. The result ([`Position::result`]): a soldier on the enemy flag wins;
//!    else more soldiers; else more barriers; else a draw. The seed's copy of
//!    the sample tests the wrong codes on the flag squares (so a flag capture
//!    is never reported); we follow the correct copies.
//!
//! # Layout
//! - [`Color`], [`Square`], [`Cell`]: the vocabulary and the board codes.
//! - [`Position`]: bitboards (`u128`, one bit per square) for the evaluation,
//!   an 11×11 sentinel mailbox for move generation (measured faster; see
//!   `docs/games/meichu.md`), budgets, the side to move, the end; move
//!   generation and legality in `moves`, applying a move in `apply`, notation
//!   and the sample's board display in `notation`, the `gamecore::Game`
//!   implementation in `game`.
//! - [`race`]: flag-race distances; [`MeichuEval`]: the engine's evaluation.
//! - [`GreedyAgent`], [`StudentAgent`], [`UctAgent`] (MCTS/UCT): baselines;
//!   [`Engine`]: our player.
//! - [`bid`]: our auction bid and how it was estimated.
//!
//! # Example
//! ```
//! use meichu::{Color, Move, Position, Effect};
//! let mut game = Position::start();
//! assert_eq!(game.side_to_move(), Color::Black);
//! let effect = game.play_checked(Move::parse("6 4 5 4").unwrap()).unwrap();
//! assert_eq!(effect, Effect::BrokeBarrier(Color::Black));
//! assert_eq!(game.budget(Color::Black), 151); // paid 2, got 3 back
//! assert!(game.play_checked(Move::parse("2 4 6 4").unwrap()).is_err());
//! ```

mod agents;
mod apply;
pub mod auction;
pub mod bid;
mod cell;
mod color;
mod eval;
mod game;
mod moves;
mod notation;
mod position;
pub mod race;
mod square;
mod zobrist;

pub use agents::{
    Engine, EngineConfig, GreedyAgent, StudentAgent, StudentEval, UctAgent, UctConfig, UctLeaf,
    UctPolicy, DEFAULT_MOVE_TIME, MAX_MOVE_TIME, STUDENT_DEPTH, UCT_TUNED,
};
pub use apply::{moved_line, Effect};
pub use cell::Cell;
pub use color::Color;
pub use eval::{MeichuEval, Weights, NEAR_WIN};
pub use moves::{IllegalMoveError, Move, ENEMY_BARRIER_COST, OWN_BARRIER_REFUND};
pub use position::{
    End, GameResult, Position, FLAG_SQUARES, MAX_BUDGET, START_BARRIERS, START_BUDGET,
    START_SOLDIERS,
};
pub use square::{Bitboard, Direction, Square};
