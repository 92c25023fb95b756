//! Actions, their legality and their effects: movement with grass costs and
//! the queen's rows, builds, mandatory attacks, END upkeep and the win check
//! (spec §5–§10).

use crate::state::{Cell, EndReason, GameEnd, Phase, State};
use crate::stats::{AntType, ConstrType, Coord, FOOD_GOAL};
use gamecore::{MoveList, Player};
use std::fmt;

/// One atomic action, in absolute coordinates: the `gamecore` move type.
///
/// A turn is many actions by the same side ending with [`Action::End`]. A
/// move is identified by its start and end cell: the original only uses the
/// path's last cell, and a legal path exists exactly when the end cell is
/// reachable within the ant's movement (checked with exact path costs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Setup: place the next item of the current phase on this cell.
    Place(Coord),
    /// MOVE_ANT from → to; `from == to` is the legal zero-step move.
    Move {
        /// The moving ant's cell.
        from: Coord,
        /// Its destination.
        to: Coord,
    },
    /// BUILD an ant of this type on the mover's anthill.
    Build(AntType),
    /// Choose the target of the pending mandatory attack.
    Attack(Coord),
    /// END the turn.
    End,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(c) => write!(f, "place {c}"),
            Action::Move { from, to } => write!(f, "move {from}-{to}"),
            Action::Build(t) => write!(f, "build {}", t.name()),
            Action::Attack(c) => write!(f, "attack {c}"),
            Action::End => f.write_str("end"),
        }
    }
}

/// Why an agent's action was refused (the agent then loses).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalAction(pub String);

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for IllegalAction {}

/// The cost for an ant of type `kind` to enter `c` (spec §5.2).
pub fn entry_cost(state: &State, kind: AntType, c: Coord) -> i32 {
    match state.constr_at(c) {
        Some(t) if !kind.ignores_grass() => t.move_cost(),
        _ => 1,
    }
}

/// True when the queen may not stand on `c`: absolute rows 4 and 5.
pub const fn queen_forbidden(c: Coord) -> bool {
    c.y == 4 || c.y == 5
}

impl State {
    /// The cheapest path cost for the ant on `from` to every cell, honouring
    /// blocking ants, grass costs and the queen's rows; `i32::MAX` where
    /// unreachable within `movement`. The start itself has cost 0.
    pub fn reach_costs(&self, from: Coord, kind: AntType) -> [i32; 100] {
        let movement = kind.movement();
        let mut cost = [i32::MAX; 100];
        let mut occ = [false; 100];
        for a in self.ants[0].iter().chain(&self.ants[1]) {
            occ[a.coords.index()] = true;
        }
        cost[from.index()] = 0;
        // Costs are small (movement <= 3): relax in rounds until stable.
        let mut frontier = vec![from];
        while let Some(c) = frontier.pop() {
            let base = cost[c.index()];
            for n in c.neighbours() {
                if occ[n.index()] || (kind == AntType::Queen && queen_forbidden(n)) {
                    continue;
                }
                let nc = base + entry_cost(self, kind, n);
                if nc <= movement && nc < cost[n.index()] {
                    cost[n.index()] = nc;
                    frontier.push(n);
                }
            }
        }
        cost
    }

    /// A cheapest legal path (start included) for the ant on `from` to `to`,
    /// or `None` if `to` is out of reach: turns a [`Action::Move`] back into
    /// the original's path form.
    pub fn path_to(&self, from: Coord, to: Coord) -> Option<Vec<Coord>> {
        let (_, ant) = self.ant_at(from)?;
        let cost = self.reach_costs(from, ant.kind);
        if cost[to.index()] == i32::MAX {
            return None;
        }
        let mut path = vec![to];
        let mut cur = to;
        while cur != from {
            let step = cost[cur.index()] - entry_cost(self, ant.kind, cur);
            cur = cur.neighbours().find(|n| cost[n.index()] == step)?;
            path.push(cur);
        }
        path.reverse();
        Some(path)
    }

    /// Every legal action for the side to move, in a fixed order: placements
    /// in cell order; during play the pending attack's targets (creation
    /// order), or each unmoved ant's moves (creation order, zero-step first),
    /// builds, then END.
    pub fn legal_actions(&self, out: &mut MoveList<Action>) {
        out.clear();
        if self.end.is_some() {
            return;
        }
        match self.phase {
            Phase::Setup1 | Phase::Setup2 => {
                for i in 0..100 {
                    let c = Coord::from_index(i);
                    if self.placement_ok(c) {
                        out.push(Action::Place(c));
                    }
                }
            }
            Phase::Play => {
                if let Some(targets) = self.pending_targets() {
                    out.extend(targets.into_iter().map(Action::Attack));
                    return;
                }
                let me = self.to_move.index();
                for a in self.ants[me].iter().filter(|a| !a.has_moved) {
                    out.push(Action::Move {
                        from: a.coords,
                        to: a.coords,
                    });
                    let cost = self.reach_costs(a.coords, a.kind);
                    for (i, &k) in cost.iter().enumerate() {
                        if k > 0 && k != i32::MAX {
                            out.push(Action::Move {
                                from: a.coords,
                                to: Coord::from_index(i),
                            });
                        }
                    }
                }
                for t in crate::stats::BUILDABLE {
                    if self.can_build(t) {
                        out.push(Action::Build(t));
                    }
                }
                out.push(Action::End);
            }
        }
    }

