//! The row-3-wall family built on Complex Food Gatherer's supply lines:
//! Complex and Very Complex Food Gatherer, Nibble, Anthill Attack AI,
//! Defensive W/ A-STAR, Ralph, Steve and Shape Shifter (spec §13.3–§13.4).
//!
//! Ported from the spec's description of the originals; the move order
//! within a turn follows the originals' `getMove` structure: queen, builds,
//! fighters, workers, END.

use super::common::{
    constr_is, far_food, foods_in_list_order, layout, make_lines, original_a_star, queen_move,
    queen_path, SupplyLine, FIGHTERS, NON_QUEEN, ROW3_LAYOUT,
};
use crate::agent::AntAgent;
use crate::stats::{AntType, ConstrType, Coord, FOOD_GOAL};
use crate::utils::{create_path_toward, list_all_movement_paths, list_attackable, steps_to_reach};
use crate::view::{AgentMove, AntInfo, View};
use gamecore::{seeded_rng, GameRng};
use rand::Rng;

/// Which bundled agent a [`Gatherer`] plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Complex Food Gatherer.
    Complex,
    /// Very Complex Food Gatherer.
    VeryComplex,
    /// Nibble.
    Nibble,
    /// Anthill Attack AI.
    AnthillAttack,
    /// Defensive W/ A-STAR.
    Defensive,
    /// Ralph (`Soldier.py`).
    Ralph,
    /// Steve (`Starve.py`).
    Steve,
    /// Shape Shifter.
    ShapeShifter,
}

/// Shape Shifter's modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Gather,
    Starve,
    Defense,
}

/// One of the row-3-wall agents.
#[derive(Debug)]
pub struct Gatherer {
    style: Style,
    rng: GameRng,
    lines: Option<Vec<SupplyLine>>,
    my_foods: Vec<Coord>,
    /// Steve's food slots: the cell of the ranged soldier assigned to each
    /// of `my_foods` (as last moved), `None` before the first build.
    occupants: [Option<Coord>; 2],
    /// Shape Shifter's mode; `None` until the first decision.
    mode: Option<Mode>,
}

impl Gatherer {
    /// A fresh agent of `style`.
    pub fn new(style: Style) -> Gatherer {
        Gatherer {
            style,
            rng: seeded_rng(0),
            lines: None,
            my_foods: Vec::new(),
            occupants: [None; 2],
            mode: None,
        }
    }
}

fn path_move(path: Vec<Coord>) -> AgentMove {
    AgentMove::MoveAnt(path)
}

/// The nearest (by `stepsToReach`) of `targets` from `from`.
fn nearest(view: &View, from: Coord, targets: &[AntInfo]) -> Option<AntInfo> {
    let mut best = None;
    let mut dist = 999;
    for t in targets {
        let d = steps_to_reach(view, t.coords, from);
        if d < dist {
            dist = d;
            best = Some(*t);
        }
    }
    best
}

impl Gatherer {
    fn hill(view: &View) -> Coord {
        view.anthill(view.me()).expect("anthill")
    }

    fn hill_free(view: &View) -> bool {
        !view.occupied(Self::hill(view))
    }

    /// Builds a worker for a line without one (food > 0, hill free).
    fn line_worker_build(&mut self, view: &View) -> Option<AgentMove> {
        if view.food(view.me()) > 0 && Self::hill_free(view) {
            let hill = Self::hill(view);
            for line in self.lines.as_mut()? {
                if line.ants.is_empty() {
                    line.ants.push(hill);
                    return Some(AgentMove::build(hill, AntType::Worker));
                }
            }
        }
        None
    }

