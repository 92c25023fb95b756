//! What an agent sees: the state from its own perspective (spec §2, §11).
//!
//! Every agent plays as if it were Player 1. For Player 2 every coordinate
//! `(x, y)` is shown as `(9−x, 9−y)`, and coordinates it returns are mapped
//! back. `whose_turn` is not changed. Ant and construction lists come in the
//! original clone's board-scan order (absolute x ascending, then y); attack
//! target lists keep the engine's creation order.

use crate::rules::{Action, IllegalAction};
use crate::state::{Cell, Phase, State};
use crate::stats::{AntType, ConstrType, Coord, BUILDABLE};
use gamecore::Player;

/// An ant as an agent sees it (coordinates in the agent's perspective).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AntInfo {
    /// Position in the viewer's perspective.
    pub coords: Coord,
    /// Unit type.
    pub kind: AntType,
    /// Remaining health.
    pub health: i8,
    /// Already moved (or built) this turn.
    pub has_moved: bool,
    /// Carrying food.
    pub carrying: bool,
    /// Owner.
    pub player: Player,
    /// Unique id in creation order.
    pub id: u16,
}

/// A construction as an agent sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConstrInfo {
    /// Position in the viewer's perspective.
    pub coords: Coord,
    /// Construction type.
    pub kind: ConstrType,
    /// Owner of a building; `None` for grass and food (the NEUTRAL inventory).
    pub owner: Option<Player>,
}

/// An agent's answer to `getMove`, in its own perspective (the original `Move`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AgentMove {
    /// MOVE_ANT: the path, start cell included; `[start]` is a zero-step move.
    MoveAnt(Vec<Coord>),
    /// BUILD: `coords` must be exactly `[own anthill]`; `kind` the ant type id.
    Build {
        /// The coordinate list (must be the own, free anthill).
        coords: Vec<Coord>,
        /// The `buildType` (1..=4 valid).
        kind: Option<i64>,
    },
    /// END the turn.
    End,
}

impl AgentMove {
    /// A BUILD of `kind` on `hill`.
    pub fn build(hill: Coord, kind: AntType) -> AgentMove {
        AgentMove::Build {
            coords: vec![hill],
            kind: Some(i64::from(kind.id())),
        }
    }
}

/// The state as the agent `me` sees it.
#[derive(Debug, Clone)]
pub struct View {
    state: State,
    me: Player,
}

impl View {
    /// The view of `state` for `me`. In Player 2's setup-phase-1 view the
    /// opponent's constructions are hidden from the board *and* the lists
    /// (spec §17 item 6: we do not reproduce the original's leak).
    pub fn new(state: &State, me: Player) -> View {
        let mut state = state.clone();
        if state.phase == Phase::Setup1 && me == Player::Second {
            for cell in &mut state.cells {
                *cell = Cell::Empty;
            }
            state.anthill[0] = None;
            state.tunnel[0] = None;
        }
        View { state, me }
    }

    /// The viewer.
    pub fn me(&self) -> Player {
        self.me
    }
    /// The opponent.
    pub fn enemy(&self) -> Player {
        self.me.other()
    }
    /// `whoseTurn` (not flipped).
    pub fn whose_turn(&self) -> Player {
        self.state.to_move
    }
    /// The phase.
    pub fn phase(&self) -> Phase {
        self.state.phase
    }
    /// The underlying absolute state (for search agents).
    pub fn state(&self) -> &State {
        &self.state
    }
    /// Maps a perspective coordinate to absolute (and back: the flip is an involution).
    pub fn abs(&self, c: Coord) -> Coord {
        if self.me == Player::First {
            c
        } else {
            c.flipped()
        }
    }

    fn info(&self, p: Player, a: &crate::state::Ant) -> AntInfo {
        AntInfo {
            coords: self.abs(a.coords),
            kind: a.kind,
            health: a.health,
            has_moved: a.has_moved,
            carrying: a.carrying,
            player: p,
            id: a.id,
        }
    }

