//! Move ordering: the table's move, killer moves, the evaluator's hint, history.
//!
//! CITE: killer heuristic, Akl & Newborn, "The principal continuation and the
//! killer heuristic", ACM 1977; history heuristic, J. Schaeffer, "The history
//! heuristic and alpha-beta search enhancements in practice", IEEE PAMI 1989.
//!
//! Order: the transposition-table move, then the rest by the evaluator's
//! [`move_order_hint`](gamecore::Evaluator::move_order_hint), among equal
//! hints the two killers of this ply, then history; remaining ties keep the
//! game's generation order. A hint outranks a killer because a game's hint
//! knows its tactics (a Connect Four block, a Kalah extra turn): with the
//! killers first, the searches of Connect Four and Kalah visited up to twice
//! the nodes.
//!
//! A cut-off adds depth² to the cutting move's history; with the history
//! malus ([`SearchOptions::history_malus`]) the moves the node searched
//! before it lose as much, so a move that keeps failing sinks below moves
//! never tried.
//!
//! Killers and history know a move by its
//! [`move_index`](gamecore::Game::move_index), which a game may make name
//! what the move does (Connect Four's landing cell, not its column), so a
//! refutation is recognised where it does the same thing again.

use crate::SearchOptions;
use gamecore::{Game, Player};

/// Killer moves (as move indices) per ply and history scores per (side,
/// move index); see the module's documentation.
#[derive(Debug, Clone)]
pub(crate) struct Ordering {
    killers: Vec<[Option<u32>; 2]>,
    history: Vec<i32>,
    index_bound: usize,
}

/// History scores are halved when one passes ±this, so old lessons fade.
const HISTORY_CAP: i32 = 1 << 24;

/// History scores stay within ±this: a score passes the cap by at most one
/// [`bonus`] before the table is halved.
pub(crate) const HISTORY_BOUND: i32 = 2 * HISTORY_CAP;

/// Added to a history score in a sort key, so that every score counts up
/// from above 0 there.
const HISTORY_OFFSET: i64 = 1 << 26;

impl Ordering {
    /// Creates empty tables, with room for the killers of `plies` plies.
    pub(crate) fn new(plies: usize) -> Ordering {
        Ordering {
            killers: Vec::with_capacity(plies),
            history: Vec::new(),
            index_bound: 0,
        }
    }

    /// Sizes the tables for a search of up to `max_ply` plies on `root`'s game.
    /// Called outside the tree, so the search itself never allocates.
    pub(crate) fn prepare<G: Game>(&mut self, root: &G, max_ply: usize) {
        if self.killers.len() < max_ply + 1 {
            self.killers.resize(max_ply + 1, [None, None]);
        }
        let bound = root.move_index_bound();
        if bound != self.index_bound {
            self.index_bound = bound;
            self.history = vec![0; 2 * bound];
        }
    }

    /// Forgets killers and history.
    pub(crate) fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Halves every history score (between iterations).
    pub(crate) fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    /// The move indices of the two killers of `ply`.
    #[inline]
    pub(crate) fn killers(&self, ply: usize) -> [Option<u32>; 2] {
        self.killers.get(ply).copied().unwrap_or([None, None])
    }

    /// The history scores of `side`, indexed by move index.
    #[inline]
    pub(crate) fn history_of(&self, side: Player) -> &[i32] {
        let start = side.index() * self.index_bound;
        self.history
            .get(start..start + self.index_bound)
            .unwrap_or(&[])
    }

    /// Records that the move of index `index` caused a cut-off at `ply`
    /// with `depth` plies left.
    #[inline]
    pub(crate) fn record_cutoff(
        &mut self,
        side: Player,
        index: usize,
        ply: usize,
        depth: u32,
        options: &SearchOptions,
    ) {
        if options.killers {
            let killer = Some(index as u32);
            if let Some(slot) = self.killers.get_mut(ply) {
                if slot[0] != killer {
                    slot[1] = slot[0];
                    slot[0] = killer;
                }
            }
        }
        if options.history {
            self.add_history(side, index, bonus(depth));
        }
    }

