//! Flag rushes: positions where the side to move can force the capture of
//! the enemy flag in five of its own moves. For each, the engine plays the attacker at `--time-ms`
//! (default 1000) per move against the engine as defender (same time), and the
//! example prints the first search's value, depth and time, and how many
//! attacker moves the flag took.
//!
//! ```sh
//! cargo run --release -p gameai-meichu --example flag_rush -- 1000
//! ```

use gamecore::{Agent, Budget};
use meichu::{Color, End, Engine, EngineConfig, Position};
use std::time::{Duration, Instant};

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let ms: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1000);
    let limit = Duration::from_millis(ms);
    for (name, text) in meichu::race::FLAG_RUSH_POSITIONS {
        let start = Position::from_notation(text).expect("valid test position");
        let config = EngineConfig::default().with_move_time(limit);
        let mut black = Engine::new(config);
        let mut white = Engine::new(config);
        let mut position = start;
        let attacker = start.side_to_move();
        let mut attacker_moves = 0;
        let mut first = String::new();
        let mut longest = Duration::ZERO;
        while !position.is_over() && attacker_moves < 12 {
            let started = Instant::now();
            let mover = position.side_to_move();
            let agent: &mut Engine = if mover == Color::Black {
                &mut black
            } else {
                &mut white
            };
            let mv = agent
                .select_move(&position, &Budget::unlimited())
                .expect("live position");
            let took = started.elapsed();
            longest = longest.max(took);
            if mover == attacker {
                if attacker_moves == 0 {
                    first = match agent.last_result() {
                        Some(r) => format!(
                            "value {} depth {} nodes {} in {:.3}s",
                            r.value,
                            r.depth,
                            r.stats.nodes,
                            took.as_secs_f64()
                        ),
                        None => format!("forced in {:.3}s", took.as_secs_f64()),
                    };
                }
                attacker_moves += 1;
            }
            position.play_checked(mv).expect("engine moves are legal");
        }
        let verdict = match position.end() {
            Some(End::FlagTaken(color)) if color == attacker => {
                format!("flag taken in {attacker_moves} moves of {attacker}")
            }
            other => format!("NOT taken: {other:?} after {attacker_moves} moves of {attacker}"),
        };
        println!(
            "{name}: first move {first}; {verdict}; longest move {:.3}s",
            longest.as_secs_f64()
        );
    }
}
