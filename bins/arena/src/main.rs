//! `arena`: the workspace's showcase. Plays our agents against each game's
//! baselines and prints who is stronger, by how much and how sure we are.
//!
//! Without arguments it runs a short gauntlet over every game (see
//! [`SHOWCASE`]); a subcommand per game runs a longer, configurable
//! tournament. Adding a game means one module with its `Args`, `run` and
//! `showcase`, one variant in [`Command`] and one line in [`SHOWCASE`].

mod common;
mod kalah;
mod nim;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};
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
}

/// One section of the default gauntlet per game: its name and how to run it.
const SHOWCASE: &[(&str, common::Showcase)] =
    &[("Red-Blue Nim", nim::showcase), ("Kalah", kalah::showcase)];

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    let result = match &cli.command {
        Some(Command::Nim(args)) => {
            nim::run(args).and_then(|reports| common::finish(&reports, &args.run))
        }
        Some(Command::Kalah(args)) => {
            kalah::run(args).and_then(|reports| common::finish(&reports, &args.run))
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

/// Reports a command-line error: help and version requests go to stdout with
/// exit code 0; anything else prints clap's one-line message and the usage of
/// the (sub)command to stderr, exit code 2.
fn usage_error(error: &clap::Error) -> ExitCode {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    // clap's message up to its first blank line, on one line.
    let rendered = error.to_string();
    let message: Vec<&str> = rendered
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let message = message.join(" ");
    let mut command = Cli::command();
    command.build();
    let subcommand = std::env::args().nth(1).unwrap_or_default();
    let usage = match command.find_subcommand_mut(&subcommand) {
        Some(sub) => sub.render_usage(),
        None => command.render_usage(),
    };
    eprintln!("{message}\n{usage}\nFor more information, try '--help'.");
    ExitCode::from(2)
}