    /// `getAntList`: ants of `pid` (both if `None`) with a type in `types`,
    /// inventory 0 then 1, each in board-scan order.
    pub fn ants(&self, pid: Option<Player>, types: &[AntType]) -> Vec<AntInfo> {
        let mut out = Vec::new();
        for p in Player::BOTH {
            if pid.is_some_and(|q| q != p) {
                continue;
            }
            let mut list: Vec<&crate::state::Ant> = self.state.ants[p.index()]
                .iter()
                .filter(|a| types.contains(&a.kind))
                .collect();
            list.sort_by_key(|a| (a.coords.x, a.coords.y));
            out.extend(list.into_iter().map(|a| self.info(p, a)));
        }
        out
    }
    /// All of `pid`'s ants (board-scan order).
    pub fn all_ants(&self, pid: Player) -> Vec<AntInfo> {
        self.ants(Some(pid), &crate::stats::ANT_TYPES)
    }
    /// `getAntAt`.
    pub fn ant_at(&self, c: Coord) -> Option<AntInfo> {
        let a = self.abs(c);
        if !a.on_board() {
            return None;
        }
        self.state.ant_at(a).map(|(p, ant)| self.info(p, ant))
    }
    /// `getConstrAt`.
    pub fn constr_at(&self, c: Coord) -> Option<ConstrInfo> {
        let a = self.abs(c);
        if !a.on_board() {
            return None;
        }
        match self.state.cells[a.index()] {
            Cell::Empty => None,
            Cell::Constr(kind, owner) => Some(ConstrInfo {
                coords: c,
                kind,
                owner,
            }),
        }
    }
    /// Constructions of the given types in board-scan order.
    pub fn constrs(&self, types: &[ConstrType]) -> Vec<ConstrInfo> {
        let mut cells: Vec<Coord> = (0..100).map(Coord::from_index).collect();
        cells.sort_by_key(|c| (c.x, c.y));
        cells
            .into_iter()
            .filter_map(|c| match self.state.cells[c.index()] {
                Cell::Constr(kind, owner) if types.contains(&kind) => Some(ConstrInfo {
                    coords: self.abs(c),
                    kind,
                    owner,
                }),
                _ => None,
            })
            .collect()
    }
    /// `player`'s anthill, in this view.
    pub fn anthill(&self, player: Player) -> Option<Coord> {
        self.state.anthill[player.index()].map(|c| self.abs(c))
    }
    /// `player`'s tunnel, in this view.
    pub fn tunnel(&self, player: Player) -> Option<Coord> {
        self.state.tunnel[player.index()].map(|c| self.abs(c))
    }
    /// Food cells in board-scan order.
    pub fn foods(&self) -> Vec<Coord> {
        self.constrs(&[ConstrType::Food])
            .into_iter()
            .map(|c| c.coords)
            .collect()
    }
    /// `player`'s food count.
    pub fn food(&self, player: Player) -> i32 {
        self.state.food[player.index()]
    }
    /// `player`'s queen, if alive.
    pub fn queen(&self, player: Player) -> Option<AntInfo> {
        self.state.queen(player).map(|a| self.info(player, a))
    }
    /// Capture health of `player`'s anthill.
    pub fn anthill_health(&self, player: Player) -> i8 {
        self.state.anthill_health[player.index()]
    }
    /// True when any ant stands on `c`.
    pub fn occupied(&self, c: Coord) -> bool {
        self.ant_at(c).is_some()
    }
    /// The cost of entering `c`: 1, or the construction's move cost unless grass is ignored.
    pub fn entry_cost(&self, c: Coord, ignores_grass: bool) -> i32 {
        match self.constr_at(c) {
            Some(t) if !ignores_grass => t.kind.move_cost(),
            _ => 1,
        }
    }

    /// Converts an agent move (perspective coordinates) into the engine's
    /// action, validating it exactly as the original does (spec §5).
    ///
    /// # Errors
    /// The rule the move breaks; an AI that makes it loses.
    pub fn to_action(&self, mv: &AgentMove) -> Result<Action, IllegalAction> {
        let s = &self.state;
        if s.to_move != self.me {
            return Err(IllegalAction("not this agent's turn".into()));
        }
        match mv {
            AgentMove::End => {
                if s.phase == Phase::Play && s.pending_attack.is_none() && s.end.is_none() {
                    Ok(Action::End)
                } else {
                    Err(IllegalAction("END outside a turn".into()))
                }
            }
            AgentMove::MoveAnt(path) => {
                let abs: Vec<Coord> = path.iter().map(|&c| self.abs(c)).collect();
                s.check_path(&abs)
            }
            AgentMove::Build { coords, kind } => {
                if s.phase != Phase::Play || s.pending_attack.is_some() || s.end.is_some() {
                    return Err(IllegalAction("BUILD outside a turn".into()));
                }
                let [at] = coords.as_slice() else {
                    return Err(IllegalAction("BUILD needs exactly one coordinate".into()));
                };
                if s.anthill[self.me.index()] != Some(self.abs(*at)) {
                    return Err(IllegalAction(format!("{at} is not the own anthill")));
                }
                let t = kind
                    .and_then(AntType::from_id)
                    .filter(|t| BUILDABLE.contains(t))
                    .ok_or_else(|| IllegalAction(format!("bad build type {kind:?}")))?;
                if s.can_build(t) {
                    Ok(Action::Build(t))
                } else {
                    Err(IllegalAction("anthill occupied or not enough food".into()))
                }
            }
        }
    }

    /// The exact next state after the viewer's move (not the original's
    /// approximate `getNextState`): a pending attack is left for
    /// [`View::next_state_attack`].
    ///
    /// # Errors
    /// If the move is illegal.
    pub fn next_state(&self, mv: &AgentMove) -> Result<View, IllegalAction> {
        let action = self.to_action(mv)?;
        let mut state = self.state.clone();
        state.apply(action);
        Ok(View { state, me: self.me })
    }

    /// The exact next state after choosing attack target `target` (perspective).
    ///
    /// # Errors
    /// If no attack is pending or the target is not in the list.
    pub fn next_state_attack(&self, target: Coord) -> Result<View, IllegalAction> {
        let a = Action::Attack(self.abs(target));
        if !self.state.action_is_legal(a) {
            return Err(IllegalAction(format!("{target} is not an attack target")));
        }
        let mut state = self.state.clone();
        state.apply(a);
        Ok(View { state, me: self.me })
    }

    /// The current attack targets in perspective coordinates (creation order), if pending.
    pub fn attack_targets(&self) -> Option<Vec<Coord>> {
        self.state
            .pending_targets()
            .map(|t| t.into_iter().map(|c| self.abs(c)).collect())
    }

    /// The pending attacker in perspective coordinates, if any.
    pub fn pending_attacker(&self) -> Option<AntInfo> {
        self.state
            .pending_attacker()
            .map(|a| self.info(self.state.to_move, a))
    }

    /// The winner if the game is over (`getWinner` semantics on the real rules).
    pub fn winner(&self) -> Option<Option<Player>> {
        self.state.end.map(|e| e.winner)
    }
}