    /// True when the side to move may build `kind` now: its anthill is free
    /// of ants and it can pay.
    pub fn can_build(&self, kind: AntType) -> bool {
        let Some(cost) = kind.cost() else {
            return false;
        };
        let me = self.to_move;
        match self.anthill[me.index()] {
            Some(h) => !self.occupied(h) && self.food[me.index()] >= cost,
            None => false,
        }
    }

    /// The targets of the pending attack in creation order, if one is pending.
    pub fn pending_targets(&self) -> Option<Vec<Coord>> {
        let i = usize::from(self.pending_attack?);
        let attacker = self.ants[self.to_move.index()][i];
        Some(self.attack_targets(self.to_move, &attacker))
    }

    /// Enemy ants within the attacker's range, in the opponent's creation order (spec §6).
    pub fn attack_targets(&self, owner: Player, attacker: &crate::state::Ant) -> Vec<Coord> {
        self.ants[owner.other().index()]
            .iter()
            .filter(|e| e.coords.manhattan(attacker.coords) <= attacker.kind.range())
            .map(|e| e.coords)
            .collect()
    }

    /// True when `action` is legal now.
    pub fn action_is_legal(&self, action: Action) -> bool {
        if self.end.is_some() {
            return false;
        }
        match (self.phase, action) {
            (Phase::Setup1 | Phase::Setup2, Action::Place(c)) => self.placement_ok(c),
            (Phase::Play, Action::Attack(c)) => {
                self.pending_targets().is_some_and(|t| t.contains(&c))
            }
            (Phase::Play, _) if self.pending_attack.is_some() => false,
            (Phase::Play, Action::Move { from, to }) => {
                if !from.on_board() || !to.on_board() {
                    return false;
                }
                let me = self.to_move.index();
                match self.ants[me].iter().find(|a| a.coords == from) {
                    Some(a) if !a.has_moved => {
                        from == to || {
                            let k = self.reach_costs(from, a.kind)[to.index()];
                            k > 0 && k != i32::MAX
                        }
                    }
                    _ => false,
                }
            }
            (Phase::Play, Action::Build(t)) => self.can_build(t),
            (Phase::Play, Action::End) => true,
            _ => false,
        }
    }

    /// Applies a legal action and runs the win check (and our cap).
    pub(crate) fn apply(&mut self, action: Action) {
        match action {
            Action::Place(c) => self.apply_placement(c),
            Action::Move { from, to } => {
                let me = self.to_move.index();
                let i = self.ants[me]
                    .iter()
                    .position(|a| a.coords == from)
                    .expect("legal move has an ant");
                let ant = &mut self.ants[me][i];
                ant.coords = to;
                ant.has_moved = true;
                if ant.kind != AntType::Worker {
                    let ant = *ant;
                    if !self.attack_targets(self.to_move, &ant).is_empty() {
                        self.pending_attack = Some(i as u8);
                    }
                }
            }
            Action::Build(t) => {
                let me = self.to_move;
                let hill = self.anthill[me.index()].expect("anthill");
                self.food[me.index()] -= t.cost().expect("buildable");
                self.spawn(me, t, hill, true);
            }
            Action::Attack(target) => {
                let me = self.to_move.index();
                let i = usize::from(self.pending_attack.take().expect("pending attack"));
                let damage = self.ants[me][i].kind.attack();
                let foe = &mut self.ants[1 - me];
                let j = foe
                    .iter()
                    .position(|a| a.coords == target)
                    .expect("legal target");
                foe[j].health -= damage;
                if foe[j].health <= 0 {
                    // A carried unit of food dies with its worker.
                    foe.remove(j);
                }
            }
            Action::End => self.end_turn(),
        }
        self.check_win();
    }