    /// Records that the move of index `index` was searched with `depth`
    /// plies left before another move cut the node off: it loses what the
    /// cutting move gained (the history malus).
    #[inline]
    pub(crate) fn record_malus(&mut self, side: Player, index: usize, depth: u32) {
        self.add_history(side, index, -bonus(depth));
    }

    /// Adds `amount` to the history score of `side`'s move index `index`;
    /// halves every score once this one passes ±[`HISTORY_CAP`].
    #[inline]
    fn add_history(&mut self, side: Player, index: usize, amount: i32) {
        let position = side.index() * self.index_bound + index;
        if let Some(score) = self.history.get_mut(position) {
            *score = score.saturating_add(amount);
            if score.abs() > HISTORY_CAP {
                self.age();
            }
        }
    }
}

/// What a cut-off with `depth` plies left is worth in history: depth², at
/// most [`HISTORY_CAP`].
#[inline]
fn bonus(depth: u32) -> i32 {
    depth.saturating_mul(depth).min(HISTORY_CAP as u32) as i32
}

/// The sort key of one move after the table's move: higher is searched
/// first. The evaluator's hint decides; among equal hints the killers (the
/// first before the second), then history (within ±[`HISTORY_BOUND`]).
/// Every key lies strictly between `i64::MIN` and `i64::MAX` (the search
/// marks a searched move `i64::MIN`).
#[inline]
pub(crate) fn sort_key(killer_rank: Option<usize>, hint: i32, history: i32) -> i64 {
    let killer = match killer_rank {
        Some(0) => 2,
        Some(_) => 1,
        None => 0,
    };
    debug_assert!(
        history.abs() <= HISTORY_BOUND,
        "history {history} out of bounds"
    );
    (i64::from(hint) << 32) + (killer << 30) + (i64::from(history) + HISTORY_OFFSET)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecore::testkit::games::Pebbles;

    /// Killers are move indices, newest first, a repeat not doubled; history
    /// adds depth² at the move index of the side that cut.
    #[test]
    fn cut_offs_are_remembered_by_move_index() {
        let root = Pebbles::new(12);
        let mut ordering = Ordering::new(0);
        ordering.prepare(&root, 4);
        let options = SearchOptions::default();
        ordering.record_cutoff(Player::First, 2, 1, 3, &options);
        assert_eq!(ordering.killers(1), [Some(2), None]);
        ordering.record_cutoff(Player::First, 3, 1, 2, &options);
        ordering.record_cutoff(Player::First, 3, 1, 2, &options);
        assert_eq!(ordering.killers(1), [Some(3), Some(2)]);
        assert_eq!(ordering.killers(0), [None, None]);
        assert_eq!(ordering.history_of(Player::First)[2], 9);
        assert_eq!(ordering.history_of(Player::First)[3], 8);
        assert_eq!(ordering.history_of(Player::Second)[3], 0);
    }

    /// A move searched before the cut loses what the cutting move gains,
    /// and sorts below a move never tried; scores past the cap either way
    /// halve the whole table.
    #[test]
    fn moves_tried_before_a_cut_off_lose_history() {
        let root = Pebbles::new(12);
        let mut ordering = Ordering::new(0);
        ordering.prepare(&root, 4);
        let options = SearchOptions::default().with_history_malus(true);
        ordering.record_cutoff(Player::First, 2, 1, 3, &options);
        ordering.record_malus(Player::First, 0, 3);
        ordering.record_malus(Player::First, 1, 3);
        let history = ordering.history_of(Player::First);
        assert_eq!(&history[..4], &[-9, -9, 9, 0]);
        assert!(sort_key(None, 0, history[0]) < sort_key(None, 0, history[3]));
        assert!(sort_key(None, 0, history[3]) < sort_key(None, 0, history[2]));
        for _ in 0..=(HISTORY_CAP / 9) {
            ordering.record_malus(Player::First, 0, 3);
        }
        let history = ordering.history_of(Player::First);
        assert!(history[0] >= -HISTORY_CAP && history[0] < -HISTORY_CAP / 4);
        assert!(history[1] > -9, "halved with the rest");
    }
}
