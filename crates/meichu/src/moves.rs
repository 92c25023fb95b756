//! Moves: notation, legality with reasons, and generation (spec §3.5).
//!
//! A move takes one own soldier like a rook along a clear row or column onto
//! an empty square, an enemy soldier, an enemy barrier, the enemy flag or an
//! own barrier. It costs `1 + d` for a distance `d`, checked against the
//! budget first; breaking an enemy barrier costs 3 more (so it needs
//! `4 + d ≤ budget`); breaking an own barrier gives 3 back, but only after the
//! `1 + d` was found affordable.

use crate::position::{mailbox_index, Position, BOARD_SQUARE, FLAG_SQUARES};
use crate::square::{cast, Direction, Square, Squares};
use crate::{Cell, Color};
use gamecore::{MoveList, ParseMoveError};
use std::error::Error;
use std::fmt;

/// Extra cost of breaking an enemy barrier (the sample's `OPPONENT_BARRIER_COST`).
pub const ENEMY_BARRIER_COST: i32 = 3;
/// Refund for breaking an own barrier (the sample's `SELF_BARRIER_COST` is −3).
pub const OWN_BARRIER_REFUND: i32 = 3;

/// A soldier's move from one square to another: the protocol's `bx by ex ey`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The soldier's square.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
}

impl Move {
    /// Creates the move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Returns the four numbers `[bx, by, ex, ey]`.
    pub const fn coordinates(self) -> [u8; 4] {
        [self.from.x(), self.from.y(), self.to.x(), self.to.y()]
    }

    /// Returns the distance `d` (squares moved).
    pub const fn distance(self) -> u32 {
        self.from.distance(self.to)
    }

    /// Returns the sample's printed list, `[bx, by, ex, ey]`.
    pub fn list_text(self) -> String {
        let [a, b, c, d] = self.coordinates();
        format!("[{a}, {b}, {c}, {d}]")
    }

    /// Parses four integers separated by spaces and/or commas, optionally in
    /// `[` `]` (so `6 4 5 4`, `6,4,5,4` and `[6, 4, 5, 4]` all work). Checks
    /// the count and that the squares are on the board, not legality.
    ///
    /// # Errors
    /// [`ParseMoveError`] naming what is wrong.
    pub fn parse(text: &str) -> Result<Move, ParseMoveError> {
        let trimmed = text.trim();
        let inner = trimmed
            .strip_prefix('[')
            .map_or(trimmed, |rest| rest.strip_suffix(']').unwrap_or(rest));
        let mut numbers = Vec::new();
        for token in inner
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
        {
            match token.parse::<i64>() {
                Ok(n) => numbers.push(n),
                Err(_) => {
                    return Err(ParseMoveError::new(
                        text,
                        format!("four integers bx by ex ey ({token:?} is not an integer)"),
                    ))
                }
            }
        }
        if numbers.len() != 4 {
            return Err(ParseMoveError::new(
                text,
                format!("four integers bx by ex ey, got {}", numbers.len()),
            ));
        }
        let from = Square::try_new(numbers[0], numbers[1]);
        let to = Square::try_new(numbers[2], numbers[3]);
        match (from, to) {
            (Some(from), Some(to)) => Ok(Move { from, to }),
            _ => Err(ParseMoveError::new(
                text,
                "coordinates from 0 to 8 (the board is 9×9)",
            )),
        }
    }
}

impl fmt::Display for Move {
    /// Formats as the protocol's input line `bx by ex ey`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.coordinates();
        write!(f, "{a} {b} {c} {d}")
    }
}

/// Why a well-formed move is illegal here (the sample's failed `assert`s).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMoveError {
    /// The game is over.
    GameOver,
    /// The start square does not hold a soldier of the side to move.
    NotOwnSoldier(Move, Color),
    /// Start and end are the same square.
    ZeroLength(Move),
    /// Start and end share neither row nor column.
    NotStraight(Move),
    /// A square strictly between start and end is occupied.
    Blocked(Move, Square),
    /// The end square holds an own soldier or the own flag.
    OccupiedByOwnPiece(Move),
    /// The budget cannot pay for it (`needed` > `budget`).
    TooExpensive(Move, i32, i32),
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalMoveError::GameOver => f.write_str("the game is over"),
            IllegalMoveError::NotOwnSoldier(mv, color) => {
                write!(f, "{} holds no {} soldier", mv.from, color.lower_name())
            }
            IllegalMoveError::ZeroLength(mv) => {
                write!(f, "{} to {} does not move", mv.from, mv.to)
            }
            IllegalMoveError::NotStraight(mv) => {
                write!(f, "{} to {} is not along a row or a column", mv.from, mv.to)
            }
            IllegalMoveError::Blocked(mv, at) => {
                write!(f, "{} to {} is blocked at {at}", mv.from, mv.to)
            }
            IllegalMoveError::OccupiedByOwnPiece(mv) => {
                write!(f, "{} to {} lands on an own piece", mv.from, mv.to)
            }
            IllegalMoveError::TooExpensive(mv, needed, budget) => write!(
                f,
                "{} to {} needs a budget of {needed}, only {budget} left",
                mv.from, mv.to
            ),
        }
    }
}

impl Error for IllegalMoveError {}

/// Returns the direction from `from` to `to` if they share a row or column.
fn direction_between(from: Square, to: Square) -> Option<Direction> {
    if from == to {
        None
    } else if from.y() == to.y() {
        Some(if to.x() < from.x() {
            Direction::Up
        } else {
            Direction::Down
        })
    } else if from.x() == to.x() {
        Some(if to.y() < from.y() {
            Direction::Left
        } else {
            Direction::Right
        })
    } else {
        None
    }
}

