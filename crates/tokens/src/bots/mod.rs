//! Rust ports of the seed's bots, behaving as their JavaScript does
//! (quirks included), and the [`Bot`] interface they share with our agent.
//!
//! Each port's file opens with the strategy and the quirks it reproduces.
//! A bot is created for one game and one seat (the controller's
//! `new Bot(player1)`), and is asked for an action on each of its turns.
//! Shared by several bots: NaiveAI's step order ([`step_rdul`]) and the
//! Manhattan distance ([`manhattan`]). [`nearest_token_action`] answers for
//! boards too large for the engine.

mod bot;
pub(crate) mod hungry;
mod kinda_random;
mod lazy;
mod mirror;
mod naive;
mod nearest;
mod one_target;
mod path;
mod quantity;
mod step;

pub use crate::geometry::manhattan;
pub use bot::Bot;
pub use hungry::HungryBot;
pub use kinda_random::KindaRandomAi;
pub use lazy::LazyBot;
pub use mirror::{MirrorBot, MirrorBotBuiltin};
pub use naive::NaiveAi;
pub use nearest::nearest_token_action;
pub use one_target::OneTarget;
pub use path::PathBot;
pub use quantity::QuantityPlayer;
pub use step::step_rdul;
