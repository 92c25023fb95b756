//! Memory for tables probed at random: transparent huge pages.
//!
//! The solver's transposition table and the endgame database are read at
//! random addresses, so nearly every probe misses the processor's caches and,
//! with 4 KiB pages, its TLB too. Backing them with 2 MiB pages removes most
//! of the page walks, and a prefetch hint lets a node start the loads of all
//! its children's entries at once (`search::prefetch`), so their misses
//! overlap instead of queueing one by one.

/// Allocates `len` values made by `fill`, asking Linux to back the memory
/// with transparent huge pages (2 MiB) before its pages are first touched.
/// Elsewhere the advice is skipped and this is an ordinary allocation.
pub(crate) fn huge_page_vec<T>(len: usize, fill: impl FnMut() -> T) -> Vec<T> {
    let mut items: Vec<T> = Vec::with_capacity(len);
    advise_huge_pages(
        items.as_mut_ptr().cast::<u8>(),
        len * std::mem::size_of::<T>(),
    );
    items.resize_with(len, fill);
    items
}

/// `madvise(MADV_HUGEPAGE)` over the whole pages inside `len` bytes at `start`.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages(start: *mut u8, len: usize) {
    const PAGE: usize = 4096;
    let begin = (start as usize).next_multiple_of(PAGE);
    let end = (start as usize + len) / PAGE * PAGE;
    if end > begin {
        // SAFETY: `[begin, end)` lies inside one live allocation of ours
        // (the vector's reserved capacity, not yet read or written), and
        // MADV_HUGEPAGE only changes how the kernel backs those pages, never
        // their contents or validity; on failure (no THP support) the call
        // returns an error that we ignore and nothing changes.
        unsafe {
            libc::madvise(begin as *mut libc::c_void, end - begin, libc::MADV_HUGEPAGE);
        }
    }
}

/// No huge-page advice off Linux.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _len: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_page_vectors_hold_what_they_were_filled_with() {
        let bytes = huge_page_vec(5 << 20, || 7u8);
        assert_eq!(bytes.len(), 5 << 20);
        assert!(bytes.iter().all(|&b| b == 7));
        let mut next = 0u64;
        let words = huge_page_vec(1000, || {
            next += 1;
            next
        });
        assert_eq!(words.first().copied(), Some(1));
        assert_eq!(words.last().copied(), Some(1000));
    }
}
