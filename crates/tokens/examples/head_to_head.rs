//! Our planner on the clock against HungryBot alone: what more thinking
//! time buys head to head.
//!
//! `head_to_head BOARDS BUDGET_MS/CAP_MS ...` plays both seats on each of
//! the first BOARDS boards of the fair round robin of seed 7 for every
//! setting given (`ply` for the replayable default of simulated plies) and
//! prints, per setting, our points, HungryBot's, the ratio, the simulated
//! plies per search and the longest decision. Settings run one after the
//! other, so they share the machine fairly only when nothing else runs.
//!
//! Run: `cargo run --release -p gameai-tokens --example head_to_head -- 100 50/125 100/250 200/280 ply`

use gamecore::Player;
use std::process::ExitCode;
use std::time::Duration;
use tokens::bots::HungryBot;
use tokens::tournament::{play_game, round_seed};
use tokens::{board_for_seed, system_clock, Planner, PlannerConfig};

const USAGE: &str = "usage: head_to_head BOARDS SETTING...   (SETTING: BUDGET_MS/CAP_MS, or ply)";

/// The round robin's seed whose boards are played.
const SEED: u64 = 7;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = args
        .split_first()
        .ok_or_else(|| "no arguments".to_string())
        .and_then(|(boards, settings)| {
            let boards = boards
                .parse::<u64>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| format!("BOARDS must be a positive number, not {boards:?}"))?;
            if settings.is_empty() {
                return Err("no SETTING given".into());
            }
            let configs = settings
                .iter()
                .map(|s| setting(s).map(|config| (s.as_str(), config)))
                .collect::<Result<Vec<_>, _>>()?;
            Ok((boards, configs))
        });
    let (boards, configs) = match parsed {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("head_to_head: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    println!("| setting | ours : HungryBot | head to head | simulated plies a search | longest decision |");
    println!("|---|---|---|---|---|");
    for (name, config) in configs {
        let line = play(boards, config);
        println!(
            "| {name} | {} : {} | {:.3}× | {} | {:.1} ms |",
            line.ours,
            line.hungry,
            line.ours as f64 / line.hungry.max(1) as f64,
            line.plies / line.searches.max(1),
            f64::from(line.longest_micros) / 1000.0
        );
    }
    ExitCode::SUCCESS
}

/// Reads `BUDGET_MS/CAP_MS` (a timed planner) or `ply` (the default).
fn setting(text: &str) -> Result<PlannerConfig, String> {
    if text == "ply" {
        return Ok(PlannerConfig::default());
    }
    let millis = |s: &str| {
        s.parse::<u64>()
            .ok()
            .filter(|&ms| (1..=60_000).contains(&ms))
    };
    match text.split_once('/').map(|(b, c)| (millis(b), millis(c))) {
        Some((Some(budget), Some(cap))) if budget <= cap => Ok(PlannerConfig::timed(
            Duration::from_millis(budget),
            Duration::from_millis(cap),
            system_clock,
        )),
        _ => Err(format!(
            "a SETTING is BUDGET_MS/CAP_MS (1 to 60000, budget at most the cap) or ply, not {text:?}"
        )),
    }
}

/// One setting's games, summed over boards and seats.
#[derive(Default)]
struct Line {
    ours: i64,
    hungry: i64,
    plies: u64,
    searches: u64,
    longest_micros: u32,
}

fn play(boards: u64, config: PlannerConfig) -> Line {
    let mut line = Line::default();
    for round in 0..boards {
        let board = board_for_seed(round_seed(SEED, round));
        for seat in [Player::First, Player::Second] {
            let mut planner = Planner::with_config(seat, config);
            let mut hungry = HungryBot::new(seat.other(), round);
            let result = match seat {
                Player::First => play_game(&board, [&mut planner, &mut hungry], false),
                Player::Second => play_game(&board, [&mut hungry, &mut planner], false),
            };
            line.ours += i64::from(result.scores[seat.index()]);
            line.hungry += i64::from(result.scores[seat.other().index()]);
            let stats = planner.stats();
            line.plies += stats.simulated_plies;
            line.searches += stats.searches;
            let longest = result.move_micros[seat.index()].iter().max();
            line.longest_micros = line.longest_micros.max(longest.copied().unwrap_or(0));
        }
    }
    line
}
