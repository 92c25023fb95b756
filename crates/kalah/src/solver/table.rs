//! The solver's transposition table: exact keys in 8-byte entries.
//!
//! A key is the packed holes of a mover-first position (5 bits per hole on
//! 6 holes). It goes through a bijective scramble whose low bits pick a
//! bucket of eight entries (one 64-byte cache line, so a probe costs at most
//! one miss) and whose other bits, the quotient, are stored in the entry:
//! bucket index and quotient give the key back, so a hit is exact with no
//! key stored beside the data (after CMancala). An entry is one atomic word,
//! read and written whole with relaxed atomics, so threads share the table
//! without locks and an entry is never torn.
//!
//! The search is exact, so a stored bound stays valid for ever: a lower and
//! an upper bound are merged into one entry, and the entry that cost the
//! least work to compute is the one replaced.
//!
//! This is not `search`'s table: that one stores heuristic values at a depth
//! and verifies 64-bit hashes of any game, in three words per entry; this
//! one stores exact bounds of exact keys in one word, twice the entries per
//! cache line, which is what the solver's speed depends on.

use crate::memory::huge_page_vec;
use crate::ring::{Geometry, Ring};
use search::prefetch;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// A table entry's contents: bounds on the rest of the game, the best hole
/// and the work.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    /// A lower bound (`UNBOUNDED_BELOW` when none is known).
    pub(super) lower: i32,
    /// An upper bound (`UNBOUNDED_ABOVE` when none is known).
    pub(super) upper: i32,
    /// The best hole found, `u8::MAX` for none.
    pub(super) best: u8,
    /// Bit length of the node count of the search that stored it.
    pub(super) work: u8,
}

/// No lower bound (what a fail-low search stores as its lower bound).
pub(super) const UNBOUNDED_BELOW: i32 = i16::MIN as i32;
/// No upper bound.
pub(super) const UNBOUNDED_ABOVE: i32 = i16::MAX as i32;

/// A table word: bits 0..7 the lower bound and 7..14 the upper bound (7-bit
/// two's complement; bounds beyond ±62 are stored weakened, with -64 and 63
/// meaning "none", so they stay sound on any board, and on 6×4, whose
/// values lie within ±48, they are exact), 14..18 the best hole (15: none),
/// 18..23 the work (saturating), bit 23 set in every stored word (an empty
/// slot is all zero), and 24..64 the key's quotient (see [`Place`]).
const QUOTIENT_SHIFT: u32 = 24;
/// Bits left for the quotient of the scrambled key.
const QUOTIENT_BITS: u32 = 64 - QUOTIENT_SHIFT;
const OCCUPIED: u64 = 1 << (QUOTIENT_SHIFT - 1);

impl Entry {
    /// The table word of this entry for a key with this `quotient`.
    #[inline]
    fn pack(self, quotient: u64) -> u64 {
        let lower = if self.lower <= -64 {
            -64
        } else {
            self.lower.min(62)
        };
        let upper = if self.upper >= 63 {
            63
        } else {
            self.upper.max(-63)
        };
        (lower as u64 & 0x7F)
            | (upper as u64 & 0x7F) << 7
            | u64::from(self.best.min(15)) << 14
            | u64::from(self.work.min(31)) << 18
            | OCCUPIED
            | quotient << QUOTIENT_SHIFT
    }

    /// The entry of a stored word.
    #[inline]
    fn unpack(word: u64) -> Entry {
        // Sign-extend the two 7-bit fields.
        let lower = ((word as i32) << 25) >> 25;
        let upper = (((word >> 7) as i32) << 25) >> 25;
        let best = ((word >> 14) & 15) as u8;
        Entry {
            lower: if lower == -64 { UNBOUNDED_BELOW } else { lower },
            upper: if upper == 63 { UNBOUNDED_ABOVE } else { upper },
            best: if best == 15 { u8::MAX } else { best },
            work: ((word >> 18) & 31) as u8,
        }
    }
}

/// One 8-byte entry: a single word, read and written whole (relaxed
/// atomics: plain moves on x86-64), so it can never be torn. Every stored
/// bound is exact, whoever stored it, so threads never need to agree on
/// anything else.
#[derive(Default)]
struct Slot(AtomicU64);

impl Slot {
    /// The entry stored here for the key of `place`, if any.
    #[inline]
    fn get(&self, place: &Place) -> Option<Entry> {
        let word = self.0.load(Relaxed);
        (word >> (QUOTIENT_SHIFT - 1) == (place.quotient << 1 | 1)).then(|| Entry::unpack(word))
    }

    #[inline]
    fn set(&self, place: &Place, entry: Entry) {
        self.0.store(entry.pack(place.quotient), Relaxed);
    }

    /// The work of whatever entry is stored here (0 when empty).
    #[inline]
    fn work(&self) -> u8 {
        Entry::unpack(self.0.load(Relaxed)).work
    }
}

