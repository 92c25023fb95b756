//! Time for one move: a soft target and a hard deadline, as durations.

use std::time::{Duration, Instant};

/// The time an agent may spend on one move: durations, not instants.
///
/// The **soft** target is when a search should stop starting new work (for
/// iterative deepening: no new iteration after it). The **hard** deadline is
/// when the agent must answer; searches check it inside the tree. `None`
/// means no limit.
///
/// A budget holds no clock: it can be built ahead of time, stored in options
/// and reused for every move. The clock starts when the work starts, with
/// [`start_now`](Budget::start_now) (a [`Timer`]); a search calls it on entry,
/// so time spent before the search (building the budget, setting up the
/// agent) is never charged to it. A caller that has already used part of the
/// move's time passes what is left with [`less`](Budget::less).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Budget {
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl Budget {
    /// A budget with no time limit.
    pub const fn unlimited() -> Budget {
        Budget {
            soft: None,
            hard: None,
        }
    }

    /// A budget with the given soft target and hard deadline.
    ///
    /// A soft target later than the hard deadline is lowered to it.
    pub fn new(soft: Duration, hard: Duration) -> Budget {
        Budget {
            soft: Some(soft.min(hard)),
            hard: Some(hard),
        }
    }

    /// A budget for a contest clock of `limit` per move.
    ///
    /// Keeps a safety margin for answering and process overhead: the hard
    /// deadline is `limit` minus a tenth of it (at most 100 ms), and the soft
    /// target half of the hard deadline, which is where iterative deepening
    /// stops starting a new iteration (the next one usually costs more than
    /// all before it).
    pub fn for_move_limit(limit: Duration) -> Budget {
        let margin = (limit / 10).min(Duration::from_millis(100));
        let hard = limit.saturating_sub(margin);
        Budget::new(hard / 2, hard)
    }

    /// Returns the soft target, if any.
    pub const fn soft(&self) -> Option<Duration> {
        self.soft
    }

    /// Returns the hard deadline, if any.
    pub const fn hard(&self) -> Option<Duration> {
        self.hard
    }

    /// Returns true when neither limit is set.
    pub const fn is_unlimited(&self) -> bool {
        self.soft.is_none() && self.hard.is_none()
    }

    /// Returns the budget left once `spent` of it is gone (limits never
    /// below zero).
    #[must_use]
    pub fn less(self, spent: Duration) -> Budget {
        Budget {
            soft: self.soft.map(|soft| soft.saturating_sub(spent)),
            hard: self.hard.map(|hard| hard.saturating_sub(spent)),
        }
    }

    /// Starts the clock now: the limits are measured from this moment.
    pub fn start_now(self) -> Timer {
        self.start_at(Instant::now())
    }

    /// Starts the clock at `start` (the moment the move was requested).
    pub fn start_at(self, start: Instant) -> Timer {
        Timer {
            start,
            soft: self.soft.map(|soft| start + soft),
            hard: self.hard.map(|hard| start + hard),
        }
    }
}

/// A [`Budget`] whose clock is running: its limits as instants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timer {
    start: Instant,
    soft: Option<Instant>,
    hard: Option<Instant>,
}

impl Timer {
    /// Returns the moment the clock started.
    pub fn start(&self) -> Instant {
        self.start
    }

    /// Returns the time spent since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Returns the soft target as an instant, if any.
    pub fn soft_deadline(&self) -> Option<Instant> {
        self.soft
    }

    /// Returns the hard deadline as an instant, if any.
    pub fn hard_deadline(&self) -> Option<Instant> {
        self.hard
    }

    /// Returns the time left before the soft target (`None`: no target).
    pub fn soft_remaining(&self) -> Option<Duration> {
        self.soft
            .map(|soft| soft.saturating_duration_since(Instant::now()))
    }

    /// Returns true once the soft target has passed.
    pub fn soft_expired(&self) -> bool {
        self.soft.is_some_and(|soft| Instant::now() >= soft)
    }

    /// Returns true once the hard deadline has passed.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|hard| Instant::now() >= hard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_limit_keeps_a_margin_and_soft_before_hard() {
        let budget = Budget::for_move_limit(Duration::from_secs(5));
        assert_eq!(budget.hard(), Some(Duration::from_millis(4900)));
        assert_eq!(budget.soft(), Some(Duration::from_millis(2450)));
        let budget = Budget::for_move_limit(Duration::from_millis(100));
        assert_eq!(budget.hard(), Some(Duration::from_millis(90)));
    }

    #[test]
    fn unlimited_never_expires() {
        let timer = Budget::unlimited().start_now();
        assert!(Budget::unlimited().is_unlimited());
        assert!(!timer.soft_expired());
        assert!(!timer.hard_expired());
        assert_eq!(timer.hard_deadline(), None);
    }

    #[test]
    fn the_clock_starts_when_started_not_when_built() {
        let budget = Budget::new(Duration::from_millis(40), Duration::from_millis(60));
        std::thread::sleep(Duration::from_millis(80));
        // Built 80 ms ago, the budget is still whole: nothing has started it.
        let timer = budget.start_now();
        assert!(!timer.soft_expired() && !timer.hard_expired());
        let earlier = Instant::now() - Duration::from_millis(70);
        assert!(budget.start_at(earlier).hard_expired());
        assert_eq!(
            budget.less(Duration::from_millis(50)),
            Budget::new(Duration::ZERO, Duration::from_millis(10))
        );
    }
}
