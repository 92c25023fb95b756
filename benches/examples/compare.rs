//! Prints a side-by-side table of our search against the `minimax` crate:
//! game, position, depth asked (and the depth ours answered from, when it
//! proved the root sooner), our time, nodes and nodes/s, minimax's
//! `IterativeSearch` time, nodes and nodes/s, the time ratio (minimax ÷
//! ours), and minimax's plain `Negamax` time. Every figure is the median of
//! five runs, each with a fresh searcher; the two engines alternate run by
//! run, so both see the same machine. The last lines give the median and the
//! smallest time ratio over the rows, and name the rows where ours is slower.
//!
//! Before timing, every row checks that the engines agree on the root: the
//! same score, or both a proven win (loss) where `minimax` scores every win
//! alike. Kalah rows (extra turns, which `minimax` counts as a move plus a
//! forced pass) compare time to the nominal depth only.
//!
//! Run it optimised: `cargo run --release -p benches --example compare`
//! (`-- --runs N` changes the number of runs).

use benches::{
    connect4_fixtures, kalah_fixtures, median, nim_fixtures, run_minimax_iterative,
    run_minimax_negamax, run_ours, Fixture, NoHints, Run,
};
use gamecore::testkit::games::CoarseHashEval;
use gamecore::{Evaluator, Game};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: compare [--runs N] [--game connect4|nim|kalah]   (N from 1 to 1000, default 5; default every game)";

/// The command line: runs per row and the one game to run, if any.
struct Args {
    runs: usize,
    game: Option<String>,
}

fn main() -> ExitCode {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let Args { runs, game } = match parse_args(std::env::args().skip(1).collect()) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("compare: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    println!(
        "| game | evaluator | position | depth | ours time | ours nodes | ours nodes/s | minimax time | minimax nodes | minimax nodes/s | time ratio | minimax Negamax time |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    let wanted = |name: &str| game.as_deref().is_none_or(|game| game == name);
    let mut ratios = Vec::new();
    let mut kalah_ratios = Vec::new();
    if wanted("connect4") {
        let eval = connect4::Connect4Eval::default();
        ratios.extend(rows(&connect4_fixtures(), "Connect4Eval", &eval, runs));
        let plain = NoHints(eval);
        ratios.extend(rows(
            &connect4_fixtures(),
            "Connect4Eval, no hints",
            &plain,
            runs,
        ));
    }
    if wanted("nim") {
        ratios.extend(rows(&nim_fixtures(), "NimEval", &nim::NimEval, runs));
        let coarse = CoarseHashEval { levels: 1001 };
        ratios.extend(rows(&nim_fixtures(), "CoarseHash(1001)", &coarse, runs));
    }
    if wanted("kalah") {
        let eval = kalah::KalahEval::new();
        kalah_ratios.extend(rows(&kalah_fixtures(), "KalahEval", &eval, runs));
        let plain = NoHints(kalah::KalahEval::new());
        kalah_ratios.extend(rows(&kalah_fixtures(), "KalahEval, no hints", &plain, runs));
    }
    summary("Connect Four and Nim rows", &mut ratios, true);
    summary("Kalah rows (nominal depth)", &mut kalah_ratios, false);
    ExitCode::SUCCESS
}

fn parse_args(args: Vec<String>) -> Result<Args, String> {
    let mut parsed = Args {
        runs: 5,
        game: None,
    };
    let mut args = args.into_iter();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--runs" => {
                parsed.runs = value
                    .parse::<usize>()
                    .ok()
                    .filter(|runs| (1..=1000).contains(runs))
                    .ok_or_else(|| format!("invalid number of runs {value:?}"))?;
            }
            "--game" if ["connect4", "nim", "kalah"].contains(&value.as_str()) => {
                parsed.game = Some(value);
            }
            "--game" => return Err(format!("unknown game {value:?}")),
            _ => return Err(format!("unexpected argument {flag:?}")),
        }
    }
    Ok(parsed)
}

/// Prints the median and the smallest of `ratios` (each with its row's
/// name), and the rows where ours is slower, if `slower` is asked for.
fn summary(title: &str, ratios: &mut [(String, f64)], slower: bool) {
    ratios.sort_by(|a, b| a.1.total_cmp(&b.1));
    if let (Some(lowest), Some(median)) = (ratios.first(), ratios.get(ratios.len() / 2)) {
        println!(
            "\n{title}: median time ratio {:.2}, smallest {:.2} over {} rows",
            median.1,
            lowest.1,
            ratios.len()
        );
    }
    if slower {
        let below: Vec<String> = ratios
            .iter()
            .filter(|(_, ratio)| *ratio < 1.0)
            .map(|(name, ratio)| format!("{name} {ratio:.2}"))
            .collect();
        if below.is_empty() {
            println!("slower than minimax: no row");
        } else {
            println!("slower than minimax: {}", below.join("; "));
        }
    }
}

/// One [`row`] per fixture; returns their names and time ratios.
fn rows<G: Game, E: Evaluator<G>>(
    fixtures: &[Fixture<G>],
    eval_name: &str,
    evaluator: &E,
    runs: usize,
) -> Vec<(String, f64)> {
    fixtures
        .iter()
        .map(|fixture| {
            let name = format!(
                "{} / {eval_name} / {} / depth {}",
                fixture.game, fixture.name, fixture.depth
            );
            (name, row(fixture, eval_name, evaluator, runs))
        })
        .collect()
}

/// Prints one table row, medians over `runs` runs of each engine, and
/// returns the time ratio (minimax ÷ ours).
fn row<G: Game, E: Evaluator<G>>(
    fixture: &Fixture<G>,
    eval_name: &str,
    evaluator: &E,
    runs: usize,
) -> f64 {
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
        let verdict = ours[0].verdict;
        let agree = ours
            .iter()
            .chain(&peer)
            .chain(&plain)
            .all(|run| run.verdict == verdict);
        assert!(
            agree,
            "{} {}: root values differ: ours {:?}, minimax {:?}",
            fixture.game, fixture.name, ours[0].verdict, peer[0].verdict
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
    let rate = |nodes: u64, time: Duration| nodes as f64 / time.as_secs_f64().max(1e-9);
    let ratio = peer_time.as_secs_f64() / our_time.as_secs_f64().max(1e-9);
    let depth = if ours[0].depth < fixture.depth {
        format!("{} (proven at {})", fixture.depth, ours[0].depth)
    } else {
        fixture.depth.to_string()
    };
    println!(
        "| {} | {} | {} | {} | {} | {} | {:.2} M | {} | {} | {:.2} M | {:.2} | {} |",
        fixture.game,
        eval_name,
        fixture.name,
        depth,
        format_time(our_time),
        our_nodes,
        rate(our_nodes, our_time) / 1e6,
        format_time(peer_time),
        peer_nodes,
        rate(peer_nodes, peer_time) / 1e6,
        ratio,
        if plain.is_empty() {
            "–".to_owned()
        } else {
            format_time(time(&plain))
        },
    );
    ratio
}

fn format_time(duration: Duration) -> String {
    let micros = duration.as_secs_f64() * 1e6;
    if micros < 1000.0 {
        format!("{micros:.0} µs")
    } else {
        format!("{:.2} ms", micros / 1000.0)
    }
}