/// Where a key lives in the table: its bucket, and the part of its
/// scrambled value that the bucket index does not give (kept in the word).
#[derive(Clone, Copy)]
pub(super) struct Place {
    /// The packed holes.
    pub(super) key: u64,
    index: usize,
    quotient: u64,
}

/// Entries per table bucket: eight 8-byte entries fill one 64-byte cache
/// line, so a probe costs at most one cache miss.
const BUCKET: usize = 8;

/// One cache line of the transposition table.
#[derive(Default)]
#[repr(C, align(64))]
struct Bucket([Slot; BUCKET]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// A bijection of the `bits`-bit numbers (two odd multiplications and two
/// xor-shifts, each invertible modulo `2^bits`) that spreads packed keys
/// over the table: its low bits index the bucket, the rest is the quotient.
#[inline]
fn scramble(key: u64, bits: u32) -> u64 {
    let mask = if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let shift = bits.div_ceil(2).max(1);
    let mut x = key.wrapping_mul(0x9E37_79B9_7F4A_7C15) & mask;
    x ^= x >> shift;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9) & mask;
    x ^ (x >> shift)
}

/// The table: a main part and, optionally, a small near-leaf part for
/// positions with few beans, in one allocation on huge pages.
pub(super) struct Table {
    /// The main table's buckets, then the near-leaf table's.
    buckets: Vec<Bucket>,
    shape: Shape,
}

/// How keys map into a [`Table`].
#[derive(Clone, Copy)]
struct Shape {
    /// The holes of one side, which the keys pack.
    geometry: Geometry,
    main_mask: usize,
    near_mask: usize,
    /// Positions with fewer beans go to the near-leaf part.
    near_beans: i32,
    /// Bits per hole of the keys: a hole with more beans is not cached.
    key_bits: u32,
}

impl Table {
    /// A table of `2^log2` entries for boards of `geometry`, plus a near-leaf
    /// part of `2^near_log2` entries for positions with fewer than
    /// `near_beans` beans (none when `near_beans` is 0; the part is
    /// allocated anyway, as the offset of its first bucket).
    pub(super) fn new(geometry: Geometry, log2: u32, near_log2: u32, near_beans: u32) -> Table {
        let main = (1usize << log2) / BUCKET;
        let near = (1usize << near_log2) / BUCKET;
        // Keys must come back exactly from bucket index and quotient:
        // `2n × bits − log2(buckets) <= QUOTIENT_BITS` for the smaller part
        // in use (6 holes: 5 bits, holes up to 31 beans, from 2^20 buckets
        // up). Fuller holes are not cached.
        let index_bits = if near_beans > 0 {
            main.min(near).trailing_zeros()
        } else {
            main.trailing_zeros()
        };
        let holes = 2 * geometry.n as u32;
        let key_bits = geometry
            .key_bits_per_hole()
            .min((QUOTIENT_BITS + index_bits) / holes);
        Table {
            buckets: huge_page_vec(main + near, Bucket::default),
            shape: Shape {
                geometry,
                main_mask: main - 1,
                near_mask: near - 1,
                near_beans: near_beans as i32,
                key_bits,
            },
        }
    }

    /// The table as the search threads read and write it.
    pub(super) fn view(&self) -> TableView<'_> {
        TableView {
            buckets: &self.buckets,
            shape: self.shape,
        }
    }
}

/// A [`Table`] as one search thread holds it: a plain copy of the slice and
/// the masks, so a probe reads no pointer but the bucket's.
#[derive(Clone, Copy)]
pub(super) struct TableView<'a> {
    buckets: &'a [Bucket],
    shape: Shape,
}

