//! Prints what the history malus (`SearchOptions::history_malus`, MeiChu's
//! setting) does to MeiChu's search: nodes and time to a fixed depth with it
//! off and on, for the benchmark positions and three random ones. Runs
//! alternate (off, on, off, on, …) so both see the same machine load; times
//! are medians, each run with a fresh searcher and table (allocated outside
//! the timing); node counts are the same in every run.
//!
//! Run it optimised: `cargo run --release -p benches --example history_malus`
//! (`-- --depth D` from 1 to 9, default 7; `--runs N`, default 5).

use benches::{median, meichu_fixtures, our_options};
use gamecore::testkit::random_position;
use meichu::{MeichuEval, Position};
use search::{Search, SearchLimits};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "usage: history_malus [--depth D] [--runs N]   (D from 1 to 9, default 7; N from 1 to 1000, default 5)";

fn main() -> ExitCode {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (depth, runs) = match parse_args(&args) {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("history_malus: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let start = Position::start();
    let mut positions: Vec<(String, Position)> = meichu_fixtures()
        .into_iter()
        .map(|fixture| (fixture.name, fixture.state))
        .collect();
    for plies in [10, 30, 60] {
        positions.push((
            format!("random{plies}"),
            random_position(&start, plies, plies as u64),
        ));
    }
    println!("MeiChu, depth {depth}, median of {runs} runs");
    println!();
    println!("| position | nodes off | nodes on | time off | time on | time on ÷ off |");
    println!("|---|---:|---:|---:|---:|---:|");
    let mut log_ratio = 0.0;
    for (name, position) in &positions {
        let mut times = [Vec::new(), Vec::new()];
        let mut nodes = [0; 2];
        for _ in 0..runs {
            for (i, malus) in [false, true].into_iter().enumerate() {
                let (count, elapsed) = search(position, depth, malus);
                nodes[i] = count;
                times[i].push(elapsed);
            }
        }
        let [off, on] = times.map(|runs| median(&runs));
        let ratio = on.as_secs_f64() / off.as_secs_f64().max(1e-9);
        log_ratio += ratio.ln();
        println!(
            "| {name} | {} | {} | {:.1} ms | {:.1} ms | {ratio:.2} |",
            nodes[0],
            nodes[1],
            off.as_secs_f64() * 1e3,
            on.as_secs_f64() * 1e3,
        );
    }
    println!();
    println!(
        "geometric mean of the time ratios: {:.3}",
        (log_ratio / positions.len() as f64).exp()
    );
    ExitCode::SUCCESS
}

/// One search of `position` to `depth`: its node count and time.
fn search(position: &Position, depth: u32, malus: bool) -> (u64, Duration) {
    let mut search = Search::new(
        MeichuEval::default(),
        our_options().with_history_malus(malus),
    );
    let started = Instant::now();
    let result = search.search(position, &SearchLimits::depth(depth));
    (result.stats.nodes, started.elapsed())
}

fn parse_args(args: &[String]) -> Result<(u32, usize), String> {
    let (mut depth, mut runs) = (7, 5);
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| format!("{flag} wants a value"))?;
        match flag.as_str() {
            "--depth" => depth = number_in(flag, value, 1, 9)? as u32,
            "--runs" => runs = number_in(flag, value, 1, 1000)?,
            _ => return Err(format!("unknown option '{flag}'")),
        }
    }
    Ok((depth, runs))
}

/// Parses `value`, the value of `flag`, as a whole number from `low` to `high`.
fn number_in(flag: &str, value: &str, low: usize, high: usize) -> Result<usize, String> {
    value
        .parse()
        .ok()
        .filter(|n| (low..=high).contains(n))
        .ok_or_else(|| format!("{flag} wants {low} to {high}, got '{value}'"))
}
