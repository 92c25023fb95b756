//! Random boards with the controller's distribution (`genBoard`).

use crate::board::Board;
use crate::token::{Color, Token};
use rand::Rng;

/// The smallest side the controller draws.
pub const GEN_MIN_N: usize = 5;
/// The largest side the controller draws.
pub const GEN_MAX_N: usize = 15;

impl Board {
    /// Draws a board as the controller's `genBoard` does, in its draw order:
    /// the side `n` uniform in 5..=15, the shared spawn cell `(x, y)`, then
    /// `2n` placements of `x`, value 1..=3, colour, `y`, each overwriting
    /// whatever token was on its cell (so there may be fewer than `2n`
    /// tokens, and one may sit on the spawn cell).
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Board {
        let n = rng.gen_range(GEN_MIN_N..=GEN_MAX_N);
        Board::random_with_size(n, rng)
    }

    /// Draws a board of side `n` (clamped to the engine's range) the same way.
    pub fn random_with_size<R: Rng + ?Sized>(n: usize, rng: &mut R) -> Board {
        let n = n.clamp(crate::geometry::MIN_N, crate::geometry::MAX_N);
        let spawn = (rng.gen_range(0..n), rng.gen_range(0..n));
        let mut board = Board::empty(n, spawn).expect("size and spawn are in range");
        for _ in 0..2 * n {
            let x = rng.gen_range(0..n);
            let points = rng.gen_range(1..=3u8);
            let color = Color::ALL[rng.gen_range(0..3)];
            let y = rng.gen_range(0..n);
            board.set_cell(x, y, Token::new(color, points).pack());
        }
        board
    }
}

/// Draws the board of a seeded round: the same seed gives the same board.
pub fn board_for_seed(seed: u64) -> Board {
    Board::random(&mut gamecore::seeded_rng(seed))
}
