//! A tiny game end to end with gamecore alone: Pebbles from the test kit,
//! move generation counts (perft), and two random agents playing a game.
//!
//! Run: `cargo run -p gamecore --features testkit --example toy`

use gamecore::testkit::games::Pebbles;
use gamecore::{perft, Agent, Budget, Game, Player, RandomAgent};

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let start = Pebbles::new(10);
    for depth in 1..=5 {
        println!("perft({depth}) = {}", perft(&start, depth));
    }

    let mut agents = [RandomAgent::new(1), RandomAgent::new(2)];
    let mut state = start;
    while state.outcome().is_none() {
        let side = state.side_to_move();
        let agent = &mut agents[side.index()];
        let mv = Agent::<Pebbles>::select_move(agent, &state, &Budget::unlimited())
            .expect("a live game has a move");
        println!("{side} takes {mv}");
        state.play(mv).expect("agents choose legal moves");
    }
    let outcome = state.outcome().expect("finished");
    println!(
        "final score {outcome}; winner: {}",
        outcome
            .winner()
            .map_or("nobody".to_owned(), |p: Player| p.to_string())
    );
}
