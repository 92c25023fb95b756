//! The compact position: Kalah on the mover-first board of module `ring`,
//! with the pots, as a [`gamecore::Game`] for SmartPlayer's search.
//!
//! The rules are those of [`Position`] (module `rules`), played on the
//! compact board: one byte per hole, the side to move's holes first. A move
//! is a [`Sowing`]: the mover's hole counted in sowing order from the hole
//! farthest from its pot (0-based). A sowing whose last bean ends in the
//! mover's pot keeps the mover; otherwise the board is turned round for the
//! opponent. The pots are kept mover-first too, and the game ends as
//! [`Rules`] says, the beans left in the holes going to their side's pot.
//!
//! Two positions with the same holes and the same pot difference for the
//! side to move have the same value for it, whoever (South or North) that
//! is: the hash covers exactly those, so the search's table shares them.

use crate::position::{plies_bound, Move, Position};
use crate::ring::{Geometry, Preview, Ring, RING_MAX_BEANS, RING_MAX_HOLES};
use crate::rules::Rules;
use crate::side::Side;
use gamecore::{mix64, Game, MoveList, Outcome, ParseMoveError, Player};
use std::fmt;

/// A move on the compact board: the mover's hole in sowing order, 0 for the
/// hole farthest from its pot (South's hole 1, North's hole n).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Sowing(pub u8);

impl fmt::Display for Sowing {
    /// Writes the sowing-order number counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// A Kalah position on the compact board (module docs). `Copy`: 16 bytes of
/// holes, the pots and the rules.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct CompactPosition {
    ring: Ring,
    geometry: Geometry,
    /// The pots, the side to move's first.
    pots: [u16; 2],
    /// The side to move (the side that moved last once the game is over).
    mover: Side,
    over: bool,
}

impl CompactPosition {
    /// The compact form of `position`, or `None` when its board has more
    /// than [`SOLVER_MAX_HOLES`](crate::SOLVER_MAX_HOLES) holes a side or more
    /// than [`SOLVER_MAX_BEANS`](crate::SOLVER_MAX_BEANS) beans in the holes.
    pub fn from_position(position: &Position) -> Option<CompactPosition> {
        let holes = position.board().holes();
        if holes > RING_MAX_HOLES {
            return None;
        }
        let geometry = Geometry::new(holes, position.rules());
        let (ring, beans) = geometry.ring_of(position)?;
        if beans > RING_MAX_BEANS {
            return None;
        }
        let mover = position.to_move();
        let board = position.board();
        let pot = |side: Side| u16::try_from(board.pot(side)).ok();
        Some(CompactPosition {
            ring,
            geometry,
            pots: [pot(mover)?, pot(mover.opponent())?],
            mover,
            over: position.is_over(),
        })
    }

    /// The hole of [`Position`]'s numbering (1..=n, the mover's side) that
    /// `sowing` names.
    pub fn hole_of(&self, sowing: Sowing) -> usize {
        let n = self.geometry.n;
        match self.mover {
            Side::South => usize::from(sowing.0) + 1,
            Side::North => n - usize::from(sowing.0).min(n - 1),
        }
    }

    /// The move of [`Position`] that `sowing` is.
    pub fn move_of(&self, sowing: Sowing) -> Move {
        Move(self.hole_of(sowing) as u8)
    }

    /// The rule variant.
    pub fn rules(&self) -> Rules {
        self.geometry.rules
    }

    /// Holes per side.
    pub fn holes(&self) -> usize {
        self.geometry.n
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.mover
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The side to move's pot minus the opponent's.
    pub fn store_difference(&self) -> i32 {
        i32::from(self.pots[0]) - i32::from(self.pots[1])
    }

    /// The beans in the holes of the side to move and of the opponent.
    pub fn beans_in_play(&self) -> (i32, i32) {
        self.geometry.sums(self.ring)
    }

    /// The beans in the side to move's hole `slot` (sowing order, 0-based;
    /// `slot` n.. are the opponent's holes in its sowing order).
    pub fn beans(&self, slot: usize) -> u8 {
        if slot < 2 * self.geometry.n {
            self.ring.get(slot)
        } else {
            0
        }
    }

    /// What sowing `slot` would do (extra turn, capture, gain), cheaply.
    pub(crate) fn preview(&self, slot: usize) -> Preview {
        self.geometry.preview(self.ring, slot)
    }

    /// The compact board, for the endgame table.
    pub(crate) fn ring(&self) -> &Ring {
        &self.ring
    }

    /// The geometry (size and rules), for the endgame table.
    pub(crate) fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Every bean of the game, pots included.
    fn total_beans(&self) -> i32 {
        let (own, opp) = self.beans_in_play();
        own + opp + i32::from(self.pots[0]) + i32::from(self.pots[1])
    }
}

impl fmt::Debug for CompactPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.geometry.n;
        let row = |from: usize| {
            (from..from + n)
                .map(|slot| self.ring.get(slot).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        write!(
            f,
            "CompactPosition({:?} to move, {}, holes [{}] pot {} | opponent [{}] pot {}{})",
            self.mover,
            self.geometry.rules,
            row(0),
            self.pots[0],
            row(n),
            self.pots[1],
            if self.over { ", over" } else { "" }
        )
    }
}

impl Game for CompactPosition {
    type Move = Sowing;

    fn side_to_move(&self) -> Player {
        self.mover.player()
    }

    fn legal_moves(&self, moves: &mut MoveList<Sowing>) {
        moves.clear();
        if self.over {
            return;
        }
        // The holes with beans as bits: a loop over set bits mispredicts
        // less than a test per hole.
        let mut holes = self.ring.occupied(self.geometry.n);
        while holes != 0 {
            moves.push(Sowing(holes.trailing_zeros() as u8));
            holes &= holes - 1;
        }
    }

