//! What every game's tournament shares: run options, output, errors.

use arena::{ArenaError, Clock, JsonOptions, Progress, Report, Tournament};
use clap::Args;
use gamecore::Game;
use serde::Serialize;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

/// A game's section of the default gauntlet: runs its tournaments.
pub type Showcase = fn(&RunArgs) -> Result<Vec<Report>, CliError>;

/// Options of every tournament run.
#[derive(Debug, Clone, Args)]
pub struct RunArgs {
    /// Games per pairing, rounded up to an even number (each opening is played
    /// twice, seats swapped) [default: set per game]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: Option<u32>,

    /// Seed of the run: the same seed replays the same games
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Threads in all [default: all cores]: T / S games run at once
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,

    /// Search threads of each searching agent (Kalah Smart, the MeiChu engine)
    #[arg(long, value_name = "S", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub search_threads: u16,

    /// Time limit per move in milliseconds, up to 600000; 0 for no clock [default: set per game]
    #[arg(long, value_name = "MS", value_parser = cli::millis(0))]
    pub move_ms: Option<u64>,

    /// Grace past the move limit before a move forfeits, in milliseconds (up to 600000)
    #[arg(long, value_name = "MS", default_value_t = 50, value_parser = cli::millis(0))]
    pub grace_ms: u64,

    /// Write the results as JSON to FILE
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,

    /// Include every game (seed, start, moves, result, forfeit) in the JSON
    #[arg(long)]
    pub records: bool,

    /// Leave thinking times out of the JSON, so the same seed gives the same file
    #[arg(long)]
    pub no_timings: bool,

    /// Never draw a progress bar
    #[arg(long)]
    pub no_progress: bool,
}

impl RunArgs {
    /// Applies the options to `tournament`, with the game's defaults for the
    /// games per pairing and the move limit.
    pub fn configure<G: Game>(
        &self,
        tournament: Tournament<G>,
        default_games: u32,
        default_move_ms: u64,
    ) -> Tournament<G> {
        let clock = match self.move_ms.unwrap_or(default_move_ms) {
            0 => Clock::unlimited(),
            ms => Clock::per_move(Duration::from_millis(ms)),
        };
        tournament
            .with_games_per_pairing(self.games.unwrap_or(default_games))
            .with_seed(self.seed)
            .with_clock(clock.with_grace(Duration::from_millis(self.grace_ms)))
            .with_threads(Some(self.game_threads()))
            .with_progress(if self.no_progress {
                Progress::Hidden
            } else {
                Progress::Auto
            })
            .with_game_records(self.records)
    }
}

impl RunArgs {
    /// Games played at once: the threads in all divided by each search's
    /// threads, at least one.
    pub fn game_threads(&self) -> usize {
        let total = self
            .threads
            .map_or_else(search::default_threads, usize::from);
        (total / usize::from(self.search_threads)).max(1)
    }
}

/// Why a run failed after its arguments were accepted.
#[derive(Debug)]
pub enum CliError {
    /// The tournament could not run.
    Arena(ArenaError),
    /// The JSON file could not be written.
    Write(PathBuf, std::io::Error),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Arena(error) => write!(f, "{error}"),
            CliError::Write(path, error) => write!(f, "cannot write {}: {error}", path.display()),
        }
    }
}

impl From<ArenaError> for CliError {
    fn from(error: ArenaError) -> CliError {
        CliError::Arena(error)
    }
}

/// Prints each report's table, separated by blank lines.
pub fn print_tables(reports: &[Report]) {
    for report in reports {
        println!("{}", report.table());
    }
}

/// The JSON document: every report of the run.
#[derive(Serialize)]
struct Export {
    reports: Vec<Report>,
}

/// Writes the reports as one JSON document to the `--json` file, if given.
pub fn write_json(reports: &[Report], run: &RunArgs) -> Result<(), CliError> {
    let Some(path) = &run.json else {
        return Ok(());
    };
    let options = JsonOptions {
        games: run.records,
        timings: !run.no_timings,
    };
    let export = Export {
        reports: reports
            .iter()
            .map(|report| report.exported(options))
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&export).unwrap_or_default();
    text.push('\n');
    std::fs::write(path, text).map_err(|error| CliError::Write(path.clone(), error))?;
    eprintln!("arena: results written to {}", path.display());
    Ok(())
}

/// Prints the tables and writes the JSON file.
pub fn finish(reports: &[Report], run: &RunArgs) -> Result<(), CliError> {
    print_tables(reports);
    write_json(reports, run)
}
