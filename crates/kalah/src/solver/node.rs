//! The node search: fail-soft alpha-beta on the rest of the game.
//!
//! A node's value `V` is what the side to move will still put in its pot
//! minus what the opponent will, on the mover-first board (the pots never
//! influence the rest of the game). A node:
//!
//! 1. is **settled** without search when the endgame database holds it, or
//!    when the window lies outside ± the beans on the board (futility);
//! 2. **probes the table**: a stored bound may decide it, else the stored
//!    bounds narrow the window and give the first move;
//! 3. **plays every move** and starts loading each child's database entry or
//!    table bucket, so that the cache misses of all children overlap;
//! 4. **bounds the children** that need no search (game ends, database
//!    positions, and at nodes with enough beans the children's table
//!    entries: enhanced transposition cutoffs); one of them may already
//!    refute the window;
//! 5. **searches the rest** in order (the table's move, then extra turns,
//!    captures largest first, then beans gained; ties to the hole nearest
//!    the pot), with several threads putting off the moves another thread
//!    is searching;
//! 6. **stores** its result as a lower bound, an upper bound or both.

use super::table::{Entry, Place, TableView, UNBOUNDED_ABOVE, UNBOUNDED_BELOW};
use crate::endgame::EndgameDb;
use crate::ring::{Child, Geometry, Ring, ORDER_SCORE_LIMIT, RING_MAX_HOLES};
use search::BusyMarks;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Marks are used at nodes with at least this many beans on the board
/// beyond the endgame database's limit: nearer the leaves the subtrees are
/// too small to share out.
pub(super) const BUSY_MIN_BEANS: i32 = 4;

/// The bonus in the move order of the table's move: above every other score.
const TABLE_MOVE_BONUS: i32 = ORDER_SCORE_LIMIT;

/// What the threads of one search share: the tables, the marks and the
/// thresholds, all read-only.
#[derive(Clone, Copy)]
pub(super) struct Shared<'a> {
    /// The board size and rules.
    pub(super) geometry: Geometry,
    /// The transposition table.
    pub(super) table: TableView<'a>,
    /// The endgame database, if any.
    pub(super) db: Option<&'a EndgameDb>,
    /// The "being searched" marks (several threads only).
    pub(super) busy: Option<&'a BusyMarks>,
    /// Marks are used at nodes with at least this many beans.
    pub(super) busy_min: i32,
    /// Children are probed in the table at nodes with at least this many beans.
    pub(super) etc_min: i32,
    /// Positions with fewer beans are not cached.
    pub(super) tt_min: i32,
}

/// Where a child's value may be known without searching it.
#[derive(Clone, Copy)]
enum Lookup {
    /// Nowhere (the game ended, or the child is not probed).
    None,
    /// The endgame database entry at this index.
    Db(usize),
    /// The table entry of this place.
    Tt(Place),
}

/// A node after its table probe.
struct Node {
    /// Where the node lives in the table (`None`: not cached).
    place: Option<Place>,
    /// The slot the probe found the node's entry in (`usize::MAX`: none).
    slot: usize,
    /// The window narrowed by the stored bounds: the result is stored as a
    /// bound or an exact value relative to it.
    alpha: i32,
    beta: i32,
    /// The table's best hole (`u8::MAX`: none).
    tt_move: u8,
    /// The thread's node count before the children were searched.
    nodes_before: u64,
}

/// The best value found at a node so far, and the hole that reaches it.
#[derive(Clone, Copy)]
struct Best {
    value: i32,
    hole: u8,
}

impl Best {
    /// Nothing found yet: below every value.
    const NONE: Best = Best {
        value: i32::MIN,
        hole: u8::MAX,
    };

    /// `value`, reached by the move from `child`'s hole.
    #[inline(always)]
    fn by(value: i32, child: &Child) -> Best {
        Best {
            value,
            hole: child.hole,
        }
    }
}

/// The moves of a node: each child and where its value may be known.
type Played = [(Child, Lookup); RING_MAX_HOLES];

