//! The endgame database: the exact value of every position with few beans on
//! the board, for one board size and rule variant.
//!
//! The value of a position is the rest of the game for the side to move
//! (what it will still put in its pot minus what the opponent will), which
//! does not depend on the pots, so one byte per arrangement of the holes
//! serves every store difference and both sides. Positions are indexed
//! combinatorially: the arrangements of at most `k` beans in `2n` holes are
//! the compositions of `k` into `2n + 1` parts (the last part is the beans
//! not on the board), ranked lexicographically. The database is built by
//! memoised recursion over the moves, in increasing bean count, a batch of
//! positions at a time so that the cache misses of their children overlap.

use crate::memory::huge_page_vec;
use crate::position::Position;
use crate::ring::{Child, Geometry, Ring, RING_MAX_HOLES};
use crate::rules::Rules;
use search::prefetch;

/// The largest bean limit an endgame table may have (values fit in a byte).
const MAX_ENDGAME_BEANS: u32 = 120;

/// The length of a row of composition counts: a power of two above
/// [`MAX_ENDGAME_BEANS`].
const ROW: usize = (MAX_ENDGAME_BEANS as usize + 1).next_power_of_two();

/// The stored byte of a position whose value is not known yet.
const UNKNOWN: u8 = 0;

/// Positions computed together by [`EndgameDb::build`]: enough for the
/// loads of all their children to fill the processor's miss buffers.
const BATCH: usize = 16;

/// Positions waiting to be computed by [`EndgameDb::build`].
struct Batch {
    /// Each position and its index.
    positions: [(Ring, usize); BATCH],
    /// The value of each position that is a game end.
    ends: [Option<i32>; BATCH],
    /// The children of each live position, with their indices.
    children: [[(Child, usize); RING_MAX_HOLES]; BATCH],
    /// How many children each live position has.
    counts: [usize; BATCH],
    /// How many positions are waiting.
    len: usize,
}

impl Default for Batch {
    fn default() -> Batch {
        Batch {
            positions: [(Ring::default(), 0); BATCH],
            ends: [None; BATCH],
            children: [[(Child::default(), 0); RING_MAX_HOLES]; BATCH],
            counts: [0; BATCH],
            len: 0,
        }
    }
}

/// Combinatorial index of all positions with at most `k` beans on `2n`
/// holes, with one byte per position: its value plus 128, or [`UNKNOWN`].
pub(crate) struct EndgameDb {
    /// The bean limit.
    pub(crate) k: u32,
    parts: usize,
    /// `compositions[p][r]` = compositions of `r` into `p` parts (a row
    /// holds every `r` up to [`MAX_ENDGAME_BEANS`], so an index masked to
    /// the row's length needs no bounds check).
    compositions: Vec<[u64; ROW]>,
    values: Vec<u8>,
}

impl EndgameDb {
    /// The number of positions with at most `k` beans on `2 × holes` holes:
    /// the compositions of `k` into `2n + 1` parts, `C(k + 2n, 2n)`.
    pub(crate) fn count(holes: usize, k: u32) -> u64 {
        let m = 2 * holes as u64;
        let mut c: u64 = 1;
        for i in 1..=m {
            c = c.saturating_mul(u64::from(k) + i) / i;
        }
        c
    }

    /// An empty database (every value unknown) for `holes` holes and at most
    /// `k` beans; the values are on huge pages (they are read at random).
    fn new(holes: usize, k: u32) -> EndgameDb {
        let parts = 2 * holes + 1;
        let mut compositions = vec![[0u64; ROW]; parts + 2];
        for p in 1..parts + 2 {
            compositions[p][0] = 1;
            for r in 1..=k as usize {
                // First part 0 (the other p−1 parts sum to r) or at least 1.
                compositions[p][r] = compositions[p - 1][r] + compositions[p][r - 1];
            }
        }
        let size = compositions[parts][k as usize] as usize;
        EndgameDb {
            k,
            parts,
            compositions,
            values: huge_page_vec(size, || UNKNOWN),
        }
    }

    /// A database for `holes` holes and at most `k` beans whose bytes (see
    /// [`EndgameDb::bytes`]) `fill` writes; its error is returned as is.
    pub(crate) fn from_bytes(
        holes: usize,
        k: u32,
        fill: impl FnOnce(&mut [u8]) -> std::io::Result<()>,
    ) -> std::io::Result<EndgameDb> {
        let mut db = EndgameDb::new(holes, k);
        fill(&mut db.values)?;
        Ok(db)
    }

