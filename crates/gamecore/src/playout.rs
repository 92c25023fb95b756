//! Generic helpers over any [`Game`]: random moves, random playouts, perft.

use crate::{Game, GameRng, MoveList};
use rand::Rng;

/// Picks a legal move uniformly at random, or `None` when the game is over.
pub fn random_move<G: Game>(state: &G, rng: &mut GameRng) -> Option<G::Move> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    if moves.is_empty() {
        None
    } else {
        Some(moves[rng.gen_range(0..moves.len())])
    }
}

/// Plays uniformly random moves from `state` until the game ends or
/// `max_plies` moves have been played; returns the number of moves played.
pub fn random_playout<G: Game>(state: &mut G, rng: &mut GameRng, max_plies: u32) -> u32 {
    let mut plies = 0;
    let mut moves = MoveList::new();
    while plies < max_plies {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        state.play_unchecked(mv);
        plies += 1;
    }
    plies
}

/// Returns `start` followed by `plies` uniformly random moves: an opening
/// for a tournament. If those moves end the game, returns `start` itself.
pub fn random_opening<G: Game>(start: &G, rng: &mut GameRng, plies: u32) -> G {
    let mut state = start.clone();
    random_playout(&mut state, rng, plies);
    if state.outcome().is_some() {
        start.clone()
    } else {
        state
    }
}

/// Counts the move sequences of exactly `depth` moves from `state` (sequences
/// that end the game earlier are not counted), the classic move-generation check.
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = state.clone();
            child.play_unchecked(mv);
            perft(&child, depth - 1)
        })
        .sum()
}
