//! A naive Connect Four, independent of the crate's bitboards: a plain 2-D
//! array of cells, and wins found by walking the four directions cell by cell.
//!
//! It shares no code with `connect4` (not even the column type), so that
//! counts and verdicts that agree with it are two implementations agreeing.

/// Columns of the board.
pub const COLUMNS: usize = 7;
/// Rows of the board.
pub const ROWS: usize = 6;

/// The four directions of a line, as (column step, row step).
const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A cell: empty, or the stone of player 1 (moves first) or player 2.
pub type Cell = u8;

/// The board as an array of columns, bottom row first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NaiveBoard {
    /// `cells[column][row]`: 0 empty, 1 or 2 a player's stone.
    pub cells: [[Cell; ROWS]; COLUMNS],
    heights: [usize; COLUMNS],
    moves: usize,
    winner: Cell,
}

impl NaiveBoard {
    /// The empty board, player 1 to move.
    pub fn new() -> NaiveBoard {
        NaiveBoard {
            cells: [[0; ROWS]; COLUMNS],
            heights: [0; COLUMNS],
            moves: 0,
            winner: 0,
        }
    }

    /// Plays a string of 1-based column digits; `None` if a move is illegal.
    pub fn from_moves(moves: &str) -> Option<NaiveBoard> {
        let mut board = NaiveBoard::new();
        for character in moves.chars() {
            let column = (character.to_digit(10)? as usize).checked_sub(1)?;
            if column >= COLUMNS || !board.can_play(column) {
                return None;
            }
            board.play(column);
        }
        Some(board)
    }

    /// The player to move: 1 after an even number of moves, else 2.
    pub fn to_move(&self) -> Cell {
        if self.moves % 2 == 0 {
            1
        } else {
            2
        }
    }

    /// The number of stones on the board.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// The player who made four in a row, 0 if none.
    pub fn winner(&self) -> Cell {
        self.winner
    }

    /// True when someone has won or all cells are full.
    pub fn is_over(&self) -> bool {
        self.winner != 0 || self.moves == COLUMNS * ROWS
    }

    /// True when the game goes on and `column` (0-based) has an empty cell.
    pub fn can_play(&self, column: usize) -> bool {
        !self.is_over() && self.heights[column] < ROWS
    }

    /// Drops the mover's stone into `column` (0-based), which must be playable.
    pub fn play(&mut self, column: usize) {
        let row = self.heights[column];
        let player = self.to_move();
        self.cells[column][row] = player;
        self.heights[column] += 1;
        self.moves += 1;
        if self.line_through(column, row) {
            self.winner = player;
        }
    }

    /// The stone at (column, row) if both are on the board.
    fn at(&self, column: isize, row: isize) -> Option<Cell> {
        if (0..COLUMNS as isize).contains(&column) && (0..ROWS as isize).contains(&row) {
            Some(self.cells[column as usize][row as usize])
        } else {
            None
        }
    }

    /// True when the stone at (column, row) is part of four or more in a row:
    /// counts equal stones both ways along each direction.
    fn line_through(&self, column: usize, row: usize) -> bool {
        let player = self.cells[column][row];
        DIRECTIONS.iter().any(|&(dc, dr)| {
            let mut length = 1;
            for sign in [1, -1] {
                let (mut c, mut r) = (column as isize + sign * dc, row as isize + sign * dr);
                while self.at(c, r) == Some(player) {
                    length += 1;
                    c += sign * dc;
                    r += sign * dr;
                }
            }
            length >= 4
        })
    }

    /// The players who have four in a row anywhere, found by trying every
    /// cell as the start of a line in every direction (a full scan, unlike
    /// the incremental test of [`play`](NaiveBoard::play)): bit 1 for player 1,
    /// bit 2 for player 2.
    pub fn scan_for_fours(&self) -> u8 {
        let mut found = 0;
        for column in 0..COLUMNS as isize {
            for row in 0..ROWS as isize {
                let player = self.cells[column as usize][row as usize];
                if player == 0 {
                    continue;
                }
                for &(dc, dr) in &DIRECTIONS {
                    if (1..4).all(|k| self.at(column + k * dc, row + k * dr) == Some(player)) {
                        found |= player;
                    }
                }
            }
        }
        found
    }

    /// Draws the board like `connect4::Position`'s `Display`: top row first,
    /// `X` for player 1, `O` for player 2, `.` empty, then the column numbers.
    pub fn picture(&self) -> String {
        let mut text = String::new();
        for row in (0..ROWS).rev() {
            for column in 0..COLUMNS {
                text.push(match self.cells[column][row] {
                    1 => 'X',
                    2 => 'O',
                    _ => '.',
                });
            }
            text.push('\n');
        }
        text.push_str("1234567");
        text
    }
}

/// Counts the move sequences of exactly `depth` moves from `board`, as
/// `gamecore::perft` does: a game that ends before `depth` moves adds
/// nothing (only a sequence of full length is a leaf), and depth 0 is 1.
pub fn perft(board: &NaiveBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    (0..COLUMNS)
        .filter(|&column| board.can_play(column))
        .map(|column| {
            let mut child = board.clone();
            child.play(column);
            perft(&child, depth - 1)
        })
        .sum()
}
