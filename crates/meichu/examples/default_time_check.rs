//! Checks the contest default's clock on positions from varied games: plays
//! `games` quick games (the engine at 100 ms against the student baseline,
//! from the start plus 0–2 random moves, the engine on both sides in turn),
//! takes every `every`-th position, and times one move of the contest
//! program's engine (the default move time and every core, as the `meichu`
//! binary builds it, a fresh engine per game) on each, against the cap.
//!
//! ```sh
//! cargo run --release -p gameai-meichu --example default_time_check -- 20 8
//! ```
//! (games, sample every N plies, and optionally the move time in ms and the
//! threads; defaults 20, 8, `DEFAULT_MOVE_TIME`, every core).

use gamecore::{random_playout, seeded_rng, Agent, Budget};
use meichu::{Engine, EngineConfig, Position, StudentAgent, DEFAULT_MOVE_TIME, MAX_MOVE_TIME};
use std::time::{Duration, Instant};

fn main() {
    cli::exit_quietly_on_broken_pipe();
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let every: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(8).max(1);
    let move_time = args
        .next()
        .and_then(|a| a.parse().ok())
        .map_or(DEFAULT_MOVE_TIME, Duration::from_millis);
    let threads: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(search::default_threads);
    // The positions: every `every`-th of each quick game, per game.
    let mut samples: Vec<Vec<Position>> = Vec::new();
    for game in 0..games {
        let mut quick =
            Engine::new(EngineConfig::default().with_move_time(Duration::from_millis(100)));
        let mut student = StudentAgent::default();
        let mut position = Position::start();
        random_playout(
            &mut position,
            &mut seeded_rng(1000 + game),
            (game % 3) as u32,
        );
        let engine_color = position.side_to_move();
        let mut taken = Vec::new();
        let mut ply = 0;
        while !position.is_over() {
            if ply % every == 0 {
                taken.push(position);
            }
            let mv = if (position.side_to_move() == engine_color) == (game % 2 == 0) {
                quick
                    .select_move(&position, &Budget::unlimited())
                    .expect("live position")
            } else {
                student.choose(&position).expect("live position")
            };
            position.play_checked(mv).expect("legal moves only");
            ply += 1;
        }
        samples.push(taken);
    }
    let config = EngineConfig::default()
        .with_move_time(move_time)
        .with_threads(threads);
    let mut times: Vec<(Duration, String)> = Vec::new();
    for positions in &samples {
        let mut engine = Engine::new(config);
        for position in positions {
            let started = Instant::now();
            engine
                .select_move(position, &Budget::unlimited())
                .expect("live position");
            times.push((started.elapsed(), position.to_notation()));
        }
    }
    times.sort();
    let n = times.len();
    let at = |q: f64| times[((n as f64 * q) as usize).min(n - 1)].0.as_secs_f64();
    let (longest, position) = times.last().cloned().expect("some positions");
    println!(
        "{n} positions from {games} games, move time {:.1} s, {threads} thread(s): median {:.2} s, 90th percentile {:.2} s, longest {:.2} s ({:.1}% of the move time; cap {:.0} s, contest limit 30 s)",
        move_time.as_secs_f64(),
        at(0.5),
        at(0.9),
        longest.as_secs_f64(),
        100.0 * longest.as_secs_f64() / move_time.as_secs_f64(),
        MAX_MOVE_TIME.as_secs_f64(),
    );
    println!("longest at {position}");
}
