//! Prints a side-by-side table of our search against the `minimax` crate:
//! game, position, depth, our time and nodes, minimax's `IterativeSearch`
//! time and nodes, the ratios (minimax ÷ ours), and minimax's plain `Negamax`
//! time. Every figure is the median of five runs, each with a fresh searcher.
//!
//! Run it optimised: `cargo run --release -p benches --example compare`
//! (`-- --runs N` changes the number of runs).

use benches::{
    kalah_fixtures, median, nim_fixtures, run_minimax_iterative, run_minimax_negamax, run_ours,
    Fixture, NoHints, Run,
};
use gamecore::testkit::games::CoarseHashEval;
use gamecore::{Evaluator, Game};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: compare [--runs N]   (N from 1 to 1000, default 5)";

fn main() -> ExitCode {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let runs = match parse_runs(std::env::args().skip(1).collect()) {
        Ok(runs) => runs,
        Err(message) => {
            eprintln!("compare: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    println!(
        "| game | evaluator | position | depth | ours time | ours nodes | minimax time | minimax nodes | time ratio | node ratio | minimax Negamax time |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for fixture in nim_fixtures() {
        row(&fixture, "NimEval", &nim::NimEval, runs);
    }
    for fixture in nim_fixtures() {
        row(
            &fixture,
            "CoarseHash(1001)",
            &CoarseHashEval { levels: 1001 },
            runs,
        );
    }
    for fixture in kalah_fixtures() {
        row(&fixture, "KalahEval", &kalah::KalahEval::new(), runs);
    }
    for fixture in kalah_fixtures() {
        row(
            &fixture,
            "KalahEval, no hints",
            &NoHints(kalah::KalahEval::new()),
            runs,
        );
    }
    ExitCode::SUCCESS
}

fn parse_runs(args: Vec<String>) -> Result<usize, String> {
    match args.as_slice() {
        [] => Ok(5),
        [flag, value] if flag == "--runs" => value
            .parse::<usize>()
            .ok()
            .filter(|runs| (1..=1000).contains(runs))
            .ok_or_else(|| format!("invalid number of runs {value:?}")),
        _ => Err(format!("unexpected arguments {args:?}")),
    }
}

/// Prints one table row: medians over `runs` runs of each engine.
fn row<G: Game, E: Evaluator<G>>(
    fixture: &Fixture<G>,
    eval_name: &str,
    evaluator: &E,
    runs: usize,
) {
    let mut ours: Vec<Run> = Vec::with_capacity(runs);
    let mut peer: Vec<Run> = Vec::with_capacity(runs);
    let mut plain: Vec<Run> = Vec::with_capacity(runs);
    for _ in 0..runs {
        ours.push(run_ours(&fixture.state, evaluator, fixture.depth));
        peer.push(run_minimax_iterative(
            &fixture.state,
            evaluator,
            fixture.depth,
        ));
        if fixture.plain_negamax {
            plain.push(run_minimax_negamax(
                &fixture.state,
                evaluator,
                fixture.depth,
            ));
        }
    }
    if fixture.values_comparable {
        let value = ours[0].value;
        let agree = ours
            .iter()
            .chain(&peer)
            .chain(&plain)
            .all(|run| run.value == value);
        assert!(
            agree,
            "{} {}: root values differ",
            fixture.game, fixture.name
        );
    }
    let time = |runs: &[Run]| median(&runs.iter().map(|run| run.elapsed).collect::<Vec<_>>());
    let nodes = |runs: &[Run]| {
        median(
            &runs
                .iter()
                .map(|run| run.nodes.unwrap_or(0))
                .collect::<Vec<_>>(),
        )
    };
    let (our_time, peer_time) = (time(&ours), time(&peer));
    let (our_nodes, peer_nodes) = (nodes(&ours), nodes(&peer));
    println!(
        "| {} | {} | {} | {} | {} | {} | {} | {} | {:.2} | {:.2} | {} |",
        fixture.game,
        eval_name,
        fixture.name,
        fixture.depth,
        format_time(our_time),
        our_nodes,
        format_time(peer_time),
        peer_nodes,
        peer_time.as_secs_f64() / our_time.as_secs_f64().max(1e-9),
        peer_nodes as f64 / (our_nodes as f64).max(1.0),
        if plain.is_empty() {
            "–".to_owned()
        } else {
            format_time(time(&plain))
        },
    );
}

fn format_time(duration: Duration) -> String {
    let micros = duration.as_secs_f64() * 1e6;
    if micros < 1000.0 {
        format!("{micros:.0} µs")
    } else {
        format!("{:.2} ms", micros / 1000.0)
    }
}
