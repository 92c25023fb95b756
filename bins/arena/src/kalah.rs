//! Kalah: the agents, the `kalah` subcommand and the showcase section.

use crate::common::{CliError, RunArgs};
use arena::{Entrant, Openings, Report, Tournament};
use clap::{Args, ValueEnum};
use gamecore::{Agent, Budget, RandomAgent};
use kalah::{KalahEval, Position, Rules, SmartAgent};
use peer_minimax::MinimaxAgent;
use rand::Rng;
use search::{SearchAgent, SearchOptions};
use std::fmt;

/// Games per pairing in the `kalah` subcommand (200, as in the issue).
const DEFAULT_GAMES: u32 = 200;
/// Games per pairing in the showcase.
const SHOWCASE_GAMES: u32 = 20;
/// Time limit per move (both searchers get the same).
const DEFAULT_MOVE_MS: u64 = 30;
/// Random openings: the start position followed by 0 to this many random
/// moves, so that deterministic searchers do not replay one game.
const OPENING_PLIES: u32 = 2;
/// Balanced openings: the start followed by this many random moves at least
/// and [`BALANCED_MAX_PLIES`] at most...
const BALANCED_MIN_PLIES: u32 = 2;
/// ...kept only when a neutral search values them within
/// [`BALANCED_MAX_BEANS`] beans for either side.
const BALANCED_MAX_PLIES: u32 = 6;
/// The largest advantage (beans) a balanced opening may give either side.
const BALANCED_MAX_BEANS: i32 = 2;
/// The depth of the neutral search (the generic `search` crate with
/// `KalahEval`, no endgame table: neither gauntlet agent's own engine).
const BALANCED_DEPTH: u32 = 10;
/// Random tries before a balanced opening falls back to the last one drawn.
const BALANCED_TRIES: u32 = 200;

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

    /// Openings: `balanced` (the start plus 2 to 6 random moves, kept when a
    /// neutral depth-10 search values them within 2 beans), `random` (the
    /// start plus 0 to 2 random moves; most leave one side 6 or more beans
    /// ahead, so the seat decides more games than the play) or `start` (the
    /// start position itself, for self-play and exact replays of the real game)
    #[arg(long, default_value = "balanced")]
    pub openings: KalahOpenings,

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

/// How `arena kalah` draws its openings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KalahOpenings {
    /// The start position followed by 0 to 2 random moves.
    Random,
    /// The start followed by 2 to 6 random moves, kept when a neutral search
    /// values the position within 2 beans for either side.
    Balanced,
    /// The start position itself: every game begins there.
    Start,
}

impl fmt::Display for KalahOpenings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KalahOpenings::Random => write!(f, "start + 0..={OPENING_PLIES} random moves"),
            KalahOpenings::Balanced => write!(
                f,
                "balanced: start + {BALANCED_MIN_PLIES}..={BALANCED_MAX_PLIES} random moves, \
                 within {BALANCED_MAX_BEANS} beans"
            ),
            KalahOpenings::Start => write!(f, "from the start"),
        }
    }
}

/// The neutral judge's value of `state` for the side to move (hundredths of
/// a bean): the generic `search` crate with [`KalahEval`] at
/// [`BALANCED_DEPTH`], neither gauntlet agent's own engine. `None` when the
/// game is over.
fn judge_value(state: &Position) -> Option<i32> {
    let mut judge = SearchAgent::new(
        "judge",
        KalahEval::new(),
        SearchOptions::default().with_tt_mib(4),
        Some(BALANCED_DEPTH),
    );
    judge.select_move(state, &Budget::unlimited()).ok()?;
    judge.last_result().map(|result| result.value.raw())
}

/// A random opening that the neutral judge ([`judge_value`]) values within
/// [`BALANCED_MAX_BEANS`] beans.
fn balanced_opening(start: &Position, rng: &mut gamecore::GameRng) -> Position {
    let mut state = start.clone();
    for _ in 0..BALANCED_TRIES {
        let plies = rng.gen_range(BALANCED_MIN_PLIES..=BALANCED_MAX_PLIES);
        state = gamecore::random_opening(start, rng, plies);
        if judge_value(&state).is_some_and(|v| v.abs() <= BALANCED_MAX_BEANS * kalah::BEAN) {
            return state;
        }
    }
    state
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
    let kind = args.openings;
    let openings = match kind {
        KalahOpenings::Start => Openings::fixed(Position::start(holes, beans, rules)),
        KalahOpenings::Random | KalahOpenings::Balanced => Openings::random(move |rng| {
            let start = Position::start(holes, beans, rules);
            if kind == KalahOpenings::Random {
                let plies = rng.gen_range(0..=OPENING_PLIES);
                gamecore::random_opening(&start, rng, plies)
            } else {
                balanced_opening(&start, rng)
            }
        }),
    };
    let entrants = |agents: &[KalahAgent]| {
        agents
            .iter()
            .map(|agent| agent.entrant(holes, rules, usize::from(args.run.search_threads)))
            .collect()
    };
    Tournament::gauntlet(entrants(&args.heroes), entrants(&args.baselines), openings)
        .with_title(format!("Kalah({holes},{beans}) {rules}, {kind}"))
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
        openings: KalahOpenings::Balanced,
        heroes: vec![KalahAgent::Smart],
        baselines: vec![KalahAgent::Bad, KalahAgent::Minimax],
    };
    run_with(&args, SHOWCASE_GAMES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balanced_openings_are_live_varied_and_within_two_beans() {
        let start = Position::start(6, 4, Rules::Cs32);
        let mut seen = std::collections::HashSet::new();
        for seed in 0..8 {
            let mut rng = gamecore::seeded_rng(seed);
            let opening = balanced_opening(&start, &mut rng);
            assert!(!opening.is_over());
            assert_ne!(opening, start, "at least two random moves");
            assert!(judge_value(&opening).unwrap().abs() <= BALANCED_MAX_BEANS * kalah::BEAN);
            seen.insert(opening.to_notation());
        }
        assert!(seen.len() >= 6, "openings repeat: {seen:?}");
    }
}
