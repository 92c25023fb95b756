//! Search enhancements that judge themselves by their own counts, and stop
//! where they do not pay.
//!
//! - **Enhanced transposition cut-offs** pay only where positions transpose
//!   within an iteration: on Connect Four and on Nim with a coarse
//!   evaluation they cut up to half the nodes, but where the tree holds no
//!   transpositions (Nim with its exact evaluation, whose trees are minimal)
//!   none cuts and a search to depth 60 spends a quarter more instructions
//!   on them. A search stops looking up once, after at least 128 lookups,
//!   fewer than one in 64 has cut.
//! - **Principal-variation scouts** (null-window searches of every move after
//!   the first) pay while the first move is usually best, so a scout seldom
//!   lands inside the window and must be searched again. On Connect Four,
//!   Kalah and MeiChu fewer than one scout in 100 needs that re-search; on Nim
//!   with a coarse evaluation (many equal values) one in five does, and its
//!   searches visit a quarter fewer nodes without scouts. A search stops
//!   scouting once, after at least 32 scouts, more than one in 8 has needed
//!   a re-search.
//!
//! Either way a search decides at the start of each iteration, so an
//! iteration is searched one way throughout, and from counts of its own (no
//! clock), so the same search makes the same decisions. Neither changes a
//! value: both only change how the same alpha-beta value is found.

/// When an enhancement stays on, judged by the share of its tries that hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// While at least one try in this many hits (a hit is what it is for).
    HitsAtLeastOneIn(u64),
    /// While at most one try in this many hits (a hit is what it costs).
    HitsAtMostOneIn(u64),
}

/// An enhancement's record in the current search: how often it was tried,
/// how often it hit, and whether the current iteration uses it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Trial {
    tries: u64,
    hits: u64,
    on: bool,
    /// Tries made before the record is judged.
    min_tries: u64,
    keep: Keep,
}

impl Trial {
    const fn new(min_tries: u64, keep: Keep) -> Trial {
        Trial {
            tries: 0,
            hits: 0,
            on: true,
            min_tries,
            keep,
        }
    }

    /// The enhanced transposition cut-offs' record: a try is a node's
    /// lookups, a hit a lookup that cut the node.
    pub(crate) const fn transposition_cutoffs() -> Trial {
        Trial::new(128, Keep::HitsAtLeastOneIn(64))
    }

    /// The principal-variation scouts' record: a try is a scout, a hit a
    /// scout that landed inside the window (to be searched again with it).
    pub(crate) const fn scouts() -> Trial {
        Trial::new(32, Keep::HitsAtMostOneIn(8))
    }

    /// Whether the nodes of the current iteration use the enhancement.
    #[inline]
    pub(crate) fn on(&self) -> bool {
        self.on
    }

    /// Tries counted in this search.
    pub(crate) fn tries(&self) -> u64 {
        self.tries
    }

    /// Tries that hit in this search.
    pub(crate) fn hits(&self) -> u64 {
        self.hits
    }

    /// Counts one try, and whether it hit.
    #[inline]
    pub(crate) fn record(&mut self, hit: bool) {
        self.tries += 1;
        self.hits += u64::from(hit);
    }

    /// Decides, as an iteration starts, whether its nodes use the
    /// enhancement: yes until enough tries are made, then as the rule says.
    pub(crate) fn start_iteration(&mut self) {
        self.on = self.tries < self.min_tries
            || match self.keep {
                Keep::HitsAtLeastOneIn(rate) => self.hits * rate >= self.tries,
                Keep::HitsAtMostOneIn(rate) => self.hits * rate <= self.tries,
            };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_stop_once_they_have_tried_and_seldom_cut() {
        let mut record = Trial::transposition_cutoffs();
        record.start_iteration();
        assert!(record.on(), "on before any trial");
        for _ in 0..127 {
            record.record(false);
        }
        record.start_iteration();
        assert!(record.on(), "on while the trial lasts");
        record.record(false);
        record.start_iteration();
        assert!(!record.on(), "off after a trial without a cut");

        // After the trial, one cut in 64 lookups keeps them on, fewer does not.
        let after = |cuts: u64| {
            let mut record = Trial::transposition_cutoffs();
            for i in 0..128 {
                record.record(i < cuts);
            }
            record.start_iteration();
            record.on()
        };
        assert!(after(2));
        assert!(!after(1));
    }

    #[test]
    fn scouts_stop_once_they_have_tried_and_often_need_a_second_search() {
        let mut record = Trial::scouts();
        for _ in 0..31 {
            record.record(true);
        }
        record.start_iteration();
        assert!(record.on(), "on while the trial lasts, however it goes");
        record.record(true);
        record.start_iteration();
        assert!(!record.on(), "off after a trial of re-searches only");

        // After the trial, one re-search in 8 scouts keeps them on, more does not.
        let after = |researches: u64| {
            let mut record = Trial::scouts();
            for i in 0..64 {
                record.record(i < researches);
            }
            record.start_iteration();
            record.on()
        };
        assert!(after(0));
        assert!(after(8));
        assert!(!after(9));
    }
}
