//! Looks for positions in which the side to move has a forced win a given
//! number of plies away: how [`connect4::FORCED_WIN`] was found.
//!
//! `cargo run --release -p gameai-connect4 --example find_forced_win -- [MIN] [MAX] [COUNT]`
//! plays seeded random openings of 8 to 20 plies, searches each to depth
//! `MAX` (default 15) with a node limit, and prints the move strings whose
//! value is a proven win at least `MIN` (default 9) plies away, until `COUNT`
//! (default 5) are found. Every line gives the move string, the distance to
//! the win, the depth at which the search first proves it, and the nodes.

use connect4::{Column, Connect4Eval, Position};
use gamecore::{derive_seed, random_move, seeded_rng, Game};
use search::{Search, SearchLimits, SearchOptions};

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers: MIN MAX COUNT"))
        .collect();
    let min = args.first().copied().unwrap_or(9);
    let max = args.get(1).copied().unwrap_or(15);
    let count = args.get(2).copied().unwrap_or(5);
    let mut found = 0;
    for seed in 0u64.. {
        let mut rng = seeded_rng(derive_seed(2024, seed));
        let plies = 8 + (seed % 13) as u32;
        let mut position = Position::new();
        let mut moves = String::new();
        for _ in 0..plies {
            let Some(column) = random_move(&position, &mut rng) else {
                break;
            };
            position.play_unchecked(column);
            moves.push_str(&column.to_string());
        }
        if position.is_over() || position.can_win_next() {
            continue;
        }
        let mut search = Search::new(Connect4Eval::default(), SearchOptions::default());
        let limits = SearchLimits::depth(max).with_max_nodes(20_000_000);
        let result = search.search(&position, &limits);
        let (Some(2), Some(distance)) = (result.proven_margin(), result.value.proven_distance())
        else {
            continue;
        };
        if distance < min {
            continue;
        }
        // The shallowest depth that proves it: the win cannot be seen sooner.
        let mut shallow = Search::new(Connect4Eval::default(), SearchOptions::default());
        let proven_at = (1..=distance)
            .find(|&d| {
                shallow.clear();
                shallow
                    .search(&position, &SearchLimits::depth(d))
                    .proven_margin()
                    == Some(2)
            })
            .unwrap_or(distance);
        let best: Column = result.best_move.expect("live position");
        println!(
            "{moves} plies {plies} win in {distance} proven at depth {proven_at} best {best} nodes {} ({:.2}s)",
            result.stats.nodes,
            result.stats.elapsed.as_secs_f64()
        );
        found += 1;
        if found >= count {
            break;
        }
    }
}
