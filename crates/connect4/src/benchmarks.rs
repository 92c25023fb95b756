//! Named positions for benchmarks: fixed inputs, so that node counts and
//! times can be compared between runs.

use crate::Position;
use gamecore::{derive_seed, random_move, seeded_rng, Game};

/// The seed of the random benchmark positions.
pub const BENCHMARK_SEED: u64 = 0xC04E_C7F0;

/// A position in which the side to move has a forced win 13 plies away, as a
/// move string.
///
/// ```text
/// .......
/// .......
/// .......
/// ..OO...
/// X.XO..X
/// XXOXOXO
/// 1234567
/// ```
///
/// Thirteen stones are down and second (`O`) is to move. `O` can force four
/// in a row with its seventh move from here, 13 plies on, and not sooner:
/// the workspace's `search::Search` at `SearchLimits::depth(13)` returns a
/// proven win (margin 2, distance 13) with column 3, and at depth 12 no proven
/// value. It was found by `examples/find_forced_win.rs` (seeded random
/// openings searched to depth 15); the tests check the claim.
pub const FORCED_WIN: &str = "4334132514677";

/// Returns the position after `plies` random moves from the empty board,
/// drawn from the seed [`derive_seed`]`(BENCHMARK_SEED, plies)`; if those moves
/// end the game, the next seeds are tried in turn (`plies + 1000`, `+ 2000`, …;
/// none of the three benchmark positions needs one).
fn random_unfinished(plies: u32) -> Position {
    (0u64..)
        .find_map(|attempt| {
            let mut rng = seeded_rng(derive_seed(
                BENCHMARK_SEED,
                u64::from(plies) + 1000 * attempt,
            ));
            let mut position = Position::new();
            for _ in 0..plies {
                let column = random_move(&position, &mut rng)?;
                position.play_unchecked(column);
            }
            (!position.is_over()).then_some(position)
        })
        .expect("some seed gives an unfinished game")
}

/// Returns the benchmark positions with their names, in this order:
///
/// | name | position |
/// |---|---|
/// | `empty` | the empty board, first to move |
/// | `random-6` | `636535`: an opening, first to move |
/// | `random-10` | `5344133223`: a middle game, first to move |
/// | `random-14` | `52512366351361`: first to move must block `O`'s bottom-row three at 4 |
/// | `forced-win` | [`FORCED_WIN`]: second to move wins in 13 plies |
///
/// The three random positions are 6, 10 and 14 uniformly random moves drawn
/// from seeds derived from [`BENCHMARK_SEED`] with [`gamecore::seeded_rng`];
/// none is finished. The move strings in the table are those moves; a test
/// keeps the table and the function in step.
pub fn benchmark_positions() -> Vec<(&'static str, Position)> {
    vec![
        ("empty", Position::new()),
        ("random-6", random_unfinished(6)),
        ("random-10", random_unfinished(10)),
        ("random-14", random_unfinished(14)),
        (
            "forced-win",
            Position::from_moves(FORCED_WIN).expect("FORCED_WIN is a legal move string"),
        ),
    ]
}
