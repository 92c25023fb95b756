//! The transposition table: two-slot buckets, full-key verification,
//! depth-preferred plus always-replace, safe to share between threads.
//!
//! CITE: two-tier replacement after Breuker, Uiterwijk & van den Herik,
//! "Replacement Schemes for Transposition Tables", ICCA Journal 17(4), 1994.
//! Lock-free sharing after Hyatt & Mann, "A lock-less transposition table
//! implementation for parallel search chess engines", ICGA Journal 25(1), 2002.
//!
//! Each bucket holds a *depth-preferred* slot, overwritten only by a result
//! at least as valuable (deeper, proven exact, or from a newer search), and
//! an *always-replace* slot that takes everything else. Entries keep the
//! whole 64-bit key, so a probe never returns another position's entry
//! unless two positions share a key.
//!
//! # Sharing between threads
//! A slot is three `AtomicU64` words: a check word, the two bounds, and the
//! rest (depth, best move, flags). The check word is the key XORed with a
//! mix of the two data words. Threads read and write the words with relaxed
//! atomics (plain moves on x86-64), so two writers may interleave and leave a
//! slot whose words come from different entries; such a torn slot decodes to
//! a key that matches no probe (except with the ~2⁻⁶⁴ chance of a 64-bit key
//! collision, the same risk every hashed table takes), so it is treated as
//! empty. A torn slot can therefore never lend its bounds or its move to
//! another position. The best move is stored as its index in the position's
//! legal-move list, so any game's move type fits, and the search only uses
//! an index below the number of legal moves.

use crate::Value;
use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// "No best move" in an entry.
const NO_MOVE: u16 = u16::MAX;
const RESOLVED_BIT: u64 = 1 << 40;
const OCCUPIED_BIT: u64 = 1 << 41;

/// One stored search result: bounds on the value of a position.
///
/// An entry keeps a lower and an upper bound together. Null-window searches
/// of a position whose value is exactly V prove "≥ V" and "≤ V" in turn; with
/// a single bound per entry each proof would overwrite the other and the
/// subtree would be searched again and again (a 1000×1000 Red-Blue Nim solve
/// took 250 M nodes that way, 1.6 M with both bounds kept). Kept together
/// they make the entry exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    pub key: u64,
    /// The best move's index in the position's legal-move list.
    pub best_move: Option<u16>,
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

impl Entry {
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
    fn same_kind(&self, other: &Entry) -> bool {
        self.key == other.key
            && self.resolved == other.resolved
            && (self.resolved || self.depth == other.depth)
    }

    fn priority(&self) -> u32 {
        u32::from(self.depth) + if self.resolved { 1 << 16 } else { 0 }
    }

    /// The two data words.
    #[inline]
    fn pack(&self) -> (u64, u64) {
        let bounds = u64::from(self.lower as u32) | (u64::from(self.upper as u32) << 32);
        let rest = u64::from(self.depth)
            | (u64::from(self.best_move.unwrap_or(NO_MOVE)) << 16)
            | (u64::from(self.generation) << 32)
            | if self.resolved { RESOLVED_BIT } else { 0 }
            | OCCUPIED_BIT;
        (bounds, rest)
    }

    /// Decodes the words of a slot (`None` for an empty slot).
    #[inline]
    fn unpack(check: u64, bounds: u64, rest: u64) -> Option<Entry> {
        if rest & OCCUPIED_BIT == 0 {
            return None;
        }
        let best_move = (rest >> 16) as u16;
        Some(Entry {
            key: check ^ seal(bounds, rest),
            best_move: (best_move != NO_MOVE).then_some(best_move),
            lower: bounds as u32 as i32,
            upper: (bounds >> 32) as u32 as i32,
            depth: rest as u16,
            resolved: rest & RESOLVED_BIT != 0,
            generation: (rest >> 32) as u8,
        })
    }
}

