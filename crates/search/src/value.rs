//! Search values: heuristic scores and proven game results on one scale.

use gamecore::EVAL_LIMIT;
use std::fmt;
use std::ops::Neg;

/// Proven values lie beyond this magnitude; heuristic ones within [`EVAL_LIMIT`].
const PROVEN_BASE: i32 = 1 << 24;
/// Each point of margin is worth this many units, leaving room for the distance.
const MARGIN_SCALE: i32 = 1024;
/// The largest distance to the end that proven values distinguish.
pub const MAX_DISTANCE: u32 = (MARGIN_SCALE - 1) as u32;
/// The largest margin a proven value can carry; larger margins are clamped.
pub const MAX_MARGIN: i32 = 1_000_000;

/// A search value, always from the point of view of the side to move.
///
/// One scale holds two kinds of value:
/// - **heuristic** values, an evaluator's judgement, within ±[`EVAL_LIMIT`];
/// - **proven** values, a game end reached by the search, strictly outside
///   that range. A proven value encodes the final margin
///   ([`gamecore::Outcome::margin`]) and, optionally, the distance to the end,
///   so that any proven win beats any heuristic value, a larger margin beats a
///   smaller one, and among equal margins a quicker win (a slower loss) is
///   preferred.
///
/// A proven draw (margin 0) is [`Value::ZERO`], indistinguishable by value
/// from an even heuristic score; [`crate::SearchResult::exact`] tells them
/// apart at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Value(i32);

impl Value {
    /// The value of an even position or a proven draw.
    pub const ZERO: Value = Value(0);
    /// Larger than every value a search returns; `-INFINITY` is smaller than all.
    pub const INFINITY: Value = Value(2_000_000_000);

    /// Makes a heuristic value, clamped into ±[`EVAL_LIMIT`].
    #[inline]
    pub fn heuristic(score: i32) -> Value {
        Value(score.clamp(-EVAL_LIMIT, EVAL_LIMIT))
    }

    /// Makes the proven value of a game end with `margin` for the side to move,
    /// reached `distance` plies from the search root.
    ///
    /// With `prefer_short` false the distance is ignored, so every path to the
    /// same margin has the same value (the Red-Blue Nim assignment's tie rule
    /// needs this). Margins beyond ±[`MAX_MARGIN`] and distances beyond
    /// [`MAX_DISTANCE`] are clamped.
    #[inline]
    pub fn proven(margin: i32, distance: u32, prefer_short: bool) -> Value {
        if margin == 0 {
            return Value::ZERO;
        }
        let magnitude = margin.unsigned_abs().min(MAX_MARGIN as u32) as i32;
        let distance = if prefer_short {
            distance.min(MAX_DISTANCE) as i32
        } else {
            0
        };
        let value = PROVEN_BASE + magnitude * MARGIN_SCALE - distance;
        Value(if margin > 0 { value } else { -value })
    }

    /// Wraps a raw number produced by [`raw`](Value::raw).
    pub const fn from_raw(raw: i32) -> Value {
        Value(raw)
    }

    /// Returns the underlying number (for storage and display).
    #[inline]
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// Returns true for a proven win or loss.
    #[inline]
    pub const fn is_proven(self) -> bool {
        self.0 > PROVEN_BASE || self.0 < -PROVEN_BASE
    }

    /// Returns the final margin for the side to move if the value is a proven
    /// win or loss, `None` for heuristic values and [`Value::ZERO`].
    pub const fn proven_margin(self) -> Option<i32> {
        if !self.is_proven() {
            return None;
        }
        let magnitude = (self.0.abs() - PROVEN_BASE + MARGIN_SCALE - 1) / MARGIN_SCALE;
        Some(if self.0 > 0 { magnitude } else { -magnitude })
    }

    /// Returns the distance to the end encoded in a proven value (0 when the
    /// search ignored distances), `None` for other values.
    pub const fn proven_distance(self) -> Option<u32> {
        if !self.is_proven() {
            return None;
        }
        let offset = (self.0.abs() - PROVEN_BASE) % MARGIN_SCALE;
        Some(if offset == 0 {
            0
        } else {
            (MARGIN_SCALE - offset) as u32
        })
    }

    /// Converts a value relative to the root into one relative to a node
    /// `ply` plies deep, for storing in the transposition table.
    #[inline]
    pub(crate) fn to_node(self, ply: u32, prefer_short: bool) -> Value {
        if !prefer_short || !self.is_proven() || self.0.abs() == Value::INFINITY.0 {
            self
        } else if self.0 > 0 {
            Value(self.0 + ply as i32)
        } else {
            Value(self.0 - ply as i32)
        }
    }

    /// The inverse of [`to_node`](Value::to_node).
    #[inline]
    pub(crate) fn to_root(self, ply: u32, prefer_short: bool) -> Value {
        if !prefer_short || !self.is_proven() || self.0.abs() == Value::INFINITY.0 {
            self
        } else if self.0 > 0 {
            Value(self.0 - ply as i32)
        } else {
            Value(self.0 + ply as i32)
        }
    }

    /// Adds `delta` to the number, saturating at ±[`Value::INFINITY`].
    #[inline]
    pub(crate) fn offset(self, delta: i32) -> Value {
        Value(
            self.0
                .saturating_add(delta)
                .clamp(-Value::INFINITY.0, Value::INFINITY.0),
        )
    }
}

impl Neg for Value {
    type Output = Value;
    #[inline]
    fn neg(self) -> Value {
        Value(-self.0)
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.proven_margin() {
            Some(margin) if margin > 0 => write!(f, "win by {margin}"),
            Some(margin) => write!(f, "loss by {}", -margin),
            None => write!(f, "{}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_values_round_trip_and_order() {
        for margin in [-MAX_MARGIN, -5000, -2, -1, 1, 2, 48, 5000, MAX_MARGIN] {
            for distance in [0, 1, 7, MAX_DISTANCE] {
                let value = Value::proven(margin, distance, true);
                assert!(value.is_proven());
                assert_eq!(value.proven_margin(), Some(margin));
                assert_eq!(value.proven_distance(), Some(distance));
                assert_eq!((-value).proven_margin(), Some(-margin));
            }
        }
        // A bigger margin beats a quicker win; a quicker win beats a slower one.
        assert!(Value::proven(2, 900, true) > Value::proven(1, 0, true));
        assert!(Value::proven(2, 3, true) > Value::proven(2, 4, true));
        assert!(Value::proven(-2, 4, true) > Value::proven(-2, 3, true));
        assert!(Value::proven(1, MAX_DISTANCE, true) > Value::heuristic(i32::MAX));
        assert!(Value::proven(-1, MAX_DISTANCE, true) < Value::heuristic(i32::MIN));
        assert!(Value::proven(MAX_MARGIN, 0, true) < Value::INFINITY);
        assert_eq!(Value::proven(0, 5, true), Value::ZERO);
    }

    #[test]
    fn node_relative_conversion_inverts() {
        let value = Value::proven(3, 10, true);
        assert_eq!(value.to_node(4, true).to_root(4, true), value);
        assert_eq!(value.to_node(4, true).proven_distance(), Some(6));
        let heuristic = Value::heuristic(77);
        assert_eq!(heuristic.to_node(4, true), heuristic);
        assert_eq!(Value::INFINITY.to_node(4, true), Value::INFINITY);
        assert_eq!((-Value::INFINITY).to_root(4, true), -Value::INFINITY);
    }
}