    /// The stored bytes: one per position, its value plus 128.
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.values
    }

    /// Builds the complete database for `geometry` with at most `k` beans.
    pub(crate) fn build(geometry: &Geometry, k: u32) -> EndgameDb {
        let mut db = EndgameDb::new(geometry.n, k);
        let mut batch = Batch::default();
        for total in 0..=db.k {
            let mut ring = Ring::default();
            db.enumerate(geometry, &mut ring, 0, total, &mut batch);
        }
        db.flush(geometry, &mut batch);
        db
    }

    /// Lexicographic rank of the holes (plus the slack part) among the
    /// compositions of `k` into `2n + 1` parts.
    #[inline]
    pub(crate) fn index(&self, geometry: &Geometry, ring: &Ring) -> usize {
        // The standard board's rank is unrolled: its slot count a constant.
        match geometry.n {
            6 => self.rank(12, ring),
            n => self.rank(2 * n, ring),
        }
    }

    /// [`EndgameDb::index`] on `slots` holes.
    #[inline(always)]
    fn rank(&self, slots: usize, ring: &Ring) -> usize {
        let rows = &self.compositions[self.parts + 1 - slots..=self.parts];
        let mut remaining = self.k as usize;
        let mut rank = 0u64;
        for slot in 0..slots {
            let row = &rows[slots - 1 - slot];
            let b = usize::from(ring.get(slot));
            // Compositions whose part here is below b: those of `remaining`
            // minus those of `remaining - b` into the parts left (+1).
            rank += row[remaining & (ROW - 1)];
            remaining = remaining.wrapping_sub(b);
            rank -= row[remaining & (ROW - 1)];
        }
        rank as usize
    }

    /// Starts loading the entry at `index` into the cache (see
    /// [`prefetch`]).
    #[inline]
    pub(crate) fn prefetch(&self, index: usize) {
        prefetch(&self.values[index]);
    }

    /// The value of the position at `index` of a complete database.
    #[inline]
    pub(crate) fn value_at(&self, index: usize) -> i32 {
        i32::from(self.values[index]) - 128
    }

    /// The value of a position of a complete database.
    #[inline]
    pub(crate) fn get(&self, geometry: &Geometry, ring: &Ring) -> i32 {
        self.value_at(self.index(geometry, ring))
    }

    /// Computes every position with exactly `left` beans in slots
    /// `slot..2n` (the earlier slots as set in `ring`), a batch at a time.
    fn enumerate(
        &mut self,
        g: &Geometry,
        ring: &mut Ring,
        slot: usize,
        left: u32,
        batch: &mut Batch,
    ) {
        if slot == 2 * g.n - 1 {
            ring.set(slot, left as u8);
            let index = self.index(g, ring);
            if self.values[index] == UNKNOWN {
                batch.positions[batch.len] = (*ring, index);
                batch.len += 1;
                if batch.len == BATCH {
                    self.flush(g, batch);
                }
            }
            return;
        }
        for b in 0..=left {
            ring.set(slot, b as u8);
            self.enumerate(g, ring, slot + 1, left - b, batch);
        }
        ring.set(slot, 0);
    }

    /// Computes the positions of `batch`: first every child of every
    /// position is played and its entry prefetched, then the values are
    /// read, so the misses of the whole batch overlap.
    fn flush(&mut self, g: &Geometry, batch: &mut Batch) {
        let len = std::mem::take(&mut batch.len);
        for p in 0..len {
            let (ring, _) = batch.positions[p];
            batch.ends[p] = g.terminal_at_rest(ring);
            if batch.ends[p].is_none() {
                batch.counts[p] = self.expand(g, &ring, &mut batch.children[p]);
            }
        }
        for p in 0..len {
            let (_, index) = batch.positions[p];
            // A position may have been computed as another's child meanwhile.
            if self.values[index] == UNKNOWN {
                let value = match batch.ends[p] {
                    Some(v) => v,
                    None => self.best_of(g, &batch.children[p][..batch.counts[p]]),
                };
                self.values[index] = (value + 128) as u8;
            }
        }
    }

    /// The value of `ring`, whose index is `index`, computed (and stored)
    /// from its children's if not known yet.
    fn compute(&mut self, g: &Geometry, ring: &Ring, index: usize) -> i32 {
        let known = self.values[index];
        if known != UNKNOWN {
            return i32::from(known) - 128;
        }
        let value = match g.terminal_at_rest(*ring) {
            Some(v) => v,
            None => {
                let mut children = [(Child::default(), 0usize); RING_MAX_HOLES];
                let count = self.expand(g, ring, &mut children);
                self.best_of(g, &children[..count])
            }
        };
        self.values[index] = (value + 128) as u8;
        value
    }

    /// Plays every move of the live position `ring` into `children`, each
    /// with its child's index (0 for a game end), and starts loading the
    /// children's entries; returns the number of moves.
    #[inline]
    fn expand(
        &self,
        g: &Geometry,
        ring: &Ring,
        children: &mut [(Child, usize); RING_MAX_HOLES],
    ) -> usize {
        let mut count = 0;
        for i in 0..g.n {
            if ring.get(i) == 0 {
                continue;
            }
            let child = g.play(*ring, i);
            let at = if child.terminal.is_none() {
                let at = self.index(g, &child.ring);
                self.prefetch(at);
                at
            } else {
                0
            };
            children[count] = (child, at);
            count += 1;
        }
        count
    }

    /// The best value for the mover among `children` (from
    /// [`EndgameDb::expand`]), computing those not known yet.
    #[inline]
    fn best_of(&mut self, g: &Geometry, children: &[(Child, usize)]) -> i32 {
        let mut best = i32::MIN;
        for &(child, at) in children {
            let v = match child.terminal {
                Some(rest) => child.gain + rest,
                None if child.extra => child.gain + self.compute(g, &child.ring, at),
                None => child.gain - self.compute(g, &child.ring, at),
            };
            best = best.max(v);
        }
        best
    }
}

