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

/// A flag alone on its cache lines: every thread reads it at every node.
#[derive(Default)]
#[repr(align(128))]
struct Padded(AtomicBool);

/// Searches `ring` (with `beans` beans on the board) within (`alpha`,
/// `beta`) on `threads` threads over `shared`, and returns the value of the
/// first thread to finish and the nodes all of them searched.
pub(super) fn search(
    shared: Shared<'_>,
    threads: usize,
    ring: &Ring,
    beans: i32,
    alpha: i32,
    beta: i32,
) -> (i32, u64) {
    let stop = Padded::default();
    let stop = &stop.0;
    if threads <= 1 {
        let mut worker = Worker::new(shared, stop);
        let value = worker.search(ring, beans, alpha, beta);
        return (value, worker.nodes);
    }
    let answer = OnceLock::new();
    let nodes = std::thread::scope(|scope| {
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
        nodes
    });
    // The stop is set only after an answer, so one thread finished.
    let value = *answer.get().expect("a thread finished the search");
    (value, nodes)
}
