//! What the threads of a parallel search share: the stop flag, the depth
//! thread 0 is on and the busy marks, and each thread's part in it (see
//! module `parallel` for the scheme).

use crate::BusyMarks;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::sync::Arc;

/// The busy table holds `2^BUSY_LOG2` marks (512 KiB).
const BUSY_LOG2: u32 = 16;

/// Nodes with fewer plies left are not marked busy: their subtrees are too
/// small for the bookkeeping to pay.
pub(crate) const MIN_BUSY_DEPTH: u32 = 3;

/// What the threads of one parallel search share besides the table.
#[derive(Debug)]
pub(crate) struct Shared {
    /// Set when the search is over (thread 0 is done, or a helper completed
    /// the last iteration): the others stop at once.
    stop: AtomicBool,
    /// The iteration depth thread 0 is searching.
    depth: AtomicU32,
    /// The hashes of the positions being searched now.
    busy: BusyMarks,
}

impl Shared {
    pub(crate) fn new() -> Shared {
        Shared {
            stop: AtomicBool::new(false),
            depth: AtomicU32::new(0),
            busy: BusyMarks::new(BUSY_LOG2),
        }
    }

    /// Marks the position of hash `key` as being searched.
    #[inline]
    pub(crate) fn enter(&self, key: u64) {
        self.busy.enter(key);
    }

    /// Unmarks `key`, unless another position took its cell meanwhile.
    #[inline]
    pub(crate) fn leave(&self, key: u64) {
        self.busy.leave(key);
    }

    /// Whether some thread is searching the position of hash `key` now.
    #[inline]
    pub(crate) fn is_busy(&self, key: u64) -> bool {
        self.busy.is_busy(key)
    }

    /// Whether a helper searching an iteration of `depth` must give up: the
    /// search is over, or thread 0 has moved on to a deeper iteration.
    #[inline]
    pub(crate) fn helper_must_stop(&self, depth: u32) -> bool {
        self.stop.load(Relaxed) || self.depth.load(Relaxed) > depth
    }

    /// The search is over (thread 0 is done, or a helper completed the
    /// last iteration or an exact one): everyone stops.
    #[inline]
    pub(crate) fn finish(&self) {
        self.stop.store(true, Relaxed);
    }

    /// Whether the search is over (thread 0 is done, or a helper finished it).
    #[inline]
    pub(crate) fn is_stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// Thread 0 starts the iteration of `depth`.
    #[inline]
    pub(crate) fn publish_depth(&self, depth: u32) {
        self.depth.store(depth, Relaxed);
    }

    /// The iteration depth thread 0 is on.
    #[inline]
    pub(crate) fn main_depth(&self) -> u32 {
        self.depth.load(Relaxed)
    }
}

/// A thread's part in a parallel search.
#[derive(Debug, Clone)]
pub(crate) struct Role {
    /// What the threads share.
    pub shared: Arc<Shared>,
    /// 0 for the calling thread, 1.. for helpers.
    pub thread: usize,
}