/// An endgame database: the exact value of every position of one board size
/// and rule variant with at most [`max_beans`](EndgameTable::max_beans) beans
/// in the holes, one byte per position.
///
/// The value is the rest of the game for the side to move (what it will
/// still put in its pot minus what the opponent will), so it applies to any
/// stores.
///
/// # Examples
/// ```
/// use kalah::{EndgameTable, Position, Rules};
/// let table = EndgameTable::build(3, Rules::Standard, 6).unwrap();
/// assert_eq!(EndgameTable::entries(3, 6), 924);
/// // The start of Kalah(3,1) has 6 beans on the board and no stores yet.
/// let start = Position::start(3, 1, Rules::Standard);
/// let value = table.value(&start).unwrap();
/// assert!((-6..=6).contains(&value));
/// ```
pub struct EndgameTable {
    pub(crate) geometry: Geometry,
    pub(crate) db: EndgameDb,
}

impl std::fmt::Debug for EndgameTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "EndgameTable({} holes, {}, <= {} beans)",
            self.geometry.n, self.geometry.rules, self.db.k
        )
    }
}

impl EndgameTable {
    /// Returns the number of positions (bytes) of the table for `holes`
    /// holes and at most `beans` beans.
    pub fn entries(holes: usize, beans: u32) -> u64 {
        EndgameDb::count(holes, beans)
    }

    /// Returns the largest bean limit whose table has at most `max_entries`
    /// entries, or `None` if even 1 bean is too many or `holes` is out of range.
    pub fn largest_within(holes: usize, max_entries: u64) -> Option<u32> {
        if !(1..=RING_MAX_HOLES).contains(&holes) {
            return None;
        }
        let mut k = 0;
        while k < MAX_ENDGAME_BEANS && EndgameDb::count(holes, k + 1) <= max_entries {
            k += 1;
        }
        (k > 0).then_some(k)
    }

    /// Builds the table for `holes` holes under `rules` with at most `beans`
    /// beans on the board. `None` when `holes` is not in
    /// 1..=[`SOLVER_MAX_HOLES`](crate::SOLVER_MAX_HOLES) or `beans` above 120.
    pub fn build(holes: usize, rules: Rules, beans: u32) -> Option<EndgameTable> {
        EndgameTable::build_check(holes, beans)?;
        let geometry = Geometry::new(holes, rules);
        let db = EndgameDb::build(&geometry, beans);
        Some(EndgameTable { geometry, db })
    }

    /// `Some` when a table of `holes` holes and at most `beans` beans can
    /// exist.
    pub(crate) fn build_check(holes: usize, beans: u32) -> Option<()> {
        ((1..=RING_MAX_HOLES).contains(&holes) && beans <= MAX_ENDGAME_BEANS).then_some(())
    }