    /// Very Complex Food Gatherer's worker building (§13.4: "Keeps building
    /// workers while `11 − workers > food > 0` and a line has fewer than
    /// Manhattan(food, depot)/2 workers"): the half is exact (`2·n < d`, so a
    /// line of odd length 7 takes a fourth worker), and an empty line always
    /// gets one.
    fn vc_worker_build(&mut self, view: &View) -> Option<AgentMove> {
        let me = view.me();
        let workers = view.ants(Some(me), &[AntType::Worker]).len() as i32;
        let food = view.food(me);
        if !(FOOD_GOAL - workers > food && food > 0 && Self::hill_free(view)) {
            return None;
        }
        let hill = Self::hill(view);
        for line in self.lines.as_mut()? {
            let n = line.ants.len() as i32;
            if n == 0 || 2 * n < line.food.manhattan(line.deposit) {
                line.ants.push(hill);
                return Some(AgentMove::build(hill, AntType::Worker));
            }
        }
        None
    }

    /// Moves the next unmoved line worker; with `unstick`, a path that makes
    /// no progress is retried with movement + 1 and its last step dropped.
    fn workers(&mut self, view: &View, unstick: bool) -> Option<AgentMove> {
        let lines = self.lines.as_mut()?;
        for line in lines.iter_mut() {
            if let Some(AgentMove::MoveAnt(path)) = line.update_next_ant(view) {
                if unstick && path.len() == 1 {
                    let c = path[0];
                    let ant = view.ant_at(c).expect("worker");
                    let goal = if ant.carrying {
                        line.deposit
                    } else {
                        line.food
                    };
                    let mut p = create_path_toward(view, c, goal, AntType::Worker.movement() + 1);
                    if p.len() > 1 {
                        p.pop();
                    }
                    if p.len() > 1 && view.to_action(&AgentMove::MoveAnt(p.clone())).is_ok() {
                        line.ants.pop();
                        line.ants.push(*p.last().expect("non-empty"));
                        return Some(path_move(p));
                    }
                }
                return Some(path_move(path));
            }
        }
        None
    }

    fn queen_to(view: &View, target: Coord) -> Option<AgentMove> {
        let q = view.queen(view.me())?;
        (!q.has_moved).then(|| path_move(queen_path(view, q.coords, target)))
    }

    /// Complex Food Gatherer's drones: build while fewer than the enemy
    /// non-queen ants with y < 6; each chases the nearest enemy non-queen ant.
    fn cfg_drones(&mut self, view: &View) -> Option<AgentMove> {
        let me = view.me();
        let enemies = view.ants(Some(view.enemy()), &NON_QUEEN);
        if view.food(me) > 1 && Self::hill_free(view) {
            let attacking = enemies.iter().filter(|a| a.coords.y < 6).count();
            if view.ants(Some(me), &[AntType::Drone]).len() < attacking {
                return Some(AgentMove::build(Self::hill(view), AntType::Drone));
            }
        }
        for d in view.ants(Some(me), &[AntType::Drone]) {
            if d.has_moved {
                continue;
            }
            if let Some(t) = nearest(view, d.coords, &enemies) {
                return Some(path_move(create_path_toward(view, d.coords, t.coords, 3)));
            }
        }
        None
    }

