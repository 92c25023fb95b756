//! Strength against effort for MeiChu: a gauntlet of agents given by
//! specifications (each with its own time, node or iteration budget), on
//! `arena`'s seeded tournaments, both colours, with Elo intervals.
//!
//! ```sh
//! cargo run --release -p arena-cli --example meichu_ladder -- \
//!     --games 40 --threads 1 --seed 1 \
//!     --heroes engine:nodes=450000,engine:nodes=1350000 --baselines engine:nodes=135000
//! ```
//!
//! A specification is a name and `key=value` settings separated by colons:
//! - `engine` (our engine): `ms=` its own move time, `nodes=` a node budget
//!   per move (replaces the clock), `threads=`, `tt=` MiB;
//! - `mcts` (the UCT baseline): `ms=` a move time, `iters=` iterations per
//!   move, `c=` exploration, `leaf=playout|eval`;
//! - `student`, `greedy`, `random`.
//!
//! The arena's own clock is off (each agent keeps its own budget), so a
//! node- or iteration-budgeted series plays the same games whatever the
//! machine's load. The games start from the start position plus 0–2 random
//! moves, as `arena meichu` does.

use arena::{Clock, Entrant, Openings, Progress, Tournament};
use clap::Parser;
use gamecore::{Agent, AgentError, Budget, RandomAgent};
use meichu::{
    Engine, EngineConfig, GreedyAgent, Move, Position, StudentAgent, UctAgent, UctConfig, UctLeaf,
};
use rand::Rng;
use std::process::ExitCode;
use std::time::Duration;

/// Strength against effort: a MeiChu gauntlet of specified agents.
#[derive(Debug, Parser)]
struct Cli {
    /// Heroes, comma-separated specifications
    #[arg(long, value_delimiter = ',', required = true)]
    heroes: Vec<String>,
    /// Baselines, comma-separated specifications
    #[arg(long, value_delimiter = ',', required = true)]
    baselines: Vec<String>,
    /// Games per pairing (rounded up to an even number)
    #[arg(long, default_value_t = 40)]
    games: u32,
    /// Seed of the run
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

/// Plays `inner` with its own per-move budget, whatever the caller offers.
struct Timed<A> {
    inner: A,
    budget: Budget,
}

impl<A: Agent<Position>> Agent<Position> for Timed<A> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn select_move(&mut self, state: &Position, _: &Budget) -> Result<Move, AgentError> {
        self.inner.select_move(state, &self.budget)
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }
}

fn number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{key}={value}: not a number"))
}

/// Builds the entrant a specification names.
fn entrant(spec: &str) -> Result<Entrant<Position>, String> {
    let mut parts = spec.split(':');
    let name = parts.next().unwrap_or_default();
    let settings: Vec<(&str, &str)> = parts
        .map(|part| {
            part.split_once('=')
                .ok_or(format!("{part}: expected key=value"))
        })
        .collect::<Result<_, _>>()?;
    let label = spec.to_owned();
    match name {
        "engine" => {
            let mut config = EngineConfig::default().with_tt_mib(16);
            for &(key, value) in &settings {
                config = match key {
                    "ms" => config.with_move_time(Duration::from_millis(number(key, value)?)),
                    "nodes" => config.with_move_nodes(Some(number(key, value)?)),
                    "threads" => config.with_threads(number(key, value)?),
                    "tt" => config.with_tt_mib(number(key, value)?),
                    _ => return Err(format!("{spec}: engine has no setting {key}")),
                };
            }
            Ok(Entrant::new(label, move |_| Engine::new(config)))
        }
        "mcts" => {
            let mut config = UctConfig::default();
            let mut budget = Budget::unlimited();
            for &(key, value) in &settings {
                match key {
                    "ms" => {
                        budget = Budget::for_move_limit(Duration::from_millis(number(key, value)?))
                    }
                    "iters" => config.iterations = Some(number(key, value)?),
                    "c" => config.exploration = number(key, value)?,
                    "leaf" => {
                        config.leaf = match value {
                            "playout" => UctLeaf::Playout,
                            "eval" => UctLeaf::Eval,
                            _ => return Err(format!("{spec}: leaf is playout or eval")),
                        }
                    }
                    _ => return Err(format!("{spec}: mcts has no setting {key}")),
                }
            }
            Ok(Entrant::new(label, move |seed| Timed {
                inner: UctAgent::new(UctConfig { seed, ..config }),
                budget,
            }))
        }
        "student" if settings.is_empty() => Ok(Entrant::new(label, |_| StudentAgent::default())),
        "greedy" if settings.is_empty() => Ok(Entrant::new(label, GreedyAgent::new)),
        "random" if settings.is_empty() => Ok(Entrant::new(label, RandomAgent::new)),
        _ => Err(format!("{spec}: unknown agent or settings")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let build = |specs: &[String]| {
        specs
            .iter()
            .map(|s| entrant(s))
            .collect::<Result<Vec<_>, _>>()
    };
    let (heroes, baselines) = match (build(&cli.heroes), build(&cli.baselines)) {
        (Ok(h), Ok(b)) => (h, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("meichu_ladder: {e}");
            return ExitCode::from(2);
        }
    };
    let openings = Openings::random(|rng| {
        let plies = rng.gen_range(0..=2);
        gamecore::random_opening(&Position::start(), rng, plies)
    });
    let tournament = Tournament::gauntlet(heroes, baselines, openings)
        .with_title("MeiChu ladder, start + 0..=2 random moves, agents' own budgets")
        .with_notation(Position::to_notation)
        .with_games_per_pairing(cli.games)
        .with_seed(cli.seed)
        .with_clock(Clock::unlimited())
        .with_threads(Some(cli.threads.max(1)))
        .with_progress(Progress::Hidden);
    match tournament.run() {
        Ok(report) => {
            println!("{}", report.table());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("meichu_ladder: {error}");
            ExitCode::FAILURE
        }
    }
}
