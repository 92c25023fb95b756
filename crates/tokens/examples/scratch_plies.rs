use gamecore::Player;
use std::time::Duration;
use tokens::bots::HungryBot;
use tokens::tournament::{play_game, round_seed};
use tokens::{board_for_seed, Planner, PlannerConfig};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let boards: u64 = args[0].parse().unwrap();
    let mode = args[1].clone();
    let (mut ours, mut theirs, mut plies, mut searches, mut maxus) = (0i64, 0i64, 0u64, 0u64, 0u32);
    for round in 0..boards {
        let board = board_for_seed(round_seed(7, round));
        for seat in [Player::First, Player::Second] {
            let config = match mode.as_str() {
                "ply" => PlannerConfig::default(),
                m => {
                    let (b, c) = m.split_once('/').unwrap();
                    PlannerConfig::timed(
                        Duration::from_millis(b.parse().unwrap()),
                        Duration::from_millis(c.parse().unwrap()),
                        tokens::system_clock,
                    )
                }
            };
            let mut planner = Planner::with_config(seat, config);
            let mut hungry = HungryBot::new(seat.other(), round);
            let result = if seat == Player::First {
                play_game(&board, [&mut planner, &mut hungry], false)
            } else {
                play_game(&board, [&mut hungry, &mut planner], false)
            };
            ours += i64::from(result.scores[seat.index()]);
            theirs += i64::from(result.scores[seat.other().index()]);
            let s = planner.stats();
            plies += s.simulated_plies;
            searches += s.searches;
            maxus = maxus.max(*result.move_micros[seat.index()].iter().max().unwrap_or(&0));
        }
    }
    println!(
        "{mode}: ours {ours} hungry {theirs} h2h {:.3} plies/search {} max {} ms",
        ours as f64 / theirs as f64,
        plies / searches.max(1),
        maxus / 1000
    );
}
