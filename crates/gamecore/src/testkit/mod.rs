//! The conformance kit every game crate runs (feature `testkit`).
//!
//! [`check_random_games`] plays seeded random games and checks every state it
//! passes through with [`check_state`]; a failure panics with the seed and the
//! moves that lead to the bad state, so it can be replayed. The checks:
//! - the legal list is non-empty exactly when the game is not over, has no
//!   duplicates, and is the same when generated twice;
//! - `is_legal` accepts every listed move and refuses moves seen elsewhere
//!   that are not listed, and `play` refuses them leaving the state unchanged;
//! - every move's notation parses back to the move;
//! - playing a move never panics, and the same move on a clone gives the same key;
//! - the incremental key equals the from-scratch key;
//! - a finished game refuses every move with [`PlayError::GameOver`] and its
//!   scores lie within the declared bounds;
//! - no game outlasts the declared bound on remaining plies.
//!
//! The small [`games`] serve algorithm tests that need no real game.

pub mod games;

use crate::{derive_seed, seeded_rng, Game, MoveList, PlayError};
use rand::Rng;
use std::fmt::Write as _;

/// Checks one state against the [`Game`] contract; `seen_moves` are moves from
/// other positions used to probe illegal-move handling. Returns a description
/// of the first violation.
///
/// # Errors
/// A sentence naming the violated rule.
pub fn check_state<G: Game>(state: &G, seen_moves: &[G::Move]) -> Result<(), String> {
    let mut moves = MoveList::new();
    state.legal_moves(&mut moves);
    let mut again = MoveList::new();
    state.legal_moves(&mut again);
    if moves != again {
        return Err("legal_moves gave a different list the second time".into());
    }
    if state.hash() != state.recompute_hash() {
        return Err(format!(
            "incremental hash {:#x} differs from recomputed {:#x}",
            state.hash(),
            state.recompute_hash()
        ));
    }
    match state.outcome() {
        Some(outcome) => {
            if !moves.is_empty() {
                return Err(format!(
                    "finished game ({outcome}) still lists {} moves",
                    moves.len()
                ));
            }
            let (lo, hi) = state.score_bounds();
            for score in outcome.scores() {
                if score < lo || score > hi {
                    return Err(format!("score {score} outside declared bounds {lo}..={hi}"));
                }
            }
            for &mv in seen_moves {
                let mut copy = state.clone();
                if copy.play(mv) != Err(PlayError::GameOver) {
                    return Err(format!("finished game did not refuse {mv} with GameOver"));
                }
            }
        }
        None => {
            if moves.is_empty() {
                return Err("game not over but no legal moves".into());
            }
            if state.max_remaining_plies() == 0 {
                return Err("game not over but max_remaining_plies is 0".into());
            }
        }
    }
    for (i, &mv) in moves.iter().enumerate() {
        if moves[..i].contains(&mv) {
            return Err(format!("duplicate legal move {mv}"));
        }
        if !state.is_legal(mv) {
            return Err(format!("is_legal refuses listed move {mv}"));
        }
        match state.parse_move(&mv.to_string()) {
            Ok(parsed) if parsed == mv => {}
            Ok(parsed) => return Err(format!("move {mv} parses back as {parsed}")),
            Err(err) => return Err(format!("move {mv} does not parse back: {err}")),
        }
        if state.move_index(mv) >= state.move_index_bound() {
            return Err(format!("move_index of {mv} is not below move_index_bound"));
        }
        let mut a = state.clone();
        let mut b = state.clone();
        a.play_unchecked(mv);
        if b.play(mv).is_err() {
            return Err(format!("play refused listed move {mv}"));
        }
        if a.hash() != b.hash() {
            return Err(format!(
                "play and play_unchecked of {mv} give different keys"
            ));
        }
    }
    if state.outcome().is_none() {
        for &mv in seen_moves {
            if moves.contains(&mv) {
                continue;
            }
            if state.is_legal(mv) {
                return Err(format!("is_legal accepts unlisted move {mv}"));
            }
            let mut copy = state.clone();
            if copy.play(mv) != Err(PlayError::IllegalMove(mv)) {
                return Err(format!("play did not refuse unlisted move {mv}"));
            }
            if copy.hash() != state.hash() {
                return Err(format!("refused move {mv} changed the state"));
            }
        }
    }
    Ok(())
}

/// Plays `n_games` seeded random games from `start`, checking every state with
/// [`check_state`] and every game's length against the declared bounds.
///
/// # Panics
/// Panics on the first violation, with the game's seed and move list.
#[track_caller]
pub fn check_random_games<G: Game>(start: &G, n_games: u32, seed: u64) {
    let mut seen: Vec<G::Move> = Vec::new();
    for game in 0..n_games {
        let game_seed = derive_seed(seed, u64::from(game));
        let mut rng = seeded_rng(game_seed);
        let mut state = start.clone();
        let mut history: Vec<G::Move> = Vec::new();
        let mut bounds: Vec<u32> = Vec::new();
        let mut moves = MoveList::new();
        loop {
            if let Err(problem) = check_state(&state, &seen) {
                panic!(
                    "{problem}\n  seed {game_seed} (run seed {seed}, game {game})\n  moves: {}\n  state: {state:?}",
                    format_moves(&history)
                );
            }
            bounds.push(state.max_remaining_plies());
            state.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            if seen.len() < 64 && !seen.contains(&mv) {
                seen.push(mv);
            }
            state.play_unchecked(mv);
            history.push(mv);
            if history.len() as u64 > u64::from(bounds[0]) {
                panic!(
                    "game longer than max_remaining_plies {} of the start\n  seed {game_seed}\n  moves: {}",
                    bounds[0],
                    format_moves(&history)
                );
            }
        }
        let length = history.len() as u32;
        for (ply, &bound) in bounds.iter().enumerate() {
            if length - ply as u32 > bound {
                panic!(
                    "after {ply} moves max_remaining_plies said {bound} but {} followed\n  seed {game_seed}\n  moves: {}",
                    length - ply as u32,
                    format_moves(&history)
                );
            }
        }
    }
}

/// Plays `plies` seeded random moves from `start` (fewer if the game ends) and
/// returns the position: the usual way to get varied test positions.
pub fn random_position<G: Game>(start: &G, plies: u32, seed: u64) -> G {
    let mut state = start.clone();
    crate::random_playout(&mut state, &mut seeded_rng(seed), plies);
    state
}

fn format_moves<M: std::fmt::Display>(moves: &[M]) -> String {
    let mut text = String::new();
    for mv in moves {
        let _ = write!(text, "{mv} ");
    }
    text.trim_end().to_owned()
}
