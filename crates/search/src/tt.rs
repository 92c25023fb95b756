//! The transposition table: two-slot buckets, full-key verification,
//! depth-preferred plus always-replace.
//!
//! CITE: two-tier replacement after Breuker, Uiterwijk & van den Herik,
//! "Replacement Schemes for Transposition Tables", ICCA Journal 17(4), 1994.
//!
//! Each bucket holds a *depth-preferred* slot, overwritten only by a result
//! at least as valuable (deeper, proven exact, or from a newer search), and
//! an *always-replace* slot that takes everything else. Entries keep the
//! whole 64-bit key, so a probe never returns another position's entry
//! unless two positions share a key.

use crate::Value;
use std::mem::size_of;

/// What a stored value says about the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least the stored one (a cut-off happened).
    Lower,
    /// The true value is at most the stored one (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub best_move: Option<M>,
    /// Relative to the node (see [`Value::to_node`]).
    pub value: i32,
    /// Remaining depth searched, or, when `resolved`, the plies to the
    /// deepest game end the result depends on.
    pub depth: u16,
    pub bound: Bound,
    /// The result depends on no heuristic leaf: it holds at any depth ≥ `depth`.
    pub resolved: bool,
    generation: u8,
}

impl<M> Entry<M> {
    /// Whether this entry's value may answer a search of `depth` remaining
    /// plies without changing the result of a fixed-depth search.
    #[inline]
    pub fn usable_at(&self, depth: u32) -> bool {
        if self.resolved {
            u32::from(self.depth) <= depth
        } else {
            u32::from(self.depth) == depth
        }
    }

    fn priority(&self) -> u32 {
        u32::from(self.depth) + if self.resolved { 1 << 16 } else { 0 }
    }
}

#[derive(Debug, Clone, Copy)]
struct Bucket<M> {
    slots: [Option<Entry<M>>; 2],
}

/// A fixed-size table of search results keyed by position hash.
#[derive(Debug)]
pub(crate) struct TranspositionTable<M> {
    buckets: Vec<Bucket<M>>,
    shift: u32,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// Allocates a table of at most `mib` MiB (a power-of-two number of
    /// buckets, at least one).
    pub fn new(mib: usize) -> TranspositionTable<M> {
        let bytes = mib.saturating_mul(1 << 20);
        let wanted = (bytes / size_of::<Bucket<M>>()).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            buckets: vec![
                Bucket {
                    slots: [None, None]
                };
                count
            ],
            shift: 64 - count.trailing_zeros(),
            generation: 0,
        }
    }

    /// Returns the number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Marks the start of a new search: older entries become first to go.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            bucket.slots = [None, None];
        }
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        // Fibonacci hashing: the top bits of a multiplicative mix, so that
        // keys that are perfect indices (small, structured) spread too.
        if self.shift >= 64 {
            0
        } else {
            (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
        }
    }

    /// Returns the entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let bucket = &self.buckets[self.index(key)];
        bucket
            .slots
            .iter()
            .flatten()
            .find(|entry| entry.key == key)
            .copied()
    }

    /// Stores a result.
    #[allow(clippy::too_many_arguments)] // Mirrors the entry's fields one to one.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        best_move: Option<M>,
        value: Value,
        depth: u32,
        bound: Bound,
        resolved: bool,
    ) {
        let generation = self.generation;
        let index = self.index(key);
        let bucket = &mut self.buckets[index];
        let mut entry = Entry {
            key,
            best_move,
            value: value.raw(),
            depth: depth.min(u32::from(u16::MAX)) as u16,
            bound,
            resolved,
            generation,
        };
        // Keep a known best move when the new result has none (a fail-low).
        for slot in bucket.slots.iter().flatten() {
            if slot.key == key && entry.best_move.is_none() {
                entry.best_move = slot.best_move;
            }
        }
        let preferred = match bucket.slots[0] {
            None => true,
            Some(old) => {
                old.key == key || old.generation != generation || entry.priority() >= old.priority()
            }
        };
        if preferred {
            if let Some(old) = bucket.slots[0] {
                if old.key != key && bucket.slots[1].map_or(true, |s| s.key != key) {
                    // The displaced deep entry still gets a second chance.
                    bucket.slots[1] = Some(old);
                } else if bucket.slots[1].is_some_and(|s| s.key == key) {
                    bucket.slots[1] = None;
                }
            }
            bucket.slots[0] = Some(entry);
        } else {
            bucket.slots[1] = Some(entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_stay_small() {
        // A key, a small move, a value and a few bytes of flags.
        assert!(size_of::<Option<Entry<u8>>>() <= 24);
        assert!(size_of::<Bucket<u16>>() <= 48);
    }

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        let table: TranspositionTable<u8> = TranspositionTable::new(1);
        assert!(table.buckets.len().is_power_of_two());
        assert!(table.buckets.len() * size_of::<Bucket<u8>>() <= 1 << 20);
        let tiny: TranspositionTable<u8> = TranspositionTable::new(0);
        assert_eq!(tiny.capacity(), 2);
    }

    #[test]
    fn probe_verifies_the_whole_key_and_keeps_both_tiers() {
        let mut table: TranspositionTable<u8> = TranspositionTable::new(0);
        table.new_search();
        table.store(1, Some(1), Value::heuristic(5), 8, Bound::Exact, false);
        table.store(2, Some(2), Value::heuristic(6), 3, Bound::Lower, false);
        assert_eq!(table.probe(1).unwrap().depth, 8);
        assert_eq!(table.probe(2).unwrap().value, 6);
        assert!(table.probe(3).is_none());
        // A deeper result for key 3 takes the preferred slot; key 1 moves down.
        table.store(3, None, Value::heuristic(7), 9, Bound::Upper, false);
        assert!(table.probe(3).is_some());
        assert!(table.probe(1).is_some());
        assert!(table.probe(2).is_none());
    }

    #[test]
    fn resolved_entries_answer_deeper_searches_only() {
        let mut table: TranspositionTable<u8> = TranspositionTable::new(1);
        table.store(9, None, Value::heuristic(0), 4, Bound::Exact, true);
        let entry = table.probe(9).unwrap();
        assert!(entry.usable_at(4) && entry.usable_at(10) && !entry.usable_at(3));
        table.store(10, None, Value::heuristic(0), 4, Bound::Exact, false);
        let entry = table.probe(10).unwrap();
        assert!(entry.usable_at(4) && !entry.usable_at(5));
    }
}