    /// Nibble's single raiding drone (§13.4: "exactly one DRONE (built at
    /// food > 1). The drone is a worker raider. It scores each cell within
    /// Manhattan 3 of itself: minus the distance to the nearest enemy worker,
    /// +10 if adjacent to one, −20 if an enemy fighter is close (the
    /// original's test is "distance − movement + range < 0"; port it as
    /// written). It walks toward the best cell.").
    ///
    /// The cells are `listAttackable(drone, 3)` (§12: within the distance,
    /// "excluding c", by dx then dy), the first best kept; a cell next to a
    /// worker scores 10 (its distance counts as 0), a worker on the cell
    /// itself is skipped, and the danger test runs over the enemy queen and
    /// fighters in list order, as the original's does.
    fn nibble_drone(&mut self, view: &View) -> Option<AgentMove> {
        let me = view.me();
        let drones = view.ants(Some(me), &[AntType::Drone]);
        if drones.is_empty() && view.food(me) > 1 && Self::hill_free(view) {
            return Some(AgentMove::build(Self::hill(view), AntType::Drone));
        }
        let d = drones.into_iter().find(|d| !d.has_moved)?;
        let enemy = view.enemy();
        let workers = view.ants(Some(enemy), &[AntType::Worker]);
        let dangerous = view.ants(
            Some(enemy),
            &[
                AntType::Queen,
                AntType::Soldier,
                AntType::RSoldier,
                AntType::Drone,
            ],
        );
        let mut best = None;
        let mut best_score = -999;
        for c in list_attackable(d.coords, AntType::Drone.movement() as i8) {
            let dead = dangerous
                .iter()
                .any(|f| f.coords.manhattan(c) - f.kind.movement() + f.kind.range() < 0);
            let mut dist = 99;
            let mut kill = false;
            for w in &workers {
                match w.coords.manhattan(c) {
                    0 => continue,
                    1 => {
                        kill = true;
                        dist = 0;
                        break;
                    }
                    t if t < dist => dist = t,
                    _ => {}
                }
            }
            let mut score = -dist;
            if dead {
                score -= 20;
            }
            if kill {
                score += 10;
            }
            if score > best_score {
                best_score = score;
                best = Some(c);
            }
        }
        let best = best?;
        Some(path_move(create_path_toward(
            view,
            d.coords,
            best,
            AntType::Drone.movement(),
        )))
    }

    /// Anthill Attack AI's fighters, in the spec's order (§13.4: "Drones
    /// intercept enemy non-queen ants with y < 5. Builds DRONEs (food > 1,
    /// ≥ 2 workers, < 3 drones). Idle drones and any ranged soldiers march to
    /// the enemy anthill to capture it. Workers as in Complex Food
    /// Gatherer."): interception first, then the drone build, then the march;
    /// the worker build and the workers come after this (see `get_move`).
    fn anthill_attack(&mut self, view: &View) -> Option<AgentMove> {
        let me = view.me();
        let enemy_hill = view.anthill(view.enemy())?;
        let drones = view.ants(Some(me), &[AntType::Drone]);
        // Interception: the enemy non-queen ants are taken in list order (the
        // spec names no "nearest"); the first one with y < 5 gets the first
        // unmoved drone.
        for intruder in view.ants(Some(view.enemy()), &NON_QUEEN) {
            if intruder.coords.y < 5 {
                if let Some(d) = drones.iter().find(|d| !d.has_moved) {
                    return Some(path_move(create_path_toward(
                        view,
                        d.coords,
                        intruder.coords,
                        AntType::Drone.movement(),
                    )));
                }
            }
        }
        let workers = view.ants(Some(me), &[AntType::Worker]).len();
        if view.food(me) > 1 && Self::hill_free(view) && workers >= 2 && drones.len() < 3 {
            return Some(AgentMove::build(Self::hill(view), AntType::Drone));
        }
        // The march: idle drones first, then any ranged soldiers.
        for kind in [AntType::Drone, AntType::RSoldier] {
            if let Some(u) = view
                .ants(Some(me), &[kind])
                .into_iter()
                .find(|u| !u.has_moved)
            {
                return Some(path_move(create_path_toward(
                    view,
                    u.coords,
                    enemy_hill,
                    kind.movement(),
                )));
            }
        }
        None
    }

