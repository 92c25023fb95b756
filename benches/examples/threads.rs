//! Prints the thread-scaling table of the README: time to reach a fixed
//! depth and nodes per second with 1 and 2 threads (Lazy SMP in `search`),
//! for MeiChu and Kalah positions. Runs alternate between the thread counts
//! (1, 2, 1, 2, …) so both see the same machine load; every figure is the
//! median of the runs, each with a fresh searcher and table.
//!
//! Run it optimised: `cargo run --release -p benches --example threads`
//! (`-- --runs N` changes the number of runs, default 5).

use benches::{kalah_fixtures, median, meichu_fixtures, run_threads, Fixture};
use gamecore::{Evaluator, Game};
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "usage: threads [--runs N]   (N from 1 to 1000, default 5)";

fn main() -> ExitCode {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs = match args.as_slice() {
        [] => 5,
        [flag, value] if flag == "--runs" => {
            match value.parse::<usize>() {
                Ok(n) if (1..=1000).contains(&n) => n,
                _ => {
                    eprintln!("threads: --runs wants a whole number from 1 to 1000, got '{value}'\n{USAGE}");
                    return ExitCode::from(2);
                }
            }
        }
        _ => {
            eprintln!("threads: unexpected arguments {args:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    println!("| game | position | depth | 1 thread: time | nodes/s | 2 threads: time | nodes/s | time-to-depth speedup | nodes/s ratio | nodes 2 T ÷ 1 T |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut speedups = Vec::new();
    for fixture in meichu_fixtures() {
        speedups.push(row(&fixture, &meichu::MeichuEval::default(), 64, runs));
    }
    for fixture in kalah_fixtures() {
        let fixture = Fixture {
            depth: 14,
            ..fixture
        };
        speedups.push(row(&fixture, &kalah::KalahEval::new(), 16, runs));
    }
    let mut sorted = speedups.clone();
    sorted.sort_by(f64::total_cmp);
    println!(
        "\nmedian time-to-depth speedup on 2 threads: {:.2}x (min {:.2}x, max {:.2}x, {} positions, {runs} runs each)",
        sorted[(sorted.len() - 1) / 2],
        sorted[0],
        sorted[sorted.len() - 1],
        sorted.len()
    );
    ExitCode::SUCCESS
}

/// Measures one fixture with 1 and 2 threads; returns the speedup.
fn row<G: Game, E: Evaluator<G>>(
    fixture: &Fixture<G>,
    eval: &E,
    tt_mib: usize,
    runs: usize,
) -> f64 {
    let mut times = [Vec::new(), Vec::new()];
    let mut rates = [Vec::new(), Vec::new()];
    let mut nodes = [Vec::new(), Vec::new()];
    let mut values = [None, None];
    for _ in 0..runs {
        for (slot, threads) in [1, 2].into_iter().enumerate() {
            let run = run_threads(&fixture.state, eval, fixture.depth, tt_mib, threads);
            let count = run.nodes.unwrap_or(0);
            times[slot].push(run.elapsed);
            nodes[slot].push(count);
            rates[slot].push((count as f64 / run.elapsed.as_secs_f64().max(1e-9)) as u64);
            // A fixed-depth search has one value whatever the thread count.
            assert!(
                values[slot].is_none_or(|v| v == run.value)
                    && values[0].is_none_or(|v| v == run.value),
                "{}: value changed with threads",
                fixture.name
            );
            values[slot] = Some(run.value);
        }
    }
    let t1: Duration = median(&times[0]);
    let t2: Duration = median(&times[1]);
    let r1 = median(&rates[0]);
    let r2 = median(&rates[1]);
    let speedup = t1.as_secs_f64() / t2.as_secs_f64().max(1e-9);
    println!(
        "| {} | {} | {} | {:.3} s | {:.2} M | {:.3} s | {:.2} M | {:.2}x | {:.2}x | {:.2} |",
        fixture.game,
        fixture.name,
        fixture.depth,
        t1.as_secs_f64(),
        r1 as f64 / 1e6,
        t2.as_secs_f64(),
        r2 as f64 / 1e6,
        speedup,
        r2 as f64 / r1.max(1) as f64,
        median(&nodes[1]) as f64 / median(&nodes[0]).max(1) as f64
    );
    speedup
}
