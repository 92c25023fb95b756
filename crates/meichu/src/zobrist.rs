//! Zobrist keys, computed at compile time.
//!
//! One key per (colour, soldier, square), (colour, barrier, square),
//! (colour, budget value) and one for White to move. The keys come from
//! SplitMix64 over the key's index, so they are the same in every build and
//! cost nothing at start-up. The budgets are part of the key: two positions
//! with the same board but different budgets are different games.

/// Budgets are hashed for values `0..BUDGET_VALUES`; positions keep budgets below it.
pub const BUDGET_VALUES: usize = 256;

const SOLDIER_BASE: usize = 0;
const BARRIER_BASE: usize = 2 * 81;
const BUDGET_BASE: usize = 4 * 81;
const SIDE_KEY: usize = BUDGET_BASE + 2 * BUDGET_VALUES;
const KEY_COUNT: usize = SIDE_KEY + 1;

const fn splitmix(index: u64) -> u64 {
    let mut z = index
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(0x4D45_4943_4855_0001);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn build() -> [u64; KEY_COUNT] {
    let mut keys = [0u64; KEY_COUNT];
    let mut i = 0;
    while i < KEY_COUNT {
        keys[i] = splitmix(i as u64);
        i += 1;
    }
    keys
}

static KEYS: [u64; KEY_COUNT] = build();

/// The key of a soldier of colour `color` (0 or 1) on `square`.
#[inline]
pub(crate) fn soldier(color: usize, square: usize) -> u64 {
    KEYS[SOLDIER_BASE + color * 81 + square]
}

/// The key of a barrier of colour `color` on `square`.
#[inline]
pub(crate) fn barrier(color: usize, square: usize) -> u64 {
    KEYS[BARRIER_BASE + color * 81 + square]
}

/// The key of `color` having `budget`.
#[inline]
pub(crate) fn budget(color: usize, budget: i32) -> u64 {
    KEYS[BUDGET_BASE + color * BUDGET_VALUES + budget.clamp(0, BUDGET_VALUES as i32 - 1) as usize]
}

/// The key XORed in when White is to move.
#[inline]
pub(crate) fn white_to_move() -> u64 {
    KEYS[SIDE_KEY]
}