    /// Defensive W/ A-STAR's ranged soldiers, in the spec's order (§13.4:
    /// "Builds a ranged soldier (food > 1, hill free) while its ranged count ≤
    /// the number of enemy drones, soldiers and ranged soldiers. A fresh ranged
    /// soldier on the hill moves toward (6,3); ranged soldiers standing on food
    /// move toward (7,3); the rest hunt the nearest enemy queen or fighter with
    /// `aStarSearchPath`, falling back to `createPathToward`. Workers as in
    /// Complex Food Gatherer."): the build comes before the worker build.
    fn defensive(&mut self, view: &View) -> Option<AgentMove> {
        let me = view.me();
        let enemy = view.enemy();
        let hill = Self::hill(view);
        let ranged = view.ants(Some(me), &[AntType::RSoldier]);
        if view.food(me) > 1 && Self::hill_free(view) {
            let enemy_fighters = view.ants(Some(enemy), &FIGHTERS);
            if ranged.len() <= enemy_fighters.len() {
                return Some(AgentMove::build(hill, AntType::RSoldier));
            }
        }
        let own_unmoved_rs = |c: Coord| {
            view.ant_at(c)
                .filter(|a| a.player == me && a.kind == AntType::RSoldier && !a.has_moved)
        };
        // "A fresh ranged soldier on the hill moves toward (6,3)".
        if let Some(r) = own_unmoved_rs(hill) {
            return Some(path_move(create_path_toward(
                view,
                r.coords,
                Coord::new(6, 3),
                AntType::RSoldier.movement(),
            )));
        }
        // "ranged soldiers standing on food move toward (7,3)" (foods in list order).
        for f in foods_in_list_order(view) {
            if let Some(r) = own_unmoved_rs(f) {
                return Some(path_move(create_path_toward(
                    view,
                    r.coords,
                    Coord::new(7, 3),
                    AntType::RSoldier.movement(),
                )));
            }
        }
        // "the rest hunt the nearest enemy queen or fighter": one list of the
        // enemy's queen, drones, soldiers and ranged soldiers in list order,
        // nearest by `stepsToReach` with strict improvement.
        let prey = view.ants(
            Some(enemy),
            &[
                AntType::Queen,
                AntType::Drone,
                AntType::Soldier,
                AntType::RSoldier,
            ],
        );
        for r in ranged {
            if r.has_moved {
                continue;
            }
            if let Some(t) = nearest(view, r.coords, &prey) {
                let path = match original_a_star(view, r.coords, t.coords) {
                    Some(p) if !p.is_empty() => p,
                    _ => create_path_toward(view, r.coords, t.coords, AntType::RSoldier.movement()),
                };
                return Some(path_move(path));
            }
        }
        None
    }

    /// True when some enemy non-queen ant could reach our hill soon.
    fn hill_threatened(view: &View) -> bool {
        let hill = Self::hill(view);
        view.ants(Some(view.enemy()), &NON_QUEEN)
            .iter()
            .any(|a| steps_to_reach(view, a.coords, hill) <= a.kind.range() + a.kind.movement() + 1)
    }

    /// Ralph's queen: safe spot away from enemy fighters.
    fn ralph_queen(&mut self, view: &View) -> Option<AgentMove> {
        let me = view.me();
        let q = view.queen(me)?;
        if q.has_moved {
            return None;
        }
        let fighters = view.ants(Some(view.enemy()), &FIGHTERS);
        if fighters.is_empty() || view.ants(Some(me), &[AntType::Worker]).is_empty() {
            let t = if self.rng.gen_bool(0.5) {
                Coord::new(4, 3)
            } else {
                Coord::new(5, 3)
            };
            return Self::queen_to(view, t);
        }
        let mut best: Option<(i32, Vec<Coord>)> = None;
        for p in list_all_movement_paths(view, q.coords, 2, false) {
            if p.iter().any(|c| c.y == 4 || c.y == 5) {
                continue;
            }
            let end = *p.last().expect("non-empty");
            if view
                .constr_at(end)
                .is_some_and(|c| c.kind == ConstrType::Food)
            {
                continue;
            }
            let d = fighters
                .iter()
                .map(|f| steps_to_reach(view, f.coords, end))
                .min()
                .unwrap_or(99);
            if d == 1 {
                return Some(path_move(p));
            }
            if best.as_ref().is_none_or(|(b, _)| d > *b) {
                best = Some((d, p));
            }
        }
        best.map(|(_, p)| path_move(p))
    }

    /// Ralph's and Steve's fighter build (§13.4 Ralph: "builds up to 2
    /// SOLDIERs when food ≥ 2, the hill is free, and no enemy non-queen ant can
    /// reach the hill"; Steve: the same with ranged soldiers).
    fn ralph_build(view: &View, unit: AntType) -> Option<AgentMove> {
        let me = view.me();
        let mine = view.ants(Some(me), &[unit]).len();
        (mine < 2
            && view.food(me) >= unit.cost().unwrap_or(2)
            && Self::hill_free(view)
            && !Self::hill_threatened(view))
        .then(|| AgentMove::build(Self::hill(view), unit))
    }

