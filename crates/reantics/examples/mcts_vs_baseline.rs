//! Plays our MCTS agent against one ported baseline and prints the result
//! and search statistics.
//!
//! `cargo run --release -p gameai-reantics --example mcts_vs_baseline -- Ralph 200`
//! (opponent name, milliseconds per turn).

use reantics::{baselines, play_game, AntAgent, GameOptions, MctsAnt};
use std::time::Duration;

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "Ralph".into());
    let ms: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(200);
    let Some(mut opponent) = baselines::baseline(&name) else {
        eprintln!(
            "unknown agent {name:?}; try one of {:?}",
            baselines::BASELINES
        );
        std::process::exit(2);
    };
    let mut ours = MctsAnt::new(Duration::from_millis(ms));
    for game in 0..2u64 {
        let options = GameOptions {
            seed: game,
            ..GameOptions::default()
        };
        let record = {
            let mut observe = |_: &reantics::State, _: reantics::Action| {};
            if game % 2 == 0 {
                play_game([&mut ours, &mut *opponent], &options, &mut observe)
            } else {
                play_game([&mut *opponent, &mut ours], &options, &mut observe)
            }
        };
        let ours_seat = (game % 2) as usize;
        let verdict = match record.end.winner {
            Some(w) if w.index() == ours_seat => "we win",
            Some(_) => "we lose",
            None => "draw",
        };
        println!(
            "game {game}: {verdict} against {} by {} after {} ENDs ",
            opponent.name(),
            record.end.reason.label(),
            record.ends
        );
    }
    let stats = ours.stats();
    println!(
        "{} searches, {:.0} iterations per search on average",
        stats.searches,
        stats.total_iterations as f64 / stats.searches.max(1) as f64
    );
}
