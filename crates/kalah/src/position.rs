//! A playable position: board, side to move, rules; the `gamecore::Game` rules
//! and the position notation used by `kalah analyze`.

use crate::board::{Board, MAX_HOLES, MAX_TOTAL_BEANS};
use crate::rules::{Rules, SowReport};
use crate::side::Side;
pub use gamecore::ParsePositionError;
use gamecore::{MoveList, Outcome, ParseMoveError, Player};
use std::fmt;

/// A move: the hole (1..=n) on the mover's side to sow from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(pub u8);

impl Move {
    /// Returns the hole number, 1..=n.
    #[inline]
    pub fn hole(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A Kalah position: the board, the side to move and the rule variant.
///
/// One [`gamecore::Game`] move is one sowing (with its capture); an extra turn
/// leaves the same side to move, so a CS32 "complete move" may be several
/// `gamecore` moves. When the game ends the remaining beans are swept into
/// the pots at once, so the board of a finished position shows the final
/// score; [`Outcome`] gives South's (First's) and North's pots.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    rules: Rules,
    to_move: Side,
    over: bool,
}

impl Position {
    /// Creates the position with `to_move` to move on `board` under `rules`.
    ///
    /// If the game is already over there (CS32: `to_move` has no beans; the
    /// other variants: either side is empty), the beans are swept at once and
    /// the position is finished.
    pub fn new(board: Board, rules: Rules, to_move: Side) -> Position {
        let mut position = Position {
            board,
            rules,
            to_move,
            over: false,
        };
        position.check_end();
        position
    }

    /// The standard start: `holes` holes of `beans` beans, South to move.
    pub fn start(holes: usize, beans: u32, rules: Rules) -> Position {
        Position::new(
            Board::new(holes as i64, i64::from(beans)),
            rules,
            Side::South,
        )
    }

    fn check_end(&mut self) {
        if !self.over && self.rules.is_over(&self.board, self.to_move) {
            self.board.sweep_all();
            self.over = true;
        }
    }

    /// Returns the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Returns the rule variant.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Returns the side to move (meaningless once the game is over).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Returns true once the game is over (the beans are then in the pots).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Plays `hole` for the side to move and returns what the sowing did, or
    /// `None` (changing nothing) if the game is over or the hole is not a
    /// non-empty hole of the side to move.
    pub fn sow(&mut self, hole: usize) -> Option<SowReport> {
        if self.over {
            return None;
        }
        let report = self
            .rules
            .sow_and_capture(&mut self.board, self.to_move, hole)?;
        if !report.extra_turn {
            self.to_move = self.to_move.opponent();
        }
        self.check_end();
        Some(report)
    }

    /// Returns South's pot minus North's.
    pub fn store_difference(&self) -> i32 {
        self.board.pot(Side::South) as i32 - self.board.pot(Side::North) as i32
    }

    /// Parses the notation `N1,..,Nn|S1,..,Sn|Npot|Spot|Side`, for example
    /// `4,4,4,4,4,4|4,4,4,4,4,4|0|0|S`: North's holes 1..n, South's holes
    /// 1..n, North's pot, South's pot, and the side to move (`N` or `S`).
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the first problem found.
    pub fn from_notation(text: &str, rules: Rules) -> Result<Position, ParsePositionError> {
        let err = |reason: String| ParsePositionError::new(text, reason);
        let fields: Vec<&str> = text.trim().split('|').map(str::trim).collect();
        if fields.len() != 5 {
            return Err(err(format!(
                "expected 5 fields separated by '|' (north holes|south holes|north pot|south pot|side), found {}",
                fields.len()
            )));
        }
        let number = |what: &str, field: &str| -> Result<u32, ParsePositionError> {
            field
                .parse::<u32>()
                .map_err(|_| err(format!("{what}: {field:?} is not a whole number of beans")))
        };
        let row = |name: &str, field: &str| -> Result<Vec<u32>, ParsePositionError> {
            field
                .split(',')
                .enumerate()
                .map(|(i, cell)| number(&format!("{name} hole {}", i + 1), cell.trim()))
                .collect()
        };
        let north = row("north", fields[0])?;
        let south = row("south", fields[1])?;
        if north.len() != south.len() {
            return Err(err(format!(
                "north has {} holes but south has {}",
                north.len(),
                south.len()
            )));
        }
        if north.len() > MAX_HOLES {
            return Err(err(format!("at most {MAX_HOLES} holes per side")));
        }
        let north_pot = number("north pot", fields[2])?;
        let south_pot = number("south pot", fields[3])?;
        let to_move: Side = match fields[4] {
            "N" | "n" => Side::North,
            "S" | "s" => Side::South,
            other => return Err(err(format!("side to move {other:?} must be N or S"))),
        };
        let total: u64 = north
            .iter()
            .chain(&south)
            .map(|&b| u64::from(b))
            .sum::<u64>()
            + u64::from(north_pot)
            + u64::from(south_pot);
        if total > u64::from(MAX_TOTAL_BEANS) {
            return Err(err(format!("more than {MAX_TOTAL_BEANS} beans")));
        }
        let mut board = Board::new(north.len() as i64, 0);
        for (i, (&n, &s)) in north.iter().zip(&south).enumerate() {
            board.set_beans(Side::North, i + 1, n);
            board.set_beans(Side::South, i + 1, s);
        }
        board.set_beans(Side::North, 0, north_pot);
        board.set_beans(Side::South, 0, south_pot);
        Ok(Position::new(board, rules, to_move))
    }

