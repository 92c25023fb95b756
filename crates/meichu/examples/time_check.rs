//! Checks the time manager: plays whole games of the engine (at a configured
//! move time) against the depth-5 student baseline and prints the longest
//! engine move and how it compares with the configured time, and the
//! engine's search nodes per searched move and per second (what node budgets
//! are calibrated to).
//!
//! ```sh
//! cargo run --release -p gameai-meichu --example time_check -- 1000 10 2
//! ```
//! (move time in ms, number of games, search threads (default 1); the
//! engine plays both colours).

use gamecore::{random_playout, seeded_rng, Agent, Budget};
use meichu::{Color, Engine, EngineConfig, Position, StudentAgent};
use std::time::{Duration, Instant};

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let mut args = std::env::args().skip(1);
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let limit = Duration::from_millis(ms);
    let mut times: Vec<Duration> = Vec::new();
    let (mut searched, mut nodes, mut search_time) = (0u64, 0u64, 0f64);
    for game in 0..games {
        let engine_color = if game % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut engine = Engine::new(
            EngineConfig::default()
                .with_move_time(limit)
                .with_threads(threads),
        );
        let mut student = StudentAgent::default();
        let mut position = Position::start();
        random_playout(&mut position, &mut seeded_rng(game / 2), 2);
        while !position.is_over() {
            let mv = if position.side_to_move() == engine_color {
                let started = Instant::now();
                let mv = engine
                    .select_move(&position, &Budget::unlimited())
                    .expect("live position");
                times.push(started.elapsed());
                if let Some(result) = engine.last_result() {
                    searched += 1;
                    nodes += result.stats.nodes;
                    search_time += result.stats.elapsed.as_secs_f64();
                }
                mv
            } else {
                student.choose(&position).expect("live position")
            };
            position.play_checked(mv).expect("legal moves only");
        }
    }
    times.sort();
    let longest = times.last().copied().unwrap_or_default();
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    println!(
        "{} engine moves at {ms} ms, {threads} thread(s): median {:.1} ms, longest {:.1} ms = {:.1}% of the configured time",
        times.len(),
        median.as_secs_f64() * 1e3,
        longest.as_secs_f64() * 1e3,
        100.0 * longest.as_secs_f64() / limit.as_secs_f64()
    );
    println!(
        "{searched} searched moves: mean {:.0} nodes per move, {:.0} nodes/s, mean search {:.1} ms",
        nodes as f64 / searched.max(1) as f64,
        nodes as f64 / search_time.max(1e-9),
        1e3 * search_time / searched.max(1) as f64
    );
}