    fn is_legal(&self, mv: Sowing) -> bool {
        !self.over && usize::from(mv.0) < self.geometry.n && self.ring.get(usize::from(mv.0)) > 0
    }

    /// Sows the mover's hole; an empty or out-of-range hole passes the turn
    /// unchanged, as [`Game::play_unchecked`] allows for illegal moves.
    fn play_unchecked(&mut self, mv: Sowing) {
        let slot = usize::from(mv.0);
        if self.over || slot >= self.geometry.n || self.ring.get(slot) == 0 {
            return;
        }
        let child = self.geometry.play(self.ring, slot);
        self.ring = child.ring;
        self.pots[0] += child.gain as u16;
        if let Some(rest) = child.terminal {
            // The mover's side keeps its beans, the opponent's its own: the
            // board is swept into the pots, the mover still first.
            let (own, opp) = self.geometry.sums(self.ring);
            debug_assert_eq!(own - opp, rest);
            self.pots[0] += own as u16;
            self.pots[1] += opp as u16;
            self.ring = Ring::default();
            self.over = true;
        } else if !child.extra {
            self.pots.swap(0, 1);
            self.mover = self.mover.opponent();
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over.then(|| {
            let (mine, theirs) = (i32::from(self.pots[0]), i32::from(self.pots[1]));
            match self.mover {
                Side::South => Outcome::new(mine, theirs),
                Side::North => Outcome::new(theirs, mine),
            }
        })
    }

    /// The holes and the pot difference for the side to move (module docs).
    fn hash(&self) -> u64 {
        let holes = self.ring.bits();
        let stores = self.store_difference() as u64;
        mix64(
            (holes as u64) ^ mix64(((holes >> 64) as u64) ^ (stores << 48) ^ u64::from(self.over)),
        )
    }

    fn recompute_hash(&self) -> u64 {
        self.hash()
    }

    fn score_bounds(&self) -> (i32, i32) {
        (0, self.total_beans())
    }

    /// [`Position`]'s bound (`plies_bound`).
    fn max_remaining_plies(&self) -> u32 {
        if self.over {
            return 0;
        }
        let (own, opp) = self.beans_in_play();
        plies_bound(self.geometry.n, (own + opp) as u32)
    }

    fn parse_move(&self, text: &str) -> Result<Sowing, ParseMoveError> {
        match text.trim().parse::<u8>() {
            Ok(number) if (1..=self.geometry.n as u8).contains(&number) => Ok(Sowing(number - 1)),
            _ => Err(ParseMoveError::new(
                text,
                format!("a hole in sowing order from 1 to {}", self.geometry.n),
            )),
        }
    }

    fn move_index(&self, mv: Sowing) -> usize {
        usize::from(mv.0).min(RING_MAX_HOLES - 1)
    }

    fn move_index_bound(&self) -> usize {
        RING_MAX_HOLES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game from random positions of every variant plays the same on
    /// the compact board as on [`Position`]: moves, side to move, pots, end.
    #[test]
    fn compact_play_follows_the_position_rules() {
        let mut rng = gamecore::seeded_rng(11);
        for rules in Rules::ALL {
            for (holes, beans) in [(1, 3), (3, 2), (4, 4), (6, 4), (6, 6), (8, 3)] {
                for _ in 0..30 {
                    let mut position = Position::start(holes, beans, rules);
                    let mut compact = CompactPosition::from_position(&position).expect("fits");
                    while !position.is_over() {
                        assert_eq!(compact.side_to_move(), position.side_to_move());
                        assert_eq!(Some(compact), CompactPosition::from_position(&position));
                        let mut moves = MoveList::new();
                        compact.legal_moves(&mut moves);
                        let mut theirs = MoveList::new();
                        position.legal_moves(&mut theirs);
                        let mut mapped: Vec<Move> =
                            moves.iter().map(|&m| compact.move_of(m)).collect();
                        mapped.sort_by_key(|m| m.0);
                        let mut expected = theirs.to_vec();
                        expected.sort_by_key(|m| m.0);
                        assert_eq!(mapped, expected);
                        let pick = moves[rand::Rng::gen_range(&mut rng, 0..moves.len())];
                        position.play_unchecked(compact.move_of(pick));
                        compact.play_unchecked(pick);
                    }
                    assert!(compact.is_over());
                    assert_eq!(compact.outcome(), position.outcome());
                }
            }
        }
    }

    #[test]
    fn a_position_seen_from_either_side_has_one_hash() {
        // South moves hole 3 of 4 (no extra turn): North to move. The same
        // holes and pots seen with North's and South's roles swapped hash alike.
        let start =
            CompactPosition::from_position(&Position::start(4, 3, Rules::Standard)).unwrap();
        let mut after = start;
        after.play_unchecked(Sowing(2));
        assert_eq!(after.to_move(), Side::North);
        let mirrored = CompactPosition {
            mover: Side::South,
            ..after
        };
        assert_eq!(after.hash(), mirrored.hash());
        let richer = CompactPosition {
            pots: [after.pots[0] + 1, after.pots[1]],
            ..after
        };
        assert_ne!(after.hash(), richer.hash());
    }

    #[test]
    fn the_compact_position_keeps_the_game_contract() {
        for rules in Rules::ALL {
            let start = CompactPosition::from_position(&Position::start(4, 3, rules)).unwrap();
            gamecore::testkit::check_random_games(&start, 20, 7);
        }
    }
}
