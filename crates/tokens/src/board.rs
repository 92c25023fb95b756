//! A position: the token grid, both players, the side to move and the
//! stall counter; building one and reading it.

use crate::geometry::{cell_index, MAX_N, MIN_N};
use crate::keys::{cell_key, player_key, side_key, stall_key};
use crate::player::PlayerState;
use crate::token::{Token, MAX_POINTS};
use gamecore::Player;
use std::fmt;

/// A position of the token game: the board, both players, the side to move
/// and the stall counter. Implements [`gamecore::Game`] (see `game.rs`).
///
/// Cells are stored x-major like the controller's `tokens[x][y]`.
#[derive(Clone, PartialEq, Eq)]
pub struct Board {
    pub(crate) n: u8,
    pub(crate) cells: [u8; MAX_N * MAX_N],
    pub(crate) players: [PlayerState; 2],
    pub(crate) to_move: Player,
    /// The controller's `timeWithoutEating`: plies since the last eat.
    pub(crate) stall: u32,
    /// Tokens on the board.
    pub(crate) count: u32,
    /// Plies played so far.
    pub(crate) plies: u32,
    /// The cells that hold a token, one bit per cell index (x-major): token
    /// lookups visit only these.
    pub(crate) occupied: [u64; CELL_WORDS],
    /// The same cells, one bit per cell in row-major order (y * `MAX_N` + x).
    pub(crate) occupied_by_row: [u64; CELL_WORDS],
    /// The part of the position's key that the cells make, kept up to date
    /// as cells change (eating is rare among plies); the players', the
    /// turn's and the stall counter's parts are added when the key is asked
    /// for (see [`key`](Board::key)), so that a simulation that never asks,
    /// the planner's, pays nothing for them.
    pub(crate) cells_key: u64,
}

/// Words of the occupancy bit set: one bit per cell of the largest board.
const CELL_WORDS: usize = MAX_N * MAX_N / 64;

/// Why a board could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// The side is outside `MIN_N..=MAX_N`.
    Size(usize),
    /// A position lies outside the board.
    Position(usize, usize),
    /// A token value above [`MAX_POINTS`].
    Points(u32),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Size(n) => write!(f, "board side {n} is not in {MIN_N}..={MAX_N}"),
            BoardError::Position(x, y) => write!(f, "position [{x}, {y}] is off the board"),
            BoardError::Points(p) => write!(f, "token value {p} is above {MAX_POINTS}"),
        }
    }
}

impl std::error::Error for BoardError {}

impl Board {
    /// An empty `n`×`n` board with both players on `spawn`, player 1 to move.
    ///
    /// # Errors
    /// [`BoardError`] when `n` is not in `MIN_N..=MAX_N` or `spawn` is off the board.
    pub fn empty(n: usize, spawn: (usize, usize)) -> Result<Board, BoardError> {
        if !(MIN_N..=MAX_N).contains(&n) {
            return Err(BoardError::Size(n));
        }
        if spawn.0 >= n || spawn.1 >= n {
            return Err(BoardError::Position(spawn.0, spawn.1));
        }
        let player = PlayerState::new(spawn.0 as u8, spawn.1 as u8);
        let mut board = Board {
            n: n as u8,
            cells: [0; MAX_N * MAX_N],
            players: [player; 2],
            to_move: Player::First,
            stall: 0,
            count: 0,
            plies: 0,
            occupied: [0; CELL_WORDS],
            occupied_by_row: [0; CELL_WORDS],
            cells_key: 0,
        };
        board.cells_key = board.recompute_cells_key();
        Ok(board)
    }

    /// Puts `token` on `(x, y)`, replacing what was there (as the generator does).
    ///
    /// # Errors
    /// [`BoardError`] when the cell is off the board or the value too high.
    pub fn place(&mut self, x: usize, y: usize, token: Token) -> Result<(), BoardError> {
        self.check_cell(x, y)?;
        if token.points > MAX_POINTS {
            return Err(BoardError::Points(u32::from(token.points)));
        }
        self.set_cell(x, y, token.pack());
        Ok(())
    }

    /// Removes any token from `(x, y)`.
    ///
    /// # Errors
    /// [`BoardError::Position`] when the cell is off the board.
    pub fn clear(&mut self, x: usize, y: usize) -> Result<(), BoardError> {
        self.check_cell(x, y)?;
        self.set_cell(x, y, 0);
        Ok(())
    }

    /// Replaces one player's record (position, score, streak).
    ///
    /// # Errors
    /// [`BoardError::Position`] when the position is off the board.
    pub fn set_player(&mut self, who: Player, state: PlayerState) -> Result<(), BoardError> {
        self.check_cell(state.x as usize, state.y as usize)?;
        self.players[who.index()] = state;
        Ok(())
    }

    /// Sets the side to move and the stall counter (for positions read from
    /// the controller's JSON, which carries neither).
    pub fn set_turn(&mut self, to_move: Player, stall: u32) {
        self.to_move = to_move;
        self.stall = stall;
    }

    fn check_cell(&self, x: usize, y: usize) -> Result<(), BoardError> {
        if x >= self.size() || y >= self.size() {
            return Err(BoardError::Position(x, y));
        }
        Ok(())
    }

