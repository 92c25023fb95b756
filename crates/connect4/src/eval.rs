//! The heuristic evaluation for depth-limited search, from the side to
//! move's point of view.
//!
//! [`Connect4Eval`] scores what Connect Four strategy calls *threats*: empty
//! cells that would complete four for one side
//! ([`winning_cells`]). A threat cannot be taken away,
//! only blocked when it becomes playable, so threats decide most games that
//! are not lost to a short tactic. The score is, in order:
//! 1. **Immediate results.** If the side to move can complete four now, the
//!    position is as good as won: [`Connect4Eval::win_next`]. If the opponent
//!    has two playable threats, or one with another threat right above it,
//!    the side to move can block only one and is as good as lost: the
//!    negative of it.
//! 2. **Threats.** Each side's threats count
//!    [`Connect4Eval::threat`], mine minus the opponent's, plus
//!    [`Connect4Eval::odd_even_threat`] for a threat on the row its owner
//!    wants by the zugzwang rule of Allis (CITE: V. Allis, "A Knowledge-based
//!    Approach of Connect-Four", 1988, §4): the first player's threats on odd
//!    rows (1, 3, 5 counted from the bottom), the second player's on even rows.
//! 3. **Centre.** Each stone scores by its column, [`Connect4Eval::column_weights`],
//!    highest in the middle, where a stone takes part in the most lines.
//!
//! All values are small integers, far within [`gamecore::EVAL_LIMIT`].

use crate::end::{winning_cells, DIRECTIONS};
use crate::layout::{cell_bit, column_cells, BOARD, WIDTH};
use crate::{Column, Position};
use gamecore::{Evaluator, Player};

/// The cells of the odd rows counted from the bottom (rows 1, 3 and 5; 0-based 0, 2, 4).
const ODD_ROWS: u64 = {
    let mut bits = 0;
    let mut col = 0;
    while col < WIDTH {
        bits |= cell_bit(col, 0) | cell_bit(col, 2) | cell_bit(col, 4);
        col += 1;
    }
    bits
};

/// The cells of the even rows counted from the bottom (rows 2, 4 and 6).
const EVEN_ROWS: u64 = BOARD & !ODD_ROWS;

/// A threat-counting evaluation for Connect Four (module docs give the idea).
///
/// Scores are from the point of view of the side to move. The fields are the
/// weights; [`Default`] gives the hand-picked values listed with each field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Connect4Eval {
    /// The score when the side to move can win at once (default 10 000), and
    /// minus it when the opponent has a win the side to move cannot stop.
    pub win_next: i32,
    /// The value of each threat (default 40).
    pub threat: i32,
    /// The extra value of a threat on its owner's good row (default 20).
    pub odd_even_threat: i32,
    /// The value of a stone in each column, left to right (default 0, 1, 2, 4, 2, 1, 0).
    pub column_weights: [i32; WIDTH],
}

impl Default for Connect4Eval {
    fn default() -> Connect4Eval {
        Connect4Eval {
            win_next: 10_000,
            threat: 40,
            odd_even_threat: 20,
            column_weights: [0, 1, 2, 4, 2, 1, 0],
        }
    }
}

impl Connect4Eval {
    /// Returns the threat and centre part of the score (steps 2 and 3 of the
    /// module docs) for `player`, whose stones are `stones` and whose threats
    /// are `threats`.
    fn side_score(&self, player: Player, stones: u64, threats: u64) -> i32 {
        let good_rows = match player {
            Player::First => ODD_ROWS,
            Player::Second => EVEN_ROWS,
        };
        let mut score = self.threat * threats.count_ones() as i32
            + self.odd_even_threat * (threats & good_rows).count_ones() as i32;
        for (col, &weight) in self.column_weights.iter().enumerate() {
            score += weight * (stones & column_cells(col)).count_ones() as i32;
        }
        score
    }
}

impl Evaluator<Position> for Connect4Eval {
    fn evaluate(&self, state: &Position) -> i32 {
        let mask = state.mask();
        let mine = state.current();
        let theirs = mine ^ mask;
        let my_threats = winning_cells(mine, mask);
        let their_threats = winning_cells(theirs, mask);
        let playable = state.playable_cells();
        if my_threats & playable != 0 {
            return self.win_next;
        }
        let their_now = their_threats & playable;
        // Two wins to stop, or one whose blocking stone gives the cell above it.
        if their_now.count_ones() >= 2 || (their_now << 1) & their_threats != 0 {
            return -self.win_next;
        }
        let me = state.to_move();
        self.side_score(me, mine, my_threats) - self.side_score(me.other(), theirs, their_threats)
    }

    /// Tries, in order: the winning move (1000), the move that blocks the
    /// opponent's playable threat (500), then moves by whether they make a
    /// new threat (20) and their column (6 for the centre down to 0 at the edges);
    /// a move that lets the opponent win on top of it loses 300. Constant
    /// time, no allocation.
    fn move_order_hint(&self, state: &Position, column: Column) -> i32 {
        Threats::of(state).hint(column)
    }

