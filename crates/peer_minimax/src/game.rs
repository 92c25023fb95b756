//! Our games seen through `minimax`'s [`Game`](minimax::Game) trait.
//!
//! `minimax` assumes the sides alternate: every move hands the turn to the
//! other player, and a terminal state is judged from the side to move's view.
//! Our games may keep the side to move (Kalah's extra turn), so the adapter
//! keeps minimax's own alternating view of who is to move next to our state.
//! When one of our moves keeps the side to move, minimax's view has already
//! passed the turn, so the other side is given a single forced
//! [`PeerMove::Pass`] that hands the turn back (as the mancala example of the
//! `minimax` crate models extra turns). Such a pass counts as a ply in
//! minimax's depth.

use gamecore::{Game, MoveList, Outcome, Player};
use minimax::Winner;
use std::fmt;
use std::marker::PhantomData;

/// The rules of our game `G` for `minimax`: a marker type, as `minimax`
/// expects, whose state is [`PeerState<G>`] and whose move is
/// [`PeerMove<G::Move>`].
pub struct PeerGame<G>(PhantomData<fn() -> G>);

impl<G> fmt::Debug for PeerGame<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PeerGame")
    }
}

/// A move in minimax's alternating view: one of ours, or the forced pass that
/// follows a move of ours which kept the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PeerMove<M> {
    /// One of our game's moves.
    Play(M),
    /// The only move of the side that minimax believes is to move while our
    /// game gives the same player another move.
    Pass,
}

impl<M: fmt::Display> fmt::Display for PeerMove<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PeerMove::Play(mv) => mv.fmt(f),
            PeerMove::Pass => f.write_str("pass"),
        }
    }
}

/// Our state plus minimax's alternating view of who is to move.
///
/// Invariant: unless the game is over, either minimax's side to move is our
/// side to move (no pass pending), or it is the other player, whose only move
/// is [`PeerMove::Pass`] (a pass pending). The outcome is cached because
/// `minimax` asks for it at every node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeerState<G> {
    state: G,
    to_move: Player,
    pass_pending: bool,
    outcome: Option<Outcome>,
}

impl<G: Game> PeerState<G> {
    /// Wraps `state`; minimax's side to move is our side to move.
    pub fn new(state: G) -> PeerState<G> {
        let outcome = state.outcome();
        PeerState {
            to_move: state.side_to_move(),
            pass_pending: false,
            outcome,
            state,
        }
    }

    /// Returns our state.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// Returns our state, consuming the wrapper.
    pub fn into_state(self) -> G {
        self.state
    }

    /// Returns the player minimax believes is to move (after the game's end:
    /// the player who would move next if the sides alternated).
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Returns true when minimax's side to move must pass because our last
    /// move kept the turn for the other player.
    pub fn pass_pending(&self) -> bool {
        self.pass_pending
    }

    /// Returns the outcome of our game, if it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Returns the end of the game from minimax's side to move's view, judged
    /// by the margin ([`Outcome::margin`]): positive means the side to move
    /// won, negative that the player who just moved won, zero a draw.
    pub fn winner(&self) -> Option<Winner> {
        self.outcome.map(|outcome| {
            let margin = outcome.margin(self.to_move);
            match margin.cmp(&0) {
                std::cmp::Ordering::Greater => Winner::PlayerToMove,
                std::cmp::Ordering::Less => Winner::PlayerJustMoved,
                std::cmp::Ordering::Equal => Winner::Draw,
            }
        })
    }

    /// Returns the state after `mv`; a copy, the original is unchanged.
    ///
    /// A move that does not fit the state (a pass with none pending, one of
    /// our moves while a pass is pending, or any move after the end) returns
    /// an unchanged copy; `minimax` only plays moves it generated, or moves
    /// from its table verified by hash.
    #[must_use]
    pub fn after(&self, mv: PeerMove<G::Move>) -> PeerState<G> {
        if self.outcome.is_some() {
            return self.clone();
        }
        match mv {
            PeerMove::Pass if self.pass_pending => PeerState {
                state: self.state.clone(),
                to_move: self.to_move.other(),
                pass_pending: false,
                outcome: None,
            },
            PeerMove::Play(mv) if !self.pass_pending => {
                let mover = self.to_move;
                let mut state = self.state.clone();
                state.play_unchecked(mv);
                let outcome = state.outcome();
                PeerState {
                    pass_pending: outcome.is_none() && state.side_to_move() == mover,
                    to_move: mover.other(),
                    outcome,
                    state,
                }
            }
            _ => self.clone(),
        }
    }

    /// Returns the key minimax's table uses: our [`Game::hash`] with the pass
    /// flag mixed in, then scrambled.
    ///
    /// The scrambling matters: `minimax` indexes its table with the low bits
    /// and verifies entries with only the high 32 bits, while small games
    /// (Nim, Pebbles) use perfect indices whose high bits are all zero.
    pub fn key(&self) -> u64 {
        let pass = if self.pass_pending {
            0x6A09_E667_F3BC_C909
        } else {
            0
        };
        scramble(self.state.hash() ^ pass)
    }
}

impl<G: Game> From<G> for PeerState<G> {
    fn from(state: G) -> PeerState<G> {
        PeerState::new(state)
    }
}

/// A bijective 64-bit mixer (the finaliser of SplitMix64): every input bit
/// affects every output bit, so low and high halves are both well spread.
///
/// CITE: Steele, Lea, Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014.
fn scramble(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl<G: Game> minimax::Game for PeerGame<G> {
    type S = PeerState<G>;
    type M = PeerMove<G::Move>;

    fn generate_moves(state: &PeerState<G>, moves: &mut Vec<PeerMove<G::Move>>) -> Option<Winner> {
        if state.outcome.is_some() {
            return state.winner();
        }
        if state.pass_pending {
            moves.push(PeerMove::Pass);
        } else {
            let mut ours = MoveList::new();
            state.state.legal_moves(&mut ours);
            moves.extend(ours.into_iter().map(PeerMove::Play));
        }
        None
    }

    fn apply(state: &mut PeerState<G>, mv: PeerMove<G::Move>) -> Option<PeerState<G>> {
        Some(state.after(mv))
    }

    fn get_winner(state: &PeerState<G>) -> Option<Winner> {
        state.winner()
    }

    fn zobrist_hash(state: &PeerState<G>) -> u64 {
        state.key()
    }

    fn notation(_state: &PeerState<G>, mv: PeerMove<G::Move>) -> Option<String> {
        Some(mv.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scramble_spreads_small_keys_into_the_high_bits() {
        let keys: Vec<u64> = (1..=1000).map(scramble).collect();
        let mut high: Vec<u32> = keys.iter().map(|&k| (k >> 32) as u32).collect();
        high.sort_unstable();
        high.dedup();
        assert_eq!(high.len(), 1000);
        assert!(keys.iter().all(|&k| k >> 32 != 0));
    }
}
