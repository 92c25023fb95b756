//! The search allocates nothing in its tree: everything a search of up to
//! 64 plies needs is made when the searcher is built or, for the game's
//! history table, when it first meets the game; a search then allocates
//! only its answer (the principal variation).
//!
//! A counting allocator must implement `GlobalAlloc`, an unsafe trait; it
//! lives in this test binary alone and forwards every call to `System`.
#![allow(unsafe_code)]

use gamecore::testkit::games::{CoarseHashEval, Pebbles};
use gamecore::testkit::random_position;
use search::{Search, SearchLimits, SearchOptions};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Allocations made by this thread (the test's: other threads of the
    /// harness are not counted).
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting each thread's allocations.
struct Counting;

fn count() {
    // `try_with`: a thread being torn down has no counter left to bump.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

// SAFETY: every method forwards its arguments unchanged to `System`, which
// upholds `GlobalAlloc`'s contract; the counter is a `const`-initialised
// thread-local `Cell`, whose access never allocates or re-enters the allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's guarantees for `alloc` are passed on as they are.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: `ptr` and `layout` come from this allocator, that is from `System`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` and `layout` come from this allocator, that is from `System`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by `f` on this thread.
fn allocations_of<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (value, ALLOCATIONS.with(Cell::get) - before)
}

#[test]
fn a_search_allocates_only_its_answer() {
    let eval = CoarseHashEval { levels: 50 };
    let mut search = Search::new(eval, SearchOptions::default().with_tt_mib(1));
    // The first search also sizes the history table for the game.
    let first = random_position(&Pebbles::new(60), 3, 7);
    let (result, allocations) = allocations_of(|| search.search(&first, &SearchLimits::depth(12)));
    assert_eq!((result.depth, result.pv.len()), (12, 12));
    assert!(allocations <= 2, "{allocations} allocations");
    for seed in 0..5 {
        let state = random_position(&Pebbles::new(60), 5, seed);
        let (result, allocations) =
            allocations_of(|| search.search(&state, &SearchLimits::depth(12)));
        assert_eq!(result.pv.len(), 12);
        assert_eq!(
            allocations, 1,
            "the principal variation alone (seed {seed})"
        );
    }
}
