//! Kalah as in UCLA CS32 Project 3 (Smallberg, 2022/23 wording), with the
//! standard and Irving rule variants, players, a SmartPlayer and an exact
//! solver.
//!
//! # The rules in brief (`docs/games/kalah.md`, spec §1–§2)
//! 1. Each side (North, South) has `n` holes numbered 1..=n left to right as
//!    displayed, plus a pot ([`POT`], hole 0): North's on the left, South's on
//!    the right. South moves first.
//! 2. A move picks up every bean of one non-empty own hole and sows them one
//!    by one counterclockwise, into the sower's own pot but never the
//!    opponent's ([`Board::sow`]). A full lap also drops a bean in the origin.
//! 3. Last bean in the own pot: the same player moves again. Last bean in an
//!    own hole that was empty, with beans opposite: capture both into the pot.
//! 4. The end ([`Rules`]): under the default CS32 rule the game ends only when
//!    the player **to move** has no beans, and the opponent's beans go to the
//!    opponent's pot. `Standard` and `EmptyCapture` end as soon as either side
//!    is empty; `EmptyCapture` also captures from an empty opposite hole.
//! 5. The pot with more beans wins; equal pots tie.
//!
//! # Layers
//! - [`Board`] is the spec's `Board`: sowing without captures.
//! - [`Position`] adds the side to move and the rules, and implements
//!   [`gamecore::Game`] (one sowing per move; an extra turn keeps the side to
//!   move), so `search` and `arena` work on it unchanged.
//! - [`Cs32Game`] and the [`Cs32Player`]s ([`HumanPlayer`], [`BadPlayer`],
//!   [`SmartPlayer`]) are the spec's classes `Game` and `Player`, named
//!   apart from [`gamecore::Game`] and [`gamecore::Player`].
//! - [`CompactPosition`] is the same game on the compact board (one byte
//!   per hole), and [`SmartEval`] Smart's policy on it: evaluation, move
//!   order, the extra turn as an extension, capture quiescence and the
//!   endgame table as an oracle for the shared `search`.
//! - [`SmartAgent`] is SmartPlayer's engine as a `gamecore` agent;
//!   [`KalahEval`] its evaluation.
//! - [`Solver`] computes exact game values (MTD(f) with an endgame database).
//!
//! # Examples
//! The spec's board test:
//! ```
//! use kalah::{Board, Side, POT};
//! let mut b = Board::new(3, 2);
//! assert_eq!((b.holes(), b.total_beans(), b.beans_in_play(Side::South)), (3, 12, 6));
//! assert!(b.set_beans(Side::South, 1, 1) && b.move_to_pot(Side::South, 2, Side::South));
//! assert_eq!(b.sow(Side::South, 3), Some((Side::North, 3)));
//! assert_eq!(b.beans(Side::South, POT), Some(3));
//! assert_eq!(b.beans(Side::South, 4), None); // the spec's −1
//! ```
//!
//! Searching a position with the `gamecore` interface:
//! ```
//! use gamecore::{Agent, Budget, Game};
//! use kalah::{Position, Rules, SmartAgent};
//! let start = Position::start(6, 4, Rules::Cs32);
//! let mut smart = SmartAgent::new(6, Rules::Cs32);
//! let mv = smart.select_move(&start, &Budget::new(
//!     std::time::Duration::from_millis(20), std::time::Duration::from_millis(50))).unwrap();
//! assert!(start.is_legal(mv));
//! ```

mod board;
mod book;
mod compact;
mod endgame;
mod endgame_store;
mod eval;
mod game;
mod memory;
mod players;
mod position;
mod ring;
mod rules;
mod side;
mod smart;
mod smart_eval;
mod solver;

pub use board::{Board, MAX_BEANS_PER_HOLE, MAX_HOLES, MAX_TOTAL_BEANS};
pub use book::{BookAnswer, BookError, OpeningBook, BOOK_FORMAT_VERSION};
pub use compact::{CompactPosition, Sowing};
pub use endgame::EndgameTable;
pub use endgame_store::{EndgameSource, EndgameStore, StoreError, ENDGAME_FORMAT_VERSION};
pub use eval::{KalahEval, BEAN};
pub use game::{Cs32Game, Status};
pub use players::{BadPlayer, Cs32Player, HumanPlayer, SmartPlayer, DEFAULT_SMART_TIME};
pub use position::{Move, ParsePositionError, Position};
pub use rules::{ParseRulesError, Rules, SowReport};
pub use side::{ParseSideError, Side, POT};
pub use smart::{smart_endgame, smart_search_options, SmartAgent, SMART_TABLE_MIB};
pub use smart_eval::SmartEval;
pub use solver::{
    solve_start, SolveError, SolveOptions, SolveProgress, SolveReport, Solver, SOLVER_MAX_BEANS,
    SOLVER_MAX_HOLES,
};
