//! The rules trait: side to move, legal moves, applying a move, the end.

use crate::{Outcome, Player};
use smallvec::SmallVec;
use std::error::Error;
use std::fmt::{self, Debug, Display};

/// A reusable, stack-allocated list of moves.
///
/// Holds up to 64 moves without allocating; larger lists spill to the heap.
/// Search code keeps one per ply and reuses it, so move generation in the
/// inner loop never allocates for games with at most 64 legal moves.
pub type MoveList<M> = SmallVec<[M; 64]>;

/// The rules of a game, implemented on its state.
///
/// A value of the implementing type is one position: everything that decides
/// the future of the game (board, side to move, budgets, counters). Cloning a
/// state and playing a move on the clone is how search explores the tree
/// ("copy-make"), so states should be cheap to clone.
///
/// # Contract
/// Implementors guarantee, and the conformance kit
/// ([`testkit`](crate::testkit), feature `testkit`) checks:
/// - [`legal_moves`](Game::legal_moves) is empty exactly when
///   [`outcome`](Game::outcome) is `Some`, has no duplicates, and keeps its
///   order while the state is unchanged;
/// - [`play_unchecked`](Game::play_unchecked) never panics on a legal move;
/// - [`hash`](Game::hash) equals [`recompute_hash`](Game::recompute_hash)
///   after any sequence of moves;
/// - every outcome's scores lie within [`score_bounds`](Game::score_bounds);
/// - no game from this state lasts longer than
///   [`max_remaining_plies`](Game::max_remaining_plies).
///
/// The side to move is a property of the state: a move need not pass the turn
/// (Kalah's extra turn, MeiChu's skipped player, ReAntics' multi-action turns).
pub trait Game: Clone + Debug + Send + Sync + 'static {
    /// One atomic action. Multi-action turns are several moves by the same side.
    type Move: Copy + Eq + Debug + Display + Send + Sync + 'static;

    /// Returns the player whose move it is (meaningless once the game is over).
    fn side_to_move(&self) -> Player;

    /// Clears `moves` and fills it with the legal moves, in the game's
    /// preferred order. Leaves it empty when the game is over.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// Returns true when `mv` is legal here.
    ///
    /// The default generates the legal moves and looks for `mv`; games with a
    /// cheaper test override it.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Plays `mv`, which must be legal.
    ///
    /// Playing an illegal move, or any move on a finished game, leaves the
    /// state unspecified (but must not cause undefined behaviour).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` after checking that the game is not over and the move is legal.
    ///
    /// # Errors
    /// [`PlayError::GameOver`] when the game has ended,
    /// [`PlayError::IllegalMove`] when `mv` is not legal here; the state is
    /// then unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), PlayError<Self::Move>> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(PlayError::IllegalMove(mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Returns the scores if the game is over, `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// Returns a 64-bit key of the position, equal for equal positions.
    ///
    /// Large states keep a Zobrist key updated as moves are played; tiny ones
    /// may compute a perfect index directly.
    fn hash(&self) -> u64;

    /// Computes the key from scratch; must equal [`hash`](Game::hash).
    ///
    /// The conformance kit compares the two after every move, which catches a
    /// missed incremental update.
    fn recompute_hash(&self) -> u64;

    /// Returns the lowest and highest score any player can end with from this
    /// state's game.
    fn score_bounds(&self) -> (i32, i32);

    /// Returns an upper bound on the number of moves left before the game ends.
    fn max_remaining_plies(&self) -> u32;

    /// Parses a move in the game's notation (the inverse of the move's `Display`).
    ///
    /// # Errors
    /// [`ParseMoveError`] when `text` is not a move of this game. It does not
    /// check legality: use [`play`](Game::play) for that.
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseMoveError>;

    /// Maps a move to a small index below [`move_index_bound`](Game::move_index_bound),
    /// by which a search's history table and killer moves know it.
    ///
    /// Different moves may share an index. An index that names what the
    /// move does in this position, rather than its notation, teaches the
    /// ordering more: Connect Four's is the cell the stone lands on, so a
    /// refutation learnt in one line is tried first where it does the same.
    fn move_index(&self, mv: Self::Move) -> usize;

    /// Returns the exclusive upper bound of [`move_index`](Game::move_index).
    fn move_index_bound(&self) -> usize;
}

/// Why [`Game::play`] refused a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError<M> {
    /// The game has already ended.
    GameOver,
    /// The move is well formed but not legal in this position.
    IllegalMove(M),
}

impl<M: Display> Display for PlayError<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::IllegalMove(mv) => write!(f, "illegal move {mv}"),
        }
    }
}

impl<M: Display + Debug> Error for PlayError<M> {}

/// Text that is not a move in a game's notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseMoveError {
    text: String,
    expected: String,
}

impl ParseMoveError {
    /// Creates the error for `text`, saying what was `expected` instead.
    pub fn new(text: &str, expected: impl Into<String>) -> ParseMoveError {
        ParseMoveError {
            text: text.to_owned(),
            expected: expected.into(),
        }
    }

    /// Returns the text that failed to parse.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid move {:?}: expected {}",
            self.text, self.expected
        )
    }
}

impl Error for ParseMoveError {}

/// Text that is not a position in a game's notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePositionError {
    text: String,
    reason: String,
}

impl ParsePositionError {
    /// Creates the error for `text`, saying what is wrong with it.
    pub fn new(text: &str, reason: impl Into<String>) -> ParsePositionError {
        ParsePositionError {
            text: text.to_owned(),
            reason: reason.into(),
        }
    }

    /// Returns the text that failed to parse.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Returns what is wrong with it.
    pub fn reason(&self) -> &str {
        &self.reason
    }
}

impl Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position {:?}: {}", self.text, self.reason)
    }
}

impl Error for ParsePositionError {}
