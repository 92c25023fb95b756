//! The row-3-wall family built on Complex Food Gatherer's supply lines:
//! Complex and Very Complex Food Gatherer, Nibble, Anthill Attack AI,
//! Defensive W/ A-STAR, Ralph, Steve and Shape Shifter (spec §13.3–§13.4).
//!
//! Ported from the spec's description of the originals; the move order
//! within a turn follows the originals' `getMove` structure: queen, builds,
//! fighters, workers, END.

use super::common::{
    far_food, layout, make_lines, queen_move, queen_path, SupplyLine, FIGHTERS, NON_QUEEN,
    ROW3_LAYOUT,
};
use crate::agent::AntAgent;
use crate::stats::{AntType, ConstrType, Coord, FOOD_GOAL};
use crate::utils::{
    a_star_search_path, create_path_toward, list_all_movement_paths, steps_to_reach,
};
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
    mode: Mode,
}

impl Gatherer {
    /// A fresh agent of `style`.
    pub fn new(style: Style) -> Gatherer {
        Gatherer {
            style,
            rng: seeded_rng(0),
            lines: None,
            my_foods: Vec::new(),
            mode: Mode::Gather,
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

    /// Very Complex Food Gatherer's worker building: while
    /// `11 − workers > food > 0`, a line short of Manhattan(food, depot)/2 workers gets one.
    fn vc_worker_build(&mut self, view: &View) -> Option<AgentMove> {
        let me = view.me();
        let workers = view.ants(Some(me), &[AntType::Worker]).len() as i32;
        let food = view.food(me);
        if !(FOOD_GOAL - workers > food && food > 0 && Self::hill_free(view)) {
            return None;
        }
        let hill = Self::hill(view);
        for line in self.lines.as_mut()? {
            if (line.ants.len() as i32) < (line.food.manhattan(line.deposit) / 2).max(1) {
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

    /// Nibble's single raiding drone.
    fn nibble_drone(&mut self, view: &View) -> Option<AgentMove> {
        let me = view.me();
        let drones = view.ants(Some(me), &[AntType::Drone]);
        if drones.is_empty() && view.food(me) > 1 && Self::hill_free(view) {
            return Some(AgentMove::build(Self::hill(view), AntType::Drone));
        }
        let d = drones.into_iter().find(|d| !d.has_moved)?;
        let workers = view.ants(Some(view.enemy()), &[AntType::Worker]);
        let fighters = view.ants(Some(view.enemy()), &FIGHTERS);
        let mut best = d.coords;
        let mut best_score = i32::MIN;
        for x in 0..10 {
            for y in 0..10 {
                let c = Coord::new(x, y);
                if c.manhattan(d.coords) > 3 {
                    continue;
                }
                let nearest_worker = workers
                    .iter()
                    .map(|w| w.coords.manhattan(c))
                    .min()
                    .unwrap_or(20);
                let mut score = -nearest_worker;
                if nearest_worker == 1 {
                    score += 10;
                }
                // The original's test, ported as written.
                if fighters
                    .iter()
                    .any(|f| f.coords.manhattan(c) - f.kind.movement() + f.kind.range() < 0)
                {
                    score -= 20;
                }
                if score > best_score {
                    best_score = score;
                    best = c;
                }
            }
        }
        Some(path_move(create_path_toward(view, d.coords, best, 3)))
    }

    /// Anthill Attack AI's drones.
    fn anthill_attack(&mut self, view: &View) -> Option<AgentMove> {
        let me = view.me();
        let workers = view.ants(Some(me), &[AntType::Worker]).len();
        let drones = view.ants(Some(me), &[AntType::Drone]);
        if view.food(me) > 1 && workers >= 2 && drones.len() < 3 && Self::hill_free(view) {
            return Some(AgentMove::build(Self::hill(view), AntType::Drone));
        }
        let enemy_hill = view.anthill(view.enemy())?;
        let intruders: Vec<AntInfo> = view
            .ants(Some(view.enemy()), &NON_QUEEN)
            .into_iter()
            .filter(|a| a.coords.y < 5)
            .collect();
        for u in view.ants(Some(me), &[AntType::Drone, AntType::RSoldier]) {
            if u.has_moved {
                continue;
            }
            let target = match nearest(view, u.coords, &intruders) {
                Some(t) if u.kind == AntType::Drone => t.coords,
                _ => enemy_hill,
            };
            return Some(path_move(create_path_toward(
                view,
                u.coords,
                target,
                u.kind.movement(),
            )));
        }
        None
    }

    /// Defensive W/ A-STAR's ranged soldiers.
    fn defensive(&mut self, view: &View) -> Option<AgentMove> {
        let me = view.me();
        let enemy_fighters = view.ants(Some(view.enemy()), &FIGHTERS);
        let ranged = view.ants(Some(me), &[AntType::RSoldier]);
        if view.food(me) > 1 && Self::hill_free(view) && ranged.len() <= enemy_fighters.len() {
            return Some(AgentMove::build(Self::hill(view), AntType::RSoldier));
        }
        let hill = Self::hill(view);
        let mut prey = enemy_fighters.clone();
        prey.extend(view.queen(view.enemy()));
        for r in ranged {
            if r.has_moved {
                continue;
            }
            let on_food = view
                .constr_at(r.coords)
                .is_some_and(|c| c.kind == ConstrType::Food);
            let goal = if r.coords == hill {
                Coord::new(6, 3)
            } else if on_food {
                Coord::new(7, 3)
            } else if let Some(t) = nearest(view, r.coords, &prey) {
                if let Some(path) = a_star_search_path(view, r.coords, t.coords) {
                    if !path.is_empty() && view.to_action(&AgentMove::MoveAnt(path.clone())).is_ok()
                    {
                        return Some(path_move(path));
                    }
                }
                t.coords
            } else {
                r.coords
            };
            return Some(path_move(create_path_toward(view, r.coords, goal, 1)));
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

    /// Ralph's soldiers (Steve passes ranged soldiers with its camping rules).
    fn ralph_soldiers(&mut self, view: &View, unit: AntType) -> Option<AgentMove> {
        let me = view.me();
        let enemy = view.enemy();
        let mine = view.ants(Some(me), &[unit]);
        let threatened = Self::hill_threatened(view);
        if mine.len() < 2 && view.food(me) >= 2 && Self::hill_free(view) && !threatened {
            return Some(AgentMove::build(Self::hill(view), unit));
        }
        let enemy_workers = view.ants(Some(enemy), &[AntType::Worker]);
        let enemy_fighters = view.ants(Some(enemy), &FIGHTERS);
        let enemy_queen = view.queen(enemy);
        let my_workers = view.ants(Some(me), &[AntType::Worker]).len();
        for (i, s) in mine.iter().enumerate() {
            if s.has_moved {
                continue;
            }
            let mut target_is_queen = false;
            let target = if (4..=5).contains(&s.coords.y) && !enemy_workers.is_empty() {
                enemy_workers.last().map(|w| w.coords)
            } else if enemy_workers.is_empty() || (my_workers == 0 && view.food(me) == 0) {
                target_is_queen = true;
                enemy_queen.map(|q| q.coords)
            } else if let Some(f) = enemy_fighters.iter().find(|f| f.coords.y <= 4) {
                Some(f.coords)
            } else if unit == AntType::RSoldier {
                // Steve: camp on the food it placed on the enemy side.
                self.my_foods
                    .get(i)
                    .copied()
                    .or(enemy_queen.map(|q| q.coords))
            } else {
                target_is_queen = true;
                enemy_queen.map(|q| q.coords)
            };
            let Some(target) = target else {
                return Some(path_move(vec![s.coords]));
            };
            if unit == AntType::RSoldier {
                if let Some(q) = enemy_queen {
                    if q.coords.manhattan(s.coords) <= s.kind.range() + 1 {
                        return Some(path_move(vec![s.coords]));
                    }
                }
                if enemy_fighters.len() > 1 && !target_is_queen && target.y > 3 {
                    return Some(path_move(create_path_toward(
                        view,
                        s.coords,
                        Coord::new(s.coords.x, 3),
                        1,
                    )));
                }
            }
            let mut path = create_path_toward(view, s.coords, target, s.kind.movement());
            if !target_is_queen && path.len() > 1 {
                if let Some(q) = enemy_queen {
                    if path.last().expect("non-empty").manhattan(q.coords) <= 1 {
                        path.pop();
                    }
                }
            }
            return Some(path_move(path));
        }
        None
    }

    fn mode_update(&mut self, view: &View) {
        let enemy = view.enemy();
        let enemy_workers = view.ants(Some(enemy), &[AntType::Worker]).len();
        let fighters = view.ants(Some(enemy), &FIGHTERS);
        if enemy_workers > 2 {
            self.mode = Mode::Starve;
        } else if fighters.iter().any(|f| f.coords.y <= 4) {
            self.mode = Mode::Defense;
        } else if FIGHTERS.iter().any(|&t| {
            fighters
                .iter()
                .filter(|f| f.kind == t && f.coords.y >= 7)
                .count()
                >= 2
        }) {
            self.mode = Mode::Gather;
        }
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
        self.mode = Mode::Gather;
    }
    fn get_placement(&mut self, view: &View) -> Vec<Coord> {
        match view.phase() {
            crate::Phase::Setup1 => {
                self.lines = None;
                self.mode = Mode::Gather;
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
            Style::AnthillAttack => queen_move(view)
                .or_else(|| self.line_worker_build(view))
                .or_else(|| self.anthill_attack(view))
                .or_else(|| self.workers(view, false)),
            Style::Defensive => queen_move(view)
                .or_else(|| self.line_worker_build(view))
                .or_else(|| self.defensive(view))
                .or_else(|| self.workers(view, false)),
            Style::Ralph | Style::Steve => {
                let unit = if self.style == Style::Ralph {
                    AntType::Soldier
                } else {
                    AntType::RSoldier
                };
                self.ralph_queen(view)
                    .or_else(|| self.ralph_soldiers(view, unit))
                    .or_else(|| {
                        if Self::hill_threatened(view) {
                            None
                        } else {
                            self.line_worker_build(view)
                        }
                    })
                    .or_else(|| self.workers(view, false))
            }
            Style::ShapeShifter => {
                self.mode_update(view);
                let first = queen_move(view).or_else(|| self.line_worker_build(view));
                first
                    .or_else(|| match self.mode {
                        Mode::Starve => self.ralph_soldiers(view, AntType::RSoldier),
                        Mode::Defense => self.defensive(view),
                        Mode::Gather => self.vc_worker_build(view),
                    })
                    .or_else(|| self.workers(view, self.mode == Mode::Gather))
            }
        };
        mv.unwrap_or(AgentMove::End)
    }
    fn get_attack(&mut self, _view: &View, _attacker: &AntInfo, targets: &[Coord]) -> Coord {
        targets[0]
    }
}
