//! A prefetch hint for tables read at random addresses.
//!
//! A transposition table much larger than the processor's caches misses on
//! nearly every probe. A parent that hints each child's entry as soon as it
//! knows the child's key lets those loads overlap with each other and with
//! its own work, instead of waiting for them one at a time.

/// Asks the processor to start loading the cache line of `item` without
/// waiting for it. Only a hint: it changes no value and never fails; off
/// x86-64 it does nothing.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[inline(always)]
pub fn prefetch<T>(item: &T) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: `_mm_prefetch` needs SSE, which every x86-64 processor has
    // (it is part of the baseline target). A prefetch is only a hint: it
    // never faults, reads nothing into the program and writes nothing, and
    // here the address is a live reference anyway.
    unsafe { _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast::<i8>()) }
}

/// No prefetch hint elsewhere.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub fn prefetch<T>(_item: &T) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prefetch_changes_nothing() {
        let words: Vec<u64> = (0..1000).collect();
        prefetch(&words[500]);
        assert_eq!(words[500], 500);
    }
}
