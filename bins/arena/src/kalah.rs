//! Kalah: the agents, the `kalah` subcommand and the showcase section.

use crate::common::{CliError, RunArgs};
use arena::{Entrant, Openings, Report, Tournament};
use clap::{Args, ValueEnum};
use gamecore::RandomAgent;
use kalah::{KalahEval, Position, Rules, SmartAgent};
use peer_minimax::MinimaxAgent;
use rand::Rng;
use std::fmt;

/// Games per pairing in the `kalah` subcommand (200, as in the issue).
const DEFAULT_GAMES: u32 = 200;
/// Games per pairing in the showcase.
const SHOWCASE_GAMES: u32 = 20;
/// Time limit per move (both searchers get the same).
const DEFAULT_MOVE_MS: u64 = 30;
/// Openings: the start position followed by 0 to this many random moves,
/// so that deterministic searchers do not replay one game.
const OPENING_PLIES: u32 = 2;

/// Arguments of `arena kalah`.
#[derive(Debug, Args)]
pub struct KalahArgs {
    #[command(flatten)]
    pub run: RunArgs,

    /// Rule variant: cs32, standard or empty-capture
    #[arg(long, default_value = "cs32")]
    pub rules: Rules,

    /// Holes per side
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub holes: u8,

    /// Beans per hole at the start
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=20))]
    pub beans: u32,

    /// Gauntlet heroes, comma-separated (smart, smart-plain, minimax, bad)
    #[arg(
        long,
        value_name = "AGENTS",
        value_delimiter = ',',
        default_value = "smart"
    )]
    pub heroes: Vec<KalahAgent>,

    /// Gauntlet baselines, comma-separated
    #[arg(
        long,
        value_name = "AGENTS",
        value_delimiter = ',',
        default_value = "bad,minimax"
    )]
    pub baselines: Vec<KalahAgent>,
}

/// A Kalah agent named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KalahAgent {
    /// SmartPlayer's engine: `search` with the Kalah evaluation and an endgame table.
    Smart,
    /// The same without the endgame table (the evaluation alone).
    SmartPlain,
    /// `minimax` 0.6 `IterativeSearch` with the same Kalah evaluation (no table).
    Minimax,
    /// Random valid moves (the spec's BadPlayer).
    Bad,
}

impl fmt::Display for KalahAgent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KalahAgent::Smart => "smart",
            KalahAgent::SmartPlain => "smart-plain",
            KalahAgent::Minimax => "minimax",
            KalahAgent::Bad => "bad",
        })
    }
}

impl KalahAgent {
    fn entrant(self, holes: usize, rules: Rules, threads: usize) -> Entrant<Position> {
        let name = self.to_string();
        match self {
            KalahAgent::Smart => Entrant::new(name, move |_| {
                SmartAgent::new(holes, rules).with_threads(threads)
            }),
            KalahAgent::SmartPlain => Entrant::new(name, move |_| {
                SmartAgent::with_evaluator(KalahEval::new()).with_threads(threads)
            }),
            KalahAgent::Minimax => {
                Entrant::new(name, |_| MinimaxAgent::new(KalahEval::new(), None))
            }
            KalahAgent::Bad => Entrant::new(name, RandomAgent::new),
        }
    }
}

fn tournament(args: &KalahArgs) -> Tournament<Position> {
    let (holes, beans, rules) = (usize::from(args.holes), args.beans, args.rules);
    let openings = Openings::random(move |rng| {
        let start = Position::start(holes, beans, rules);
        let plies = rng.gen_range(0..=OPENING_PLIES);
        let mut state = start.clone();
        gamecore::random_playout(&mut state, rng, plies);
        if state.is_over() {
            start
        } else {
            state
        }
    });
    let entrants = |agents: &[KalahAgent]| {
        agents
            .iter()
            .map(|agent| agent.entrant(holes, rules, usize::from(args.run.search_threads)))
            .collect()
    };
    Tournament::gauntlet(entrants(&args.heroes), entrants(&args.baselines), openings)
        .with_title(format!(
            "Kalah({holes},{beans}) {rules}, start + 0..={OPENING_PLIES} random moves"
        ))
        .with_notation(|state| state.to_notation())
}

/// Runs `arena kalah`.
pub fn run(args: &KalahArgs) -> Result<Vec<Report>, CliError> {
    run_with(args, DEFAULT_GAMES)
}

fn run_with(args: &KalahArgs, default_games: u32) -> Result<Vec<Report>, CliError> {
    let tournament = args
        .run
        .configure(tournament(args), default_games, DEFAULT_MOVE_MS);
    Ok(vec![tournament.run()?])
}

/// The showcase section: smart against bad and against the `minimax` crate
/// agent on Kalah(6,4), CS32 rules, 50 ms per move.
pub fn showcase(run: &RunArgs) -> Result<Vec<Report>, CliError> {
    let args = KalahArgs {
        run: run.clone(),
        rules: Rules::Cs32,
        holes: 6,
        beans: 4,
        heroes: vec![KalahAgent::Smart],
        baselines: vec![KalahAgent::Bad, KalahAgent::Minimax],
    };
    run_with(&args, SHOWCASE_GAMES)
}
