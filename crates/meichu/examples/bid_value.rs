//! Estimates what playing Black is worth in budget units: the engine plays
//! itself from the start with Black's budget lowered by a handicap `h`
//! (`150 − h` against 150), over openings of two seeded random moves, and
//! prints Black's score for each handicap. The handicap at which Black
//! scores 50 % is the value of Black over White (negative: White is worth more).
//!
//! ```sh
//! cargo run --release -p gameai-meichu --example bid_value -- 100 20 0 10 20 40
//! ```
//! (move time in ms, games per handicap, then the handicaps).

use gamecore::{random_playout, seeded_rng, Agent, Budget};
use meichu::{Color, Engine, EngineConfig, GameResult, Position};
use std::time::Duration;

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let args: Vec<i64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let ms = args.first().copied().unwrap_or(100).max(1) as u64;
    let games = args.get(1).copied().unwrap_or(20).max(2);
    let handicaps: Vec<i64> = if args.len() > 2 {
        args[2..].to_vec()
    } else {
        vec![0, 10, 20, 40]
    };
    let config = EngineConfig::default()
        .with_tt_mib(16)
        .with_move_time(Duration::from_millis(ms));
    for handicap in handicaps {
        let mut points = 0.0;
        let mut plies = 0;
        for game in 0..games {
            let mut position = Position::start_with_budgets([150 - handicap as i32, 150]);
            random_playout(&mut position, &mut seeded_rng(game as u64), 2);
            let mut black = Engine::new(config);
            let mut white = Engine::new(config);
            while !position.is_over() {
                let agent = if position.side_to_move() == Color::Black {
                    &mut black
                } else {
                    &mut white
                };
                let mv = agent
                    .select_move(&position, &Budget::unlimited())
                    .expect("live position");
                position.play_checked(mv).expect("legal moves only");
                plies += 1;
            }
            points += match position.result() {
                Some(GameResult::Win(Color::Black)) => 1.0,
                Some(GameResult::Draw) => 0.5,
                _ => 0.0,
            };
        }
        println!(
            "handicap {handicap:>4}: Black scores {points:>5.1}/{games} = {:>5.1}% ({:.1} plies per game)",
            100.0 * points / games as f64,
            plies as f64 / games as f64
        );
    }
}