/// One search thread: the shared tables, its own node count and stop state.
pub(super) struct Worker<'a> {
    shared: Shared<'a>,
    /// Read at every node: set when another thread finished the search.
    stop: &'a AtomicBool,
    /// Nodes this thread searched.
    pub(super) nodes: u64,
    /// Set once this thread saw the stop (its latest values are garbage).
    pub(super) stopped: bool,
}

impl<'a> Worker<'a> {
    /// A thread over `shared` that gives up once `stop` is set.
    pub(super) fn new(shared: Shared<'a>, stop: &'a AtomicBool) -> Worker<'a> {
        Worker {
            shared,
            stop,
            nodes: 0,
            stopped: false,
        }
    }

    /// Fail-soft alpha-beta on `V` of a live position with `beans` beans on
    /// the board (the steps in the module docs).
    ///
    /// Returns 0 once the search is stopped (`self.stopped`): the caller then
    /// discards the value and stores nothing.
    pub(super) fn search(&mut self, ring: &Ring, beans: i32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.stop.load(Relaxed) {
            self.stopped = true;
            return 0;
        }
        if let Some(value) = self.settled(ring, beans, alpha, beta) {
            return value;
        }
        let node = match self.probe(ring, beans, alpha, beta) {
            Ok(node) => node,
            Err(cutoff) => return cutoff,
        };
        let mut played = [(Child::default(), Lookup::None); RING_MAX_HOLES];
        let moves = self.play_all(ring, beans, &mut played);
        let mut children = [Child::default(); RING_MAX_HOLES];
        let (best, count) = match self.bound_children(&played[..moves], beans, &node, &mut children)
        {
            Ok(bounded) => bounded,
            Err(cutoff) => {
                self.store(&node, cutoff);
                return cutoff.value;
            }
        };
        let alpha = node.alpha.max(best.value);
        if alpha >= node.beta {
            self.store(&node, best);
            return best.value;
        }
        let children = &mut children[..count];
        sort_by_order(children);
        // With several threads, later moves another thread is searching wait
        // for a second pass (see `BusyMarks`). One thread runs the same loop
        // compiled without the marks' bookkeeping.
        let marks = match (self.shared.busy, node.place) {
            (Some(busy), Some(place)) if beans >= self.shared.busy_min => Some((busy, place.key)),
            _ => None,
        };
        let searched = match marks {
            None => self.search_children::<false>(children, beans, alpha, node.beta, best, None),
            marks => self.search_children::<true>(children, beans, alpha, node.beta, best, marks),
        };
        let Some(best) = searched else {
            return 0;
        };
        self.store(&node, best);
        best.value
    }

    /// The value of a node known without its table or its children: from the
    /// endgame database, or a futility bound (the rest of the game is worth
    /// at most ± the beans on the board).
    #[inline(always)]
    fn settled(&self, ring: &Ring, beans: i32, alpha: i32, beta: i32) -> Option<i32> {
        if let Some(db) = self.shared.db {
            if beans <= db.k as i32 {
                return Some(db.get(&self.shared.geometry, ring));
            }
        }
        if alpha >= beans {
            return Some(beans);
        }
        if beta <= -beans {
            return Some(-beans);
        }
        None
    }

    /// Probes the table: `Err(value)` when a stored bound decides the node,
    /// else the node with its window narrowed by the stored bounds.
    #[inline(always)]
    fn probe(&self, ring: &Ring, beans: i32, mut alpha: i32, mut beta: i32) -> Result<Node, i32> {
        let table = &self.shared.table;
        let place = if beans >= self.shared.tt_min {
            table.locate(*ring, beans)
        } else {
            None
        };
        let mut tt_move = u8::MAX;
        let mut slot = usize::MAX;
        if let Some(place) = &place {
            if let Some((i, e)) = table.probe(place) {
                slot = i;
                if e.lower >= beta {
                    return Err(e.lower);
                }
                if e.upper <= alpha {
                    return Err(e.upper);
                }
                alpha = alpha.max(e.lower);
                beta = beta.min(e.upper);
                tt_move = e.best;
            }
        }
        Ok(Node {
            place,
            slot,
            alpha,
            beta,
            tt_move,
            nodes_before: self.nodes,
        })
    }

    /// Plays every move of `ring` into `played` and returns their number,
    /// finding where each child lives in the endgame database or the table
    /// and starting the load of that memory.
    #[inline(always)]
    fn play_all(&self, ring: &Ring, beans: i32, played: &mut Played) -> usize {
        let g = self.shared.geometry;
        let etc = beans >= self.shared.etc_min;
        let mut moves = 0;
        for i in 0..g.n {
            if ring.get(i) == 0 {
                continue;
            }
            let child = g.play(*ring, i);
            played[moves] = (child, self.locate_child(&child, beans, etc));
            moves += 1;
        }
        moves
    }

    /// Where `child` of a node with `beans` beans may be known without
    /// searching it (the table only if `etc`), after starting the load of
    /// its database entry or table bucket: the child's own probe would miss
    /// there first.
    #[inline(always)]
    fn locate_child(&self, child: &Child, beans: i32, etc: bool) -> Lookup {
        if child.terminal.is_some() {
            return Lookup::None;
        }
        let rest = beans - child.gain;
        let shared = &self.shared;
        if let Some(db) = shared.db.filter(|db| rest <= db.k as i32) {
            let index = db.index(&shared.geometry, &child.ring);
            db.prefetch(index);
            return Lookup::Db(index);
        }
        if rest < shared.tt_min {
            return Lookup::None;
        }
        match shared.table.locate(child.ring, rest) {
            Some(place) => {
                shared.table.prefetch(&place);
                if etc {
                    Lookup::Tt(place)
                } else {
                    Lookup::None
                }
            }
            None => Lookup::None,
        }
    }

    /// Bounds every child from what is known without searching it and
    /// copies the children that still need a search into `to_search`.
    /// Returns the best bound so far and how many children need a search,
    /// or `Err` with a child that alone reaches the node's beta.
    #[inline(always)]
    fn bound_children(
        &self,
        played: &[(Child, Lookup)],
        beans: i32,
        node: &Node,
        to_search: &mut [Child; RING_MAX_HOLES],
    ) -> Result<(Best, usize), Best> {
        let mut best = Best::NONE;
        let mut count = 0;
        for &(mut child, lookup) in played {
            let (lo, hi) = self.child_bounds(&mut child, beans, lookup);
            if lo >= node.beta {
                return Err(Best::by(lo, &child));
            }
            if lo > best.value {
                best = Best::by(lo, &child);
            }
            if hi <= node.alpha || child.terminal.is_some() {
                // Cannot raise alpha, or already exact.
                if hi > best.value {
                    best = Best::by(hi, &child);
                }
                continue;
            }
            if child.hole == node.tt_move {
                child.order += TABLE_MOVE_BONUS;
            }
            to_search[count] = child;
            count += 1;
        }
        Ok((best, count))
    }

    /// The bounds on `child`'s value for the mover of its parent (a board
    /// with `beans` beans): exact for a game end, from the database or the
    /// table where `lookup` points, else ± the beans left. A child whose
    /// bounds meet is marked as ended with that value.
    #[inline(always)]
    fn child_bounds(&self, child: &mut Child, beans: i32, lookup: Lookup) -> (i32, i32) {
        if let Some(v) = child.terminal {
            return (child.gain + v, child.gain + v);
        }
        let rest = beans - child.gain;
        let (mut lo, mut hi) = (child.gain - rest, child.gain + rest);
        let known = match lookup {
            Lookup::Db(index) => {
                let db = self.shared.db.expect("a database lookup");
                let v = db.value_at(index);
                Some((v, v))
            }
            Lookup::Tt(place) => self.shared.table.get(&place).map(|e| (e.lower, e.upper)),
            Lookup::None => None,
        };
        if let Some((clo, chi)) = known {
            if child.extra {
                lo = lo.max(child.gain + clo);
                hi = hi.min(child.gain + chi);
            } else {
                lo = lo.max(child.gain - chi);
                hi = hi.min(child.gain - clo);
            }
        }
        if lo == hi {
            child.terminal = Some(lo - child.gain);
        }
        (lo, hi)
    }

    /// Searches `children` in order within (`alpha`, `beta`), starting from
    /// `best`, and returns the best value and hole (`None` once stopped).
    ///
    /// With `SHARED` (several threads; `marks` holds the marks and the
    /// node's key), every move but the first searched is put off to a
    /// second pass while another thread has it marked, and this thread marks
    /// each move while it searches it: the threads spread over the moves,
    /// and by the time a thread comes back to a put-off move the table
    /// usually holds its value. Without `SHARED` the deferral and the marks
    /// compile away.
    #[inline(always)]
    fn search_children<const SHARED: bool>(
        &mut self,
        children: &[Child],
        beans: i32,
        mut alpha: i32,
        beta: i32,
        mut best: Best,
        marks: Option<(&BusyMarks, u64)>,
    ) -> Option<Best> {
        let marks = if SHARED { marks } else { None };
        let mut searched = 0;
        let mut deferred = 0u32;
        for pass in 0..2 {
            for (i, child) in children.iter().enumerate() {
                if pass == 1 && deferred & (1 << i) == 0 {
                    continue;
                }
                let mark = match marks {
                    Some((busy, key)) if pass == 0 => {
                        let mark = BusyMarks::move_key(key, usize::from(child.hole));
                        if searched > 0 && busy.is_busy(mark) {
                            deferred |= 1 << i;
                            continue;
                        }
                        busy.enter(mark);
                        Some((busy, mark))
                    }
                    _ => None,
                };
                let v = self.child_value(child, beans, alpha, beta);
                if let Some((busy, mark)) = mark {
                    busy.leave(mark);
                }
                searched += 1;
                if self.stopped {
                    return None;
                }
                if v > best.value {
                    best = Best::by(v, child);
                    if v > alpha {
                        alpha = v;
                        if alpha >= beta {
                            return Some(best);
                        }
                    }
                }
            }
            if deferred == 0 {
                break;
            }
        }
        Some(best)
    }

    /// The value of `child` for the mover of its parent (a board with
    /// `beans` beans), searched within (`alpha`, `beta`).
    #[inline(always)]
    fn child_value(&mut self, child: &Child, beans: i32, alpha: i32, beta: i32) -> i32 {
        let rest = beans - child.gain;
        if child.extra {
            child.gain + self.search(&child.ring, rest, alpha - child.gain, beta - child.gain)
        } else {
            child.gain - self.search(&child.ring, rest, child.gain - beta, child.gain - alpha)
        }
    }

    /// Stores `best` as the node's result: an upper bound if it fails low,
    /// a lower bound if it fails high, else exact; its work is the bit
    /// length of the nodes its search took.
    #[inline(always)]
    fn store(&self, node: &Node, best: Best) {
        let Some(place) = node.place else { return };
        let work = (64 - (self.nodes - node.nodes_before).leading_zeros()) as u8;
        let (lower, upper) = if best.value <= node.alpha {
            (UNBOUNDED_BELOW, best.value)
        } else if best.value >= node.beta {
            (best.value, UNBOUNDED_ABOVE)
        } else {
            (best.value, best.value)
        };
        let entry = Entry {
            lower,
            upper,
            best: best.hole,
            work,
        };
        self.shared.table.store(&place, node.slot, entry);
    }
}

/// Sorts `children` by descending order score (insertion sort: at most 8).
#[inline(always)]
fn sort_by_order(children: &mut [Child]) {
    for a in 1..children.len() {
        let mut j = a;
        while j > 0 && children[j - 1].order < children[j].order {
            children.swap(j - 1, j);
            j -= 1;
        }
    }
}