/// The mix of an entry's data words that is XORed into its key.
#[inline]
fn seal(bounds: u64, rest: u64) -> u64 {
    (bounds ^ rest.rotate_left(23)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// One slot: check word (key ^ seal), bounds, rest.
#[derive(Default)]
struct Slot([AtomicU64; 3]);

impl Slot {
    #[inline]
    fn load(&self) -> Option<Entry> {
        let [check, bounds, rest] = &self.0;
        Entry::unpack(
            check.load(Relaxed),
            bounds.load(Relaxed),
            rest.load(Relaxed),
        )
    }

    /// Loads the entry only if it is `key`'s (most probes miss: they skip
    /// the decoding).
    #[inline]
    fn load_for(&self, key: u64) -> Option<Entry> {
        let [check, bounds, rest] = &self.0;
        let (check, bounds, rest) = (
            check.load(Relaxed),
            bounds.load(Relaxed),
            rest.load(Relaxed),
        );
        if rest & OCCUPIED_BIT == 0 || check ^ seal(bounds, rest) != key {
            return None;
        }
        Entry::unpack(check, bounds, rest)
    }

    #[inline]
    fn save(&self, entry: Option<Entry>) {
        let [check, bounds, rest] = &self.0;
        match entry {
            Some(entry) => {
                let (b, r) = entry.pack();
                check.store(entry.key ^ seal(b, r), Relaxed);
                bounds.store(b, Relaxed);
                rest.store(r, Relaxed);
            }
            None => {
                rest.store(0, Relaxed);
                check.store(0, Relaxed);
                bounds.store(0, Relaxed);
            }
        }
    }
}

#[derive(Default)]
struct Bucket {
    slots: [Slot; 2],
}

impl Bucket {
    #[inline]
    fn load(&self) -> [Option<Entry>; 2] {
        [self.slots[0].load(), self.slots[1].load()]
    }
}

/// A fixed-size table of search results keyed by position hash, shared by
/// every thread of a search (all methods take `&self`).
pub(crate) struct TranspositionTable {
    buckets: Vec<Bucket>,
    shift: u32,
    generation: AtomicU8,
}

impl fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("capacity", &self.capacity())
            .finish_non_exhaustive()
    }
}

impl TranspositionTable {
    /// Allocates a table of at most `mib` MiB (a power-of-two number of
    /// buckets, at least one).
    pub fn new(mib: usize) -> TranspositionTable {
        let bytes = mib.saturating_mul(1 << 20);
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let table = TranspositionTable {
            buckets: (0..count).map(|_| Bucket::default()).collect(),
            shift: 64 - count.trailing_zeros(),
            generation: AtomicU8::new(0),
        };
        // Write every slot now: a zeroed allocation may come as pages the
        // system maps on first touch, and page faults inside a parallel
        // search serialise the threads (MeiChu, depth 7, 64 MiB table:
        // 2 threads were 1.1-1.2x faster than 1 with the faults, 1.7-2.0x
        // with a 16 MiB table that faulted less; 256 MiB: 2 threads slower
        // than 1).
        table.clear();
        table
    }

