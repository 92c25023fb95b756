//! The compact board shared by the solver and SmartPlayer's search.
//!
//! A position is seen from the side to move ("mover first"): slots `0..n`
//! hold the mover's holes in sowing order (slot `n − 1` next to its pot),
//! slots `n..2n` the opponent's holes in the opponent's sowing order. The
//! pots are not stored: a node's value is relative to the store difference.
//! One byte per hole in a `u128` (at most 8 holes a side, 250 beans on the
//! board, so no byte ever overflows): sowing adds a run of ones to a range of
//! bytes, turning the board round swaps two halves, and side sums are one
//! multiplication, with no byte-by-byte loop and no stall between byte
//! writes and word reads.

use crate::position::Position;
use crate::rules::Rules;

/// The largest board (holes per side) the compact board holds.
pub(crate) const RING_MAX_HOLES: usize = 8;

/// The most beans on the board (pots excluded) the compact board holds.
pub(crate) const RING_MAX_BEANS: u32 = 250;

/// A byte of 1 in every one of the 16 slots.
const ONES: u128 = u128::from_le_bytes([1; 16]);

/// A mover-first board: one byte per hole (see the module docs).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Ring(u128);

impl Ring {
    /// Beans in `slot` (0..2n).
    #[inline]
    pub(crate) fn get(self, slot: usize) -> u8 {
        // A byte load: a variable shift of a `u128` costs several
        // instructions and a branch.
        self.0.to_le_bytes()[slot & 15]
    }

    /// The slots among the first `n` (at most 8) that hold beans, as bits.
    #[inline]
    pub(crate) fn occupied(self, n: usize) -> u32 {
        let bytes = self.0 as u64;
        // The top bit of each byte: set where the byte is not zero.
        let low = 0x7F7F_7F7F_7F7F_7F7Fu64;
        let tops = ((bytes & low).wrapping_add(low) | bytes) & !low;
        let mut bits = 0u32;
        for slot in 0..n.min(8) {
            bits |= (((tops >> (8 * slot + 7)) & 1) as u32) << slot;
        }
        bits
    }

    /// The 16 bytes of holes as one number (for hashing).
    #[inline]
    pub(crate) fn bits(self) -> u128 {
        self.0
    }

    /// The ring whose holes are the 16 bytes of `bits` ([`Ring::bits`]).
    #[inline]
    pub(crate) fn from_bits(bits: u128) -> Ring {
        Ring(bits)
    }

    /// Sets the beans of `slot` (0..2n).
    #[inline]
    pub(crate) fn set(&mut self, slot: usize, beans: u8) {
        let shift = 8 * slot;
        self.0 = (self.0 & !(0xFF << shift)) | (u128::from(beans) << shift);
    }
}

/// `count` (≤ 16) bytes of 1 from slot 0.
#[inline]
fn ones(count: usize) -> u128 {
    if count == 0 {
        0
    } else {
        ONES >> (8 * (16 - count))
    }
}

/// The low `n` (≤ 8) bytes of a word.
#[inline]
fn low_bytes(n: usize) -> u128 {
    if n >= 16 {
        u128::MAX
    } else {
        (1u128 << (8 * n)) - 1
    }
}

/// `lane` repeated in every other field of `step` bits of a `u128` (the
/// lower field of each pair).
#[inline]
const fn lane_mask(lane: u128, step: u32) -> u128 {
    let mut mask = 0;
    let mut at = 0;
    while at < 128 {
        mask |= lane << at;
        at += 2 * step;
    }
    mask
}

/// The sum of the bytes of `x` (the total is below 256: no carries).
#[inline]
fn byte_sum(x: u64) -> i32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32
}

