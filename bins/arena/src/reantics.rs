//! ReAntics: our MCTS agent against the ported bundled agents, the
//! `reantics` subcommand and the showcase section.

use crate::common::{CliError, RunArgs};
use arena::{Entrant, Openings, Report, Tournament};
use clap::Args;
use reantics::{baselines, AsGameAgent, MctsAnt, State};
use std::time::Duration;

/// Games per pairing in the `reantics` subcommand (50, as in the issue).
const DEFAULT_GAMES: u32 = 50;
/// Games per pairing in the showcase.
const SHOWCASE_GAMES: u32 = 4;
/// Time limit per action. Our agent searches once per turn, on its first
/// action, with 80% of this.
const DEFAULT_MOVE_MS: u64 = 1000;
/// Time limit per action in the showcase.
const SHOWCASE_MOVE_MS: u64 = 100;

/// Arguments of `arena reantics`.
#[derive(Debug, Args)]
pub struct ReanticsArgs {
    #[command(flatten)]
    pub run: RunArgs,

    /// Gauntlet heroes, comma-separated: "mcts" or baseline names (see `reantics list`)
    #[arg(long, value_name = "AGENTS", value_delimiter = ',', default_value = "mcts", value_parser = agent_name)]
    pub heroes: Vec<String>,

    /// Gauntlet baselines, comma-separated ("all" = every ported agent)
    #[arg(long, value_name = "AGENTS", value_delimiter = ',', default_value = "all", value_parser = agent_name)]
    pub baselines: Vec<String>,
}

/// Checks an agent name on the command line.
fn agent_name(name: &str) -> Result<String, String> {
    if name == "all" || name.eq_ignore_ascii_case("mcts") || baselines::baseline(name).is_some() {
        Ok(name.to_string())
    } else {
        Err(format!(
            "unknown agent; try mcts, all or one of {:?}",
            baselines::BASELINES
        ))
    }
}

fn entrant(name: &str, move_ms: u64) -> Entrant<State> {
    if name.eq_ignore_ascii_case("mcts") {
        let turn = Duration::from_millis((move_ms.max(10) * 4 / 5).max(5));
        return Entrant::new("mcts", move |seed| {
            AsGameAgent::new(MctsAnt::new(turn), seed)
        });
    }
    let display = baselines::baseline(name).map_or_else(|| name.to_string(), |a| a.name());
    let key = name.to_string();
    Entrant::new(display, move |seed| {
        AsGameAgent::new(
            baselines::baseline(&key).expect("checked by agent_name"),
            seed,
        )
    })
}

fn tournament(args: &ReanticsArgs, move_ms: u64) -> Tournament<State> {
    let expand = |names: &[String]| -> Vec<String> {
        if names.iter().any(|n| n == "all") {
            baselines::BASELINES.iter().map(|s| s.to_string()).collect()
        } else {
            names.to_vec()
        }
    };
    let heroes = expand(&args.heroes)
        .iter()
        .map(|n| entrant(n, move_ms))
        .collect();
    let opponents = expand(&args.baselines)
        .iter()
        .map(|n| entrant(n, move_ms))
        .collect();
    Tournament::gauntlet(heroes, opponents, Openings::fixed(State::new()))
        .with_title("ReAntics from an empty board (setup included), END cap 1000")
}

/// Runs `arena reantics`.
pub fn run(args: &ReanticsArgs) -> Result<Vec<Report>, CliError> {
    run_with(args, DEFAULT_GAMES, DEFAULT_MOVE_MS)
}

fn run_with(
    args: &ReanticsArgs,
    default_games: u32,
    default_ms: u64,
) -> Result<Vec<Report>, CliError> {
    let move_ms = args.run.move_ms.unwrap_or(default_ms);
    let tournament = args
        .run
        .configure(tournament(args, move_ms), default_games, default_ms);
    Ok(vec![tournament.run()?])
}

/// The showcase section: our agent against Ralph and Shape Shifter, 100 ms
/// per action.
pub fn showcase(run: &RunArgs) -> Result<Vec<Report>, CliError> {
    let mut run = run.clone();
    run.move_ms = run.move_ms.or(Some(SHOWCASE_MOVE_MS));
    let args = ReanticsArgs {
        run,
        heroes: vec!["mcts".into()],
        baselines: vec!["Ralph".into(), "Shape Shifter".into()],
    };
    run_with(&args, SHOWCASE_GAMES, SHOWCASE_MOVE_MS)
}
