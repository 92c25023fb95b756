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

/// One stored search result: bounds on the value of a position.
///
/// An entry keeps a lower and an upper bound together. Null-window searches
/// of a position whose value is exactly V prove "≥ V" and "≤ V" in turn; with
/// a single bound per entry each proof would overwrite the other and the
/// subtree would be searched again and again (a 1000×1000 Red-Blue Nim solve
/// took 250 M nodes that way, 1.6 M with both bounds kept). Kept together
/// they make the entry exact.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub best_move: Option<M>,
    /// Lower bound, relative to the node (see [`Value::to_node`]); `-INFINITY` if unknown.
    lower: i32,
    /// Upper bound, relative to the node; `INFINITY` if unknown.
    upper: i32,
    /// Remaining depth searched, or, when `resolved`, the plies to the
    /// deepest game end the result depends on.
    pub depth: u16,
    /// The bounds depend on no heuristic leaf: they hold at any depth ≥ `depth`.
    pub resolved: bool,
    generation: u8,
}

impl<M> Entry<M> {
    /// Whether this entry's bounds may answer a search of `depth` remaining
    /// plies without changing the result of a fixed-depth search.
    #[inline]
    pub fn usable_at(&self, depth: u32) -> bool {
        if self.resolved {
            u32::from(self.depth) <= depth
        } else {
            u32::from(self.depth) == depth
        }
    }

    /// Returns the lower bound, relative to the node.
    #[inline]
    pub fn lower(&self) -> Value {
        Value::from_raw(self.lower)
    }

    /// Returns the upper bound, relative to the node.
    #[inline]
    pub fn upper(&self) -> Value {
        Value::from_raw(self.upper)
    }

    /// Whether `other` bounds the same quantity, so the two can be merged:
    /// both hold at any depth beyond theirs, or both are for the same depth.
    fn same_kind(&self, other: &Entry<M>) -> bool {
        self.key == other.key
            && self.resolved == other.resolved
            && (self.resolved || self.depth == other.depth)
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

    /// Stores bounds (relative to the node) on the value of position `key`.
    ///
    /// Bounds of the same kind (see [`Entry::usable_at`]) already stored for
    /// the position are merged in: the result keeps the tighter of each.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        best_move: Option<M>,
        depth: u32,
        resolved: bool,
        lower: Value,
        upper: Value,
    ) {
        let generation = self.generation;
        let index = self.index(key);
        let bucket = &mut self.buckets[index];
        let mut entry = Entry {
            key,
            best_move,
            lower: lower.raw(),
            upper: upper.raw(),
            depth: depth.min(u32::from(u16::MAX)) as u16,
            resolved,
            generation,
        };
        if let Some(slot) = bucket.slots.iter_mut().flatten().find(|slot| slot.key == key) {
            if entry.best_move.is_none() {
                // Keep a known best move when the new result has none (a fail-low).
                entry.best_move = slot.best_move;
            }
            if slot.same_kind(&entry) {
                let merged_lower = entry.lower.max(slot.lower);
                let merged_upper = entry.upper.min(slot.upper);
                if merged_lower <= merged_upper {
                    entry.lower = merged_lower;
                    entry.upper = merged_upper;
                    entry.depth = entry.depth.max(slot.depth);
                }
            } else if slot.priority() > entry.priority() && slot.generation == generation {
                // A resolved entry is worth more than a depth-limited one of
                // the same position: keep it, only refresh its move.
                slot.best_move = entry.best_move.or(slot.best_move);
                return;
            }
            *slot = entry;
            return;
        }
        let preferred = match bucket.slots[0] {
            None => true,
            Some(old) => old.generation != generation || entry.priority() >= old.priority(),
        };
        if preferred {
            // The displaced entry still gets a second chance in the other slot.
            bucket.slots[1] = bucket.slots[0];
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

    fn exact(value: i32) -> (Value, Value) {
        (Value::heuristic(value), Value::heuristic(value))
    }

    #[test]
    fn probe_verifies_the_whole_key_and_keeps_both_tiers() {
        let mut table: TranspositionTable<u8> = TranspositionTable::new(0);
        table.new_search();
        let (lo, hi) = exact(5);
        table.store(1, Some(1), 8, false, lo, hi);
        table.store(2, Some(2), 3, false, Value::heuristic(6), Value::INFINITY);
        assert_eq!(table.probe(1).unwrap().depth, 8);
        assert_eq!(table.probe(2).unwrap().lower(), Value::heuristic(6));
        assert!(table.probe(3).is_none());
        // A deeper result for key 3 takes the preferred slot; key 1 moves down.
        table.store(3, None, 9, false, -Value::INFINITY, Value::heuristic(7));
        assert!(table.probe(3).is_some());
        assert!(table.probe(1).is_some());
        assert!(table.probe(2).is_none());
    }

    #[test]
    fn opposite_bounds_of_one_kind_merge_into_an_exact_entry() {
        let mut table: TranspositionTable<u8> = TranspositionTable::new(1);
        table.store(7, Some(1), 4, false, Value::heuristic(3), Value::INFINITY);
        table.store(7, None, 4, false, -Value::INFINITY, Value::heuristic(3));
        let entry = table.probe(7).unwrap();
        assert_eq!((entry.lower(), entry.upper()), exact(3));
        assert_eq!(entry.best_move, Some(1));
        // A different depth is a different quantity: it replaces, not merges.
        table.store(7, None, 5, false, -Value::INFINITY, Value::heuristic(9));
        let entry = table.probe(7).unwrap();
        assert_eq!((entry.lower(), entry.upper()), (-Value::INFINITY, Value::heuristic(9)));
    }

    #[test]
    fn resolved_entries_answer_deeper_searches_only_and_outrank_others() {
        let mut table: TranspositionTable<u8> = TranspositionTable::new(1);
        let (lo, hi) = exact(0);
        table.store(9, None, 4, true, lo, hi);
        let entry = table.probe(9).unwrap();
        assert!(entry.usable_at(4) && entry.usable_at(10) && !entry.usable_at(3));
        table.store(9, Some(2), 12, false, Value::heuristic(1), Value::INFINITY);
        let entry = table.probe(9).unwrap();
        assert!(entry.resolved && entry.best_move == Some(2));
        table.store(10, None, 4, false, lo, hi);
        let entry = table.probe(10).unwrap();
        assert!(entry.usable_at(4) && !entry.usable_at(5));
    }
}
