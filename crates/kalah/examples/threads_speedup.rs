//! Lazy SMP speedup, side by side in one run: Smart's time to a fixed depth
//! and nodes per second with 1 thread and 2 threads (runs alternate, medians
//! of `runs`), on the Kalah(6,4) start and two seeded middle games;
//! optionally an exact solve with 1 and 2 threads. Prints markdown tables.
//!
//! `cargo run --release -p gameai-kalah --example threads_speedup -- [depth] [runs]`
//! (defaults 14 and 3). `KALAH_SOLVE=6x4` adds that solve (rules from
//! `KALAH_SOLVE_RULES`, default `empty-capture`; `KALAH_SOLVE_RUNS` runs of
//! each, default 1); `KALAH_THREADS=4` compares 1 and 4 threads instead.
use gamecore::Budget;
use kalah::{KalahEval, Position, Rules, SmartAgent, SolveOptions, Solver, BEAN};
use std::time::Duration;

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let depth = args.first().copied().unwrap_or(14);
    let runs = args.get(1).copied().unwrap_or(3).max(1) as usize;
    let many = env_usize("KALAH_THREADS").unwrap_or(2).max(2);
    let configs = [1, many];
    let start = Position::start(6, 4, Rules::Cs32);
    let mut positions = vec![("start", start.clone())];
    for (name, plies, seed) in [("midgame A", 6, 0), ("midgame B", 4, 3)] {
        positions.push((
            name,
            gamecore::testkit::random_position(&start, plies, seed),
        ));
    }
    println!("Smart to depth {depth}, median of {runs} alternating runs, cs32 rules\n");
    println!("| position | threads | time to depth (s) | nodes | M nodes/s | value | speedup |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (name, position) in &positions {
        // (seconds, nodes, value) per run, per thread count.
        let mut samples: Vec<Vec<(f64, u64, i32)>> = vec![Vec::new(); configs.len()];
        for _ in 0..runs {
            for (i, &threads) in configs.iter().enumerate() {
                let mut agent = SmartAgent::with_evaluator(KalahEval::new())
                    .with_max_depth(Some(depth))
                    .with_threads(threads);
                let result = agent
                    .analyze(position, &Budget::unlimited())
                    .expect("a live position");
                assert_eq!(result.stats.threads, threads);
                let value = match result.proven_margin() {
                    Some(margin) => margin * BEAN,
                    None => result.value.raw(),
                };
                let seconds = result.stats.elapsed.as_secs_f64();
                samples[i].push((seconds, result.stats.nodes, value));
            }
        }
        let one = median(samples[0].iter().map(|s| s.0).collect());
        for (i, &threads) in configs.iter().enumerate() {
            let time = median(samples[i].iter().map(|s| s.0).collect());
            let nodes = median(samples[i].iter().map(|s| s.1 as f64).collect());
            let rate = median(samples[i].iter().map(|s| s.1 as f64 / s.0 / 1e6).collect());
            let values: Vec<i32> = samples[i].iter().map(|s| s.2).collect();
            let same = values.iter().all(|&v| v == samples[0][0].2);
            println!(
                "| {name} | {threads} | {time:.3} | {nodes:.0} | {rate:.2} | {:+.2}{} | {:.2}× |",
                f64::from(values[0]) / f64::from(BEAN),
                if same { "" } else { " (differs!)" },
                one / time
            );
        }
    }
    let Ok(size) = std::env::var("KALAH_SOLVE") else {
        return;
    };
    let Some((holes, beans)) = size
        .split_once('x')
        .and_then(|(h, b)| Some((h.parse::<usize>().ok()?, b.parse::<u32>().ok()?)))
    else {
        eprintln!("KALAH_SOLVE must look like 6x4");
        return;
    };
    let rules: Rules = std::env::var("KALAH_SOLVE_RULES")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(Rules::EmptyCapture);
    let solve_runs = env_usize("KALAH_SOLVE_RUNS").unwrap_or(1).max(1);
    println!("\nKalah({holes},{beans}) {rules} solve (search time, endgame database built once per solver and excluded), median of {solve_runs}\n");
    println!("| threads | solve time (s) | nodes | M nodes/s | value | speedup |");
    println!("|---:|---:|---:|---:|---:|---:|");
    let start = Position::start(holes, beans, rules);
    let counts = [1, many];
    let mut samples: Vec<Vec<(f64, u64, i32)>> = vec![Vec::new(); counts.len()];
    for _ in 0..solve_runs {
        for (i, &threads) in counts.iter().enumerate() {
            let mut solver =
                Solver::new(holes, rules, SolveOptions::default().with_threads(threads));
            let report = solver.solve(&start).expect("a board the solver handles");
            let search: Duration = report.elapsed - report.endgame_elapsed;
            eprintln!(
                "  {threads} thread(s): value {:+}, {} nodes, {:.2} s (+{:.2} s database)",
                report.south_value(),
                report.nodes,
                search.as_secs_f64(),
                report.endgame_elapsed.as_secs_f64()
            );
            samples[i].push((search.as_secs_f64(), report.nodes, report.south_value()));
        }
    }
    let one = median(samples[0].iter().map(|s| s.0).collect());
    for (i, &threads) in counts.iter().enumerate() {
        let time = median(samples[i].iter().map(|s| s.0).collect());
        let nodes = median(samples[i].iter().map(|s| s.1 as f64).collect());
        let rate = median(samples[i].iter().map(|s| s.1 as f64 / s.0 / 1e6).collect());
        println!(
            "| {threads} | {time:.2} | {nodes:.0} | {rate:.2} | {:+} | {:.2}× |",
            samples[i][0].2,
            one / time
        );
    }
}
