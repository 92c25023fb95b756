//! The state of a game: soldiers and barriers as bitboards, budgets, the side
//! to move, and how the game ended.

use crate::square::{Bitboard, Square, Squares};
use crate::{zobrist, Cell, Color};

/// Every budget starts at this (rule 1).
pub const START_BUDGET: i32 = 150;
/// The largest budget a position may hold (hashing covers `0..=MAX_BUDGET`).
pub const MAX_BUDGET: i32 = zobrist::BUDGET_VALUES as i32 - 1;
/// Soldiers per side at the start.
pub const START_SOLDIERS: u32 = 5;
/// Barriers per side at the start.
pub const START_BARRIERS: u32 = 12;

/// The square of each colour's flag: Black's (8,4), White's (0,4).
pub const FLAG_SQUARES: [Square; 2] = [Square::new(8, 4), Square::new(0, 4)];

/// White's soldiers at the start (Black's are mirrored to row `8 − x`).
pub const WHITE_START_SOLDIERS: [(u8, u8); 5] = [(0, 2), (0, 6), (1, 3), (1, 5), (2, 4)];
/// White's barriers at the start (Black's are mirrored to row `8 − x`).
pub const WHITE_START_BARRIERS: [(u8, u8); 12] = [
    (0, 3),
    (0, 5),
    (1, 1),
    (1, 4),
    (1, 7),
    (2, 1),
    (2, 7),
    (3, 2),
    (3, 3),
    (3, 4),
    (3, 5),
    (3, 6),
];

/// Why a game ended (spec §3.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum End {
    /// A soldier of the given colour occupied the enemy flag.
    FlagTaken(Color),
    /// The given colour lost its last soldier.
    LastSoldierTaken(Color),
    /// Both budgets are ≤ 1 after a move.
    BudgetsExhausted,
    /// Our rule (spec §6): the given colour is to move with budget ≥ 2 but has no legal move.
    NoLegalMove(Color),
}

/// The result of a finished game (spec §3.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The colour won.
    Win(Color),
    /// Equal soldiers and equal barriers, no flag taken.
    Draw,
}

impl GameResult {
    /// Returns the sample's result line: `BLACK wins!`, `WHITE wins!` or `Draw!`.
    pub const fn line(self) -> &'static str {
        match self {
            GameResult::Win(Color::Black) => "BLACK wins!",
            GameResult::Win(Color::White) => "WHITE wins!",
            GameResult::Draw => "Draw!",
        }
    }
}

/// One position: board, budgets, side to move.
///
/// Flags never move; each flag square holds its flag until an enemy soldier
/// lands on it, which ends the game. The side to move is a property of the
/// state: after a move the other colour moves if its budget is ≥ 2, otherwise
/// the same colour moves again (the sample's "No budget to move! Only to
/// pass!"). The end is computed when a move is played and cached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) soldiers: [Bitboard; 2],
    pub(crate) barriers: [Bitboard; 2],
    pub(crate) budgets: [i32; 2],
    pub(crate) side: Color,
    pub(crate) end: Option<End>,
    pub(crate) hash: u64,
    /// The same board as an 11×11 mailbox with a border of sentinels, for
    /// move generation (see `docs/games/meichu.md`: faster than ray scans).
    pub(crate) cells: [u8; MAILBOX_CELLS],
}

/// Cells of the mailbox: 9×9 plus a border of sentinels.
pub(crate) const MAILBOX_CELLS: usize = 121;
/// The mailbox code of the border.
pub(crate) const WALL: u8 = 7;

/// Returns the mailbox index of board square `square` (`x * 9 + y`).
#[inline]
pub(crate) const fn mailbox_index(square: usize) -> usize {
    (square / 9 + 1) * 11 + square % 9 + 1
}