    pub(crate) fn set_cell(&mut self, x: usize, y: usize, cell: u8) {
        let index = cell_index(x, y);
        let old = self.cells[index];
        if old != 0 {
            self.count -= 1;
        }
        if cell != 0 {
            self.count += 1;
        }
        self.cells_key ^= cell_key(index, old) ^ cell_key(index, cell);
        self.cells[index] = cell;
        set_bit(&mut self.occupied, index, cell != 0);
        set_bit(&mut self.occupied_by_row, y * MAX_N + x, cell != 0);
    }

    /// Computes the position key from scratch.
    pub(crate) fn recompute_key(&self) -> u64 {
        self.recompute_cells_key() ^ self.rest_key()
    }

    /// The position's key: the cells' part, kept up to date, and the rest.
    #[inline]
    pub(crate) fn key(&self) -> u64 {
        self.cells_key ^ self.rest_key()
    }

    /// The key of the cells alone, from scratch.
    fn recompute_cells_key(&self) -> u64 {
        self.cells
            .iter()
            .enumerate()
            .fold(0, |key, (index, &cell)| key ^ cell_key(index, cell))
    }

    /// The key of the players, the side to move and the stall counter.
    fn rest_key(&self) -> u64 {
        let mut key = player_key(Player::First, &self.players[0]);
        key ^= player_key(Player::Second, &self.players[1]);
        if self.to_move == Player::Second {
            key ^= side_key();
        }
        key ^ stall_key(self.stall)
    }

    /// Returns the side `n` of the `n`×`n` board.
    #[inline]
    pub fn size(&self) -> usize {
        usize::from(self.n)
    }

    /// Returns the token on `(x, y)`, `None` for an empty or off-board cell.
    #[inline]
    pub fn token(&self, x: usize, y: usize) -> Option<Token> {
        if x >= self.size() || y >= self.size() {
            return None;
        }
        Token::unpack(self.cells[cell_index(x, y)])
    }

    /// Returns the number of tokens on the board.
    #[inline]
    pub fn token_count(&self) -> usize {
        self.count as usize
    }

    /// Iterates over the tokens as `(x, y, token)`, x outer and y inner (the
    /// controller's `tokens[x][y]` loops).
    pub fn tokens(&self) -> impl Iterator<Item = (usize, usize, Token)> + '_ {
        set_bits(&self.occupied).filter_map(move |index| {
            let (x, y) = (index / MAX_N, index % MAX_N);
            Token::unpack(self.cells[index]).map(|token| (x, y, token))
        })
    }

    /// Every token with its cell, row by row from the top, left to right
    /// in a row (the scan order of HungryBot's `for i < n*n: x = i % n,
    /// y = i / n`).
    pub fn tokens_by_row(&self) -> impl Iterator<Item = (usize, usize, Token)> + '_ {
        set_bits(&self.occupied_by_row).filter_map(move |index| {
            let (x, y) = (index % MAX_N, index / MAX_N);
            Token::unpack(self.cells[cell_index(x, y)]).map(|token| (x, y, token))
        })
    }

    /// Returns `player`'s record.
    #[inline]
    pub fn player(&self, who: Player) -> &PlayerState {
        &self.players[who.index()]
    }

    /// Returns the player who acts next (player 1 is [`Player::First`]).
    #[inline]
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Returns the controller's `timeWithoutEating`: plies since the last
    /// token was eaten (or since the start).
    #[inline]
    pub fn stall(&self) -> u32 {
        self.stall
    }

    /// Returns the number of plies (single actions) played so far.
    #[inline]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// Returns a text diagram: one row per y, `.` for empty, `R2` for a red
    /// 2-point token, players as `1`/`2` markers after the cell.
    pub fn diagram(&self) -> String {
        let mut text = String::new();
        for y in 0..self.size() {
            for x in 0..self.size() {
                match self.token(x, y) {
                    Some(t) => {
                        text.push(t.color.letter());
                        text.push(char::from(b'0' + t.points.min(9)));
                    }
                    None => text.push_str(" ."),
                }
                let p1 = self.players[0].pos() == (x, y);
                let p2 = self.players[1].pos() == (x, y);
                text.push(match (p1, p2) {
                    (true, true) => '*',
                    (true, false) => '1',
                    (false, true) => '2',
                    _ => ' ',
                });
            }
            text.push('\n');
        }
        let [a, b] = self.players;
        text.push_str(&format!(
            "P1 {} (bonus {}), P2 {} (bonus {}), {} to move, stall {}/{}\n",
            a.score,
            a.color_bonus,
            b.score,
            b.color_bonus,
            if self.to_move == Player::First {
                "P1"
            } else {
                "P2"
            },
            self.stall,
            self.stall_limit()
        ));
        text
    }
}

/// Sets or clears bit `index` of a bit set.
#[inline]
fn set_bit(words: &mut [u64; CELL_WORDS], index: usize, on: bool) {
    let bit = 1 << (index % 64);
    if on {
        words[index / 64] |= bit;
    } else {
        words[index / 64] &= !bit;
    }
}

/// The indices of the set bits of a bit set, lowest first.
#[inline]
fn set_bits(words: &[u64; CELL_WORDS]) -> SetBits {
    SetBits {
        words: *words,
        word: 0,
    }
}

/// An iterator over the set bits of a bit set, lowest first: it clears
/// each bit it yields from its copy of the words.
struct SetBits {
    words: [u64; CELL_WORDS],
    /// The first word that may still hold a set bit.
    word: usize,
}

impl Iterator for SetBits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < CELL_WORDS {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some(self.word * 64 + bits.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}
