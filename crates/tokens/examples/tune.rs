//! Compares planner settings in the fair round robin against every seed
//! bot that runs (ply budgets, so runs replay exactly): our total against
//! HungryBot's and the head-to-head ratio, then a table of each opponent's
//! games against ours and against HungryBot (the points each side took,
//! and the share).
//!
//! Run: `cargo run --release -p gameai-tokens --example tune -- BOARDS SEED [key=value ...]`
//! with keys `depth`, `ply_budget`, `horizon`, `opponent_weight`,
//! `hungry_weight`, `streak_potential`, `discount`, `mixture_floor`, `beam0`..`beam7`.

use std::collections::BTreeMap;
use std::process::exit;
use tokens::tournament::{play_round_with, round_seed, Totals};
use tokens::{board_for_seed, BotKind, PlannerConfig};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, what: &str| -> u64 {
        args.get(i).and_then(|a| a.parse().ok()).unwrap_or_else(|| {
            eprintln!("usage: tune BOARDS SEED [key=value ...] ({what} missing)");
            exit(2)
        })
    };
    let (boards, seed) = (number(0, "BOARDS"), number(1, "SEED"));
    let mut config = PlannerConfig::default();
    for setting in &args[2.min(args.len())..] {
        let Some((key, value)) = setting.split_once('=') else {
            eprintln!("not key=value: {setting}");
            exit(2)
        };
        let Ok(v) = value.parse::<f64>() else {
            eprintln!("not a number: {setting}");
            exit(2)
        };
        match key {
            "depth" => config.depth = v as usize,
            "ply_budget" => config.ply_budget = v as u64,
            "horizon" => config.horizon = v as u32,
            "opponent_weight" => config.opponent_weight = v,
            "hungry_weight" => config.hungry_weight = v,
            "streak_potential" => config.streak_potential = v,
            "discount" => config.discount = v,
            "mixture_floor" => config.mixture_floor = v,
            _ if key.starts_with("beam") => match key[4..].parse::<usize>() {
                Ok(level) if level < config.beam.len() => config.beam[level] = v as usize,
                _ => {
                    eprintln!("no such level: {key}");
                    exit(2)
                }
            },
            _ => {
                eprintln!("unknown key {key}");
                exit(2)
            }
        }
    }
    // Every bot but QuantityBot, which does not run in the seed's controller.
    let field: Vec<BotKind> = BotKind::ALL
        .into_iter()
        .filter(|&bot| bot != BotKind::Quantity)
        .collect();
    let mut totals = Totals::new(field.len());
    // The same totals for each side of board.
    let mut by_side: BTreeMap<usize, Totals> = BTreeMap::new();
    for round in 0..boards {
        let side = board_for_seed(round_seed(seed, round)).size();
        let round_totals = play_round_with(&field, seed, round, Some(config), || {});
        by_side
            .entry(side)
            .or_insert_with(|| Totals::new(field.len()))
            .merge(round_totals.clone());
        totals.merge(round_totals);
    }
    let (ours, hungry) = (totals.points[0], totals.points[1]);
    println!(
        "{} | total {ours} / {hungry} = {:.3} | head to head {} : {} = {:.3}",
        args[2.min(args.len())..].join(" "),
        ours as f64 / hungry as f64,
        totals.head[0][1],
        totals.head[1][0],
        totals.head[0][1] as f64 / totals.head[1][0] as f64,
    );
    // Where the points come from: each opponent's games against ours and
    // against HungryBot, and our share of the points in those games.
    println!("| opponent | ours : it | our share | HungryBot : it | HungryBot's share |");
    println!("|---|---|---|---|---|");
    let share = |a: i64, b: i64| 100.0 * a as f64 / (a + b).max(1) as f64;
    for (k, bot) in field.iter().enumerate().skip(2) {
        let (ours, theirs) = (totals.head[0][k], totals.head[k][0]);
        let (hungry, against_hungry) = (totals.head[1][k], totals.head[k][1]);
        println!(
            "| {} | {ours} : {theirs} | {:.1} % | {hungry} : {against_hungry} | {:.1} % |",
            bot.key(),
            share(ours, theirs),
            share(hungry, against_hungry),
        );
    }
    // Which boards the ratios come from.
    println!();
    println!("| side | boards | ours : HungryBot total | ratio | head to head | ratio |");
    println!("|---|---|---|---|---|---|");
    for (side, t) in &by_side {
        println!(
            "| {side} | {} | {} : {} | {:.3} | {} : {} | {:.3} |",
            t.rounds,
            t.points[0],
            t.points[1],
            t.points[0] as f64 / t.points[1].max(1) as f64,
            t.head[0][1],
            t.head[1][0],
            t.head[0][1] as f64 / t.head[1][0].max(1) as f64,
        );
    }
}