    /// Returns the notation parsed by [`from_notation`](Position::from_notation).
    pub fn to_notation(&self) -> String {
        let row = |side: Side| {
            (1..=self.board.holes())
                .map(|h| self.board.beans(side, h).unwrap_or(0).to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}|{}|{}|{}|{}",
            row(Side::North),
            row(Side::South),
            self.board.pot(Side::North),
            self.board.pot(Side::South),
            self.to_move.letter()
        )
    }

    fn mix(&self) -> u64 {
        let mut h: u64 = 0x243F_6A88_85A3_08D3 ^ (self.board.holes() as u64);
        let mut feed = |x: u64| {
            h = (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        };
        for side in Side::BOTH {
            for hole in 0..=self.board.holes() {
                feed(u64::from(self.board.beans(side, hole).unwrap_or(0)));
            }
        }
        feed(self.to_move.index() as u64 + 2 * u64::from(self.over));
        h
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {}", self.to_notation(), self.rules)?;
        if self.over {
            write!(f, " over")?;
        }
        write!(f, ")")
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_notation())
    }
}

/// The most moves a game with `beans` beans in the holes of a board of
/// `holes` holes a side can still last (at least 1): a move that leaves the
/// mover's row drops a bean into a pot, one that stays in the row moves its
/// beans towards the pot, so with `b` beans at most `b(n−1)+1` moves pass
/// before a bean leaves the holes, and the sum over `b` bounds the game.
pub(crate) fn plies_bound(holes: usize, beans: u32) -> u32 {
    let (n, b) = (holes as u64, u64::from(beans));
    (n.saturating_sub(1) * b * (b + 1) / 2 + b).clamp(1, u64::from(u32::MAX)) as u32
}

impl gamecore::Game for Position {
    type Move = Move;

    fn side_to_move(&self) -> Player {
        self.to_move.player()
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        if self.over {
            return;
        }
        for hole in 1..=self.board.holes() {
            if self.board.beans(self.to_move, hole) != Some(0) {
                moves.push(Move(hole as u8));
            }
        }
    }

    fn is_legal(&self, mv: Move) -> bool {
        !self.over
            && mv.hole() >= 1
            && self
                .board
                .beans(self.to_move, mv.hole())
                .is_some_and(|b| b > 0)
    }

    fn play_unchecked(&mut self, mv: Move) {
        let _ = self.sow(mv.hole());
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| {
            Outcome::new(
                self.board.pot(Side::South) as i32,
                self.board.pot(Side::North) as i32,
            )
        })
    }

    fn hash(&self) -> u64 {
        self.mix()
    }

    fn recompute_hash(&self) -> u64 {
        self.mix()
    }

    fn score_bounds(&self) -> (i32, i32) {
        (0, self.board.total_beans() as i32)
    }

    /// The sum over the beans of the moves each can last (`plies_bound`).
    fn max_remaining_plies(&self) -> u32 {
        if self.over {
            return 0;
        }
        plies_bound(self.board.holes(), self.board.beans_in_all_holes())
    }

    fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        match text.trim().parse::<u8>() {
            Ok(hole) if (1..=MAX_HOLES as u8).contains(&hole) => Ok(Move(hole)),
            _ => Err(ParseMoveError::new(
                text,
                format!("a hole number from 1 to {}", self.board.holes()),
            )),
        }
    }

    fn move_index(&self, mv: Move) -> usize {
        mv.hole().min(MAX_HOLES)
    }

    fn move_index_bound(&self) -> usize {
        MAX_HOLES + 1
    }
}
