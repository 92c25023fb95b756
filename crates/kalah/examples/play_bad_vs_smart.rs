//! A complete CS32 game between a BadPlayer (South) and a SmartPlayer (North),
//! printed as the `kalah` binary would: `cargo run -p gameai-kalah --example play_bad_vs_smart`.

use kalah::{BadPlayer, Board, Cs32Game, SmartPlayer, Status};
use std::time::Duration;

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let board = Board::new(6, 4);
    let south = Box::new(BadPlayer::new("Bart", 7));
    let north = Box::new(SmartPlayer::new("Lisa").with_time(Duration::from_millis(100)));
    let mut game = Cs32Game::new(&board, south, north);
    game.play();
    match game.status() {
        Status::Winner(side) => println!("(status: {side} won)"),
        Status::Tie => println!("(status: tie)"),
        Status::NotOver => println!("(status: not over)"),
    }
}