/// What sowing one hole did.
#[derive(Clone, Copy, Default)]
pub(crate) struct Child {
    /// The position after the move, mover-first for whoever moves next
    /// (turned round unless the move earned an extra turn).
    pub(crate) ring: Ring,
    /// The slot sown from (0..n).
    pub(crate) hole: u8,
    /// Beans the move put in the mover's pot (sowing and capture).
    pub(crate) gain: i32,
    /// True when the last bean landed in the mover's pot.
    pub(crate) extra: bool,
    /// Beans captured (the last bean and the opposite hole's), 0 for none.
    pub(crate) captured: i32,
    /// Some(value of the rest of the game for the mover) when the game ended.
    pub(crate) terminal: Option<i32>,
    /// Move-ordering score: extra turns, then captures, then gain.
    pub(crate) order: i32,
}

/// The move-ordering score of sowing `slot`: an extra turn first (1000),
/// then a capture (500 plus the beans taken), then the beans put in the pot;
/// among moves of equal kind the hole nearest the pot first (the slot is the
/// low four bits). That tie-break matters more than any other part: with
/// the farthest hole first the solver visits several times the nodes
/// (`docs/benchmarks.md`).
#[inline]
pub(crate) fn order_score(slot: usize, extra: bool, captured: i32, gain: i32) -> i32 {
    let kind = if extra {
        1000
    } else if captured > 0 {
        500 + captured
    } else {
        gain
    };
    kind * ORDER_TIE_SPAN + slot as i32
}

/// How many slots an order score tells apart within one kind of move.
const ORDER_TIE_SPAN: i32 = 16;
const _: () = assert!(RING_MAX_HOLES <= ORDER_TIE_SPAN as usize);

/// Above every [`order_score`]: no kind of move scores more than 1000 (a
/// capture takes fewer than 500 beans, a sowing puts fewer in the pot).
pub(crate) const ORDER_SCORE_LIMIT: i32 = 1001 * ORDER_TIE_SPAN;
const _: () = assert!((RING_MAX_BEANS as i32) < 500);

/// What a sowing would do, from [`Geometry::preview`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preview {
    /// The last bean lands in the mover's pot.
    pub(crate) extra: bool,
    /// Beans captured (the last bean and the opposite hole's), 0 for none.
    pub(crate) captured: i32,
    /// Beans put in the mover's pot, capture included.
    pub(crate) gain: i32,
}

/// The rules on the compact board for one board size and variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Geometry {
    /// Holes per side.
    pub(crate) n: usize,
    /// The rule variant.
    pub(crate) rules: Rules,
    /// Bits per hole in a table key.
    bits: u32,
}

impl Geometry {
    /// The rules for `holes` (clamped to 1..=[`RING_MAX_HOLES`]) under `rules`.
    pub(crate) fn new(holes: usize, rules: Rules) -> Geometry {
        let n = holes.clamp(1, RING_MAX_HOLES);
        let bits = (64 / (2 * n as u32)).min(8);
        Geometry { n, rules, bits }
    }

    /// The mover-first ring of `position` and its beans in the holes, or
    /// `None` if the board is not this size or has more than
    /// [`RING_MAX_BEANS`] beans in play.
    pub(crate) fn ring_of(&self, position: &Position) -> Option<(Ring, u32)> {
        let board = position.board();
        let n = board.holes();
        let beans = board.beans_in_all_holes();
        if n != self.n || beans > RING_MAX_BEANS {
            return None;
        }
        let mover = position.to_move();
        let mut ring = Ring::default();
        for slot in 0..2 * n {
            // Lap slot n is the mover's pot: the opponent's holes follow it.
            let lap_slot = if slot < n { slot } else { slot + 1 };
            let (side, hole) = board.lap_position(mover, lap_slot);
            ring.set(slot, board.beans(side, hole).unwrap_or(0) as u8);
        }
        Some((ring, beans))
    }

    /// The beans on the mover's side and on the opponent's.
    #[inline]
    pub(crate) fn sums(&self, ring: Ring) -> (i32, i32) {
        let n = self.n;
        let mask = low_bytes(n);
        let own = byte_sum((ring.0 & mask) as u64);
        let opp = byte_sum(((ring.0 >> (8 * n)) & mask) as u64);
        (own, opp)
    }

