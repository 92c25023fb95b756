//! Plays one game between two bots on a seeded board and prints the board
//! before and after, with the scores.
//!
//! Run: `cargo run --release -p gameai-tokens --example play_one -- planner hungry 7`

use tokens::tournament::play_kinds;
use tokens::{board_for_seed, BotKind};

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let kind = |i: usize, default: BotKind| {
        args.get(i)
            .map_or(Ok(default), |name| name.parse::<BotKind>())
            .unwrap_or_else(|e| {
                eprintln!("{e}");
                std::process::exit(2)
            })
    };
    let a = kind(0, BotKind::Planner);
    let b = kind(1, BotKind::Hungry);
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let start = board_for_seed(seed);
    print!("{}", start.diagram());
    let game = play_kinds(&start, [a, b], seed, true);
    let mut end = start.clone();
    for &action in &game.actions {
        end.step(action);
    }
    println!();
    print!("{}", end.diagram());
    println!(
        "{} (P1) {} : {} {} (P2) after {} plies",
        a.display_name(),
        game.scores[0],
        game.scores[1],
        b.display_name(),
        game.plies
    );
}