    /// The last enemy fighter "near its hill row": `stepsToReach` from the
    /// cell in our hill's row below it (same x) to the ant is at most 2.
    fn enemy_at_home(view: &View) -> Option<Coord> {
        let hill_y = Self::hill(view).y;
        view.ants(Some(view.enemy()), &FIGHTERS)
            .into_iter()
            .rev()
            .find(|a| steps_to_reach(view, Coord::new(a.coords.x, hill_y), a.coords) <= 2)
            .map(|a| a.coords)
    }

    /// Ralph's soldiers (§13.4: "Soldier targets by priority: the last enemy
    /// worker (if the soldier is in the middle rows); the enemy queen (if the
    /// enemy has no workers, or if it has no workers of its own and 0 food);
    /// an enemy fighter near its hill row; otherwise the enemy queen. It trims
    /// the last step if that step would end within 1 of the enemy queen.").
    /// "The last enemy worker" is the enemy's only remaining worker; the trim
    /// applies whatever the target, with `stepsToReach` as the distance.
    fn ralph_soldiers(&mut self, view: &View) -> Option<AgentMove> {
        if let Some(b) = Self::ralph_build(view, AntType::Soldier) {
            return Some(b);
        }
        let me = view.me();
        let enemy = view.enemy();
        let enemy_queen = view.queen(enemy)?.coords;
        let enemy_workers = view.ants(Some(enemy), &[AntType::Worker]);
        let my_workers = view.ants(Some(me), &[AntType::Worker]).len();
        let at_home = Self::enemy_at_home(view);
        let s = view
            .ants(Some(me), &[AntType::Soldier])
            .into_iter()
            .find(|s| !s.has_moved)?;
        let target = if enemy_workers.len() == 1 && (4..=5).contains(&s.coords.y) {
            enemy_workers[0].coords
        } else if enemy_workers.is_empty() || (my_workers == 0 && view.food(me) < 1) {
            enemy_queen
        } else if let Some(c) = at_home {
            c
        } else {
            enemy_queen
        };
        let mut path = create_path_toward(view, s.coords, target, AntType::Soldier.movement());
        let end = *path.last().expect("non-empty path");
        if steps_to_reach(view, end, enemy_queen) <= AntType::Queen.range() && path.len() > 1 {
            path.pop();
        }
        Some(path_move(path))
    }

