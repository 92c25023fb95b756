//! ReAntics (amnuxoll/ReAntics, 2017–21) as its Python code implements it:
//! the engine, the agent API, ports of the bundled agents and our MCTS agent.
//!
//! # The rules in brief (`docs/games/reantics.md`, spec §1–§10)
//! - A 10×10 board; Player 1 (seat 0) owns rows 0..3, Player 2 rows 6..9.
//! - Setup: each player places anthill, tunnel and 9 grass at home (P1, then
//!   P2), then 2 food on the enemy side (P1, then P2). A queen appears on each
//!   anthill, a worker on each tunnel, each player gets 1 food; P1 moves.
//! - A turn is many actions ([`Action`]): move each ant at most once along an
//!   orthogonal path within its movement (grass costs 2 unless the ant
//!   ignores grass; ants block; the queen never enters rows 4–5), build one
//!   ant on the free own anthill, and END.
//! - After a non-worker's move (zero-step included) an attack is
//!   **mandatory** if an enemy is within range (Manhattan); the mover picks
//!   the target from the creation-order list ([`Action::Attack`]).
//! - At END only: ants on the enemy anthill or tunnel lower its capture
//!   health (an anthill at 0 is captured; tunnels never change hands),
//!   workers on food pick up, carrying workers on an own building deliver.
//! - After every action `hasWon(P1)` then `hasWon(P2)`: enemy queen dead,
//!   enemy anthill captured, 11 food, or the enemy has 0 food and one ant.
//!
//! # Quirks and how we resolve them (spec §17)
//! - Code over manual: worker health 2, tunnel capture does nothing,
//!   starvation wins.
//! - Anthill capture health never resets.
//! - An attack answer outside the target list is an illegal action (loss);
//!   UNDO is not part of the agent API.
//! - Player 2's setup-phase-1 view hides Player 1's layout from the board and
//!   the lists (the original leaks it through the inventories).
//! - Short placement lists: the same agent is asked again; long ones are truncated.
//! - **Our extension:** a cap on END actions (default
//!   [`DEFAULT_TURN_CAP`] = 1000) adjudicated by more food, then more total
//!   ant health, else a draw ([`EndReason::TurnCap`]). The original has no
//!   draw and no limit.
//! - Agents get the **exact** next state ([`View::next_state`]); the
//!   original's `getNextState` is approximate.
//! - The original hands Player 2's `getAttack` an attacker with absolute
//!   coordinates; our [`AntAgent::get_attack`] receives it in the agent's
//!   own coordinates like everything else.
//!
//! # Layers
//! - [`State`] (absolute coordinates) implements [`gamecore::Game`]: one
//!   atomic action per move, so `search` and `arena` work on it.
//! - [`View`] is what an agent sees (flipped for Player 2); [`AntAgent`] is
//!   the original `Player` API and [`play_game`] the driver that calls it,
//!   turning any illegal answer into a loss, never a panic.
//! - [`utils`] ports `AIPlayerUtils` (paths, distances, move lists).
//! - [`baselines`] ports the bundled agents.
//! - Our agent, [`MctsAnt`] (`mcts_agent.rs`, settings [`MctsAntOptions`]),
//!   searches [`TurnTree`] (`turn_tree.rs`: canonical turns, pruned
//!   candidates) with the generic MCTS and [`ColonyEval`]
//!   (`colony_eval.rs`).
//!
//! # Example
//! ```
//! use reantics::{baselines, play_game, GameOptions};
//! let mut a = baselines::baseline("Ralph").unwrap();
//! let mut b = baselines::baseline("Booger").unwrap();
//! let record = play_game([&mut *a, &mut *b], &GameOptions::default(), &mut |_, _| {});
//! assert!(record.end.winner.is_some());
//! assert!(record.ends > 0);
//! ```

mod game;
mod rules;
mod state;
mod stats;

pub use rules::{entry_cost, queen_forbidden, Action, IllegalAction};
pub use state::{Ant, Cell, EndReason, GameEnd, Phase, State, SETUP1_ITEMS, SETUP2_ITEMS};
pub use stats::{
    AntType, ConstrType, Coord, ANTHILL_CAPTURE_HEALTH, ANT_TYPES, BOARD_LENGTH, BUILDABLE,
    DEFAULT_TURN_CAP, FOOD_GOAL, TUNNEL_CAPTURE_HEALTH,
};
mod agent;
mod view;
pub use agent::{play_game, AntAgent, AsGameAgent, GameOptions, GameRecord};
pub use view::{AgentMove, AntInfo, ConstrInfo, View};
pub mod baselines;
mod colony_eval;
mod mcts_agent;
#[cfg(test)]
mod test_positions;
mod turn_tree;
pub mod utils;
pub use colony_eval::{ColonyEval, EvalWeights};
pub use mcts_agent::{
    MctsAnt, MctsAntOptions, MctsAntReport, MctsAntStats, SearchReport, TurnReport,
};
pub use turn_tree::TurnTree;
mod snapshot;
pub use snapshot::{Snapshot, SnapshotAnt, SnapshotConstr};
