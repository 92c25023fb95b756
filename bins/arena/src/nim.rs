//! Red-Blue Nim: the agents, the `nim` subcommand and the showcase section.

use crate::common::{CliError, RunArgs};
use arena::{Entrant, Openings, Report, Tournament};
use clap::{Args, ValueEnum};
use gamecore::{Agent, Evaluator, RandomAgent};
use nim::{RedBlueNim, Version};
use rand::Rng;
use search::{SearchAgent, SearchOptions};
use std::fmt;
use std::str::FromStr;

/// Games per pairing in the `nim` subcommand.
const DEFAULT_GAMES: u32 = 1000;
/// Games per pairing in the showcase.
const SHOWCASE_GAMES: u32 = 200;
/// Time limit per move. The nim search agents play to a fixed depth and
/// ignore the clock; they answer within milliseconds on piles of 30.
const DEFAULT_MOVE_MS: u64 = 1000;
/// Random openings draw each pile from 1 to this.
const DEFAULT_MAX_PILE: u16 = 30;

/// Arguments of `arena nim`.
#[derive(Debug, Args)]
pub struct NimArgs {
    #[command(flatten)]
    pub run: RunArgs,

    /// Which version to play; `both` runs one tournament per version
    #[arg(long, value_enum, default_value_t = Versions::Both)]
    pub version: Versions,

    /// Start every game with this many red marbles (needs --blue) instead of random openings
    #[arg(long, value_name = "R", requires = "blue", value_parser = pile_count)]
    pub red: Option<u16>,

    /// Start every game with this many blue marbles (needs --red)
    #[arg(long, value_name = "B", requires = "red", value_parser = pile_count)]
    pub blue: Option<u16>,

    /// Random openings draw each pile uniformly from 1 to P
    #[arg(long, value_name = "P", default_value_t = DEFAULT_MAX_PILE, conflicts_with = "red",
          value_parser = clap::value_parser!(u16).range(1..=i64::from(nim::MAX_PILE)))]
    pub max_pile: u16,

    /// Gauntlet heroes, comma-separated agents (exact, depth-N, blind-N, greedy, random)
    #[arg(
        long,
        value_name = "AGENTS",
        value_delimiter = ',',
        default_value = "exact,depth-2,depth-6,blind-6"
    )]
    pub heroes: Vec<AgentSpec>,

    /// Gauntlet baselines, comma-separated agents
    #[arg(
        long,
        value_name = "AGENTS",
        value_delimiter = ',',
        default_value = "random,greedy"
    )]
    pub baselines: Vec<AgentSpec>,

    /// Play a round robin between these agents instead of the gauntlet
    #[arg(long, value_name = "AGENTS", value_delimiter = ',', conflicts_with_all = ["heroes", "baselines"])]
    pub round_robin: Option<Vec<AgentSpec>>,
}

/// The versions a run covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Versions {
    /// The player to move facing an empty pile loses.
    Standard,
    /// The player to move facing an empty pile wins.
    Misere,
    /// One tournament per version.
    Both,
}

impl Versions {
    fn list(self) -> &'static [Version] {
        match self {
            Versions::Standard => &[Version::Standard],
            Versions::Misere => &[Version::Misere],
            Versions::Both => &Version::BOTH,
        }
    }
}

/// Parses a pile count: an integer from 0 to [`nim::MAX_PILE`].
fn pile_count(text: &str) -> Result<u16, String> {
    text.trim()
        .parse::<u16>()
        .ok()
        .filter(|&count| count <= nim::MAX_PILE)
        .ok_or_else(|| format!("expected a marble count from 0 to {}", nim::MAX_PILE))
}

/// An agent named on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentSpec {
    /// `exact`: alpha-beta to the end of the game.
    Exact,
    /// `depth-N`: alpha-beta to depth N with the exact evaluation [`nim::NimEval`].
    Depth(u32),
    /// `blind-N`: alpha-beta to depth N with an evaluation that knows nothing
    /// (0 for every unfinished position): shows what the evaluation is worth.
    Blind(u32),
    /// `greedy`: the one-ply baseline.
    Greedy,
    /// `random`: uniformly random moves.
    Random,
}

impl FromStr for AgentSpec {
    type Err = String;

    fn from_str(text: &str) -> Result<AgentSpec, String> {
        let text = text.trim().to_ascii_lowercase();
        let depth = |digits: &str| {
            digits
                .parse::<u32>()
                .ok()
                .filter(|depth| (1..=100_000).contains(depth))
                .ok_or_else(|| format!("invalid depth in {text:?}: expected 1 to 100000"))
        };
        match text.as_str() {
            "exact" => Ok(AgentSpec::Exact),
            "greedy" => Ok(AgentSpec::Greedy),
            "random" => Ok(AgentSpec::Random),
            _ => {
                if let Some(digits) = text.strip_prefix("depth-") {
                    depth(digits).map(AgentSpec::Depth)
                } else if let Some(digits) = text.strip_prefix("blind-") {
                    depth(digits).map(AgentSpec::Blind)
                } else {
                    Err(format!(
                        "unknown agent {text:?}: expected exact, depth-N, blind-N, greedy or random"
                    ))
                }
            }
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Exact => f.write_str("exact"),
            AgentSpec::Depth(depth) => write!(f, "depth-{depth}"),
            AgentSpec::Blind(depth) => write!(f, "blind-{depth}"),
            AgentSpec::Greedy => f.write_str("greedy"),
            AgentSpec::Random => f.write_str("random"),
        }
    }
}

