//! The board: holes, pots and sowing (the spec's `Board` class, §3.2).

use crate::side::{Side, POT};
use std::fmt;

/// The largest number of holes per side a board can have.
///
/// The spec puts no upper limit on `nHoles`; we cap it so that a board is a
/// small fixed-size value that search can copy cheaply. [`Board::new`] lowers
/// larger requests to this.
pub const MAX_HOLES: usize = 16;

/// The largest number of initial beans per hole [`Board::new`] accepts; larger
/// requests are lowered to it.
pub const MAX_BEANS_PER_HOLE: u32 = 10_000;

/// The largest total number of beans a board may hold; [`Board::set_beans`]
/// refuses a change that would exceed it.
pub const MAX_TOTAL_BEANS: u32 = 1 << 24;

const ROW: usize = MAX_HOLES + 1;

/// A Kalah board: `holes()` holes per side plus one pot per side.
///
/// Holes are numbered 1..=`holes()` from left to right as displayed on both
/// rows; hole [`POT`] (0) addresses the pot. North's pot is on the left,
/// South's on the right, and hole `S_i` is opposite `N_i`.
///
/// The board knows sowing but not captures or extra turns: those belong to the
/// rules ([`Rules`](crate::Rules)), as in the spec.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    holes: u8,
    /// `cells[side * ROW + hole]`; hole 0 is the pot.
    cells: [u32; 2 * ROW],
}

impl Board {
    /// Creates a board with `holes` holes per side, each holding
    /// `beans_per_hole` beans, and empty pots.
    ///
    /// As the spec says, a non-positive `holes` acts as 1 and a negative
    /// `beans_per_hole` as 0. Beyond the spec, `holes` above [`MAX_HOLES`] acts
    /// as [`MAX_HOLES`] and beans above [`MAX_BEANS_PER_HOLE`] as that limit.
    pub fn new(holes: i64, beans_per_hole: i64) -> Board {
        let holes = holes.clamp(1, MAX_HOLES as i64) as usize;
        let beans = beans_per_hole.clamp(0, i64::from(MAX_BEANS_PER_HOLE)) as u32;
        let mut cells = [0; 2 * ROW];
        for side in Side::BOTH {
            for hole in 1..=holes {
                cells[side.index() * ROW + hole] = beans;
            }
        }
        Board {
            holes: holes as u8,
            cells,
        }
    }

    /// Returns the number of holes per side, not counting the pot.
    #[inline]
    pub fn holes(&self) -> usize {
        usize::from(self.holes)
    }

    #[inline]
    fn at(side: Side, hole: usize) -> usize {
        side.index() * ROW + hole
    }

    /// Returns the beans in `hole` of `side`, or in its pot when `hole` is
    /// [`POT`]; `None` (the spec's −1) for a hole number above `holes()`.
    #[inline]
    pub fn beans(&self, side: Side, hole: usize) -> Option<u32> {
        (hole <= self.holes()).then(|| self.cells[Self::at(side, hole)])
    }

    /// Returns the beans in `side`'s pot.
    #[inline]
    pub fn pot(&self, side: Side) -> u32 {
        self.cells[Self::at(side, POT)]
    }

    /// Returns the beans in `side`'s holes, not counting its pot.
    pub fn beans_in_play(&self, side: Side) -> u32 {
        (1..=self.holes())
            .map(|hole| self.cells[Self::at(side, hole)])
            .sum()
    }

    /// Returns the beans in both sides' holes, not counting the pots.
    pub fn beans_in_all_holes(&self) -> u32 {
        Side::BOTH
            .iter()
            .map(|&side| self.beans_in_play(side))
            .sum()
    }

    /// Returns all beans in the game, pots included.
    pub fn total_beans(&self) -> u32 {
        Side::BOTH
            .iter()
            .map(|&side| self.beans_in_play(side) + self.pot(side))
            .sum()
    }

    /// Returns the position a sower on `side` reaches at step `slot` of its
    /// lap of `2n + 1` positions, where slot 0 is the sower's hole 1 (South) or
    /// hole n (North), slot n its pot, and the opponent's pot is left out.
    #[inline]
    pub(crate) fn lap_position(&self, side: Side, slot: usize) -> (Side, usize) {
        let n = self.holes();
        match side {
            Side::South if slot < n => (Side::South, slot + 1),
            Side::South if slot == n => (Side::South, POT),
            Side::South => (Side::North, 2 * n + 1 - slot),
            Side::North if slot < n => (Side::North, n - slot),
            Side::North if slot == n => (Side::North, POT),
            Side::North => (Side::South, slot - n),
        }
    }

    /// Returns the lap slot of `side`'s own `hole` (1..=n) for a sower on `side`.
    #[inline]
    fn lap_slot(&self, side: Side, hole: usize) -> usize {
        match side {
            Side::South => hole - 1,
            Side::North => self.holes() - hole,
        }
    }

