//! Rebuilding a [`State`] from the state an original agent is handed, for
//! the JSON-lines agent server that lets the Python program use our agents.

use crate::state::{Ant, Cell, Phase, State};
use crate::stats::{AntType, ConstrType, Coord};
use gamecore::Player;

/// An ant as listed in a Python `Inventory`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SnapshotAnt {
    /// Coordinates in the snapshot's perspective.
    pub coords: Coord,
    /// Unit type.
    pub kind: AntType,
    /// Health.
    pub health: i8,
    /// `hasMoved`.
    pub has_moved: bool,
    /// `carrying`.
    pub carrying: bool,
}

/// A construction as listed in an inventory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SnapshotConstr {
    /// Coordinates in the snapshot's perspective.
    pub coords: Coord,
    /// Construction type.
    pub kind: ConstrType,
    /// Owner of an anthill or tunnel.
    pub owner: Option<Player>,
    /// `captureHealth` of a building (ignored for grass and food).
    pub capture_health: i8,
}

/// A `GameState` as an agent sees it (possibly flipped for Player 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// `phase`.
    pub phase: Phase,
    /// `whoseTurn`.
    pub whose_turn: Player,
    /// `foodCount` per player.
    pub food: [i32; 2],
    /// Each player's ants in list order.
    pub ants: [Vec<SnapshotAnt>; 2],
    /// Every construction.
    pub constrs: Vec<SnapshotConstr>,
}

impl State {
    /// Rebuilds an absolute state from `snap`, whose coordinates are in
    /// `perspective`'s view. Setup progress is inferred from what is placed;
    /// the END counter starts at 0 and the cap is off.
    ///
    /// # Errors
    /// Off-board coordinates, two ants on one cell, or a missing anthill,
    /// tunnel or queen during play.
    pub fn from_snapshot(snap: &Snapshot, perspective: Player) -> Result<State, String> {
        let abs = |c: Coord| {
            if perspective == Player::First {
                c
            } else {
                c.flipped()
            }
        };
        let mut s = State::with_cap(u32::MAX);
        s.phase = snap.phase;
        s.to_move = snap.whose_turn;
        s.food = snap.food;
        for k in &snap.constrs {
            let c = abs(k.coords);
            if !c.on_board() {
                return Err(format!("construction off the board at {}", k.coords));
            }
            let owner = match k.kind {
                ConstrType::Anthill | ConstrType::Tunnel => {
                    Some(k.owner.ok_or("a building without an owner")?)
                }
                _ => None,
            };
            s.cells[c.index()] = Cell::Constr(k.kind, owner);
            if let Some(p) = owner {
                if k.kind == ConstrType::Anthill {
                    s.anthill[p.index()] = Some(c);
                    s.anthill_health[p.index()] = k.capture_health;
                } else {
                    s.tunnel[p.index()] = Some(c);
                    s.tunnel_health[p.index()] = k.capture_health;
                }
            }
        }
        let mut seen = [false; 100];
        for p in Player::BOTH {
            for a in &snap.ants[p.index()] {
                let c = abs(a.coords);
                if !c.on_board() || seen[c.index()] {
                    return Err(format!("bad ant cell {}", a.coords));
                }
                seen[c.index()] = true;
                s.ants[p.index()].push(Ant {
                    coords: c,
                    kind: a.kind,
                    health: a.health,
                    has_moved: a.has_moved,
                    carrying: a.carrying,
                    id: s.next_id,
                });
                s.next_id += 1;
            }
        }
        match s.phase {
            Phase::Setup1 => {
                for p in Player::BOTH {
                    let home = |c: Coord| {
                        if p == Player::First {
                            c.y <= 3
                        } else {
                            c.y >= 6
                        }
                    };
                    s.placed[p.index()] = (0..100)
                        .map(Coord::from_index)
                        .filter(|&c| home(c) && s.cells[c.index()] != Cell::Empty)
                        .count() as u8;
                }
            }
            Phase::Setup2 => {
                for p in Player::BOTH {
                    let enemy_side = |c: Coord| {
                        if p == Player::First {
                            c.y >= 6
                        } else {
                            c.y <= 3
                        }
                    };
                    s.placed[p.index()] = (0..100)
                        .map(Coord::from_index)
                        .filter(|&c| {
                            enemy_side(c) && s.cells[c.index()].constr() == Some(ConstrType::Food)
                        })
                        .count() as u8;
                }
            }
            Phase::Play => {
                for p in Player::BOTH {
                    if s.anthill[p.index()].is_none() || s.tunnel[p.index()].is_none() {
                        return Err("play phase without anthill and tunnel".into());
                    }
                }
            }
        }
        Ok(s)
    }

    /// Marks the ant of the side to move on `attacker` (absolute) as the
    /// attacker waiting for a target, as when the engine calls `getAttack`.
    ///
    /// # Errors
    /// If no own ant stands there.
    pub fn set_pending_attack(&mut self, attacker: Coord) -> Result<(), String> {
        let me = self.to_move.index();
        let i = self.ants[me]
            .iter()
            .position(|a| a.coords == attacker)
            .ok_or_else(|| format!("no attacker on {attacker}"))?;
        self.pending_attack = Some(i as u8);
        Ok(())
    }
}