    /// Returns the number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * 2
    }

    /// Marks the start of a new search: older entries become first to go.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for bucket in &self.buckets {
            for slot in &bucket.slots {
                slot.save(None);
            }
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Fibonacci hashing: the top bits of a multiplicative mix, so that
        // keys that are perfect indices (small, structured) spread too.
        let index = if self.shift >= 64 {
            0
        } else {
            (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
        };
        &self.buckets[index]
    }

    /// Looks `key` up for a search of `depth` remaining plies: returns the
    /// stored entry whose bounds may answer it, if any, and the index of the
    /// best move stored for the position, if any.
    #[inline]
    pub fn probe(&self, key: u64, depth: u32) -> (Option<Entry>, Option<u16>) {
        let mut usable = None;
        let mut best_move = None;
        for entry in self
            .bucket(key)
            .slots
            .iter()
            .filter_map(|slot| slot.load_for(key))
        {
            if entry.usable_at(depth) {
                usable = Some(entry);
            }
            best_move = best_move.or(entry.best_move);
        }
        (usable, best_move)
    }

    /// Returns any entry stored for `key` (the first found), for tests.
    #[cfg(test)]
    pub fn find(&self, key: u64) -> Option<Entry> {
        self.bucket(key)
            .load()
            .into_iter()
            .flatten()
            .find(|entry| entry.key == key)
    }

    /// Stores bounds (relative to the node) on the value of position `key`.
    ///
    /// Bounds of the same kind (see [`Entry::usable_at`]) already stored for
    /// the position are merged in: the result keeps the tighter of each. A
    /// resolved entry and a depth-limited one of the same position may live
    /// side by side, since each answers searches the other cannot. Another
    /// thread storing into the same bucket at the same moment may make this
    /// store (or its own) lost or torn: either way only a result is lost.
    #[inline]
    pub fn store(
        &self,
        key: u64,
        best_move: Option<u16>,
        depth: u32,
        resolved: bool,
        lower: Value,
        upper: Value,
    ) {
        let generation = self.generation.load(Relaxed);
        let bucket = self.bucket(key);
        let slots = bucket.load();
        let mut entry = Entry {
            key,
            best_move,
            lower: lower.raw(),
            upper: upper.raw(),
            depth: depth.min(u32::from(u16::MAX)) as u16,
            resolved,
            generation,
        };
        let same_key = |slot: &Option<Entry>| slot.is_some_and(|old| old.key == key);
        let target = match (same_key(&slots[0]), same_key(&slots[1])) {
            (false, false) => {
                let preferred = match slots[0] {
                    None => true,
                    Some(old) => old.generation != generation || entry.priority() >= old.priority(),
                };
                if preferred {
                    // The displaced entry gets a second chance in the other slot.
                    bucket.slots[1].save(slots[0]);
                    0
                } else {
                    1
                }
            }
            (true, false) | (false, true) => {
                let i = usize::from(same_key(&slots[1]));
                let old = slots[i].expect("matched");
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
                let olds = [slots[0].expect("matched"), slots[1].expect("matched")];
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
        bucket.slots[target].save(Some(entry));
    }
}

/// Tightens `entry`'s bounds with `old`'s (both of the same kind), unless
/// they contradict each other (a key collision), in which case `entry` wins.
fn merge(entry: &mut Entry, old: &Entry) {
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
        // Three words per slot, two slots per bucket.
        assert_eq!(std::mem::size_of::<Bucket>(), 48);
    }

    #[test]
    fn entries_survive_packing() {
        let entry = Entry {
            key: 0xDEAD_BEEF_0123_4567,
            best_move: Some(17),
            lower: -Value::INFINITY.raw(),
            upper: 12,
            depth: 9,
            resolved: true,
            generation: 200,
        };
        let slot = Slot::default();
        assert_eq!(slot.load(), None);
        slot.save(Some(entry));
        assert_eq!(slot.load(), Some(entry));
        let no_move = Entry {
            best_move: None,
            resolved: false,
            ..entry
        };
        slot.save(Some(no_move));
        assert_eq!(slot.load(), Some(no_move));
    }

    #[test]
    fn a_torn_slot_matches_neither_key() {
        let a = Entry {
            key: 0x1234_5678_9ABC_DEF0,
            best_move: Some(1),
            lower: 3,
            upper: 3,
            depth: 4,
            resolved: false,
            generation: 1,
        };
        let b = Entry {
            key: 0x0FED_CBA9_8765_4321,
            best_move: Some(2),
            lower: -7,
            upper: 50,
            depth: 6,
            resolved: false,
            generation: 1,
        };
        let (ab, ar) = a.pack();
        let (bb, br) = b.pack();
        let check_a = a.key ^ seal(ab, ar);
        let check_b = b.key ^ seal(bb, br);
        // Every mix of words from the two writes but the two whole ones.
        for (check, bounds, rest) in [
            (check_a, bb, br),
            (check_a, ab, br),
            (check_a, bb, ar),
            (check_b, ab, ar),
            (check_b, bb, ar),
            (check_b, ab, br),
        ] {
            let torn = Entry::unpack(check, bounds, rest).expect("occupied");
            assert_ne!(torn.key, a.key);
            assert_ne!(torn.key, b.key);
        }
    }

    #[test]
    fn threads_storing_at_once_never_corrupt_an_entry() {
        // Four threads hammer one bucket with entries whose bounds encode
        // their key; every entry read back must be one that was written.
        let table = TranspositionTable::new(0);
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    for i in 0..20_000u64 {
                        let key = (thread << 32) | (i % 64);
                        let v = Value::heuristic((key % 1000) as i32);
                        table.store(key, Some((key % 100) as u16), 3, false, v, v);
                        let probe = (((i * 7) % 4) << 32) | ((i * 13) % 64);
                        if let Some(entry) = table.find(probe) {
                            let expected = Value::heuristic((probe % 1000) as i32);
                            assert_eq!(entry.lower(), expected);
                            assert_eq!(entry.upper(), expected);
                            assert_eq!(entry.best_move, Some((probe % 100) as u16));
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn size_is_a_power_of_two_within_the_budget() {
        let table = TranspositionTable::new(1);
        assert!(table.buckets.len().is_power_of_two());
        assert!(table.buckets.len() * std::mem::size_of::<Bucket>() <= 1 << 20);
        let tiny = TranspositionTable::new(0);
        assert_eq!(tiny.capacity(), 2);
    }

    fn exact(value: i32) -> (Value, Value) {
        (Value::heuristic(value), Value::heuristic(value))
    }

    #[test]
    fn probe_verifies_the_whole_key_and_keeps_both_tiers() {
        let table = TranspositionTable::new(0);
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
        let table = TranspositionTable::new(1);
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
        let table = TranspositionTable::new(1);
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
