//! A tiny game end to end with gamecore alone: Pebbles from the test kit,
//! move generation counts (perft), and two random agents playing a game.
//!
//! Run: `cargo run -p gameai-core --example toy`

use gamecore::testkit::games::Pebbles;
use gamecore::{perft, Agent, Budget, Game, Player, RandomAgent};
use std::io::{self, Write};

fn main() {
    // Piped into `head`, the example stops quietly once the reader is gone.
    stop_quietly_on_write_error(run(&mut io::stdout().lock()));
}

fn run(out: &mut impl Write) -> io::Result<()> {
    let start = Pebbles::new(10);
    for depth in 1..=5 {
        writeln!(out, "perft({depth}) = {}", perft(&start, depth))?;
    }

    let mut agents = [RandomAgent::new(1), RandomAgent::new(2)];
    let mut state = start;
    while state.outcome().is_none() {
        let side = state.side_to_move();
        let agent = &mut agents[side.index()];
        let mv = Agent::<Pebbles>::select_move(agent, &state, &Budget::unlimited())
            .expect("a live game has a move");
        writeln!(out, "{side} takes {mv}")?;
        state.play(mv).expect("agents choose legal moves");
    }
    let outcome = state.outcome().expect("finished");
    writeln!(
        out,
        "final score {outcome}; winner: {}",
        outcome
            .winner()
            .map_or("nobody".to_owned(), |p: Player| p.to_string())
    )
}

/// Ends the program without a panic when standard output fails: silently
/// when the reader has gone (`| head`), with one line on standard error otherwise.
fn stop_quietly_on_write_error(result: io::Result<()>) {
    if let Err(error) = result {
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("cannot write to standard output: {error}");
            std::process::exit(1);
        }
    }
}
