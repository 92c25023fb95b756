//! The players: baselines ([`GreedyAgent`], [`StudentAgent`]) and our engine ([`Engine`]).
//! Random play is [`gamecore::RandomAgent`].

mod engine;
mod greedy;
mod student;

pub use engine::{Engine, EngineConfig, DEFAULT_MOVE_TIME};
pub use greedy::GreedyAgent;
pub use student::{StudentAgent, StudentEval, STUDENT_DEPTH};