impl Position {
    /// Returns what `mv` would cost the mover before any refund: `1 + d`,
    /// plus 3 onto an enemy barrier. This is what the budget must cover.
    pub fn gross_cost(&self, mv: Move) -> i32 {
        let base = 1 + mv.distance() as i32;
        let mover = self.side;
        if self.barriers(mover.other()) & mv.to.bit() != 0 {
            base + ENEMY_BARRIER_COST
        } else {
            base
        }
    }

    /// Returns the change of the mover's budget: `−gross_cost`, plus 3 onto an own barrier.
    pub fn net_cost(&self, mv: Move) -> i32 {
        let gross = self.gross_cost(mv);
        if self.barriers(self.side) & mv.to.bit() != 0 {
            gross - OWN_BARRIER_REFUND
        } else {
            gross
        }
    }

    /// Checks `mv` for the side to move, saying why it is illegal.
    ///
    /// # Errors
    /// The first rule of spec §3.5 the move breaks, in the sample's order.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.end.is_some() {
            return Err(IllegalMoveError::GameOver);
        }
        let us = self.side;
        if self.soldiers(us) & mv.from.bit() == 0 {
            return Err(IllegalMoveError::NotOwnSoldier(mv, us));
        }
        if mv.from == mv.to {
            return Err(IllegalMoveError::ZeroLength(mv));
        }
        let Some(direction) = direction_between(mv.from, mv.to) else {
            return Err(IllegalMoveError::NotStraight(mv));
        };
        let (empty, blocker) = cast(direction, mv.from.index(), self.occupied());
        if empty & mv.to.bit() == 0 {
            let blocker = blocker.expect("a square beyond the free run means a blocker");
            if blocker != mv.to.index() {
                return Err(IllegalMoveError::Blocked(mv, Square::from_index(blocker)));
            }
        }
        if (self.soldiers(us) | FLAG_SQUARES[us.index()].bit()) & mv.to.bit() != 0 {
            return Err(IllegalMoveError::OccupiedByOwnPiece(mv));
        }
        let needed = self.gross_cost(mv);
        if needed > self.budget(us) {
            return Err(IllegalMoveError::TooExpensive(mv, needed, self.budget(us)));
        }
        Ok(())
    }

    /// Returns true when `color` (with its current budget) has a legal move.
    ///
    /// Any legal move passes the square next to the soldier first, so it is
    /// enough to look at the four neighbours of each soldier.
    pub fn has_legal_move(&self, color: Color) -> bool {
        let budget = self.budget(color);
        if budget < 2 {
            return false;
        }
        let us = color.index();
        let them = 1 - us;
        let cheap =
            !self.occupied() | self.soldiers[them] | FLAG_SQUARES[them].bit() | self.barriers[us];
        let targets = if budget >= 2 + ENEMY_BARRIER_COST {
            cheap | self.barriers[them]
        } else {
            cheap
        };
        Direction::ALL.iter().any(|&d| {
            crate::square::shift(self.soldiers[us], d) & targets & crate::square::ALL != 0
        })
    }

    /// Fills `moves` with the legal moves of the side to move: soldiers in
    /// square order, directions up, down, left, right, nearest square first.
    /// Leaves it empty once the game is over.
    ///
    /// Walks the mailbox (one byte per square, sentinels at the border),
    /// which measured twice as fast as casting bitboard rays.
    pub fn generate_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        if self.end.is_some() {
            return;
        }
        let us = self.side;
        let budget = self.budget(us);
        // Which codes a soldier of `us` may land on, and which cost 3 more.
        let mut landable = [false; 8];
        for cell in [
            Cell::soldier(us.other()),
            Cell::barrier(us.other()),
            Cell::barrier(us),
            Cell::flag(us.other()),
        ] {
            landable[cell.code() as usize] = true;
        }
        let enemy_barrier = Cell::barrier(us.other()).code();
        const STEPS: [isize; 4] = [-11, 11, -1, 1];
        for from in Squares(self.soldiers(us)) {
            let from_sq = Square::from_index(from);
            let start = mailbox_index(from) as isize;
            for step in STEPS {
                let mut at = start + step;
                let mut distance = 1;
                loop {
                    let code = self.cells[at as usize];
                    if code == 0 {
                        if 1 + distance > budget {
                            break;
                        }
                        moves.push(Move::new(
                            from_sq,
                            Square::from_index_unchecked(BOARD_SQUARE[at as usize]),
                        ));
                        at += step;
                        distance += 1;
                        continue;
                    }
                    if landable[code as usize] {
                        let extra = if code == enemy_barrier {
                            ENEMY_BARRIER_COST
                        } else {
                            0
                        };
                        if 1 + distance + extra <= budget {
                            moves.push(Move::new(
                                from_sq,
                                Square::from_index_unchecked(BOARD_SQUARE[at as usize]),
                            ));
                        }
                    }
                    break;
                }
            }
        }
    }

    /// Returns what `square` would mean as a landing square for `color`, or
    /// `None` if it cannot land there (own soldier or own flag).
    pub fn landing(&self, color: Color, square: Square) -> Option<Cell> {
        let cell = self.cell(square);
        match cell {
            Cell::Empty => Some(cell),
            _ if cell == Cell::soldier(color) || cell == Cell::flag(color) => None,
            _ => Some(cell),
        }
    }
}
