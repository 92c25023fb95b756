//! One search on every thread: Lazy SMP over the shared table.
//!
//! Every thread searches the same root with the same window, sharing the
//! table (each entry one atomic word, so never torn: no lock and no
//! `unsafe`) and the "being searched" marks, so that they spread over
//! different moves. The first thread to finish answers; the others see the
//! stop flag at their next node and store nothing computed after it. Any
//! thread's value is the right one: every stored bound is exact, whoever
//! stored it.

use super::node::{Shared, Worker};
use crate::ring::Ring;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::OnceLock;
use std::time::Instant;

/// A flag alone on its cache lines: every thread reads it at every node.
#[derive(Default)]
#[repr(align(128))]
struct Padded(AtomicBool);

/// Searches `ring` (with `beans` beans on the board) within (`alpha`,
/// `beta`) on `threads` threads over `shared`, and returns the value of the
/// first thread to finish (`None` if `deadline` passed first) and the nodes
/// all of them searched.
pub(super) fn search(
    shared: Shared<'_>,
    threads: usize,
    deadline: Option<Instant>,
    ring: &Ring,
    beans: i32,
    alpha: i32,
    beta: i32,
) -> (Option<i32>, u64) {
    if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
        return (None, 0);
    }
    let stop = Padded::default();
    let stop = &stop.0;
    let answer = OnceLock::new();
    let nodes = std::thread::scope(|scope| {
        // The clock: a thread asleep until the deadline, woken early when
        // the search ends.
        let watchdog = deadline.map(|deadline| {
            scope.spawn(move || {
                while !stop.load(Relaxed) {
                    let now = Instant::now();
                    if now >= deadline {
                        stop.store(true, Relaxed);
                        break;
                    }
                    std::thread::park_timeout(deadline - now);
                }
            })
        });
        let run = || {
            let mut worker = Worker::new(shared, stop);
            let value = worker.search(ring, beans, alpha, beta);
            if !worker.stopped {
                let _ = answer.set(value);
                stop.store(true, Relaxed);
            }
            worker.nodes
        };
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(run)).collect();
        let mut nodes = run();
        for helper in helpers {
            nodes += helper.join().unwrap_or(0);
        }
        if let Some(watchdog) = watchdog {
            stop.store(true, Relaxed);
            watchdog.thread().unpark();
        }
        nodes
    });
    // The stop is set by a thread that finished, or by the clock.
    (answer.get().copied(), nodes)
}