    /// Steve's ranged soldiers (§13.4: "up to 2 ranged soldiers, each assigned
    /// to one of the two foods Steve placed on the enemy side, where they camp
    /// to starve the enemy. Overrides: stay put if within range+1 of the enemy
    /// queen; hunt the last enemy worker; go for the queen if the enemy has no
    /// workers; defend against raiders near home; fall back to its own row 3
    /// if the enemy has more than 1 fighter."). Each soldier keeps the food
    /// slot it was built for (`occupants`), the overrides are tried in that
    /// order, the distance to the queen is `stepsToReach`, and the conditions
    /// on the last worker, the queen and the raiders are Ralph's.
    ///
    /// Shape Shifter's Starve mode (`shifter`) is this logic without the
    /// worker build and with one more override first: closer than its range
    /// (by `stepsToReach`) to the enemy queen, the soldier heads for row 4.
    fn steve_soldiers(&mut self, view: &View, shifter: bool) -> Option<AgentMove> {
        let me = view.me();
        let enemy = view.enemy();
        let hill = Self::hill(view);
        if let Some(b) = Self::ralph_build(view, AntType::RSoldier) {
            // The new soldier takes the first slot whose soldier is gone.
            let mine: Vec<Coord> = view
                .ants(Some(me), &[AntType::RSoldier])
                .iter()
                .map(|a| a.coords)
                .collect();
            if let Some(slot) = self
                .occupants
                .iter_mut()
                .find(|o| o.is_none_or(|c| !mine.contains(&c)))
            {
                *slot = Some(hill);
            } else {
                self.occupants[0] = Some(hill);
            }
            return Some(b);
        }
        let enemy_queen = view.queen(enemy)?.coords;
        let enemy_workers = view.ants(Some(enemy), &[AntType::Worker]);
        let enemy_fighters = view.ants(Some(enemy), &FIGHTERS).len();
        let my_workers = view.ants(Some(me), &[AntType::Worker]).len();
        let at_home = Self::enemy_at_home(view);
        for r in view.ants(Some(me), &[AntType::RSoldier]) {
            if r.has_moved {
                continue;
            }
            let Some(i) = self.occupants.iter().position(|&o| o == Some(r.coords)) else {
                continue;
            };
            let mut target = self.my_foods.get(i).copied().unwrap_or(r.coords);
            let to_queen = steps_to_reach(view, r.coords, enemy_queen);
            if shifter && to_queen < AntType::RSoldier.range() {
                target = Coord::new(r.coords.x, 4);
            } else if to_queen <= AntType::RSoldier.range() + 1 {
                target = r.coords;
            } else if enemy_workers.len() == 1 && (4..=5).contains(&r.coords.y) {
                target = enemy_workers[0].coords;
            } else if enemy_workers.is_empty() || (my_workers == 0 && view.food(me) < 1) {
                target = enemy_queen;
            } else if let Some(c) = at_home {
                target = c;
            } else if enemy_fighters > 1 {
                target = if r.coords.y != 3 {
                    Coord::new(r.coords.x, 3)
                } else {
                    Coord::new(self.rng.gen_range(0..10), 3)
                };
            }
            let path = create_path_toward(view, r.coords, target, AntType::RSoldier.movement());
            self.occupants[i] = path.last().copied();
            return Some(path_move(path));
        }
        None
    }

    /// Shape Shifter's mode choice (§13.4: "more than 2 enemy workers →
    /// Starve mode (Steve's logic); an enemy fighter in front of its own hill
    /// row → Defense mode (Defensive's logic); 2 or more enemy fighters of one
    /// type behind their hill → Gather mode (Very Complex Food Gatherer's
    /// logic). The mode persists until it changes."). "Its own hill row" is
    /// the enemy's: in front means y < the enemy anthill's y, behind means
    /// y > it. The fighter checks run per type (soldiers, drones, ranged
    /// soldiers) and a later match overrides an earlier one.
    fn mode_update(&mut self, view: &View) {
        let enemy = view.enemy();
        if view.ants(Some(enemy), &[AntType::Worker]).len() > 2 {
            self.mode = Some(Mode::Starve);
            return;
        }
        let Some(hill_y) = view.anthill(enemy).map(|c| c.y) else {
            return;
        };
        for kind in [AntType::Soldier, AntType::Drone, AntType::RSoldier] {
            let of_kind = view.ants(Some(enemy), &[kind]);
            if of_kind.iter().any(|a| a.coords.y < hill_y) {
                self.mode = Some(Mode::Defense);
            }
            if of_kind.len() >= 2 && of_kind.iter().any(|a| a.coords.y > hill_y) {
                self.mode = Some(Mode::Gather);
            }
        }
    }

    /// Shape Shifter's queen: `getQueenMove` (§13.3) as its original has it,
    /// which parks at (4,1) rather than (4,3) when the enemy has no fighters
    /// and first steps toward (7,3) when she stands on food.
    fn shifter_queen(view: &View) -> Option<AgentMove> {
        let q = view.queen(view.me())?;
        if q.has_moved {
            return None;
        }
        if view.ants(Some(view.enemy()), &FIGHTERS).is_empty() {
            return Self::queen_to(view, Coord::new(4, 1));
        }
        if constr_is(view, q.coords, ConstrType::Food) {
            return Self::queen_to(view, Coord::new(7, 3));
        }
        queen_move(view)
    }
}

