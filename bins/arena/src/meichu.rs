//! MeiChu: the agents, the `meichu` subcommand and the showcase section.

use crate::common::{CliError, RunArgs};
use arena::{Clock, Entrant, Openings, Report, Tournament};
use clap::{Args, ValueEnum};
use gamecore::RandomAgent;
use meichu::{Engine, EngineConfig, GreedyAgent, Position, StudentAgent, UctAgent, UctConfig};
use rand::Rng;
use std::fmt;
use std::time::Duration;

/// Games per pairing in the `meichu` subcommand (200, as in the issue).
const DEFAULT_GAMES: u32 = 200;
/// Games per pairing in the showcase.
const SHOWCASE_GAMES: u32 = 10;
/// Time limit per move (the must-show runs use 1000).
const DEFAULT_MOVE_MS: u64 = 1000;
/// Time limit per move in the showcase.
const SHOWCASE_MOVE_MS: u64 = 50;
/// The least grace past the move limit (see `run_with`).
const MIN_GRACE_MS: u64 = 2000;
/// Openings: the start position followed by 0 to this many random moves,
/// so that deterministic searchers do not replay one game.
const OPENING_PLIES: u32 = 2;

/// Arguments of `arena meichu`.
#[derive(Debug, Args)]
pub struct MeichuArgs {
    #[command(flatten)]
    pub run: RunArgs,

    /// Gauntlet heroes, comma-separated (engine, mcts, student, greedy, random)
    #[arg(
        long,
        value_name = "AGENTS",
        value_delimiter = ',',
        default_value = "engine"
    )]
    pub heroes: Vec<MeichuAgent>,

    /// Gauntlet baselines, comma-separated
    #[arg(
        long,
        value_name = "AGENTS",
        value_delimiter = ',',
        default_value = "greedy,student,mcts"
    )]
    pub baselines: Vec<MeichuAgent>,

    /// Engine transposition table in MiB, up to 4096 (each game thread has its own)
    #[arg(long, value_name = "MIB", default_value_t = 16, value_parser = cli::table_mib(0))]
    pub tt_mib: usize,
}

/// A MeiChu agent named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MeichuAgent {
    /// Our engine: `search` with the flag-race evaluation and quiescence.
    Engine,
    /// The depth-5 alpha-beta of a public student fork (spec §9.1).
    Student,
    /// MCTS/UCT as the students' C++ ports play (spec §9.2), tuned settings.
    Mcts,
    /// Takes the flag, else a soldier, else a cheap move.
    Greedy,
    /// Uniformly random legal moves.
    Random,
}

impl fmt::Display for MeichuAgent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MeichuAgent::Engine => "engine",
            MeichuAgent::Student => "student",
            MeichuAgent::Mcts => "mcts",
            MeichuAgent::Greedy => "greedy",
            MeichuAgent::Random => "random",
        })
    }
}

impl MeichuAgent {
    fn entrant(self, tt_mib: usize, move_ms: u64, threads: usize) -> Entrant<Position> {
        let name = self.to_string();
        match self {
            MeichuAgent::Engine => Entrant::new(name, move |_| {
                Engine::new(
                    EngineConfig::default()
                        .with_tt_mib(tt_mib)
                        .with_threads(threads)
                        .with_move_time(Duration::from_millis(move_ms.max(1))),
                )
            }),
            MeichuAgent::Student => Entrant::new(name, |_| StudentAgent::default()),
            MeichuAgent::Mcts => Entrant::new(name, |seed| {
                UctAgent::new(UctConfig {
                    seed,
                    ..UctConfig::default()
                })
            }),
            MeichuAgent::Greedy => Entrant::new(name, GreedyAgent::new),
            MeichuAgent::Random => Entrant::new(name, RandomAgent::new),
        }
    }
}

fn tournament(args: &MeichuArgs, move_ms: u64) -> Tournament<Position> {
    let openings = Openings::random(|rng| {
        let plies = rng.gen_range(0..=OPENING_PLIES);
        gamecore::random_opening(&Position::start(), rng, plies)
    });
    let entrants = |agents: &[MeichuAgent]| {
        agents
            .iter()
            .map(|agent| agent.entrant(args.tt_mib, move_ms, usize::from(args.run.search_threads)))
            .collect()
    };
    Tournament::gauntlet(entrants(&args.heroes), entrants(&args.baselines), openings)
        .with_title(format!(
            "MeiChu, start + 0..={OPENING_PLIES} random moves, budgets 150/150"
        ))
        .with_notation(Position::to_notation)
}

/// Runs `arena meichu`.
pub fn run(args: &MeichuArgs) -> Result<Vec<Report>, CliError> {
    run_with(args, DEFAULT_GAMES, DEFAULT_MOVE_MS)
}

fn run_with(
    args: &MeichuArgs,
    default_games: u32,
    default_ms: u64,
) -> Result<Vec<Report>, CliError> {
    let move_ms = args.run.move_ms.unwrap_or(default_ms);
    // The student baseline has no clock, like the fork it ports: a depth-5
    // search can take a few hundred milliseconds. The grace is therefore at
    // least MIN_GRACE_MS, so that it never forfeits on time; our engine keeps
    // to its own budget (checked by the `time_check` example).
    let clock = match move_ms {
        0 => Clock::unlimited(),
        ms => Clock::per_move(Duration::from_millis(ms)),
    }
    .with_grace(Duration::from_millis(args.run.grace_ms.max(MIN_GRACE_MS)));
    let tournament = args
        .run
        .configure(tournament(args, move_ms), default_games, default_ms)
        .with_clock(clock);
    Ok(vec![tournament.run()?])
}

/// The showcase section: the engine against greedy and the depth-5 student
/// baseline, 50 ms per move.
pub fn showcase(run: &RunArgs) -> Result<Vec<Report>, CliError> {
    let args = MeichuArgs {
        run: run.clone(),
        heroes: vec![MeichuAgent::Engine],
        baselines: vec![MeichuAgent::Greedy, MeichuAgent::Student],
        tt_mib: 16,
    };
    run_with(&args, SHOWCASE_GAMES, SHOWCASE_MOVE_MS)
}
