//! A general 64-bit key mixer for hash tables and "busy" marks.

/// The golden-ratio increment of SplitMix64 (`2^64 / φ`, rounded to odd).
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// Mixes a 64-bit key so that every output bit depends on every input bit.
///
/// This is the output function of SplitMix64 (S. Vigna; D. Stafford's
/// "Mix13" finaliser) applied to `key` plus the golden-ratio increment, so
/// `mix64(0)` is not 0. It is a bijection of the 64-bit numbers: distinct
/// keys never collide, and structured keys (packed counts, small integers)
/// come out spread over all 64 bits, ready to pick a table slot from their
/// low bits or to check an entry against its key.
///
/// CITE: Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014; Stafford, "Better bit mixing", 2011.
///
/// # Examples
/// ```
/// let (a, b) = (gamecore::mix64(1), gamecore::mix64(2));
/// assert_ne!(a, b);
/// // Neighbouring keys differ in about half of their bits.
/// assert!((a ^ b).count_ones() > 16);
/// ```
#[inline]
#[must_use]
pub const fn mix64(key: u64) -> u64 {
    let mut z = key.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mix64_is_the_splitmix64_output_function() {
        // The first outputs of SplitMix64 seeded with 0 (Vigna's reference
        // `splitmix64.c`): each is the mixer applied to the state before its
        // increment.
        assert_eq!(mix64(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(mix64(GOLDEN), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn small_keys_spread_over_every_bit() {
        let mut seen_low = [false; 256];
        let mut union = 0u64;
        for key in 0..256u64 {
            let mixed = mix64(key);
            seen_low[(mixed & 0xFF) as usize] = true;
            union |= mixed;
        }
        assert_eq!(union, u64::MAX);
        // 256 keys into 256 buckets: far more than half the buckets are hit.
        assert!(seen_low.iter().filter(|&&hit| hit).count() > 128);
    }
}