    /// Adds one bean to every hole of lap positions `lo..=hi` (lap position
    /// `n` is the mover's pot) and returns the beans that went to the pot.
    #[inline]
    fn sow_range(&self, r: &mut u128, lo: usize, hi: usize) -> i32 {
        let n = self.n;
        let first = if lo > n { lo - 1 } else { lo };
        let last_plus_one = if hi >= n { hi } else { hi + 1 };
        *r += ones(last_plus_one.saturating_sub(first)) << (8 * first);
        i32::from(lo <= n && n <= hi)
    }

    /// Sows the mover's hole in `slot`, with its capture and end test.
    #[inline]
    pub(crate) fn play(&self, ring: Ring, slot: usize) -> Child {
        let n = self.n;
        let lap = 2 * n + 1;
        let beans = usize::from(ring.get(slot));
        let mut r = ring.0 & !(0xFF << (8 * slot));
        // Most sowings are shorter than a lap: no division for them.
        let (full, rest) = if beans < lap {
            (0, beans)
        } else {
            (beans / lap, beans % lap)
        };
        let mut gain = full as i32;
        if full > 0 {
            r += ones(2 * n) * full as u128;
        }
        if rest > 0 {
            let (lo, hi) = (slot + 1, slot + rest);
            if hi < lap {
                gain += self.sow_range(&mut r, lo, hi);
            } else {
                gain += self.sow_range(&mut r, lo, lap - 1);
                gain += self.sow_range(&mut r, 0, hi - lap);
            }
        }
        let reach = slot + rest;
        let landing = if reach >= lap { reach - lap } else { reach };
        let extra = landing == n;
        let mut capture = 0;
        if landing < n && Ring(r).get(landing) == 1 {
            let opposite = 2 * n - 1 - landing;
            let across = i32::from(Ring(r).get(opposite));
            if across > 0 || self.rules.captures_from_empty() {
                capture = across + 1;
                gain += capture;
                r &= !((0xFF << (8 * landing)) | (0xFF << (8 * opposite)));
            }
        }
        let mut child_ring = Ring(r);
        let (own, opp) = self.sums(child_ring);
        let over = if self.rules.ends_when_either_side_empty() {
            own == 0 || opp == 0
        } else if extra {
            own == 0
        } else {
            opp == 0
        };
        let terminal = over.then_some(own - opp);
        if !extra && !over {
            child_ring = self.flip(child_ring);
        }
        let order = order_score(slot, extra, capture, gain);
        Child {
            ring: child_ring,
            hole: slot as u8,
            gain,
            extra,
            captured: capture,
            terminal,
            order,
        }
    }

    /// What sowing the mover's `slot` would do, without the new board: its
    /// extra turn, the beans it captures and the beans it puts in the pot
    /// (as [`Geometry::play`] reports them; a game end is not looked for).
    /// Cheap for a sowing of less than a lap; a longer one is played.
    #[inline]
    pub(crate) fn preview(&self, ring: Ring, slot: usize) -> Preview {
        let n = self.n;
        let lap = 2 * n + 1;
        let beans = usize::from(ring.get(slot));
        if beans >= lap || beans == 0 {
            let child = self.play(ring, slot);
            return Preview {
                extra: child.extra,
                captured: child.captured,
                gain: child.gain,
            };
        }
        let reach = slot + beans;
        let wrapped = reach >= lap;
        let landing = if wrapped { reach - lap } else { reach };
        let through_pot = i32::from(reach >= n);
        if landing == n {
            return Preview {
                extra: true,
                captured: 0,
                gain: through_pot,
            };
        }
        let mut captured = 0;
        // The landing hole got one bean, the last: it was empty before.
        if landing < n && ring.get(landing) == 0 {
            let opposite = 2 * n - 1 - landing;
            let across = i32::from(ring.get(opposite)) + i32::from(wrapped);
            if across > 0 || self.rules.captures_from_empty() {
                captured = across + 1;
            }
        }
        Preview {
            extra: false,
            captured,
            gain: through_pot + captured,
        }
    }

    /// Turns the ring round so the opponent is the mover.
    #[inline]
    pub(crate) fn flip(&self, ring: Ring) -> Ring {
        let n = self.n;
        let mask = low_bytes(n);
        Ring(((ring.0 & mask) << (8 * n)) | ((ring.0 >> (8 * n)) & mask))
    }

