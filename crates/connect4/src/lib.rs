//! Connect Four on the standard board of 7 columns and 6 rows, with
//! bitboards: the rules, the move-string notation, an evaluator for
//! depth-limited search and named positions for benchmarks.
//!
//! # The rules
//! 1. The board has [`WIDTH`]` = 7` columns and [`HEIGHT`]` = 6` rows and
//!    starts empty ([`Position::new`]). The first player (`X`) moves first
//!    and the sides alternate ([`Position::to_move`]).
//! 2. A move drops a stone into a column that is not full ([`Column`]); it
//!    falls to the lowest empty cell (module `play`). Moves are generated
//!    centre first: 4, 3, 5, 2, 6, 1, 7 ([`Column::CENTRE_FIRST`]).
//! 3. A player who completes a line of four of their stones, horizontally,
//!    vertically or diagonally, wins at once ([`Position::winner`]); a full
//!    board without one is a draw ([`Position::is_full`]). The winner scores
//!    1 and the loser −1 (`Outcome::zero_sum(winner, 1)`), so search margins
//!    of a win are 2 (module [`end`]).
//!
//! # Where we chose
//! - The state is Pascal Pons' pair of bitboards, the stones of the side to
//!   move and all stones, with an empty sentinel row above each column
//!   (layout in module [`layout`]).
//! - A position's notation is the move string from the empty board, one
//!   1-based column digit per move (`"4453"`), as in Pons' solver; unlike his
//!   solver we accept strings whose last move ends the game.
//! - The [`Game::hash`](gamecore::Game::hash) is the perfect key
//!   `current + mask` ([`Position::key`]) through a bijective mix, so it is
//!   unique per position.
//! - [`Connect4Eval`] counts threats, with Allis' odd/even rule and a centre
//!   bonus (module [`eval`]).
//! - `perft.txt` in the crate directory holds [`gamecore::perft`] counts from
//!   the empty board; the tests check them against a naive implementation
//!   and the distinct-position counts against OEIS A212693.
//!
//! # Example
//! ```
//! use connect4::{Column, Connect4Eval, Position};
//! use gamecore::{Game, Player};
//! use search::{Search, SearchLimits, SearchOptions};
//!
//! // First has three in the bottom row, 2 to 4, with both ends open.
//! let position = Position::from_moves("27374").unwrap();
//! assert_eq!(position.to_move(), Player::Second);
//! assert!(!position.can_win_next());
//!
//! // Whatever second does, first completes four on the next move.
//! let mut search = Search::new(Connect4Eval::default(), SearchOptions::default());
//! let result = search.search(&position, &SearchLimits::depth(3));
//! assert_eq!(result.proven_margin(), Some(-2));
//!
//! let blocked = position.after(Column::new(0));
//! assert_eq!(blocked.winning_moves().iter().collect::<Vec<_>>(), [Column::new(4)]);
//! let won = blocked.after(Column::new(4));
//! assert_eq!(won.winner(), Some(Player::First));
//! assert_eq!(won.outcome().unwrap().margin(Player::First), 2);
//! ```

mod benchmarks;
pub mod end;
pub mod eval;
pub mod layout;
mod moves;
mod play;
pub mod position;

pub use benchmarks::{benchmark_positions, BENCHMARK_SEED, FORCED_WIN};
pub use end::{has_four, winning_cells};
pub use eval::Connect4Eval;
pub use layout::{CELLS, HEIGHT, WIDTH};
pub use moves::{Column, ColumnSet};
pub use position::Position;
