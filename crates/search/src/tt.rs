//! The transposition table: three-slot buckets of one cache line each,
//! full-key verification, depth-preferred plus always-replace, safe to share
//! between threads.
//!
//! CITE: two-tier replacement after Breuker, Uiterwijk & van den Herik,
//! "Replacement Schemes for Transposition Tables", ICCA Journal 17(4), 1994.
//! Lock-free sharing after Hyatt & Mann, "A lock-less transposition table
//! implementation for parallel search chess engines", ICGA Journal 25(1), 2002.
//!
//! Each bucket holds a *depth-preferred* slot, overwritten only by a result
//! at least as valuable (deeper, proven exact, or from a newer search), and
//! two *always-replace* slots that take everything else (the emptier, older
//! or shallower one goes). A bucket is 64 bytes aligned to 64, so a probe
//! reads one cache line. Entries keep the whole 64-bit key, so a probe never
//! returns another position's entry unless two positions share a key.
//!
//! # Sharing between threads
//! A slot is a check word, a bounds word (the two bounds) and 42 bits of meta
//! data (depth, best move, generation, flags) in two words the bucket's
//! slots share. The check word is the key XORed with a mix of the bounds and
//! the meta data. Threads read and write the words with relaxed atomics
//! (plain moves on x86-64), so two writers may interleave and leave a slot
//! whose words come from different entries (a writer of one slot may even
//! put back another slot's old meta bits); such a torn slot decodes to a key
//! that matches no probe (except with the ~2⁻⁶⁴ chance of a 64-bit key
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
/// Slots per bucket: three fill one 64-byte cache line.
const SLOTS: usize = 3;
/// The high part of a slot's meta data: generation (8 bits), resolved, occupied.
const HIGH_BITS: u32 = 10;
const RESOLVED_BIT: u64 = 1 << 8;
const OCCUPIED_BIT: u64 = 1 << 9;
const HIGH_MASK: u64 = (1 << HIGH_BITS) - 1;

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
        priority(self.depth, self.resolved)
    }

    /// The data words: the bounds, and the meta data (depth and best move
    /// in the low 32 bits, generation and flags in the high [`HIGH_BITS`]).
    #[inline]
    fn pack(&self) -> (u64, u64) {
        let bounds = u64::from(self.lower as u32) | (u64::from(self.upper as u32) << 32);
        let low = u64::from(self.depth) | (u64::from(self.best_move.unwrap_or(NO_MOVE)) << 16);
        let high = u64::from(self.generation)
            | if self.resolved { RESOLVED_BIT } else { 0 }
            | OCCUPIED_BIT;
        (bounds, low | (high << 32))
    }

    /// Decodes the bounds and meta words of an occupied slot known to hold
    /// `key`'s entry.
    #[inline]
    fn decode(key: u64, bounds: u64, meta: u64) -> Entry {
        let high = meta >> 32;
        let best_move = (meta >> 16) as u16;
        Entry {
            key,
            best_move: (best_move != NO_MOVE).then_some(best_move),
            lower: bounds as u32 as i32,
            upper: (bounds >> 32) as u32 as i32,
            depth: meta as u16,
            resolved: high & RESOLVED_BIT != 0,
            generation: high as u8,
        }
    }

    /// Decodes the words of a slot (`None` for an empty slot).
    #[inline]
    fn unpack(check: u64, bounds: u64, meta: u64) -> Option<Entry> {
        let high = meta >> 32;
        if high & OCCUPIED_BIT == 0 {
            return None;
        }
        Some(Entry::decode(check ^ seal(bounds, meta), bounds, meta))
    }
}

/// A result's worth when a slot must be given up: its depth, a resolved
/// result just ahead of a depth-limited one of the same depth (a proof near
/// the end of the game does not outrank a deep search).
#[inline]
fn priority(depth: u16, resolved: bool) -> u32 {
    2 * u32::from(depth) + u32::from(resolved)
}