    /// Returns the bean limit.
    pub fn max_beans(&self) -> u32 {
        self.db.k
    }

    /// Returns the rule variant the table was built for.
    pub fn rules(&self) -> Rules {
        self.geometry.rules
    }

    /// Returns the rest-of-game value of `position` for its side to move, or
    /// `None` if the table does not cover it (other size or rules, too many
    /// beans). A finished position has value 0: its beans are in the pots.
    pub fn value(&self, position: &Position) -> Option<i32> {
        if position.rules() != self.geometry.rules {
            return None;
        }
        if position.is_over() {
            return Some(0);
        }
        let (ring, beans) = self.geometry.ring_of(position)?;
        (beans <= self.db.k).then(|| self.db.get(&self.geometry, &ring))
    }

    /// Returns the rest-of-game value for the mover of the compact board
    /// `ring` of `geometry` with `beans` beans in its holes, or `None` if the
    /// table does not cover it (other size or rules, too many beans).
    #[inline]
    pub(crate) fn ring_value(&self, geometry: &Geometry, ring: &Ring, beans: u32) -> Option<i32> {
        (beans <= self.db.k
            && geometry.n == self.geometry.n
            && geometry.rules == self.geometry.rules)
            .then(|| self.db.get(&self.geometry, ring))
    }

    /// Returns the bean limit an endgame table may have at most.
    pub(crate) const fn max_limit() -> u32 {
        MAX_ENDGAME_BEANS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecore::Game as _;

    #[test]
    fn the_index_ranks_every_position_once() {
        let g = Geometry::new(2, Rules::Standard);
        let db = EndgameDb::new(2, 5);
        let mut seen = vec![false; EndgameDb::count(2, 5) as usize];
        let mut ring = Ring::default();
        for a in 0..=5u8 {
            for b in 0..=5 - a {
                for c in 0..=5 - a - b {
                    for d in 0..=5 - a - b - c {
                        for (slot, beans) in [a, b, c, d].into_iter().enumerate() {
                            ring.set(slot, beans);
                        }
                        let index = db.index(&g, &ring);
                        assert!(!seen[index], "{a} {b} {c} {d}");
                        seen[index] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    /// A heuristic that is never consulted: the searches below reach the end.
    #[derive(Clone)]
    struct NoHeuristic;

    impl gamecore::Evaluator<Position> for NoHeuristic {
        fn evaluate(&self, _: &Position) -> i32 {
            0
        }
    }

    #[test]
    fn table_values_are_the_exact_rest_of_the_game() {
        for rules in Rules::ALL {
            let table = EndgameTable::build(3, rules, 6).expect("in range");
            let start = Position::start(3, 1, rules);
            for seed in 0..20 {
                let p = gamecore::testkit::random_position(&start, (seed % 5) as u32, seed);
                let depth = p.max_remaining_plies();
                let exact = search::reference::negamax(&p, &NoHeuristic, depth, false)
                    .proven_margin()
                    .unwrap_or(0);
                let board = p.board();
                let stores =
                    board.pot(p.to_move()) as i32 - board.pot(p.to_move().opponent()) as i32;
                assert_eq!(
                    table.value(&p).map(|rest| stores + rest),
                    Some(exact),
                    "{rules} {p:?}"
                );
            }
        }
    }

    #[test]
    fn tables_refuse_what_they_cannot_hold() {
        assert!(EndgameTable::build(0, Rules::Cs32, 4).is_none());
        assert!(EndgameTable::build(RING_MAX_HOLES + 1, Rules::Cs32, 4).is_none());
        assert!(EndgameTable::build(2, Rules::Cs32, MAX_ENDGAME_BEANS + 1).is_none());
        assert_eq!(EndgameTable::largest_within(6, 0), None);
        assert_eq!(
            EndgameTable::largest_within(6, EndgameTable::entries(6, 12)),
            Some(12)
        );
        let table = EndgameTable::build(3, Rules::Cs32, 3).expect("in range");
        assert_eq!(
            table.value(&Position::start(3, 4, Rules::Cs32)),
            None,
            "12 beans > 3"
        );
        assert_eq!(
            table.value(&Position::start(3, 1, Rules::Standard)),
            None,
            "other rules"
        );
    }
}
