//! Time for one move: a soft target and a hard deadline.

use std::time::{Duration, Instant};

/// The time an agent may spend on one move.
///
/// The **soft** target is when a search should stop starting new work (for
/// iterative deepening: no new iteration after it). The **hard** deadline is
/// when the agent must answer; searches check it inside the tree. Both are
/// measured from [`start`](Budget::start), the moment the move was requested.
/// `None` means no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl Budget {
    /// A budget with no time limit, starting now.
    pub fn unlimited() -> Budget {
        Budget {
            start: Instant::now(),
            soft: None,
            hard: None,
        }
    }

    /// A budget with the given soft target and hard deadline, starting now.
    ///
    /// A soft target later than the hard deadline is lowered to it.
    pub fn new(soft: Duration, hard: Duration) -> Budget {
        Budget {
            start: Instant::now(),
            soft: Some(soft.min(hard)),
            hard: Some(hard),
        }
    }

    /// A budget for a contest clock of `limit` per move, starting now.
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

    /// Returns the same limits measured from `start` instead of now.
    #[must_use]
    pub fn starting_at(self, start: Instant) -> Budget {
        Budget { start, ..self }
    }

    /// Returns the moment the move was requested.
    pub fn start(&self) -> Instant {
        self.start
    }

    /// Returns the soft target as a duration from the start, if any.
    pub fn soft(&self) -> Option<Duration> {
        self.soft
    }

    /// Returns the hard deadline as a duration from the start, if any.
    pub fn hard(&self) -> Option<Duration> {
        self.hard
    }

    /// Returns the time spent since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Returns the hard deadline as an instant, if any.
    pub fn hard_deadline(&self) -> Option<Instant> {
        self.hard.map(|hard| self.start + hard)
    }

    /// Returns true once the soft target has passed.
    pub fn soft_expired(&self) -> bool {
        self.soft.is_some_and(|soft| self.elapsed() >= soft)
    }

    /// Returns true once the hard deadline has passed.
    pub fn hard_expired(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::unlimited()
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
        let budget = Budget::unlimited();
        assert!(!budget.soft_expired());
        assert!(!budget.hard_expired());
        assert_eq!(budget.hard_deadline(), None);
    }
}