/// An evaluation that knows nothing: 0 for every unfinished position.
#[derive(Debug, Clone, Copy)]
struct BlindEval;

impl Evaluator<RedBlueNim> for BlindEval {
    fn evaluate(&self, _: &RedBlueNim) -> i32 {
        0
    }
}

impl AgentSpec {
    /// Returns the entrant that creates this agent for each game.
    fn entrant(self) -> Entrant<RedBlueNim> {
        let name = self.to_string();
        match self {
            AgentSpec::Exact => Entrant::new(name, |_| nim::exact_agent()),
            AgentSpec::Depth(depth) => Entrant::new(name, move |_| nim::depth_limited_agent(depth)),
            AgentSpec::Blind(depth) => Entrant::new(name, move |_| blind_agent(depth)),
            AgentSpec::Greedy => Entrant::new(name, |_| nim::GreedyAgent),
            AgentSpec::Random => Entrant::new(name, RandomAgent::new),
        }
    }
}

/// A fixed-depth search with [`BlindEval`], the assignment's move order and tie rule.
fn blind_agent(depth: u32) -> impl Agent<RedBlueNim> {
    let options = SearchOptions::default()
        .with_stable_root_order(true)
        .with_prefer_short_wins(false)
        .with_tt_mib(1);
    SearchAgent::new(format!("blind-{depth}"), BlindEval, options, Some(depth))
}

/// Builds the tournament of one version.
fn tournament(args: &NimArgs, version: Version) -> Tournament<RedBlueNim> {
    let openings = match (args.red, args.blue) {
        (Some(red), Some(blue)) => Openings::fixed(RedBlueNim::new(red, blue, version)),
        _ => {
            let max_pile = args.max_pile.max(1);
            Openings::random(move |rng| {
                RedBlueNim::new(
                    rng.gen_range(1..=max_pile),
                    rng.gen_range(1..=max_pile),
                    version,
                )
            })
        }
    };
    let entrants = |specs: &[AgentSpec]| specs.iter().map(|spec| spec.entrant()).collect();
    let tournament = match &args.round_robin {
        Some(specs) => Tournament::round_robin(entrants(specs), openings),
        None => Tournament::gauntlet(entrants(&args.heroes), entrants(&args.baselines), openings),
    };
    let start = match (args.red, args.blue) {
        (Some(red), Some(blue)) => format!("start r{red} b{blue}"),
        _ => format!("random piles 1..={}", args.max_pile),
    };
    tournament
        .with_title(format!("Red-Blue Nim {version}, {start}"))
        .with_notation(|state| state.to_string())
}

/// Runs `arena nim`: one tournament per version asked for.
pub fn run(args: &NimArgs) -> Result<Vec<Report>, CliError> {
    run_with(args, DEFAULT_GAMES)
}

/// Runs one tournament per version of `args`, with `default_games` per pairing
/// unless `--games` says otherwise.
fn run_with(args: &NimArgs, default_games: u32) -> Result<Vec<Report>, CliError> {
    let mut reports = Vec::new();
    for &version in args.version.list() {
        let tournament =
            args.run
                .configure(tournament(args, version), default_games, DEFAULT_MOVE_MS);
        reports.push(tournament.run()?);
    }
    Ok(reports)
}

/// The showcase section: our search agents (exact, depth 2 and 6 with the
/// exact evaluation, depth 6 blind) against random and greedy, random
/// openings with piles of 1 to 30, both versions.
pub fn showcase(run: &RunArgs) -> Result<Vec<Report>, CliError> {
    let args = NimArgs {
        run: run.clone(),
        version: Versions::Both,
        red: None,
        blue: None,
        max_pile: DEFAULT_MAX_PILE,
        heroes: vec![
            AgentSpec::Exact,
            AgentSpec::Depth(2),
            AgentSpec::Depth(6),
            AgentSpec::Blind(6),
        ],
        baselines: vec![AgentSpec::Random, AgentSpec::Greedy],
        round_robin: None,
    };
    run_with(&args, SHOWCASE_GAMES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agent_specs_parse_and_print_back() {
        for text in ["exact", "depth-2", "blind-6", "greedy", "random"] {
            let spec: AgentSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(" Depth-12 ".parse::<AgentSpec>(), Ok(AgentSpec::Depth(12)));
        for bad in ["", "depth-", "depth-0", "depth-x", "blind--1", "minimax"] {
            assert!(bad.parse::<AgentSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn pile_counts_are_checked() {
        assert_eq!(pile_count("12"), Ok(12));
        assert!(pile_count("-1").is_err());
        assert!(pile_count("10001").is_err());
    }
}
