//! MTD(f) at the root: null-window searches converging on the value.
//!
//! CITE: A. Plaat, J. Schaeffer, W. Pijls, A. de Bruin, "Best-first
//! fixed-depth minimax algorithms", Artificial Intelligence 87, 1996.
//!
//! Each probe is one null-window fail-soft search that proves the value is
//! below or at least its bound, and its fail-soft value moves that bound.
//! The value of a board with `B` beans has the parity of `B` (every bean
//! ends in a pot), so the bounds move in steps of 2, and a first guess near
//! the value (a heuristic search's) saves the probes between.

use crate::compact::CompactPosition;
use crate::eval::BEAN;
use crate::position::Position;
use crate::ring::{Child, Ring};
use crate::smart::smart_search_options;
use crate::smart_eval::SmartEval;
use search::{Search, SearchLimits};

/// The state of an MTD(f) iteration on `V` of a board with a fixed number
/// of beans: the bounds proved so far and the last probe's value.
#[derive(Debug, Clone, Copy)]
pub(super) struct Mtdf {
    beans: i32,
    lower: i32,
    upper: i32,
    guess: i32,
}

impl Mtdf {
    /// Starts from `guess` on a board with `beans` beans: `V` lies within
    /// ± `beans`.
    pub(super) fn new(beans: i32, guess: i32) -> Mtdf {
        Mtdf {
            beans,
            lower: -beans,
            upper: beans,
            guess,
        }
    }

    /// The bound `beta` of the next probe, searched with the window
    /// (`beta − 1`, `beta`), or `None` once the bounds have met.
    pub(super) fn next_beta(&self) -> Option<i32> {
        (self.lower < self.upper).then(|| {
            if self.guess <= self.lower {
                self.lower + 2
            } else {
                self.guess.min(self.upper)
            }
        })
    }

    /// Records the value `v` of the probe with bound `beta`.
    pub(super) fn record(&mut self, beta: i32, v: i32) {
        if v < beta {
            self.upper = v;
        } else {
            self.lower = v;
        }
        // Values have the parity of the beans on the board.
        if (self.upper - self.beans).rem_euclid(2) != 0 {
            self.upper -= 1;
        }
        if (self.lower - self.beans).rem_euclid(2) != 0 {
            self.lower += 1;
        }
        self.guess = v;
    }

    /// The lowest and highest values still possible.
    pub(super) fn bounds(&self) -> (i32, i32) {
        (self.lower, self.upper)
    }
}

/// The first MTD(f) guess of `V` for `position` (`stores`: its store
/// difference for the mover; `beans` on the board): the value of a
/// heuristic search `depth` plies deep less the stores, with the parity of
/// `beans`; 0 (of that parity) for depth 0.
pub(super) fn first_guess(position: &Position, stores: i32, beans: i32, depth: u32) -> i32 {
    let heuristic = if depth == 0 {
        None
    } else {
        CompactPosition::from_position(position).map(|root| {
            Search::new(SmartEval::new(), smart_search_options().with_tt_mib(2))
                .search(&root, &SearchLimits::depth(depth))
        })
    };
    let estimate = heuristic.map_or(0, |result| {
        let total = match result.value.proven_margin() {
            Some(margin) => margin * BEAN,
            None => result.value.raw(),
        };
        (f64::from(total) / f64::from(BEAN)).round() as i32 - stores
    });
    let estimate = estimate.clamp(-beans, beans);
    if (estimate - beans).rem_euclid(2) == 0 {
        estimate
    } else {
        estimate - 1
    }
}

/// Whether the move to `child` from a root with `beans` beans reaches the
/// root's value `value`: one null-window `search(ring, beans, alpha, beta)`
/// of the child unless the game ended.
pub(super) fn reaches(
    child: &Child,
    beans: i32,
    value: i32,
    search: impl FnOnce(&Ring, i32, i32, i32) -> i32,
) -> bool {
    let rest = beans - child.gain;
    match child.terminal {
        Some(v) => child.gain + v >= value,
        None if child.extra => {
            let target = value - child.gain;
            child.gain + search(&child.ring, rest, target - 1, target) >= value
        }
        None => {
            let target = child.gain - value;
            child.gain - search(&child.ring, rest, target, target + 1) >= value
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MTD(f) on a known value from every guess, whether each probe answers
    /// with the value itself or only with the weakest fail-soft bound.
    #[test]
    fn mtdf_converges_from_any_guess_in_parity_steps() {
        let (beans, value) = (10, 4);
        let exact = |_beta: i32| value;
        let weakest = |beta: i32| if value >= beta { beta } else { beta - 1 };
        for probe in [&exact as &dyn Fn(i32) -> i32, &weakest] {
            for guess in (-10..=10).step_by(2) {
                let mut mtdf = Mtdf::new(beans, guess);
                let mut probes = 0;
                while let Some(beta) = mtdf.next_beta() {
                    assert_eq!(
                        (beta - beans).rem_euclid(2),
                        0,
                        "beta {beta} has the parity"
                    );
                    mtdf.record(beta, probe(beta));
                    probes += 1;
                    assert!(probes <= 11, "from {guess}");
                }
                assert_eq!(mtdf.bounds(), (value, value), "from {guess}");
            }
        }
    }
}
