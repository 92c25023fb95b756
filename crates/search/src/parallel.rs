//! Lazy SMP with deferred busy children: the parallel mode of [`Search`].
//!
//! CITE: Lazy SMP as popularised by chess engines (threads share the
//! transposition table and search the same root); the deferral of children
//! another thread is searching after ABDADA (J.-C. Weill, "The ABDADA
//! Distributed Minimax Search Algorithm", ICCA Journal 19(1), 1996).
//!
//! Every thread runs the same iterative deepening on the same root at the
//! depth the calling thread (thread 0) is on. The first thread to complete
//! the last iteration (the depth limit, or an exact value) ends the search
//! for all, and the deepest completed iteration answers. Nodes with enough depth left
//! are marked *busy* in a small shared table while a thread searches them.
//! A thread meeting a busy child that is not its node's first move searches
//! its other moves first and comes back to the busy ones at the end, when
//! the other thread has usually stored their values in the shared table. So
//! the threads spread over the tree instead of repeating each other's work,
//! yet each searches every move of every node it visits, with the same
//! windows: the value of every completed iteration is exactly the
//! single-threaded one (only the order of moves, hence the choice among
//! equally good moves, may differ).
//!
//! Table entries are only reused at the depth they were searched to (see
//! `tt::Entry::usable_at`), which is why helpers keep to thread 0's depth
//! instead of running ahead: an entry of another depth could order moves but
//! never cut.

use crate::role::{Role, Shared};
use crate::Search;
use crate::SearchLimits;
use crate::SearchResult;
use gamecore::{Evaluator, Game, Timer};
use std::sync::Arc;

/// Stack size of helper threads: deep searches (a 2000-ply Red-Blue Nim
/// solve) recurse once per ply.
const HELPER_STACK: usize = 64 << 20;

impl<G: Game, E: Evaluator<G>> Search<G, E> {
    /// Lazy SMP: `threads - 1` helpers search alongside the calling thread
    /// until it is done; the deepest completed iteration answers.
    pub(crate) fn search_in_parallel(
        &mut self,
        state: &G,
        limits: &SearchLimits,
        threads: usize,
        timer: Timer,
    ) -> SearchResult<G::Move> {
        while self.helpers.len() < threads - 1 {
            let helper =
                Search::with_table(self.evaluator.clone(), self.options, self.table.clone());
            self.helpers.push(helper);
        }
        self.helpers.truncate(threads - 1);
        let shared = Arc::new(Shared::new());
        let mut helpers = std::mem::take(&mut self.helpers);
        self.role = Some(Role {
            shared: Arc::clone(&shared),
            thread: 0,
        });
        let (main, helper_results) = std::thread::scope(|scope| {
            let mut handles = Vec::new();
            for (i, helper) in helpers.iter_mut().enumerate() {
                helper.role = Some(Role {
                    shared: Arc::clone(&shared),
                    thread: i + 1,
                });
                let spawned = std::thread::Builder::new()
                    .name(format!("search-helper-{}", i + 1))
                    .stack_size(HELPER_STACK)
                    .spawn_scoped(scope, move || helper.deepen(state, limits, &timer));
                // A helper that cannot start (no memory for its stack) only
                // costs speed: the calling thread searches anyway.
                if let Ok(handle) = spawned {
                    handles.push(handle);
                }
            }
            let main = self
                .deepen(state, limits, &timer)
                .expect("the first iteration always completes");
            shared.finish();
            let helper_results: Vec<_> = handles
                .into_iter()
                .map(|handle| {
                    handle
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect();
            (main, helper_results)
        });
        self.role = None;
        let mut result = main;
        let mut stats = result.stats;
        for helper in &mut helpers {
            helper.role = None;
            stats.nodes += helper.stats.nodes;
            stats.tt_hits += helper.stats.tt_hits;
            stats.tt_cutoffs += helper.stats.tt_cutoffs;
            stats.aspiration_researches += helper.stats.aspiration_researches;
            stats.scouts += helper.stats.scouts;
            stats.scout_researches += helper.stats.scout_researches;
            stats.oracle_hits += helper.stats.oracle_hits;
            stats.quiescence_nodes += helper.stats.quiescence_nodes;
            stats.extensions += helper.stats.extensions;
            stats.max_ply = stats.max_ply.max(helper.stats.max_ply);
        }
        self.helpers = helpers;
        for deeper in helper_results.into_iter().flatten() {
            if deeper.depth > result.depth && !result.exact {
                result = deeper;
            }
        }
        stats.depth = result.depth;
        result.stats = stats;
        result
    }
}