impl TableView<'_> {
    /// Where the position `ring` with `beans` beans on the board lives, if
    /// its holes fit the key width.
    #[inline]
    pub(super) fn locate(&self, ring: Ring, beans: i32) -> Option<Place> {
        let shape = &self.shape;
        let key = shape.geometry.key_with(ring, shape.key_bits)?;
        let hash = scramble(key, 2 * shape.geometry.n as u32 * shape.key_bits);
        let (index, quotient) = if beans < shape.near_beans {
            (
                shape.main_mask + 1 + (hash as usize & shape.near_mask),
                hash >> shape.near_mask.count_ones(),
            )
        } else {
            (
                hash as usize & shape.main_mask,
                hash >> shape.main_mask.count_ones(),
            )
        };
        Some(Place {
            key,
            index,
            quotient,
        })
    }

    /// Starts loading the bucket of `place` into the cache.
    #[inline]
    pub(super) fn prefetch(&self, place: &Place) {
        prefetch(&self.buckets[place.index]);
    }

    /// The entry for the key of `place` and its slot, if any.
    #[inline]
    pub(super) fn probe(&self, place: &Place) -> Option<(usize, Entry)> {
        let bucket = &self.buckets[place.index].0;
        (bucket.iter().enumerate()).find_map(|(i, slot)| slot.get(place).map(|e| (i, e)))
    }

    /// The entry for the key of `place`, if any.
    #[inline]
    pub(super) fn get(&self, place: &Place) -> Option<Entry> {
        (self.buckets[place.index].0.iter()).find_map(|slot| slot.get(place))
    }

    /// Stores bounds for the key of `place`: merged into its entry if the
    /// probe found it in slot `at` and it is still there, else in place of
    /// the entry that cost the least work to compute. A position never
    /// recurs below itself (with no bean reaching a pot, each sowing moves
    /// the mover's beans forward), so a key the probe missed is still
    /// missing, but for another thread's store: a duplicate then, which
    /// costs a slot, never a wrong bound.
    #[inline]
    pub(super) fn store(&self, place: &Place, at: usize, new: Entry) {
        let bucket = &self.buckets[place.index].0;
        if let Some((slot, mut e)) = bucket
            .get(at)
            .and_then(|slot| Some((slot, slot.get(place)?)))
        {
            e.lower = e.lower.max(new.lower);
            e.upper = e.upper.min(new.upper);
            e.best = new.best;
            e.work = e.work.max(new.work);
            slot.set(place, e);
            return;
        }
        let mut victim = 0;
        let mut least = bucket[0].work();
        for (i, slot) in bucket.iter().enumerate().skip(1) {
            let work = slot.work();
            if work <= least {
                (victim, least) = (i, work);
            }
        }
        bucket[victim].set(place, new);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn the_key_scramble_is_a_bijection_of_its_width() {
        for bits in [8u32, 10, 12] {
            let mut seen = vec![false; 1 << bits];
            for key in 0..1u64 << bits {
                let h = scramble(key, bits);
                assert!(h < 1 << bits, "{bits} bits: {key} -> {h}");
                assert!(!seen[h as usize], "{bits} bits: {key} collides");
                seen[h as usize] = true;
            }
        }
        // Wide keys stay within their width.
        for key in [0u64, 1, 0x0FFF_FFFF_FFFF_FFFF, 0x0123_4567_89AB_CDEF] {
            assert!(scramble(key & ((1 << 60) - 1), 60) < 1 << 60);
        }
    }

    #[test]
    fn table_words_keep_bounds_exact_within_62_and_sound_beyond() {
        let quotient = (1u64 << QUOTIENT_BITS) - 1;
        for (lower, upper) in [
            (-48, 48),
            (0, 0),
            (-62, 62),
            (UNBOUNDED_BELOW, 7),
            (-9, UNBOUNDED_ABOVE),
        ] {
            for best in [0u8, 7, u8::MAX] {
                let e = Entry {
                    lower,
                    upper,
                    best,
                    work: 40,
                };
                let back = Entry::unpack(e.pack(quotient));
                assert_eq!(
                    (back.lower, back.upper, back.best, back.work),
                    (lower, upper, best, 31)
                );
            }
        }
        // Beyond ±62 a bound is weakened, never strengthened.
        let e = Entry::unpack(
            Entry {
                lower: 90,
                upper: -90,
                best: 0,
                work: 0,
            }
            .pack(0),
        );
        assert!(e.lower <= 90 && e.upper >= -90);
        // An empty slot matches no key, and another quotient does not match.
        let place = Place {
            key: 0,
            index: 0,
            quotient: 5,
        };
        let slot = Slot::default();
        assert!(slot.get(&place).is_none());
        slot.set(
            &place,
            Entry {
                lower: 1,
                upper: 3,
                best: 2,
                work: 9,
            },
        );
        assert_eq!(slot.get(&place).map(|e| (e.lower, e.upper)), Some((1, 3)));
        assert!(slot
            .get(&Place {
                quotient: 4,
                ..place
            })
            .is_none());
    }

    #[test]
    fn stored_bounds_merge_and_the_cheapest_entry_is_replaced() {
        let geometry = Geometry::new(2, Rules::Standard);
        let table = Table::new(geometry, 10, 10, 0);
        let view = table.view();
        let mut ring = Ring::default();
        ring.set(0, 3);
        let place = view.locate(ring, 3).expect("small holes fit");
        let entry = |lower, upper, work| Entry {
            lower,
            upper,
            best: 1,
            work,
        };
        assert!(view.probe(&place).is_none());
        view.store(&place, usize::MAX, entry(-1, UNBOUNDED_ABOVE, 4));
        let (at, found) = view.probe(&place).expect("stored");
        assert_eq!((found.lower, found.upper), (-1, UNBOUNDED_ABOVE));
        view.store(&place, at, entry(UNBOUNDED_BELOW, 1, 2));
        let merged = view.get(&place).expect("still there");
        assert_eq!((merged.lower, merged.upper, merged.work), (-1, 1, 4));
    }
}