    /// The most bits per hole a 64-bit key of all `2n` holes can give
    /// ([`Geometry::key_with`]): `64 / 2n`, at most 8.
    pub(crate) fn key_bits_per_hole(&self) -> u32 {
        self.bits
    }

    /// Packs the holes into a key of `bits` bits per hole (at most
    /// [`Geometry::key_bits_per_hole`]), slot 0 in the lowest bits; `None`
    /// when a hole holds more than `bits` bits can count, or when `bits` is
    /// 0.
    #[inline]
    pub(crate) fn key_with(&self, ring: Ring, bits: u32) -> Option<u64> {
        if bits == 0 || bits > 8 {
            return None;
        }
        // Every byte must fit in `bits` bits (the bytes past slot 2n are 0).
        let too_full = u128::from_le_bytes([!((1u16 << bits) - 1) as u8; 16]);
        if ring.0 & too_full != 0 {
            return None;
        }
        // Halve the number of fields three times: neighbouring fields of
        // 8, 16 and 32 bits each become one field of twice the width, the
        // upper one shifted down onto the lower one's unused bits.
        const BYTES: u128 = lane_mask(0xFF, 8);
        const PAIRS: u128 = lane_mask(0xFFFF, 16);
        const QUADS: u128 = lane_mask(0xFFFF_FFFF, 32);
        let mut x = ring.0;
        x = (x & BYTES) | ((x >> 8) & BYTES) << bits;
        x = (x & PAIRS) | ((x >> 16) & PAIRS) << (2 * bits);
        x = (x & QUADS) | ((x >> 32) & QUADS) << (4 * bits);
        let low = x as u64;
        let high = (x >> 64) as u64;
        // With 8 bits a hole, 2n ≤ 8 holes fill only the low half.
        Some(low | high.checked_shl(8 * bits).unwrap_or(0))
    }

