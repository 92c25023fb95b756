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

    /// Looks `key` up for a search of `depth` remaining plies: returns the
    /// stored entry whose bounds may answer it, if any, and the best move
    /// stored for the position, if any.
    #[inline]
    pub fn probe(&self, key: u64, depth: u32) -> (Option<Entry<M>>, Option<M>) {
        let bucket = &self.buckets[self.index(key)];
        let mut usable = None;
        let mut best_move = None;
        for entry in bucket
            .slots
            .iter()
            .flatten()
            .filter(|entry| entry.key == key)
        {
            if entry.usable_at(depth) {
                usable = Some(*entry);
            }
            best_move = best_move.or(entry.best_move);
        }
        (usable, best_move)
    }

    /// Returns any entry stored for `key` (the first found), for tests.
    #[cfg(test)]
    #[inline]
    pub fn find(&self, key: u64) -> Option<Entry<M>> {
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
    /// the position are merged in: the result keeps the tighter of each. A
    /// resolved entry and a depth-limited one of the same position may live
    /// side by side, since each answers searches the other cannot.
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
        let same_key = |slot: &Option<Entry<M>>| slot.is_some_and(|old| old.key == key);
        let target = match (same_key(&bucket.slots[0]), same_key(&bucket.slots[1])) {
            (false, false) => {
                let preferred = match bucket.slots[0] {
                    None => true,
                    Some(old) => old.generation != generation || entry.priority() >= old.priority(),
                };
                if preferred {
                    // The displaced entry gets a second chance in the other slot.
                    bucket.slots[1] = bucket.slots[0];
                    0
                } else {
                    1
                }
            }
            (true, false) | (false, true) => {
                let i = usize::from(same_key(&bucket.slots[1]));
                let old = bucket.slots[i].expect("matched");
                if entry.best_move.is_none() {
                    // Keep a known best move when the new result has none (a fail-low).
                    entry.best_move = old.best_move;
                }
                if old.same_kind(&entry) {
                    merge(&mut entry, &old);
                    i
                } else if old.resolved && !entry.resolved {
                    // Keep the resolved entry; the depth-limited one goes beside it.
                    1 - i
                } else {
                    i
                }
            }
            (true, true) => {
                let olds = [
                    bucket.slots[0].expect("matched"),
                    bucket.slots[1].expect("matched"),
                ];
                if entry.best_move.is_none() {
                    entry.best_move = olds[0].best_move.or(olds[1].best_move);
                }
                match olds.iter().position(|old| old.same_kind(&entry)) {
                    Some(i) => {
                        merge(&mut entry, &olds[i]);
                        i
                    }
                    // Replace the entry of the new one's kind: the
                    // depth-limited one, unless the new one is resolved.
                    None => olds
                        .iter()
                        .position(|old| old.resolved == entry.resolved)
                        .unwrap_or(1),
                }
            }
        };
        bucket.slots[target] = Some(entry);
    }
}

/// Tightens `entry`'s bounds with `old`'s (both of the same kind), unless
/// they contradict each other (a key collision), in which case `entry` wins.
fn merge<M>(entry: &mut Entry<M>, old: &Entry<M>) {
    let lower = entry.lower.max(old.lower);
    let upper = entry.upper.min(old.upper);
    if lower <= upper {
        entry.lower = lower;
        entry.upper = upper;
        entry.depth = entry.depth.max(old.depth);
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
        assert_eq!(table.find(1).unwrap().depth, 8);
        assert_eq!(table.find(2).unwrap().lower(), Value::heuristic(6));
        assert!(table.find(3).is_none());
        // A deeper result for key 3 takes the preferred slot; key 1 moves down.
        table.store(3, None, 9, false, -Value::INFINITY, Value::heuristic(7));
        assert!(table.find(3).is_some());
        assert!(table.find(1).is_some());
        assert!(table.find(2).is_none());
    }

    #[test]
    fn opposite_bounds_of_one_kind_merge_into_an_exact_entry() {
        let mut table: TranspositionTable<u8> = TranspositionTable::new(1);
        table.store(7, Some(1), 4, false, Value::heuristic(3), Value::INFINITY);
        table.store(7, None, 4, false, -Value::INFINITY, Value::heuristic(3));
        let entry = table.find(7).unwrap();
        assert_eq!((entry.lower(), entry.upper()), exact(3));
        assert_eq!(entry.best_move, Some(1));
        // A different depth is a different quantity: it replaces, not merges.
        table.store(7, None, 5, false, -Value::INFINITY, Value::heuristic(9));
        let entry = table.find(7).unwrap();
        assert_eq!(
            (entry.lower(), entry.upper()),
            (-Value::INFINITY, Value::heuristic(9))
        );
    }

    #[test]
    fn resolved_entries_answer_deeper_searches_only_and_live_beside_others() {
        let mut table: TranspositionTable<u8> = TranspositionTable::new(1);
        let (lo, hi) = exact(0);
        table.store(9, None, 4, true, lo, hi);
        let entry = table.find(9).unwrap();
        assert!(entry.usable_at(4) && entry.usable_at(10) && !entry.usable_at(3));
        // A depth-limited result of the same position lives beside it.
        table.store(9, Some(2), 3, false, Value::heuristic(1), Value::INFINITY);
        let (usable, best_move) = table.probe(9, 3);
        assert!(!usable.unwrap().resolved);
        assert_eq!(best_move, Some(2));
        assert!(table.probe(9, 7).0.unwrap().resolved);
        assert!(table.probe(9, 2).0.is_none());
        table.store(10, None, 4, false, lo, hi);
        let entry = table.find(10).unwrap();
        assert!(entry.usable_at(4) && !entry.usable_at(5));
    }
}
