//! Tournaments between agents of any game: seeded, parallel, clocked.
//!
//! `arena` plays [`gamecore::Agent`]s against each other for any
//! [`gamecore::Game`] and reports who is stronger, by how much and how sure
//! we are:
//! - **schedules** ([`schedule`]): a round robin, or a gauntlet of one or more
//!   heroes against every baseline; each opening is played twice with the
//!   seats swapped, so neither agent profits from the side it starts on;
//! - **one game** ([`play_game`]) runs under a per-move [`Clock`]: a move later
//!   than the limit plus a small grace, an [`gamecore::AgentError`], an illegal
//!   move or a panic loses the game by forfeit, recorded with seat, ply and
//!   reason;
//! - **reproducible**: game `i` derives its opening and agent seeds from the
//!   run's seed and `i` ([`gamecore::derive_seed`]); results are collected in
//!   game order, so they do not depend on thread scheduling;
//! - **parallel**: games run on a rayon pool over all cores (threads with a
//!   256 MiB stack, since searches recurse deeply); each game creates its own
//!   agents from the entrants' factories;
//! - **results** ([`Report`]): per pairing W/D/L, points, mean score margin,
//!   Elo difference with a 95% interval ([`elo`]) and forfeits; a plain-text
//!   table and JSON with optional per-game records (seed, start, moves,
//!   result, forfeit).
//!
//! A progress bar appears on standard error when a run takes more than a
//! second and standard error is a terminal.
//!
//! # Example
//! ```
//! use arena::{Clock, Entrant, JsonOptions, Openings, Progress, Tournament};
//! use gamecore::testkit::games::Pebbles;
//! use gamecore::RandomAgent;
//! use rand::Rng;
//! use std::time::Duration;
//!
//! let tournament = Tournament::gauntlet(
//!     vec![Entrant::new("hero", RandomAgent::new)],
//!     vec![Entrant::new("random", RandomAgent::new)],
//!     // Piles of 5 to 20 pebbles, from each opening's own seeded generator.
//!     Openings::random(|rng| Pebbles::new(rng.gen_range(5..=20))),
//! )
//! .with_title("pebbles")
//! .with_games_per_pairing(20)
//! .with_seed(42)
//! .with_clock(Clock::per_move(Duration::from_secs(1)))
//! .with_threads(Some(2))
//! .with_progress(Progress::Hidden);
//!
//! let report = tournament.run().unwrap();
//! let pairing = &report.pairings[0];
//! assert_eq!(pairing.wins + pairing.draws + pairing.losses, 20);
//! println!("{}", report.table());
//!
//! // The same seed gives the same games.
//! let again = tournament.run().unwrap();
//! let deterministic = JsonOptions { games: true, timings: false };
//! assert_eq!(report.to_json(deterministic), again.to_json(deterministic));
//! ```

pub mod elo;
mod play;
mod report;
mod run;
pub mod schedule;

pub use elo::EloEstimate;
pub use play::{play_game, Clock, Forfeit, ForfeitReason, GameEnd, PlayedGame, DEFAULT_GRACE};
pub use report::{GameRecord, JsonOptions, PairingSummary, Report, Standing};
pub use run::{ArenaError, Entrant, Openings, Progress, Tournament, GAME_STACK_BYTES};
