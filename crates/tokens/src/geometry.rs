//! The board's geometry: the sides the engine stores, the controller's
//! coordinates (`tokens[x][y]`, x to the right, y down, origin top left),
//! the cell index and the distance between cells.

/// The largest board side the engine stores. The controller draws 5..=15.
pub const MAX_N: usize = 16;
/// The smallest board side the engine accepts.
pub const MIN_N: usize = 1;

/// The index of cell `(x, y)` in a board's cell array: x-major, like the
/// controller's `tokens[x][y]`.
#[inline]
pub(crate) const fn cell_index(x: usize, y: usize) -> usize {
    x * MAX_N + y
}

/// The Manhattan distance between two cells.
#[inline]
pub fn manhattan(a: (usize, usize), b: (usize, usize)) -> usize {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}