impl AntAgent for Gatherer {
    fn name(&self) -> String {
        match self.style {
            Style::Complex => "Complex Food Gatherer",
            Style::VeryComplex => "Very Complex Food Gatherer",
            Style::Nibble => "Nibble",
            Style::AnthillAttack => "Anthill Attack AI",
            Style::Defensive => "Defensive W/ A-STAR",
            Style::Ralph => "Ralph",
            Style::Steve => "Steve",
            Style::ShapeShifter => "Shape Shifter",
        }
        .into()
    }
    fn new_game(&mut self, seed: u64) {
        self.rng = seeded_rng(seed);
        self.lines = None;
        self.my_foods.clear();
        // Steve's food slots and Shape Shifter's mode are not per-game
        // fields: the original resets only its other fields in
        // `getPlacement` and reuses the instance across games (§11.1), so
        // they carry over, as in the original ("The mode persists until it
        // changes").
    }
    fn get_placement(&mut self, view: &View) -> Vec<Coord> {
        match view.phase() {
            crate::Phase::Setup1 => {
                self.lines = None;
                layout(&ROW3_LAYOUT)
            }
            _ => {
                self.my_foods = far_food(view);
                self.my_foods.clone()
            }
        }
    }
    fn get_move(&mut self, view: &View) -> AgentMove {
        if self.lines.is_none() {
            self.lines = Some(make_lines(view));
        }
        for line in self.lines.as_mut().expect("lines") {
            line.update_state(view);
        }
        let mv = match self.style {
            Style::Complex => Self::queen_to(view, Coord::new(4, 3))
                .or_else(|| self.cfg_drones(view))
                .or_else(|| self.line_worker_build(view))
                .or_else(|| self.workers(view, false)),
            Style::VeryComplex => queen_move(view)
                .or_else(|| self.vc_worker_build(view))
                .or_else(|| self.workers(view, true)),
            Style::Nibble => Self::queen_to(view, Coord::new(4, 3))
                .or_else(|| self.nibble_drone(view))
                .or_else(|| self.line_worker_build(view))
                .or_else(|| self.workers(view, false)),
            // §13.4 order: queen, fighters (with their build), then "Workers as
            // in Complex Food Gatherer" (the line worker build, then the lines).
            Style::AnthillAttack => queen_move(view)
                .or_else(|| self.anthill_attack(view))
                .or_else(|| self.line_worker_build(view))
                .or_else(|| self.workers(view, false)),
            Style::Defensive => queen_move(view)
                .or_else(|| self.defensive(view))
                .or_else(|| self.line_worker_build(view))
                .or_else(|| self.workers(view, false)),
            Style::Ralph | Style::Steve => {
                let fighters = if self.style == Style::Ralph {
                    self.ralph_queen(view).or_else(|| self.ralph_soldiers(view))
                } else {
                    self.ralph_queen(view)
                        .or_else(|| self.steve_soldiers(view, false))
                };
                fighters
                    .or_else(|| {
                        if Self::hill_threatened(view) {
                            None
                        } else {
                            self.line_worker_build(view)
                        }
                    })
                    .or_else(|| self.workers(view, false))
            }
            // §13.4: "getQueenMove, and keeps two worker lines running first.
            // Then chooses a mode"; the mode's logic runs once the queen and
            // the line workers have moved.
            Style::ShapeShifter => Self::shifter_queen(view)
                .or_else(|| self.line_worker_build(view))
                .or_else(|| self.workers(view, false))
                .or_else(|| {
                    self.mode_update(view);
                    match self.mode {
                        Some(Mode::Starve) => self.steve_soldiers(view, true),
                        Some(Mode::Defense) => self
                            .defensive(view)
                            .or_else(|| self.line_worker_build(view)),
                        Some(Mode::Gather) => self.vc_worker_build(view),
                        None => None,
                    }
                }),
        };
        mv.unwrap_or(AgentMove::End)
    }
    fn get_attack(&mut self, _view: &View, _attacker: &AntInfo, targets: &[Coord]) -> Coord {
        targets[0]
    }
}