    /// The same hints, with the position's threats found once for all moves.
    /// When the side to move can win, or must block, the other moves' order
    /// hardly matters (the win cuts the node; without the block the opponent
    /// wins at once), so they get only their column's part, which costs no
    /// threat search.
    fn move_order_hints(&self, state: &Position, moves: &[Column], hints: &mut [i32]) {
        let threats = Threats::of(state);
        for (hint, &column) in hints.iter_mut().zip(moves) {
            *hint = threats.hint(column);
        }
    }
}

/// The threats of both sides in one position: what every move's ordering
/// hint reads, as bit sets of cells.
#[derive(Debug, Clone, Copy)]
struct Threats {
    mine: u64,
    theirs: u64,
    /// The cells the next stone can go to: a move's cell is its column's.
    playable: u64,
    /// A win or a block is playable: the other moves' order hardly matters.
    forced: bool,
    /// The playable cells on which a stone of the side to move would make
    /// a new threat (none when `forced`: those hints do not read it).
    makers: u64,
    /// The playable cells right below a threat of the opponent's: a stone
    /// there lets the opponent win on top of it.
    under_theirs: u64,
}

impl Threats {
    fn of(state: &Position) -> Threats {
        let mask = state.mask();
        let current = state.current();
        let (mine, theirs) = (
            winning_cells(current, mask),
            winning_cells(current ^ mask, mask),
        );
        let playable = state.playable_cells();
        let forced = (mine | theirs) & playable != 0;
        Threats {
            mine,
            theirs,
            playable,
            forced,
            makers: if forced {
                0
            } else {
                threat_makers(current, mask, mine, playable)
            },
            under_theirs: (theirs >> 1) & playable,
        }
    }

    /// The hint of playing `column` (see [`Evaluator::move_order_hint`]);
    /// when a win or a block is playable, a move that is neither gets its
    /// column's part alone, without the threat search. A full column's
    /// hint is 0.
    #[inline]
    fn hint(&self, column: Column) -> i32 {
        let col = column.index();
        let cell = self.playable & column_cells(col);
        if cell == 0 {
            return 0;
        }
        if !self.forced {
            // No playable cell wins or blocks.
            let maker = if self.makers & cell != 0 { 20 } else { 0 };
            let under = if self.under_theirs & cell != 0 {
                300
            } else {
                0
            };
            return centre_hint(col) + maker - under;
        }
        if self.mine & cell != 0 {
            1000
        } else if self.theirs & cell != 0 {
            500
        } else {
            centre_hint(col)
        }
    }
}

/// The cells of `cells` (empty cells) on which a stone of `stones` would
/// make at least one new threat: an empty cell other than `c`, not already
/// in `threats` (`winning_cells(stones, mask)`), that the stone completes a
/// line of four for, with two stones of `stones`. That is the cells `c` with
/// `winning_cells(stones | c, mask | c) & !threats` not empty, found for all
/// cells at once.
///
/// A new threat `t` lies on a line through `c`, `d` cells away in one
/// direction (`d` from −3 to 3, not 0), and some window of four cells along
/// that direction holds `c`, `t` and two of `stones`. For each direction and
/// distance, the cells `c` for which that holds are one bitboard (the
/// windows' other two cells read by shifts); a cell makes a threat when it
/// is in any of them. Counting the threats instead (bit-sliced counters)
/// costs Connect Four's searches about 8 % more instructions and saves only
/// 0.4–2.4 % of the nodes.
fn threat_makers(stones: u64, mask: u64, threats: u64, cells: u64) -> u64 {
    let open = BOARD & !mask & !threats;
    // Vertical: only the cell above the stone, on top of three.
    let mut makers = (stones << 1) & (stones << 2) & (open >> 1);
    // The other directions: horizontal and the two diagonals.
    for &shift in &DIRECTIONS[1..] {
        // `ahead(x, k)` has bit `c` when `x` has the cell `k` steps from `c`.
        let ahead = |x: u64, k: u32| x >> (k * shift);
        let behind = |x: u64, k: u32| x << (k * shift);
        let (p1, p2, p3) = (ahead(stones, 1), ahead(stones, 2), ahead(stones, 3));
        let (n1, n2, n3) = (behind(stones, 1), behind(stones, 2), behind(stones, 3));
        // `t` one, two or three steps ahead, then behind; the other two
        // cells of each window that holds both `c` and `t`.
        makers |= ahead(open, 1) & ((p2 & p3) | (n1 & p2) | (n2 & n1));
        makers |= ahead(open, 2) & ((p1 & p3) | (n1 & p1));
        makers |= ahead(open, 3) & p1 & p2;
        makers |= behind(open, 1) & ((n2 & n3) | (p1 & n2) | (p2 & p1));
        makers |= behind(open, 2) & ((n1 & n3) | (p1 & n1));
        makers |= behind(open, 3) & n1 & n2;
    }
    makers & cells
}

/// The column's part of a hint: 6 for the centre down to 0 at the edges.
fn centre_hint(col: usize) -> i32 {
    CENTRE_HINTS[col]
}

