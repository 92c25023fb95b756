//! The token game: our planner against the seed's bots, the `tokens`
//! subcommand and the showcase section. Wins and losses are on points
//! within each game; the challenge's own ranking (total points over a fair
//! round robin) is `tokens tournament`.

use crate::common::{CliError, RunArgs};
use arena::{Entrant, Openings, Report, Tournament};
use clap::Args;
use tokens::{Board, BotAgent, BotKind};

/// Games per pairing in the `tokens` subcommand.
const DEFAULT_GAMES: u32 = 200;
/// Games per pairing in the showcase.
const SHOWCASE_GAMES: u32 = 20;
/// Time limit per move: the challenge's one second.
const DEFAULT_MOVE_MS: u64 = 1000;

/// Arguments of `arena tokens`.
#[derive(Debug, Args)]
pub struct TokensArgs {
    #[command(flatten)]
    pub run: RunArgs,

    /// Gauntlet heroes, comma-separated (planner, hungry, path, naive,
    /// onetarget, random, mirror, mirror-builtin, lazy, quantity)
    #[arg(
        long,
        value_name = "BOTS",
        value_delimiter = ',',
        default_value = "planner"
    )]
    pub heroes: Vec<BotKind>,

    /// Gauntlet baselines, comma-separated
    #[arg(
        long,
        value_name = "BOTS",
        value_delimiter = ',',
        default_value = "hungry,path,naive"
    )]
    pub baselines: Vec<BotKind>,
}

fn tournament(args: &TokensArgs) -> Tournament<Board> {
    let entrants = |kinds: &[BotKind]| {
        kinds
            .iter()
            .map(|&kind| Entrant::new(kind.key(), move |seed| BotAgent::new(kind, seed)))
            .collect()
    };
    Tournament::gauntlet(
        entrants(&args.heroes),
        entrants(&args.baselines),
        Openings::random(Board::random),
    )
    .with_title(
        "Tokens, random boards as the controller draws them (won = more points in the game)",
    )
    .with_notation(tokens::json::to_controller_json)
}

/// Runs `arena tokens`.
pub fn run(args: &TokensArgs) -> Result<Vec<Report>, CliError> {
    run_with(args, DEFAULT_GAMES)
}

fn run_with(args: &TokensArgs, default_games: u32) -> Result<Vec<Report>, CliError> {
    let tournament = args
        .run
        .configure(tournament(args), default_games, DEFAULT_MOVE_MS);
    Ok(vec![tournament.run()?])
}

/// The showcase section: the planner against HungryBot and NaiveAI.
pub fn showcase(run: &RunArgs) -> Result<Vec<Report>, CliError> {
    let args = TokensArgs {
        run: run.clone(),
        heroes: vec![BotKind::Planner],
        baselines: vec![BotKind::Hungry, BotKind::Naive],
    };
    run_with(&args, SHOWCASE_GAMES)
}
