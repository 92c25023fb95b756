//! Captures, extra turns and the end of the game, in three rule variants (spec §2, §8).

use crate::board::Board;
use crate::side::{Side, POT};
use std::fmt;
use std::str::FromStr;

/// The rule variant: when a capture happens and when the game ends (spec §8).
///
/// All variants sow the same way, give the same extra turn, and at the end
/// leave each remaining bean with the owner of the side it is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rules {
    /// The CS32 2022/23 rule (the default): the game ends only when the
    /// player **to move** has no beans; the opponent's holes then go to the
    /// opponent's pot. No capture from an empty opposite hole.
    #[default]
    Cs32,
    /// The standard rules (Wikipedia, OpenSpiel, CMancala): the game ends as
    /// soon as either side's holes are empty after a move; each side keeps
    /// its own beans. No capture from an empty opposite hole.
    Standard,
    /// Irving's rules (Irving, Donkers & Uiterwijk 2000): as `Standard`, but a
    /// last bean in an own empty hole captures even when the opposite hole is
    /// empty (the single bean goes to the pot).
    EmptyCapture,
}

impl Rules {
    /// All variants, the default first.
    pub const ALL: [Rules; 3] = [Rules::Cs32, Rules::Standard, Rules::EmptyCapture];

    /// Returns the variant's name as the CLI spells it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Rules::Cs32 => "cs32",
            Rules::Standard => "standard",
            Rules::EmptyCapture => "empty-capture",
        }
    }

    /// Returns true when a last bean in an own empty hole captures even if the
    /// opposite hole is empty.
    #[inline]
    pub const fn captures_from_empty(self) -> bool {
        matches!(self, Rules::EmptyCapture)
    }

    /// Returns true when the game ends as soon as either side is empty
    /// (`Standard`, `EmptyCapture`); false for `Cs32`, where only the side to
    /// move running out of beans ends it.
    #[inline]
    pub const fn ends_when_either_side_empty(self) -> bool {
        !matches!(self, Rules::Cs32)
    }

    /// Sows from `side`'s `hole` and completes the capture if there is one.
    ///
    /// Returns what happened, or `None` (changing nothing) if the hole is a
    /// pot, invalid or empty. Does not decide the end of the game.
    pub fn sow_and_capture(self, board: &mut Board, side: Side, hole: usize) -> Option<SowReport> {
        let (end_side, end_hole) = board.sow(side, hole)?;
        let extra_turn = end_side == side && end_hole == POT;
        let mut captured = 0;
        if end_side == side && end_hole != POT && board.beans(side, end_hole) == Some(1) {
            // The hole holds exactly the last bean: it was empty just before.
            let opposite = board.beans(side.opponent(), end_hole).unwrap_or(0);
            if opposite > 0 || self.captures_from_empty() {
                board.move_to_pot(side.opponent(), end_hole, side);
                board.move_to_pot(side, end_hole, side);
                captured = opposite + 1;
            }
        }
        Some(SowReport {
            end_side,
            end_hole,
            extra_turn,
            captured,
        })
    }

    /// Returns true when the game is over with `to_move` about to move on
    /// `board` (before any sweep).
    pub fn is_over(self, board: &Board, to_move: Side) -> bool {
        if self.ends_when_either_side_empty() {
            board.beans_in_play(Side::North) == 0 || board.beans_in_play(Side::South) == 0
        } else {
            board.beans_in_play(to_move) == 0
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that names no rule variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseRulesError(String);

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rules {:?}: expected cs32, standard or empty-capture",
            self.0
        )
    }
}

impl std::error::Error for ParseRulesError {}

impl FromStr for Rules {
    type Err = ParseRulesError;

    fn from_str(text: &str) -> Result<Rules, ParseRulesError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "cs32" => Ok(Rules::Cs32),
            "standard" => Ok(Rules::Standard),
            "empty-capture" | "irving" => Ok(Rules::EmptyCapture),
            _ => Err(ParseRulesError(text.to_owned())),
        }
    }
}

/// What one sowing did: where the last bean landed, whether it earned an
/// extra turn, and how many beans a capture moved to the pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SowReport {
    /// The side the last bean landed on.
    pub end_side: Side,
    /// The hole the last bean landed in ([`POT`] for the sower's pot).
    pub end_hole: usize,
    /// True when the last bean landed in the sower's pot.
    pub extra_turn: bool,
    /// Beans captured (the last bean plus the opposite hole's), 0 for none.
    pub captured: u32,
}
