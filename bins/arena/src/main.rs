//! `arena`: the workspace's showcase. Plays our agents against each game's
//! baselines and prints who is stronger, by how much and how sure we are.
//!
//! Without arguments it runs a short gauntlet over every game (see
//! [`SHOWCASE`]); a subcommand per game runs a longer, configurable
//! tournament. Adding a game means one module with its `Args`, `run` and
//! `showcase`, one variant in [`Command`] and one line in [`SHOWCASE`].

mod common;
mod kalah;
mod meichu;
mod nim;
mod reantics;
mod tokens;

use clap::{Parser, Subcommand};
use common::RunArgs;
use std::process::ExitCode;

/// Tournaments between the workspace's agents.
///
/// Without a subcommand: a short gauntlet of our agents against each game's
/// baselines (a few seconds), with a summary table per game.
#[derive(Debug, Parser)]
#[command(name = "arena", args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    run: RunArgs,
}

/// One subcommand per game.
#[derive(Debug, Subcommand)]
enum Command {
    /// Red-Blue Nim: gauntlet or round robin between nim agents.
    Nim(nim::NimArgs),
    /// Kalah: SmartPlayer's engine against BadPlayer and the `minimax` crate.
    Kalah(kalah::KalahArgs),
    /// MeiChu: our engine against greedy, the depth-5 student baseline and MCTS/UCT.
    Meichu(meichu::MeichuArgs),
    /// ReAntics: our MCTS agent against the ported bundled agents.
    Reantics(reantics::ReanticsArgs),
    /// The token game: our planner against the seed's bots.
    Tokens(tokens::TokensArgs),
}

/// One section of the default gauntlet per game: its name and how to run it.
const SHOWCASE: &[(&str, common::Showcase)] = &[
    ("Red-Blue Nim", nim::showcase),
    ("Kalah", kalah::showcase),
    ("MeiChu", meichu::showcase),
    ("ReAntics", reantics::showcase),
    ("Tokens", tokens::showcase),
];

fn main() -> ExitCode {
    cli::exit_quietly_on_broken_pipe();
    let cli = match cli::parse::<Cli>() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = match &cli.command {
        Some(Command::Nim(args)) => {
            nim::run(args).and_then(|reports| common::finish(&reports, &args.run))
        }
        Some(Command::Kalah(args)) => {
            kalah::run(args).and_then(|reports| common::finish(&reports, &args.run))
        }
        Some(Command::Meichu(args)) => {
            // Each game at once has its own table: all of them must fit.
            let games_at_once = args.run.game_threads() as u64;
            let total = args.tt_mib as u64 * games_at_once;
            if total > cli::MAX_TABLE_MIB {
                return cli::invalid_value::<Cli>(format!(
                    "--tt-mib {} with {games_at_once} games at once asks for {total} MiB; \
                     at most {} MiB in all",
                    args.tt_mib,
                    cli::MAX_TABLE_MIB
                ));
            }
            meichu::run(args).and_then(|reports| common::finish(&reports, &args.run))
        }
        Some(Command::Reantics(args)) => {
            reantics::run(args).and_then(|reports| common::finish(&reports, &args.run))
        }
        Some(Command::Tokens(args)) => {
            tokens::run(args).and_then(|reports| common::finish(&reports, &args.run))
        }
        None => run_showcase(&cli.run),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("arena: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Runs every game's showcase section, printing each game's tables as soon
/// as it is done, then writes the JSON file if asked.
fn run_showcase(run: &RunArgs) -> Result<(), common::CliError> {
    let mut reports = Vec::new();
    for (game, showcase) in SHOWCASE {
        println!("== {game} ==\n");
        let section = showcase(run)?;
        common::print_tables(&section);
        reports.extend(section);
    }
    common::write_json(&reports, run)
}
