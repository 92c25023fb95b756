//! The one seeded random generator everything uses.

use rand::SeedableRng;

/// The random generator of the workspace: ChaCha with 8 rounds, reproducible
/// from a 64-bit seed on every platform.
///
/// Draw from it with the traits of the re-exported [`rand`](crate::rand)
/// (`use gamecore::rand::Rng;`): those of another `rand` major version do not
/// apply to it.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// Creates the generator for `seed`. The same seed gives the same stream on
/// every machine, so any game or tournament can be replayed from its seed.
pub fn seeded_rng(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// Derives an independent seed for sub-task `index` of a run seeded with `seed`
/// (one game of a tournament, one worker of a test), so that sub-tasks do not
/// share streams and the result does not depend on the order they run in.
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    // The SplitMix64 finaliser over the pair: cheap and well mixed. `mix64`
    // adds the golden increment first; taking it off keeps every seed
    // derived before the mixer was shared.
    const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;
    crate::mix64((seed ^ index.wrapping_mul(GOLDEN)).wrapping_sub(GOLDEN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn same_seed_same_stream() {
        let a: Vec<u32> = (0..4)
            .map(|_| 0)
            .scan(seeded_rng(7), |r, _: u32| Some(r.gen()))
            .collect();
        let b: Vec<u32> = (0..4)
            .map(|_| 0)
            .scan(seeded_rng(7), |r, _: u32| Some(r.gen()))
            .collect();
        assert_eq!(a, b);
        assert_ne!(derive_seed(7, 0), derive_seed(7, 1));
    }
}
