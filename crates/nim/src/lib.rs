//! Red-Blue Nim, the game of UTA CSE 4308/5360 Fall 2023 Assignment 2
//! (contract: `shared/specs/red_blue_nim.md`), with exact values, an
//! evaluation function and agents.
//!
//! # The rules
//! 1. There are two piles, red and blue ([`RedBlueNim`], spec §1).
//! 2. The player to move takes exactly one marble from a pile of their choice
//!    ([`Pile`] is the move; spec §1).
//! 3. Whenever a player must move, both piles are non-empty, so both moves are
//!    legal. They are generated, searched and tie-broken in the assignment's
//!    order: **standard: blue then red; misère: red then blue**
//!    ([`Version::move_order`], spec §3).
//! 4. The game is over when, on a player's turn, either pile is empty
//!    ([`RedBlueNim::is_over`], spec §1).
//! 5. Then `S = 2·red + 3·blue`. In the **standard** version the player to move
//!    loses `S`; in **misère** they win `S`; the opponent gets the opposite
//!    ([`RedBlueNim::score_to_move`], [`RedBlueNim::winner`], spec §1). The
//!    [`Outcome`](gamecore::Outcome) is `Outcome::zero_sum(winner, S)`, so
//!    search values, which are margins, are **`±2S`** (module [`end`]).
//! 6. With `S = 0` (for instance 0 and 0 at the start) the winner still
//!    follows step 5: the result reads `… wins, score 0` (spec §5).
//!
//! # Where we chose
//! - Pile counts are [`Count`] (`u16`) and at most [`MAX_PILE`]; the
//!   assignment sets no limit (spec §2 lets us pick one).
//! - The position key ([`gamecore::Game::hash`]) is a perfect index of
//!   (red, blue, side to move, version).
//! - [`NimEval`] is the exact closed-form value (module [`eval`];
//!   reasoning and measurements in `docs/red_blue_nim_eval.md`).
//!
//! # Example
//! ```
//! use gamecore::{Agent, Budget, Game};
//! use nim::{exact_agent, Pile, RedBlueNim, Version};
//!
//! // The spec's example: 0 red and 3 blue on the computer's turn.
//! let standard: RedBlueNim = "r0 b3 standard first".parse().unwrap();
//! assert_eq!(standard.score_to_move(), Some(-9));
//!
//! // With 1 red and 3 blue, the computer takes the last red marble.
//! let state = RedBlueNim::new(1, 3, Version::Standard);
//! let mut agent = exact_agent();
//! let pile = agent.select_move(&state, &Budget::unlimited()).unwrap();
//! assert_eq!(pile, Pile::Red);
//! let after = state.after(pile);
//! assert_eq!(after.outcome().unwrap().margin(state.side_to_move()), 18); // +9 each way
//! ```

mod agents;
pub mod end;
pub mod eval;
mod rules;
pub mod solve;
mod state;

pub use agents::{
    depth_limited_agent, exact_agent, search_options, GreedyAgent, HumanAgent, NimSearchAgent,
    MAX_TABLE_MIB, PROMPT, REASK,
};
pub use eval::{perfect_play_score, NimEval};
pub use solve::Solution;
pub use state::{
    Count, ParsePileError, ParsePositionError, ParseVersionError, Pile, PileTooLargeError,
    RedBlueNim, Version, MAX_PILE,
};
