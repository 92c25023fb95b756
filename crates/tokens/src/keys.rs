//! The position key: one pseudo-random key per feature (a cell's token, a
//! player's position, score, streak and last colour, the side to move, the
//! stall counter), XORed together. The board keeps the cells' part up to
//! date as tokens come and go, and adds the few other features' keys when
//! the key is asked for.

use crate::player::PlayerState;
use gamecore::Player;

const KEY_SEED: u64 = 0x746f_6b65_6e73;

#[inline]
fn feature_key(kind: u64, value: u64) -> u64 {
    gamecore::derive_seed(KEY_SEED, (kind << 56) ^ value)
}

/// The key of cell `index` holding the packed byte `cell` (0 for an empty
/// cell, which has no key).
#[inline]
pub(crate) fn cell_key(index: usize, cell: u8) -> u64 {
    if cell == 0 {
        0
    } else {
        feature_key(1, (index as u64) << 8 | u64::from(cell))
    }
}

/// The key of player `who`'s record.
pub(crate) fn player_key(who: Player, p: &PlayerState) -> u64 {
    let seat = who.index() as u64;
    let color = p.last_color.map_or(0, |c| c.index() as u64 + 1);
    feature_key(2, seat << 16 | u64::from(p.x) << 8 | u64::from(p.y))
        ^ feature_key(3, seat << 32 | u64::from(p.score as u32))
        ^ feature_key(4, seat << 32 | u64::from(p.color_bonus as u32))
        ^ feature_key(5, seat << 8 | color)
}

/// The key of player 2 to move (player 1 to move has none).
pub(crate) fn side_key() -> u64 {
    feature_key(6, 0)
}

/// The key of the stall counter's value.
pub(crate) fn stall_key(stall: u32) -> u64 {
    feature_key(7, u64::from(stall))
}