/// [`centre_hint`] of every column: twice three less the distance from the centre.
const CENTRE_HINTS: [i32; WIDTH] = [0, 2, 4, 6, 4, 2, 0];

#[cfg(test)]
mod tests {
    use super::*;
    use gamecore::{Game, MoveList, EVAL_LIMIT};

    #[test]
    fn the_empty_board_is_even_and_the_centre_is_good() {
        let eval = Connect4Eval::default();
        assert_eq!(eval.evaluate(&Position::new()), 0);
        // First took the centre: second to move is worse off.
        let centre = Position::from_moves("4").unwrap();
        let edge = Position::from_moves("1").unwrap();
        assert!(eval.evaluate(&centre) < eval.evaluate(&edge));
        assert!(eval.evaluate(&centre) < 0);
    }

    #[test]
    fn a_win_in_one_scores_high_and_a_double_threat_low() {
        let eval = Connect4Eval::default();
        // First has 1, 2, 3 on the bottom row and is to move: wins at 4.
        let win = Position::from_moves("172736").unwrap();
        assert!(win.can_win_next());
        assert_eq!(eval.evaluate(&win), eval.win_next);
        // First has 2, 3, 4 with 1 and 5 both open; second to move cannot stop both.
        let lost = Position::from_moves("27374").unwrap();
        assert_eq!(eval.evaluate(&lost), -eval.win_next);
        assert!(eval.win_next < EVAL_LIMIT);
    }

    #[test]
    fn hints_put_the_win_then_the_block_first() {
        let eval = Connect4Eval::default();
        // Second has 5, 6, 7 on the bottom row; first has 1, 2, 3 and is to move.
        let position = Position::from_moves("152637").unwrap();
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let best = moves
            .iter()
            .copied()
            .max_by_key(|&c| eval.move_order_hint(&position, c))
            .unwrap();
        assert_eq!(best, Column::new(3));
        assert_eq!(eval.move_order_hint(&position, Column::new(3)), 1000);
        // Second to move, facing first's 1-2-3: blocking at 4 beats the rest.
        let facing = Position::from_moves("17273").unwrap();
        assert_eq!(eval.move_order_hint(&facing, Column::new(3)), 500);
        assert!(eval.move_order_hint(&facing, Column::new(4)) < 500);
    }

    /// The position reached by playing, for each choice, the legal move of
    /// that index (modulo their number) until the game ends.
    fn random_position(choices: &[usize]) -> Position {
        let mut position = Position::new();
        let mut moves = MoveList::new();
        for &choice in choices {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            position.play(moves[choice % moves.len()]).unwrap();
        }
        position
    }

    proptest::proptest! {
        /// Every move's hint, from the node's bit sets, equals the rule read
        /// off its landing cell one move at a time (win 1000, block 500,
        /// otherwise the column's part, plus 20 for a new threat and less
        /// 300 under an opponent's threat unless a win or block is
        /// playable), in random positions; the node's hints equal them too.
        #[test]
        fn hints_follow_the_rule_cell_by_cell(
            choices in proptest::collection::vec(0usize..7, 0..42)
        ) {
            let eval = Connect4Eval::default();
            let position = random_position(&choices);
            let threats = Threats::of(&position);
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            let mut hints = vec![0; moves.len()];
            eval.move_order_hints(&position, &moves, &mut hints);
            for (&column, &hint) in moves.iter().zip(&hints) {
                let cell = position.landing_cell(column);
                let expected = if threats.mine & cell != 0 {
                    1000
                } else if threats.theirs & cell != 0 {
                    500
                } else if threats.forced {
                    centre_hint(column.index())
                } else {
                    centre_hint(column.index())
                        + if threats.makers & cell != 0 { 20 } else { 0 }
                        - if threats.theirs & (cell << 1) != 0 { 300 } else { 0 }
                };
                proptest::prop_assert_eq!(hint, expected, "{} column {}", position, column.index());
                proptest::prop_assert_eq!(eval.move_order_hint(&position, column), expected);
            }
        }

        /// The cells where a stone would make a new threat, found for every
        /// empty cell at once, are those where the winning cells with the
        /// stone played, one cell at a time, gain one, for both sides of
        /// random positions.
        #[test]
        fn threat_makers_match_the_winning_cells_one_cell_at_a_time(
            choices in proptest::collection::vec(0usize..7, 0..42)
        ) {
            let position = random_position(&choices);
            let mask = position.mask();
            let empty = BOARD & !mask;
            for stones in [position.current(), position.current() ^ mask] {
                let threats = winning_cells(stones, mask);
                let makers = threat_makers(stones, mask, threats, empty);
                let mut cells = empty;
                while cells != 0 {
                    let cell = cells & cells.wrapping_neg();
                    cells ^= cell;
                    let expected = winning_cells(stones | cell, mask | cell) & !threats != 0;
                    proptest::prop_assert_eq!(makers & cell != 0, expected, "{} cell {:#x}", position, cell);
                }
            }
        }
    }
}
