//! Squares, bitboards and the rook rays.
//!
//! A square is `x * 9 + y` with `x` the row (0 at the top, White's side) and
//! `y` the column, as the sample's `board[x, y]`. A [`Bitboard`] holds one
//! bit per square in a `u128` (81 bits used). Rook moves use precomputed
//! rays: the first piece on a ray is its lowest set bit for the directions
//! that increase the index (down, right) and its highest for the others.

use std::fmt;

/// A set of squares: bit `x * 9 + y`.
pub type Bitboard = u128;

/// The board's side length.
pub const SIZE: u8 = 9;
/// The number of squares.
pub const SQUARES: usize = 81;
/// Every square of the board.
pub const ALL: Bitboard = (1u128 << SQUARES) - 1;

/// A square of the 9×9 board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Returns the square at row `x`, column `y`, or `None` off the board.
    pub const fn try_new(x: i64, y: i64) -> Option<Square> {
        if x >= 0 && x < SIZE as i64 && y >= 0 && y < SIZE as i64 {
            Some(Square((x * SIZE as i64 + y) as u8))
        } else {
            None
        }
    }

    /// Returns the square at row `x`, column `y`.
    ///
    /// # Panics
    /// Panics if `x` or `y` is 9 or more.
    #[track_caller]
    pub const fn new(x: u8, y: u8) -> Square {
        assert!(x < SIZE && y < SIZE, "square off the board");
        Square(x * SIZE + y)
    }

    /// Returns the square with index `index` (`x * 9 + y`).
    ///
    /// # Panics
    /// Panics if `index` is 81 or more.
    #[track_caller]
    pub const fn from_index(index: usize) -> Square {
        assert!(index < SQUARES, "square index off the board");
        Square(index as u8)
    }

    /// Returns the square with index `index`, which the caller guarantees is below 81.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// Returns the index `x * 9 + y`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Returns the row (0 at the top).
    #[inline]
    pub const fn x(self) -> u8 {
        self.0 / SIZE
    }

    /// Returns the column (0 at the left).
    #[inline]
    pub const fn y(self) -> u8 {
        self.0 % SIZE
    }

    /// Returns the one-square bitboard.
    #[inline]
    pub const fn bit(self) -> Bitboard {
        1u128 << self.0
    }

    /// Returns the square mirrored to row `8 − x` (the other colour's side).
    #[must_use]
    pub const fn mirrored(self) -> Square {
        Square::new(SIZE - 1 - self.x(), self.y())
    }

    /// Returns the Manhattan distance to `other`.
    pub const fn distance(self, other: Square) -> u32 {
        self.x().abs_diff(other.x()) as u32 + self.y().abs_diff(other.y()) as u32
    }
}

impl fmt::Display for Square {
    /// Formats as the sample's `(x,y)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x(), self.y())
    }
}

/// The four rook directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Towards row 0.
    Up = 0,
    /// Towards row 8.
    Down = 1,
    /// Towards column 0.
    Left = 2,
    /// Towards column 8.
    Right = 3,
}

impl Direction {
    /// All four, in the order up, down, left, right.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// Returns the change of the square index for one step.
    #[inline]
    pub const fn step(self) -> isize {
        match self {
            Direction::Up => -9,
            Direction::Down => 9,
            Direction::Left => -1,
            Direction::Right => 1,
        }
    }

    /// Returns true for the directions that increase the square index.
    #[inline]
    pub const fn increasing(self) -> bool {
        matches!(self, Direction::Down | Direction::Right)
    }
}

const fn build_rays() -> [[Bitboard; SQUARES]; 4] {
    let mut rays = [[0u128; SQUARES]; 4];
    let mut sq = 0;
    while sq < SQUARES {
        let x = (sq / 9) as i32;
        let y = (sq % 9) as i32;
        let steps: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        let mut d = 0;
        while d < 4 {
            let (dx, dy) = steps[d];
            let (mut cx, mut cy) = (x + dx, y + dy);
            let mut ray = 0u128;
            while cx >= 0 && cx < 9 && cy >= 0 && cy < 9 {
                ray |= 1u128 << (cx * 9 + cy);
                cx += dx;
                cy += dy;
            }
            rays[d][sq] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// `RAYS[direction][square]`: the squares from `square` (exclusive) to the edge.
pub static RAYS: [[Bitboard; SQUARES]; 4] = build_rays();

/// Returns the ray from `from` in `direction` (without `from`).
#[inline]
pub fn ray(direction: Direction, from: usize) -> Bitboard {
    RAYS[direction as usize][from]
}

/// Returns the nearest square of `hits` (a subset of a ray in `direction`),
/// which must not be empty.
#[inline]
pub fn nearest(direction: Direction, hits: Bitboard) -> usize {
    debug_assert!(hits != 0);
    if direction.increasing() {
        hits.trailing_zeros() as usize
    } else {
        127 - hits.leading_zeros() as usize
    }
}

/// Splits the ray from `from` in `direction` against `occupied`: returns the
/// empty squares before the first piece and that piece's square, if any.
#[inline]
pub fn cast(direction: Direction, from: usize, occupied: Bitboard) -> (Bitboard, Option<usize>) {
    let full = ray(direction, from);
    let hits = full & occupied;
    if hits == 0 {
        (full, None)
    } else {
        let blocker = nearest(direction, hits);
        (
            full ^ ray(direction, blocker) ^ (1u128 << blocker),
            Some(blocker),
        )
    }
}

/// Iterates over the squares of a bitboard, lowest index first.
#[derive(Debug, Clone, Copy)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

/// Column 0 (for shift masks).
pub const COLUMN_0: Bitboard = {
    let mut b = 0u128;
    let mut x = 0;
    while x < 9 {
        b |= 1u128 << (x * 9);
        x += 1;
    }
    b
};
/// Column 8 (for shift masks).
pub const COLUMN_8: Bitboard = COLUMN_0 << 8;

/// Shifts every square of `set` one step in `direction`, dropping squares
/// that would leave the board.
#[inline]
pub const fn shift(set: Bitboard, direction: Direction) -> Bitboard {
    match direction {
        Direction::Up => set >> 9,
        Direction::Down => (set << 9) & ALL,
        Direction::Left => (set & !COLUMN_0) >> 1,
        Direction::Right => (set & !COLUMN_8) << 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_and_cast() {
        let e = Square::new(4, 4).index();
        assert_eq!(ray(Direction::Up, e).count_ones(), 4);
        assert_eq!(ray(Direction::Right, Square::new(0, 8).index()), 0);
        let occupied = Square::new(1, 4).bit() | Square::new(7, 4).bit();
        let (empty, blocker) = cast(Direction::Up, e, occupied);
        assert_eq!(empty, Square::new(3, 4).bit() | Square::new(2, 4).bit());
        assert_eq!(blocker, Some(Square::new(1, 4).index()));
        let (empty, blocker) = cast(Direction::Down, e, occupied);
        assert_eq!(empty.count_ones(), 2);
        assert_eq!(blocker, Some(Square::new(7, 4).index()));
        assert_eq!(shift(Square::new(3, 8).bit(), Direction::Right), 0);
        assert_eq!(shift(Square::new(3, 0).bit(), Direction::Left), 0);
        assert_eq!(shift(Square::new(8, 0).bit(), Direction::Down), 0);
    }
}
