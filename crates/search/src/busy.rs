//! "Being searched" marks shared by the threads of a parallel search.
//!
//! CITE: after ABDADA (J.-C. Weill, "The ABDADA Distributed Minimax Search
//! Algorithm", ICCA Journal 19(1), 1996), simplified: a thread marks what it
//! is searching (a position, or one move from a position), and another
//! thread that reaches a marked item other than its node's first move
//! searches its other moves first and comes back to the marked one last,
//! when the first thread has usually stored its value in the shared
//! transposition table. So the threads spread over the tree instead of
//! repeating each other's work.
//!
//! The marks are a small direct-mapped table of atomic words, written and
//! read with relaxed atomics and no lock. A mark may be lost (another key
//! took its cell) or stale (a thread was stopped before clearing it): both
//! only cost time, never a value, because a search that defers a move still
//! searches it.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A direct-mapped table of "being searched" marks, keyed by nonzero 64-bit
/// keys (0 marks an empty cell and is never busy).
///
/// The key's low bits pick the cell, so keys should be well mixed: position
/// hashes are, and [`BusyMarks::move_key`] mixes a position key with a move.
///
/// # Examples
/// ```
/// use search::BusyMarks;
/// let marks = BusyMarks::new(4);
/// let key = BusyMarks::move_key(0x1234, 2);
/// assert!(!marks.is_busy(key));
/// marks.enter(key);
/// assert!(marks.is_busy(key));
/// marks.leave(key);
/// assert!(!marks.is_busy(key));
/// ```
#[derive(Debug)]
pub struct BusyMarks {
    cells: Box<[AtomicU64]>,
}

impl BusyMarks {
    /// Creates a table of `2^log2` marks (8 bytes each), all clear.
    ///
    /// # Panics
    /// Panics if `log2` is 48 or more (the table would not fit in memory).
    #[track_caller]
    pub fn new(log2: u32) -> BusyMarks {
        assert!(log2 < 48, "2^{log2} busy marks");
        BusyMarks {
            cells: (0..1usize << log2).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Returns the number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Returns true when the table has no cells (never: it has at least one).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Returns the key that marks move number `move_index` from the
    /// position whose key is `position_key`: the two mixed (by
    /// [`gamecore::mix64`]) into a key that is never 0.
    #[inline]
    #[must_use]
    pub fn move_key(position_key: u64, move_index: usize) -> u64 {
        let salt = (move_index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        gamecore::mix64(position_key ^ salt) | 1
    }

    #[inline]
    fn cell(&self, key: u64) -> &AtomicU64 {
        // The length is a power of two.
        &self.cells[key as usize & (self.cells.len() - 1)]
    }

    /// Marks `key` as being searched (by this thread). A key of 0 marks
    /// nothing.
    #[inline]
    pub fn enter(&self, key: u64) {
        self.cell(key).store(key, Relaxed);
    }

    /// Clears the mark of `key`, unless another key took its cell meanwhile.
    #[inline]
    pub fn leave(&self, key: u64) {
        let _ = self.cell(key).compare_exchange(key, 0, Relaxed, Relaxed);
    }

    /// Returns true if some thread marked `key` and has not cleared it.
    #[inline]
    pub fn is_busy(&self, key: u64) -> bool {
        key != 0 && self.cell(key).load(Relaxed) == key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_is_busy_until_it_is_left() {
        let marks = BusyMarks::new(8);
        assert_eq!(marks.len(), 256);
        let key = BusyMarks::move_key(77, 3);
        assert!(!marks.is_busy(key));
        marks.enter(key);
        assert!(marks.is_busy(key));
        marks.leave(key);
        assert!(!marks.is_busy(key));
    }

    #[test]
    fn zero_is_never_busy() {
        let marks = BusyMarks::new(2);
        marks.enter(0);
        assert!(!marks.is_busy(0));
    }

    #[test]
    fn a_key_that_takes_the_cell_survives_the_old_keys_leave() {
        // One cell: every key shares it.
        let marks = BusyMarks::new(0);
        let (first, second) = (BusyMarks::move_key(1, 0), BusyMarks::move_key(1, 1));
        marks.enter(first);
        marks.enter(second);
        assert!(!marks.is_busy(first), "the cell now holds the second key");
        marks.leave(first);
        assert!(
            marks.is_busy(second),
            "leaving the lost mark left the other"
        );
    }

    #[test]
    fn move_keys_are_nonzero_and_differ_by_move_and_position() {
        let mut keys = Vec::new();
        for position in [0u64, 1, 0xFFFF_FFFF_FFFF_FFFF] {
            for index in 0..16 {
                let key = BusyMarks::move_key(position, index);
                assert_ne!(key, 0);
                keys.push(key);
            }
        }
        let count = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), count);
    }

    #[test]
    fn marks_are_shared_between_threads() {
        let marks = BusyMarks::new(6);
        let key = BusyMarks::move_key(9, 9);
        std::thread::scope(|scope| {
            scope.spawn(|| marks.enter(key));
        });
        assert!(marks.is_busy(key));
    }
}
