//! Zobrist keys: one random 64-bit number per (feature, value), from a seed.

use crate::rng::seeded_rng;
use rand::Rng;

/// A table of random 64-bit keys for Zobrist hashing.
///
/// A position's key is the XOR of the keys of its features (a piece on a
/// cell, a budget value, the side to move). Playing a move XORs out the
/// features it removes and XORs in the ones it adds, so the key is updated in
/// constant time (A. Zobrist, 1970, "A New Hashing Method with Application for
/// Game Playing"). The keys come from a fixed seed, so hashes are the same in
/// every run.
#[derive(Debug, Clone)]
pub struct ZobristKeys {
    keys: Vec<u64>,
}

impl ZobristKeys {
    /// Creates `count` keys from `seed`.
    pub fn new(count: usize, seed: u64) -> ZobristKeys {
        let mut rng = seeded_rng(seed);
        ZobristKeys {
            keys: (0..count).map(|_| rng.gen()).collect(),
        }
    }

    /// Returns key number `index`.
    ///
    /// # Panics
    /// Panics if `index` is not below the count given to [`new`](ZobristKeys::new).
    #[inline]
    #[track_caller]
    pub fn key(&self, index: usize) -> u64 {
        self.keys[index]
    }

    /// Returns how many keys the table holds.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Returns true when the table holds no keys.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_reproducible_and_distinct() {
        let a = ZobristKeys::new(100, 1);
        let b = ZobristKeys::new(100, 1);
        assert_eq!(a.key(42), b.key(42));
        let mut all: Vec<u64> = (0..100).map(|i| a.key(i)).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 100);
    }
}