    /// Sows the beans of `side`'s `hole` counterclockwise and returns where the
    /// last bean landed: `(end_side, end_hole)`, `end_hole` being [`POT`] if it
    /// was `side`'s pot.
    ///
    /// The sower's own pot receives beans, the opponent's pot is skipped, and
    /// with `2n + 1` or more beans the sowing goes round again, dropping a bean
    /// into the emptied origin hole too. There are no captures and no extra
    /// turns here. Returns `None` (the spec's `false`) and changes nothing if
    /// the hole is a pot, invalid or empty.
    pub fn sow(&mut self, side: Side, hole: usize) -> Option<(Side, usize)> {
        if hole == POT || hole > self.holes() {
            return None;
        }
        let beans = self.cells[Self::at(side, hole)];
        if beans == 0 {
            return None;
        }
        let lap = 2 * self.holes() + 1;
        self.cells[Self::at(side, hole)] = 0;
        let full_laps = beans / lap as u32;
        let rest = beans as usize % lap;
        if full_laps > 0 {
            for slot in 0..lap {
                let (s, h) = self.lap_position(side, slot);
                self.cells[Self::at(s, h)] += full_laps;
            }
        }
        let origin = self.lap_slot(side, hole);
        for step in 1..=rest {
            let (s, h) = self.lap_position(side, (origin + step) % lap);
            self.cells[Self::at(s, h)] += 1;
        }
        Some(self.lap_position(side, (origin + beans as usize) % lap))
    }

    /// Moves all beans of `side`'s `hole` into `pot_owner`'s pot and returns
    /// true; an empty hole is fine. Returns false and changes nothing if
    /// `hole` is a pot or invalid.
    pub fn move_to_pot(&mut self, side: Side, hole: usize, pot_owner: Side) -> bool {
        if hole == POT || hole > self.holes() {
            return false;
        }
        let beans = std::mem::take(&mut self.cells[Self::at(side, hole)]);
        self.cells[Self::at(pot_owner, POT)] += beans;
        true
    }

    /// Sets `side`'s `hole` (or pot, for [`POT`]) to `beans` and returns true.
    /// Returns false and changes nothing if the hole is invalid, or if the
    /// board would then hold more than [`MAX_TOTAL_BEANS`].
    ///
    /// Meant for tests and for building positions from notation; nothing in
    /// the rules calls it, as the spec requires.
    pub fn set_beans(&mut self, side: Side, hole: usize, beans: u32) -> bool {
        if hole > self.holes() {
            return false;
        }
        let old = self.cells[Self::at(side, hole)];
        if u64::from(self.total_beans() - old) + u64::from(beans) > u64::from(MAX_TOTAL_BEANS) {
            return false;
        }
        self.cells[Self::at(side, hole)] = beans;
        true
    }

    /// Moves every bean in each side's holes into that side's own pot (the
    /// end-of-game sweep shared by all rule variants).
    pub(crate) fn sweep_all(&mut self) {
        for side in Side::BOTH {
            for hole in 1..=self.holes() {
                self.move_to_pot(side, hole, side);
            }
        }
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(")?;
        for side in Side::BOTH {
            for hole in 1..=self.holes() {
                let sep = if hole == 1 { "" } else { "," };
                write!(f, "{sep}{}", self.cells[Self::at(side, hole)])?;
            }
            write!(f, "|")?;
        }
        write!(f, "{}|{})", self.pot(Side::North), self.pot(Side::South))
    }
}

impl fmt::Display for Board {
    /// Draws the board as in the spec: North's holes 1..n on the top row,
    /// North's pot left and South's pot right on the middle line, South's
    /// holes 1..n on the bottom row; each number right-aligned in 3 columns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.holes();
        let mut top = String::from("   ");
        let mut bottom = String::from("   ");
        for hole in 1..=n {
            top.push_str(&format!("{:>3}", self.cells[Self::at(Side::North, hole)]));
            bottom.push_str(&format!("{:>3}", self.cells[Self::at(Side::South, hole)]));
        }
        let middle = format!(
            "{:>3}{}{:>3}",
            self.pot(Side::North),
            " ".repeat(3 * n),
            self.pot(Side::South)
        );
        writeln!(f, "{}", top.trim_end())?;
        writeln!(f, "{}", middle.trim_end())?;
        write!(f, "{}", bottom.trim_end())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_example_sows_s6_pot_n6_n5() {
        let mut board = Board::new(6, 0);
        board.set_beans(Side::South, 5, 4);
        assert_eq!(board.sow(Side::South, 5), Some((Side::North, 5)));
        assert_eq!(board.beans(Side::South, 6), Some(1));
        assert_eq!(board.pot(Side::South), 1);
        assert_eq!(board.beans(Side::North, 6), Some(1));
        assert_eq!(board.beans(Side::North, 5), Some(1));
        assert_eq!(board.pot(Side::North), 0);
    }

    #[test]
    fn north_sows_towards_its_left_pot_and_skips_souths() {
        let mut board = Board::new(2, 0);
        board.set_beans(Side::North, 2, 6);
        // N1, Npot, S1, S2, (Spot skipped), N2, N1.
        assert_eq!(board.sow(Side::North, 2), Some((Side::North, 1)));
        assert_eq!(board.beans(Side::North, 1), Some(2));
        assert_eq!(board.beans(Side::North, 2), Some(1));
        assert_eq!(board.pot(Side::North), 1);
        assert_eq!(board.pot(Side::South), 0);
        assert_eq!(board.beans(Side::South, 1), Some(1));
        assert_eq!(board.beans(Side::South, 2), Some(1));
    }

    #[test]
    fn a_full_lap_drops_a_bean_in_the_origin() {
        let mut board = Board::new(3, 0);
        board.set_beans(Side::South, 2, 7);
        assert_eq!(board.sow(Side::South, 2), Some((Side::South, 2)));
        assert_eq!(board.beans(Side::South, 2), Some(1));
        assert_eq!(board.total_beans(), 7);
    }
}
