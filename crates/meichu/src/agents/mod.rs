//! The players: baselines ([`GreedyAgent`], [`StudentAgent`], [`UctAgent`])
//! and our engine ([`Engine`]).
//! Random play is [`gamecore::RandomAgent`].

mod engine;
mod greedy;
mod student;
mod uct;

pub use engine::{Engine, EngineConfig, DEFAULT_MOVE_TIME, MAX_MOVE_TIME};
pub use greedy::GreedyAgent;
pub use student::{StudentAgent, StudentEval, STUDENT_DEPTH};
pub use uct::{UctAgent, UctConfig, UctLeaf, UctPolicy, UCT_TUNED};
