//! `gamecore::Game` for [`State`]: one atomic action per move.

use crate::rules::Action;
use crate::state::{Phase, State};
use crate::stats::{AntType, Coord, ANT_TYPES};
use gamecore::{Game, MoveList, Outcome, ParseMoveError, Player};
use std::hash::{Hash, Hasher};

/// Upper bound on actions in one turn: each of at most 100 ants moves and
/// attacks once, plus one build and the END.
const MAX_ACTIONS_PER_TURN: u32 = 202;

impl Game for State {
    type Move = Action;

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut MoveList<Action>) {
        self.legal_actions(moves);
    }

    fn is_legal(&self, mv: Action) -> bool {
        self.action_is_legal(mv)
    }

    fn play_unchecked(&mut self, mv: Action) {
        self.apply(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end.map(|e| match e.winner {
            Some(p) => Outcome::zero_sum(p, 1),
            None => Outcome::new(0, 0),
        })
    }

    fn hash(&self) -> u64 {
        self.recompute_hash()
    }

    fn recompute_hash(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        Hash::hash(self, &mut h);
        h.finish()
    }

    fn score_bounds(&self) -> (i32, i32) {
        (-1, 1)
    }

    fn max_remaining_plies(&self) -> u32 {
        if self.end.is_some() {
            return 0;
        }
        let placed = u32::from(self.placed[0]) + u32::from(self.placed[1]);
        let setup = match self.phase {
            Phase::Setup1 => 26 - placed,
            Phase::Setup2 => 4 - placed,
            Phase::Play => 0,
        };
        let turns = self.cap.saturating_sub(self.ends).max(1);
        setup.saturating_add(turns.saturating_mul(MAX_ACTIONS_PER_TURN))
    }

    fn parse_move(&self, text: &str) -> Result<Action, ParseMoveError> {
        let expected =
            "place X,Y | move X,Y-X,Y | build worker|drone|soldier|ranged | attack X,Y | end";
        let err = || ParseMoveError::new(text, expected);
        let coord = |s: &str| -> Option<Coord> {
            let (x, y) = s.trim().split_once(',')?;
            let c = Coord::new(x.trim().parse().ok()?, y.trim().parse().ok()?);
            c.on_board().then_some(c)
        };
        let t = text.trim();
        let (word, rest) = t.split_once(' ').unwrap_or((t, ""));
        match word.to_ascii_lowercase().as_str() {
            "end" if rest.trim().is_empty() => Ok(Action::End),
            "place" => coord(rest).map(Action::Place).ok_or_else(err),
            "attack" => coord(rest).map(Action::Attack).ok_or_else(err),
            "move" => {
                let (a, b) = rest.split_once('-').ok_or_else(err)?;
                Ok(Action::Move {
                    from: coord(a).ok_or_else(err)?,
                    to: coord(b).ok_or_else(err)?,
                })
            }
            "build" => ANT_TYPES
                .iter()
                .copied()
                .filter(|&t| t != AntType::Queen)
                .find(|t| t.name() == rest.trim().to_ascii_lowercase())
                .map(Action::Build)
                .ok_or_else(err),
            _ => Err(err()),
        }
    }

    fn move_index(&self, mv: Action) -> usize {
        match mv {
            Action::Place(c) => c.index(),
            Action::Move { from, to } => 100 + from.index() * 100 + to.index(),
            Action::Build(t) => 10_100 + t.id() as usize,
            Action::Attack(c) => 10_105 + c.index(),
            Action::End => 10_205,
        }
    }

    fn move_index_bound(&self) -> usize {
        10_206
    }
}