/// `BOARD_SQUARE[index]`: the board square of a mailbox index inside the border.
pub(crate) static BOARD_SQUARE: [u8; MAILBOX_CELLS] = {
    let mut table = [0u8; MAILBOX_CELLS];
    let mut square = 0;
    while square < 81 {
        table[mailbox_index(square)] = square as u8;
        square += 1;
    }
    table
};

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The initial position with budgets of 150 each, Black to move.
    pub fn start() -> Position {
        Position::start_with_budgets([START_BUDGET, START_BUDGET])
    }

    /// The initial position with the budgets left after the auction
    /// (`[black, white]`), Black to move.
    ///
    /// # Panics
    /// Panics if a budget is outside `0..=MAX_BUDGET`.
    #[track_caller]
    pub fn start_with_budgets(budgets: [i32; 2]) -> Position {
        let mut soldiers = [0u128; 2];
        let mut barriers = [0u128; 2];
        for &(x, y) in &WHITE_START_SOLDIERS {
            let sq = Square::new(x, y);
            soldiers[1] |= sq.bit();
            soldiers[0] |= sq.mirrored().bit();
        }
        for &(x, y) in &WHITE_START_BARRIERS {
            let sq = Square::new(x, y);
            barriers[1] |= sq.bit();
            barriers[0] |= sq.mirrored().bit();
        }
        Position::from_parts(soldiers, barriers, budgets, Color::Black)
    }

    /// Builds a position from its parts and settles the side to move and the end.
    ///
    /// If `side` cannot move for lack of budget the other colour moves.
    ///
    /// # Panics
    /// Panics if a budget is outside `0..=MAX_BUDGET`, if pieces overlap,
    /// or if a barrier or a soldier of its own colour is on a flag square.
    #[track_caller]
    pub fn from_parts(
        soldiers: [Bitboard; 2],
        barriers: [Bitboard; 2],
        budgets: [i32; 2],
        side: Color,
    ) -> Position {
        assert!(
            budgets.iter().all(|b| (0..=MAX_BUDGET).contains(b)),
            "budgets must lie in 0..={MAX_BUDGET}"
        );
        let all = [soldiers[0], soldiers[1], barriers[0], barriers[1]];
        let mut seen = 0u128;
        for set in all {
            assert!(seen & set == 0, "pieces overlap");
            assert!(set & !crate::square::ALL == 0, "pieces off the board");
            seen |= set;
        }
        let flags = FLAG_SQUARES[0].bit() | FLAG_SQUARES[1].bit();
        assert!(
            (barriers[0] | barriers[1]) & flags == 0,
            "a barrier on a flag square"
        );
        assert!(
            soldiers[0] & FLAG_SQUARES[0].bit() == 0 && soldiers[1] & FLAG_SQUARES[1].bit() == 0,
            "a soldier on its own flag square"
        );
        let mut position = Position {
            soldiers,
            barriers,
            budgets,
            side,
            end: None,
            hash: 0,
            cells: [WALL; MAILBOX_CELLS],
        };
        for square in 0..81 {
            position.cells[mailbox_index(square)] =
                position.cell(Square::from_index(square)).code();
        }
        position.settle_turn(side);
        position.hash = position.compute_hash();
        position
    }

    /// Returns the colour to move (meaningless once the game is over).
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Returns the budget of `color`.
    #[inline]
    pub fn budget(&self, color: Color) -> i32 {
        self.budgets[color.index()]
    }

    /// Returns both budgets, Black's then White's.
    pub fn budgets(&self) -> [i32; 2] {
        self.budgets
    }

    /// Returns the number of soldiers of `color` on the board (the sample's `n_pieces`).
    #[inline]
    pub fn soldier_count(&self, color: Color) -> u32 {
        self.soldiers[color.index()].count_ones()
    }

    /// Returns the number of barriers of `color` on the board (the sample's `n_barriers`).
    #[inline]
    pub fn barrier_count(&self, color: Color) -> u32 {
        self.barriers[color.index()].count_ones()
    }

    /// Returns the squares of `color`'s soldiers.
    #[inline]
    pub fn soldiers(&self, color: Color) -> Bitboard {
        self.soldiers[color.index()]
    }

    /// Returns the squares of `color`'s barriers.
    #[inline]
    pub fn barriers(&self, color: Color) -> Bitboard {
        self.barriers[color.index()]
    }

    /// Returns every occupied square, flags included.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.soldiers[0]
            | self.soldiers[1]
            | self.barriers[0]
            | self.barriers[1]
            | FLAG_SQUARES[0].bit()
            | FLAG_SQUARES[1].bit()
    }

    /// Returns what `square` holds (the sample's board code).
    pub fn cell(&self, square: Square) -> Cell {
        let bit = square.bit();
        for color in Color::BOTH {
            if self.soldiers[color.index()] & bit != 0 {
                return Cell::soldier(color);
            }
            if self.barriers[color.index()] & bit != 0 {
                return Cell::barrier(color);
            }
            if FLAG_SQUARES[color.index()] == square {
                return Cell::flag(color);
            }
        }
        Cell::Empty
    }

    /// Returns why the game ended, or `None` while it goes on.
    #[inline]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Returns true once the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Returns the result (spec §3.8) once the game is over.
    ///
    /// The order is the correct sample's: a soldier on the enemy flag square
    /// wins; otherwise more soldiers; otherwise more barriers; otherwise a
    /// draw. (The seed's copy tests the wrong codes on the flag squares and
    /// never reports a flag capture; we follow the correct version.)
    pub fn result(&self) -> Option<GameResult> {
        self.end?;
        Some(self.standing())
    }

    /// Returns who would win if the game were decided now by §3.8.
    pub fn standing(&self) -> GameResult {
        if self.soldiers[0] & FLAG_SQUARES[1].bit() != 0 {
            return GameResult::Win(Color::Black);
        }
        if self.soldiers[1] & FLAG_SQUARES[0].bit() != 0 {
            return GameResult::Win(Color::White);
        }
        let soldiers = [
            self.soldier_count(Color::Black),
            self.soldier_count(Color::White),
        ];
        if soldiers[0] != soldiers[1] {
            return GameResult::Win(if soldiers[0] > soldiers[1] {
                Color::Black
            } else {
                Color::White
            });
        }
        let barriers = [
            self.barrier_count(Color::Black),
            self.barrier_count(Color::White),
        ];
        if barriers[0] != barriers[1] {
            return GameResult::Win(if barriers[0] > barriers[1] {
                Color::Black
            } else {
                Color::White
            });
        }
        GameResult::Draw
    }

    /// Returns the 64-bit Zobrist key (board, both budgets, side to move).
    #[inline]
    pub fn hash_key(&self) -> u64 {
        self.hash
    }

    /// Computes the key from scratch.
    pub fn compute_hash(&self) -> u64 {
        let mut key = 0;
        for color in 0..2 {
            for sq in Squares(self.soldiers[color]) {
                key ^= zobrist::soldier(color, sq);
            }
            for sq in Squares(self.barriers[color]) {
                key ^= zobrist::barrier(color, sq);
            }
            key ^= zobrist::budget(color, self.budgets[color]);
        }
        if self.side == Color::White {
            key ^= zobrist::white_to_move();
        }
        key
    }

    /// Decides who moves next, starting the search at `preferred`, and
    /// whether the game is over (spec §3.4, §3.7). Does not touch the hash.
    pub(crate) fn settle_turn(&mut self, preferred: Color) {
        if self.soldiers[0] & FLAG_SQUARES[1].bit() != 0 {
            self.end = Some(End::FlagTaken(Color::Black));
            return;
        }
        if self.soldiers[1] & FLAG_SQUARES[0].bit() != 0 {
            self.end = Some(End::FlagTaken(Color::White));
            return;
        }
        for color in Color::BOTH {
            if self.soldiers[color.index()] == 0 {
                self.end = Some(End::LastSoldierTaken(color));
                return;
            }
        }
        if self.budgets[0] <= 1 && self.budgets[1] <= 1 {
            self.end = Some(End::BudgetsExhausted);
            return;
        }
        self.side = if self.budgets[preferred.index()] > 1 {
            preferred
        } else {
            preferred.other()
        };
        self.end = if self.has_legal_move(self.side) {
            None
        } else {
            Some(End::NoLegalMove(self.side))
        };
    }

    /// Returns the squares of the opponent of `color` that `color`'s soldiers
    /// may land on (spec §3.5 step 6): enemy soldiers, enemy barriers, the
    /// enemy flag, and own barriers.
    #[inline]
    pub(crate) fn landing_targets(&self, color: Color) -> Bitboard {
        let us = color.index();
        let them = 1 - us;
        self.soldiers[them] | self.barriers[them] | self.barriers[us] | FLAG_SQUARES[them].bit()
    }
}