    /// The value of a position where the game is over with this side to
    /// move (the rest of the board swept), or `None` if it goes on.
    pub(crate) fn terminal_at_rest(&self, ring: Ring) -> Option<i32> {
        let (own, opp) = self.sums(ring);
        let over = if self.rules.ends_when_either_side_empty() {
            own == 0 || opp == 0
        } else {
            own == 0
        };
        over.then_some(own - opp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecore::{Game as _, MoveList};

    /// Kinds rank extra turn, capture (larger first), gain; within a kind the
    /// hole nearest the pot (the higher slot) first; nothing reaches the limit.
    #[test]
    fn order_scores_rank_kinds_then_the_hole_nearest_the_pot() {
        assert!(order_score(0, true, 0, 1) > order_score(7, false, 200, 200));
        assert!(order_score(0, false, 3, 3) > order_score(7, false, 2, 2));
        assert!(order_score(0, false, 1, 1) > order_score(7, false, 0, 200));
        assert!(order_score(5, true, 0, 1) > order_score(4, true, 0, 1));
        assert!(order_score(5, false, 0, 0) > order_score(0, false, 0, 0));
        assert!(order_score(5, false, 0, 1) > order_score(0, false, 0, 1));
        let highest = order_score(RING_MAX_HOLES - 1, true, 0, RING_MAX_BEANS as i32);
        assert!(highest < ORDER_SCORE_LIMIT);
    }

    /// Every move of random positions agrees with the reference rules of
    /// `Position`: the next position, the gain, the extra turn and the end.
    #[test]
    fn play_agrees_with_the_position_rules() {
        let mut rng = gamecore::seeded_rng(7);
        for rules in Rules::ALL {
            for holes in 1..=RING_MAX_HOLES {
                for beans in [1, 2, 3, 4, 6] {
                    if 2 * holes as u32 * beans > RING_MAX_BEANS {
                        continue;
                    }
                    let g = Geometry::new(holes, rules);
                    for _ in 0..40 {
                        let mut position = Position::start(holes, beans, rules);
                        let plies = rand::Rng::gen_range(&mut rng, 0..40);
                        gamecore::random_playout(&mut position, &mut rng, plies);
                        if position.is_over() {
                            continue;
                        }
                        let (ring, _) = g.ring_of(&position).expect("fits");
                        let mut moves = MoveList::new();
                        position.legal_moves(&mut moves);
                        let mover = position.to_move();
                        for &mv in &moves {
                            let slot = (0..holes)
                                .find(|&s| position.board().lap_position(mover, s).1 == mv.hole())
                                .expect("own hole");
                            let child = g.play(ring, slot);
                            let mut next = position.clone();
                            next.play_unchecked(mv);
                            let pot = |p: &Position| p.board().pot(mover) as i32;
                            let other = |p: &Position| p.board().pot(mover.opponent()) as i32;
                            if next.is_over() {
                                let margin = (pot(&next) - other(&next))
                                    - (pot(&position) - other(&position));
                                assert_eq!(child.terminal.map(|t| child.gain + t), Some(margin));
                            } else {
                                assert_eq!(child.terminal, None);
                                assert_eq!(child.gain, pot(&next) - pot(&position));
                                assert_eq!(child.extra, next.to_move() == mover);
                                assert_eq!(g.ring_of(&next).expect("fits").0, child.ring);
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn previews_agree_with_play() {
        let mut rng = gamecore::seeded_rng(5);
        for rules in Rules::ALL {
            for holes in 1..=RING_MAX_HOLES {
                let g = Geometry::new(holes, rules);
                for _ in 0..2000 {
                    let mut ring = Ring::default();
                    for slot in 0..2 * holes {
                        let beans = if rand::Rng::gen_bool(&mut rng, 0.3) {
                            0
                        } else {
                            rand::Rng::gen_range(&mut rng, 0..=2 * holes as u8 + 3)
                        };
                        ring.set(slot, beans);
                    }
                    for slot in (0..holes).filter(|&s| ring.get(s) > 0) {
                        let child = g.play(ring, slot);
                        let preview = g.preview(ring, slot);
                        assert_eq!(
                            (preview.extra, preview.captured, preview.gain),
                            (child.extra, child.captured, child.gain),
                            "{rules} {holes} holes, slot {slot}, {ring:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn flip_twice_is_the_identity_and_keys_are_exact() {
        let g = Geometry::new(6, Rules::Standard);
        let mut ring = Ring::default();
        for slot in 0..12 {
            ring.set(slot, slot as u8 + 1);
        }
        assert_eq!(g.flip(g.flip(ring)), ring);
        assert_eq!(g.flip(ring).get(0), 7);
        assert_eq!(g.sums(ring), (21, 57));
        assert!(g.key_with(ring, g.key_bits_per_hole()).is_some());
        ring.set(3, 32);
        assert_eq!(g.key_with(ring, g.key_bits_per_hole()), None);
    }

    /// The key holds each hole's beans in its own `bits`-bit field, slot 0
    /// lowest, for every board size and every width that fits.
    #[test]
    fn keys_pack_each_hole_in_its_own_field() {
        let mut rng = gamecore::seeded_rng(11);
        for holes in 1..=RING_MAX_HOLES {
            let g = Geometry::new(holes, Rules::Standard);
            for bits in 1..=g.key_bits_per_hole() {
                for _ in 0..200 {
                    let mut ring = Ring::default();
                    let mut expected = 0u64;
                    for slot in 0..2 * holes {
                        let beans = rand::Rng::gen_range(&mut rng, 0..1u32 << bits) as u8;
                        ring.set(slot, beans);
                        expected |= u64::from(beans) << (bits as usize * slot);
                    }
                    assert_eq!(
                        g.key_with(ring, bits),
                        Some(expected),
                        "{holes} holes, {bits} bits"
                    );
                    if bits < 8 {
                        let full = rand::Rng::gen_range(&mut rng, 0..2 * holes);
                        ring.set(full, 1 << bits);
                        assert_eq!(g.key_with(ring, bits), None, "{holes} holes, {bits} bits");
                    }
                }
            }
        }
    }
}