/// The mix of an entry's data words that is XORed into its key.
#[inline]
fn seal(bounds: u64, meta: u64) -> u64 {
    (bounds ^ meta.rotate_left(23)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Three slots in one cache line: for each a check word (key ^ seal) and a
/// bounds word, and the slots' meta data packed in two shared words: the low
/// 32 bits of slots 0 and 1 in `meta[0]`, of slot 2 in `meta[1]`'s low half,
/// and the three high parts side by side in `meta[1]`'s high half.
#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    checks: [AtomicU64; SLOTS],
    bounds: [AtomicU64; SLOTS],
    meta: [AtomicU64; 2],
}

impl Bucket {
    /// The meta data of every slot (low 32 bits, high part above them),
    /// from one read of the two shared words.
    #[inline]
    fn metas(&self) -> [u64; SLOTS] {
        let (word0, word1) = (self.meta[0].load(Relaxed), self.meta[1].load(Relaxed));
        let high = |i: u32| ((word1 >> (32 + HIGH_BITS * i)) & HIGH_MASK) << 32;
        [
            (word0 & 0xFFFF_FFFF) | high(0),
            (word0 >> 32) | high(1),
            (word1 & 0xFFFF_FFFF) | high(2),
        ]
    }

    /// Writes the meta data of every slot (as [`metas`](Self::metas) reads
    /// them) in one write of each shared word.
    #[inline]
    fn set_metas(&self, metas: &[u64; SLOTS]) {
        let low = |meta: u64| meta & 0xFFFF_FFFF;
        let high = |i: u32| ((metas[i as usize] >> 32) & HIGH_MASK) << (32 + HIGH_BITS * i);
        self.meta[0].store(low(metas[0]) | (low(metas[1]) << 32), Relaxed);
        self.meta[1].store(low(metas[2]) | high(0) | high(1) | high(2), Relaxed);
    }

    /// Loads slot `i`'s entry, given the bucket's [`metas`](Self::metas).
    #[cfg(test)]
    fn load(&self, i: usize, metas: &[u64; SLOTS]) -> Option<Entry> {
        Entry::unpack(
            self.checks[i].load(Relaxed),
            self.bounds[i].load(Relaxed),
            metas[i],
        )
    }

    /// Loads slot `i`'s entry only if it is `key`'s (most probes miss: they
    /// skip the decoding).
    #[inline]
    fn load_for(&self, i: usize, key: u64, metas: &[u64; SLOTS]) -> Option<Entry> {
        let (check, bounds, meta) = (
            self.checks[i].load(Relaxed),
            self.bounds[i].load(Relaxed),
            metas[i],
        );
        if (meta >> 32) & OCCUPIED_BIT == 0 || check ^ seal(bounds, meta) != key {
            return None;
        }
        Entry::unpack(check, bounds, meta)
    }

    #[cfg(test)]
    fn load_all(&self) -> [Option<Entry>; SLOTS] {
        let metas = self.metas();
        std::array::from_fn(|i| self.load(i, &metas))
    }

    /// Writes `entry` into slot `i`. `metas` is the bucket's meta data as
    /// [`metas`](Self::metas) read it: slot `i`'s part is replaced and the
    /// two shared words are written back whole.
    #[inline]
    fn put(&self, i: usize, entry: &Entry, metas: &mut [u64; SLOTS]) {
        let (bounds, meta) = entry.pack();
        self.checks[i].store(entry.key ^ seal(bounds, meta), Relaxed);
        self.bounds[i].store(bounds, Relaxed);
        metas[i] = meta;
        self.set_metas(metas);
    }

    /// Empties every slot.
    fn empty(&self) {
        for word in self.checks.iter().chain(&self.bounds).chain(&self.meta) {
            word.store(0, Relaxed);
        }
    }

    /// Writes `entry` into slot `i`, or empties it, leaving the other slots.
    #[cfg(test)]
    fn save(&self, i: usize, entry: Option<Entry>) {
        let mut metas = self.metas();
        match entry {
            Some(entry) => self.put(i, &entry, &mut metas),
            None => {
                self.checks[i].store(0, Relaxed);
                self.bounds[i].store(0, Relaxed);
                metas[i] = 0;
                self.set_metas(&metas);
            }
        }
    }
}

/// A fixed-size table of search results keyed by position hash, shared by
/// every thread of a search (all methods take `&self`).
pub(crate) struct TranspositionTable {
    buckets: Vec<Bucket>,
    /// A key's bucket is `(mix(key) >> shift) & mask`: the top bits of the
    /// mix (`shift` is at most 63, so a one-bucket table needs no branch).
    shift: u32,
    mask: usize,
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
    /// buckets, at least one). Like any allocation, a size the system cannot
    /// grant aborts the process: programs bound the size their users ask for
    /// (the workspace's binaries take at most 4 GiB).
    pub fn new(mib: usize) -> TranspositionTable {
        // No size beyond what an allocation can describe.
        let bytes = mib.saturating_mul(1 << 20).min(isize::MAX as usize / 2);
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let table = TranspositionTable {
            buckets: (0..count).map(|_| Bucket::default()).collect(),
            shift: (64 - count.trailing_zeros()).min(63),
            mask: count - 1,
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
        self.buckets.len() * SLOTS
    }

    /// Marks the start of a new search: older entries become first to go.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for bucket in &self.buckets {
            bucket.empty();
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Fibonacci hashing: the top bits of a multiplicative mix, so that
        // keys that are perfect indices (small, structured) spread too.
        let index = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize & self.mask;
        &self.buckets[index]
    }

    /// Starts loading `key`'s bucket into the cache without waiting for it,
    /// so that a probe soon after finds it there.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::memory::prefetch(self.bucket(key));
    }

    /// Looks `key` up for a search of `depth` remaining plies: returns the
    /// stored entry whose bounds may answer it, if any, and the index of the
    /// best move stored for the position, if any.
    #[inline]
    pub fn probe(&self, key: u64, depth: u32) -> (Option<Entry>, Option<u16>) {
        let mut usable = None;
        let mut best_move = None;
        let bucket = self.bucket(key);
        let metas = bucket.metas();
        for entry in (0..SLOTS).filter_map(|i| bucket.load_for(i, key, &metas)) {
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
            .load_all()
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
        let mut entry = Entry {
            key,
            best_move,
            lower: lower.raw(),
            upper: upper.raw(),
            depth: depth.min(u32::from(u16::MAX)) as u16,
            resolved,
            generation,
        };
        // Read the bucket once, raw; a slot's key costs one multiplication,
        // and only an occupied slot's is computed. `occupied` and `mine`
        // are bit sets of slots.
        let mut metas = bucket.metas();
        let bounds: [u64; SLOTS] = std::array::from_fn(|i| bucket.bounds[i].load(Relaxed));
        let mut occupied = 0_u32;
        let mut mine = 0_u32;
        for i in 0..SLOTS {
            if (metas[i] >> 32) & OCCUPIED_BIT != 0 {
                occupied |= 1 << i;
                if bucket.checks[i].load(Relaxed) ^ seal(bounds[i], metas[i]) == key {
                    mine |= 1 << i;
                }
            }
        }
        if mine != 0 {
            // The position's own entries: one of the same kind takes the
            // merged bounds; otherwise the new result replaces the
            // position's depth-limited entry (of another depth, or the new
            // one is resolved).
            let mut depth_limited = None;
            for i in (0..SLOTS).filter(|&i| mine & (1 << i) != 0) {
                let old = Entry::decode(key, bounds[i], metas[i]);
                if entry.best_move.is_none() {
                    // Keep a known best move when the new result has none (a fail-low).
                    entry.best_move = old.best_move;
                }
                if old.same_kind(&entry) {
                    merge(&mut entry, &old);
                    bucket.put(i, &entry, &mut metas);
                    return;
                }
                if !old.resolved && depth_limited.is_none() {
                    depth_limited = Some(i);
                }
            }
            if let Some(i) = depth_limited {
                bucket.put(i, &entry, &mut metas);
                return;
            }
        }
        // A new position, or one whose resolved entry stays beside the new
        // depth-limited one. Slot 0 is depth-preferred: it takes the entry
        // when it is empty, from an older search, or no more valuable; its
        // old entry then gets a second chance in an always-replace slot,
        // the emptiest, oldest, then least valuable one.
        let worth = |meta: u64| priority(meta as u16, (meta >> 32) & RESOLVED_BIT != 0);
        let older = |meta: u64| (meta >> 32) as u8 != generation;
        // Emptiest, then oldest, then least valuable first.
        let rank = |i: usize| {
            if occupied & (1 << i) == 0 {
                0
            } else if older(metas[i]) {
                (1 << 20) | worth(metas[i])
            } else {
                (2 << 20) | worth(metas[i])
            }
        };
        let second = match mine & 0b110 {
            0 if rank(2) < rank(1) => Some(2),
            0 | 0b100 => Some(1),
            0b010 => Some(2),
            _ => None,
        };
        let preferred = mine & 1 == 0
            && (occupied & 1 == 0 || older(metas[0]) || entry.priority() >= worth(metas[0]));
        let slot = if preferred {
            if let (true, Some(i)) = (occupied & 1 != 0, second) {
                // Moved whole: its words keep their seal.
                bucket.checks[i].store(bucket.checks[0].load(Relaxed), Relaxed);
                bucket.bounds[i].store(bounds[0], Relaxed);
                metas[i] = metas[0];
            }
            0
        } else if let Some(i) = second {
            i
        } else {
            return;
        };
        bucket.put(slot, &entry, &mut metas);
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
    fn a_bucket_is_one_cache_line() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(std::mem::align_of::<Bucket>(), 64);
    }

    #[test]
    fn entries_survive_packing_in_every_slot() {
        let entry = |i: u64| Entry {
            key: 0xDEAD_BEEF_0123_4567 ^ i,
            best_move: Some(17 + i as u16),
            lower: -Value::INFINITY.raw(),
            upper: 12 - i as i32,
            depth: 9 + i as u16,
            resolved: i % 2 == 0,
            generation: 200 + i as u8,
        };
        let bucket = Bucket::default();
        assert_eq!(bucket.load_all(), [None; SLOTS]);
        for i in 0..SLOTS {
            bucket.save(i, Some(entry(i as u64)));
        }
        // Writing one slot's shared meta words leaves the others intact.
        assert_eq!(bucket.load_all(), [0, 1, 2].map(|i| Some(entry(i))));
        let no_move = Entry {
            best_move: None,
            resolved: false,
            ..entry(1)
        };
        bucket.save(1, Some(no_move));
        assert_eq!(
            bucket.load_all(),
            [Some(entry(0)), Some(no_move), Some(entry(2))]
        );
        bucket.save(0, None);
        assert_eq!(bucket.load_all(), [None, Some(no_move), Some(entry(2))]);
        let metas = bucket.metas();
        assert_eq!(bucket.load_for(2, entry(2).key, &metas), Some(entry(2)));
        assert_eq!(bucket.load_for(2, entry(1).key, &metas), None);
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
        assert_eq!(tiny.capacity(), SLOTS);
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
        assert!(table.find(2).is_some());
        // A shallow one goes to an always-replace slot, evicting the least deep.
        table.store(4, None, 2, false, -Value::INFINITY, Value::heuristic(7));
        assert!(table.find(4).is_some());
        assert!(table.find(2).is_none());
        assert_eq!(table.find(1).unwrap().depth, 8);
        assert_eq!(table.find(3).unwrap().depth, 9);
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
