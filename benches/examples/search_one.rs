//! Runs one fixed-depth search of one benchmark position with one engine and
//! prints its value, nodes and time: the unit to profile, for example
//! `valgrind --tool=callgrind target/release/examples/search_one connect4 empty ours 12`,
//! whose instruction counts do not depend on the machine's load.
//!
//! `search_one GAME POSITION ENGINE DEPTH`: GAME `connect4`, `connect4-nohints`
//! (the evaluator without its ordering hints), `nim`, `nim-coarse` (Nim
//! with the coarse hash evaluator of the `compare` table), `kalah` or
//! `meichu` (its policy's evaluator, every hook on);
//! POSITION a fixture name of that game (as in the `compare` table); ENGINE
//! `ours` or `minimax`.

use benches::{
    connect4_fixtures, kalah_fixtures, meichu_fixtures, nim_fixtures, run_minimax_iterative,
    run_ours, Fixture, Run,
};
use gamecore::{Evaluator, Game};
use std::process::ExitCode;

const USAGE: &str = "usage: search_one GAME POSITION ENGINE DEPTH   (GAME connect4|connect4-nohints|nim|nim-coarse|kalah|meichu, ENGINE ours|minimax, DEPTH 1 to 64)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("search_one: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<String, String> {
    let [game, position, engine, depth] = args else {
        return Err(format!("expected 4 arguments, got {}", args.len()));
    };
    let depth: u32 = depth
        .parse()
        .ok()
        .filter(|d| (1..=64).contains(d))
        .ok_or_else(|| format!("invalid depth {depth:?}"))?;
    let ours = match engine.as_str() {
        "ours" => true,
        "minimax" => false,
        _ => return Err(format!("unknown engine {engine:?}")),
    };
    match game.as_str() {
        "connect4" => one(
            &connect4_fixtures(),
            position,
            &connect4::Connect4Eval::default(),
            ours,
            depth,
        ),
        "connect4-nohints" => one(
            &connect4_fixtures(),
            position,
            &benches::NoHints(connect4::Connect4Eval::default()),
            ours,
            depth,
        ),
        "nim" => one(&nim_fixtures(), position, &nim::NimEval, ours, depth),
        "nim-coarse" => one(
            &nim_fixtures(),
            position,
            &gamecore::testkit::games::CoarseHashEval { levels: 1001 },
            ours,
            depth,
        ),
        "kalah" => one(
            &kalah_fixtures(),
            position,
            &kalah::KalahEval::new(),
            ours,
            depth,
        ),
        "meichu" => one(
            &meichu_fixtures(),
            position,
            &meichu::MeichuEval::default(),
            ours,
            depth,
        ),
        _ => Err(format!("unknown game {game:?}")),
    }
}

fn one<G: Game, E: Evaluator<G>>(
    fixtures: &[Fixture<G>],
    name: &str,
    evaluator: &E,
    ours: bool,
    depth: u32,
) -> Result<String, String> {
    let fixture = fixtures
        .iter()
        .find(|fixture| fixture.name == name)
        .ok_or_else(|| {
            let names: Vec<&str> = fixtures.iter().map(|f| f.name.as_str()).collect();
            format!("unknown position {name:?} (one of {names:?})")
        })?;
    let run: Run = if ours {
        run_ours(&fixture.state, evaluator, depth)
    } else {
        run_minimax_iterative(&fixture.state, evaluator, depth)
    };
    Ok(format!(
        "{:?} depth {} nodes {} time {:.3} ms",
        run.verdict,
        run.depth,
        run.nodes.unwrap_or(0),
        run.elapsed.as_secs_f64() * 1e3
    ))
}
