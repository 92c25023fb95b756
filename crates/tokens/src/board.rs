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
    pub(crate) hash: u64,
}

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
            hash: 0,
        };
        board.hash = board.recompute_key();
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
        self.hash = self.recompute_key();
        Ok(())
    }

    /// Sets the side to move and the stall counter (for positions read from
    /// the controller's JSON, which carries neither).
    pub fn set_turn(&mut self, to_move: Player, stall: u32) {
        self.to_move = to_move;
        self.stall = stall;
        self.hash = self.recompute_key();
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
        self.hash ^= cell_key(index, old) ^ cell_key(index, cell);
        self.cells[index] = cell;
    }

    /// Computes the position key from scratch.
    pub(crate) fn recompute_key(&self) -> u64 {
        let mut key = 0;
        for (index, &cell) in self.cells.iter().enumerate() {
            key ^= cell_key(index, cell);
        }
        key ^= player_key(Player::First, &self.players[0]);
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
        let n = self.size();
        (0..n).flat_map(move |x| {
            (0..n)
                .filter_map(move |y| Token::unpack(self.cells[cell_index(x, y)]).map(|t| (x, y, t)))
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