    /// END upkeep (spec §9): capture, pickup and delivery in creation order,
    /// then the mover's flags reset and the turn passes.
    fn end_turn(&mut self) {
        let me = self.to_move;
        for i in 0..self.ants[me.index()].len() {
            let ant = self.ants[me.index()][i];
            match self.cells[ant.coords.index()] {
                Cell::Constr(t @ (ConstrType::Anthill | ConstrType::Tunnel), Some(owner))
                    if owner != me =>
                {
                    if t == ConstrType::Anthill {
                        self.anthill_health[owner.index()] -= 1;
                    } else {
                        self.tunnel_health[owner.index()] -= 1;
                    }
                }
                Cell::Constr(ConstrType::Food, _) if ant.kind == AntType::Worker => {
                    self.ants[me.index()][i].carrying = true;
                }
                Cell::Constr(ConstrType::Anthill | ConstrType::Tunnel, _) if ant.carrying => {
                    self.food[me.index()] += 1;
                    self.ants[me.index()][i].carrying = false;
                }
                _ => {}
            }
        }
        for a in &mut self.ants[me.index()] {
            a.has_moved = false;
        }
        self.to_move = me.other();
        self.ends += 1;
    }

    /// `hasWon(p)` (spec §10) with the condition that holds, if any, in the
    /// order (a) queen, (b) anthill, (c) food, (d) starvation.
    pub fn has_won(&self, p: Player) -> Option<EndReason> {
        if self.phase != Phase::Play {
            return None;
        }
        let foe = p.other();
        if self.queen(foe).is_none() {
            Some(EndReason::QueenKilled)
        } else if self.anthill_health[foe.index()] <= 0 {
            Some(EndReason::AnthillCaptured)
        } else if self.food[p.index()] >= FOOD_GOAL {
            Some(EndReason::Food)
        } else if self.food[foe.index()] == 0 && self.ants[foe.index()].len() == 1 {
            Some(EndReason::Starvation)
        } else {
            None
        }
    }

    /// The win check after every action: Player 1 first, then Player 2, then
    /// our END cap with adjudication.
    fn check_win(&mut self) {
        if self.end.is_some() {
            return;
        }
        for p in Player::BOTH {
            if let Some(reason) = self.has_won(p) {
                self.end = Some(GameEnd {
                    winner: Some(p),
                    reason,
                });
                return;
            }
        }
        if self.phase == Phase::Play && self.ends >= self.cap && self.pending_attack.is_none() {
            self.end = Some(GameEnd {
                winner: self.adjudicate(),
                reason: EndReason::TurnCap,
            });
        }
    }

    /// Our extension's adjudication: more food wins, then the higher total
    /// health of living ants, else a draw.
    pub fn adjudicate(&self) -> Option<Player> {
        let health = |p: Player| -> i32 {
            self.ants[p.index()]
                .iter()
                .map(|a| i32::from(a.health))
                .sum()
        };
        let key = |p: Player| (self.food[p.index()], health(p));
        match key(Player::First).cmp(&key(Player::Second)) {
            std::cmp::Ordering::Greater => Some(Player::First),
            std::cmp::Ordering::Less => Some(Player::Second),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// Checks an agent's MOVE_ANT path exactly as the original validator does
    /// (absolute coordinates) and returns the equivalent [`Action`].
    ///
    /// # Errors
    /// The first rule the path breaks.
    pub fn check_path(&self, path: &[Coord]) -> Result<Action, IllegalAction> {
        let bad = |m: String| Err(IllegalAction(m));
        if self.phase != Phase::Play || self.end.is_some() {
            return bad("not in play".into());
        }
        if self.pending_attack.is_some() {
            return bad("an attack target is pending".into());
        }
        let Some(&start) = path.first() else {
            return bad("empty coordinate list".into());
        };
        if !start.on_board() {
            return bad(format!("start {start} is off the board"));
        }
        let me = self.to_move.index();
        let Some(ant) = self.ants[me].iter().find(|a| a.coords == start) else {
            return bad(format!("no own ant on {start}"));
        };
        if ant.has_moved {
            return bad(format!("the ant on {start} has already moved"));
        }
        if ant.kind == AntType::Queen && queen_forbidden(start) {
            return bad("the queen may not stand in rows 4-5".into());
        }
        let mut cost = 0;
        for w in path.windows(2) {
            let (prev, c) = (w[0], w[1]);
            if !c.on_board() {
                return bad(format!("{c} is off the board"));
            }
            if !prev.adjacent(c) {
                return bad(format!("{prev} and {c} are not adjacent"));
            }
            if self.occupied(c) {
                return bad(format!("{c} is occupied"));
            }
            if ant.kind == AntType::Queen && queen_forbidden(c) {
                return bad("the queen may not enter rows 4-5".into());
            }
            cost += entry_cost(self, ant.kind, c);
        }
        if cost > ant.kind.movement() {
            return bad(format!(
                "path costs {cost}, more than movement {}",
                ant.kind.movement()
            ));
        }
        Ok(Action::Move {
            from: start,
            to: *path.last().expect("non-empty"),
        })
    }
}
