//! How the enhanced transposition cut-offs fare in a search, and whether they
//! are still worth their lookups.
//!
//! The lookups pay only where positions transpose within an iteration: on
//! Connect Four and on Nim with a coarse evaluation they cut up to half the
//! nodes, but where the tree holds no transpositions (Nim with its exact
//! evaluation, whose trees are minimal) none cuts and a search to depth 60
//! spends a quarter more instructions on them. So a search stops looking up
//! once, after at least [`TRIAL`] lookups, fewer than one in [`RATE`] has cut;
//! it decides at the start of each iteration, so an iteration is searched one
//! way throughout. The counts are the search's own (no clock), so the same
//! search makes the same decisions.

/// Lookups a search makes before it judges whether they pay.
const TRIAL: u64 = 128;

/// The lookups stay on while at least one in this many has cut.
const RATE: u64 = 64;

/// The enhanced transposition cut-offs' record in the current search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CutoffRecord {
    lookups: u64,
    cuts: u64,
    on: bool,
}

impl CutoffRecord {
    /// A fresh record: lookups on.
    pub(crate) const fn new() -> CutoffRecord {
        CutoffRecord {
            lookups: 0,
            cuts: 0,
            on: true,
        }
    }

    /// Whether the nodes of the current iteration look their children up.
    #[inline]
    pub(crate) fn on(&self) -> bool {
        self.on
    }

    /// Counts one node's lookups, and whether they cut it.
    #[inline]
    pub(crate) fn record(&mut self, cut: bool) {
        self.lookups += 1;
        self.cuts += u64::from(cut);
    }

    /// Decides, as an iteration starts, whether its nodes look up: yes
    /// until [`TRIAL`] lookups are made, then while one in [`RATE`] cuts.
    pub(crate) fn start_iteration(&mut self) {
        self.on = self.lookups < TRIAL || self.cuts * RATE >= self.lookups;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_stop_once_they_have_tried_and_seldom_cut() {
        let mut record = CutoffRecord::new();
        record.start_iteration();
        assert!(record.on(), "on before any trial");
        for _ in 0..TRIAL - 1 {
            record.record(false);
        }
        record.start_iteration();
        assert!(record.on(), "on while the trial lasts");
        record.record(false);
        record.start_iteration();
        assert!(!record.on(), "off after a trial without a cut");

        // After the trial, one cut in RATE lookups keeps them on, fewer does not.
        let after = |cuts: u64| {
            let mut record = CutoffRecord::new();
            for i in 0..2 * RATE {
                record.record(i < cuts);
            }
            record.start_iteration();
            record.on()
        };
        assert!(after(2));
        assert!(!after(1));
    }
}
