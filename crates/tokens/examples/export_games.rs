//! Plays seeded games between the seed bots' ports and prints each as one
//! JSON line: the start board as the controller's JSON, the bots, every
//! action and the final scores. Feeding these lines to the seed's own
//! JavaScript (run under node with its controller's rules) checks that the
//! ports and the engine act exactly as the originals; see
//! `docs/games/tokens.md`.
//!
//! Run: `cargo run --release -p gameai-tokens --example export_games -- 200 > games.jsonl`

use tokens::tournament::{play_kinds, round_seed};
use tokens::{board_for_seed, json::to_controller_json, BotKind};

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(50);
    // Deterministic bots only: their JavaScript needs no random numbers
    // (HungryBot's coin flips happen only on exact ties).
    let bots = [
        BotKind::Hungry,
        BotKind::Path,
        BotKind::Naive,
        BotKind::OneTarget,
        BotKind::Mirror,
        BotKind::MirrorBuiltin,
        BotKind::Lazy,
    ];
    for game in 0..games {
        let seed = round_seed(2016, game);
        let start = board_for_seed(seed);
        let a = bots[(game as usize) % bots.len()];
        let b = bots[(game as usize / bots.len() + 1 + game as usize) % bots.len()];
        let result = play_kinds(&start, [a, b], seed, true);
        let actions: Vec<String> = result.actions.iter().map(|a| format!("\"{a}\"")).collect();
        println!(
            "{{\"a\":\"{}\",\"b\":\"{}\",\"board\":{},\"actions\":[{}],\"scores\":[{},{}]}}",
            a.key(),
            b.key(),
            to_controller_json(&start),
            actions.join(","),
            result.scores[0],
            result.scores[1]
        );
    }
}
