//! Random, Simple Food Gatherer, Booger and rangedSoldierTestAI (spec §13.4).

use super::common::{layout, random_cells, CORNER_LAYOUT};
use crate::agent::AntAgent;
use crate::stats::{AntType, Coord};
use crate::utils::{create_path_toward, list_all_legal_moves, steps_to_reach};
use crate::view::{AgentMove, AntInfo, View};
use gamecore::{seeded_rng, GameRng};
use rand::Rng;

/// **Random**: uniform over `listAllLegalMoves` (duplicates included),
/// redrawing a BUILD while it owns 3 or more ants; random attack target.
#[derive(Debug)]
pub struct RandomAnt {
    rng: GameRng,
}

impl Default for RandomAnt {
    fn default() -> RandomAnt {
        RandomAnt { rng: seeded_rng(0) }
    }
}

impl AntAgent for RandomAnt {
    fn name(&self) -> String {
        "Random".into()
    }
    fn new_game(&mut self, seed: u64) {
        self.rng = seeded_rng(seed);
    }
    fn get_placement(&mut self, view: &View) -> Vec<Coord> {
        match view.phase() {
            crate::Phase::Setup1 => random_cells(view, &mut self.rng, 11, 0..=3),
            _ => random_cells(view, &mut self.rng, 2, 6..=9),
        }
    }
    fn get_move(&mut self, view: &View) -> AgentMove {
        let moves = list_all_legal_moves(view);
        let n_ants = view.all_ants(view.me()).len();
        loop {
            let mv = &moves[self.rng.gen_range(0..moves.len())];
            if matches!(mv, AgentMove::Build { .. }) && n_ants >= 3 {
                continue;
            }
            return mv.clone();
        }
    }
    fn get_attack(&mut self, _view: &View, _attacker: &AntInfo, targets: &[Coord]) -> Coord {
        targets[self.rng.gen_range(0..targets.len())]
    }
}

/// The food nearest the own tunnel by `stepsToReach` (first on ties).
fn food_near_tunnel(view: &View) -> Option<Coord> {
    let tunnel = view.tunnel(view.me())?;
    let mut best = None;
    let mut dist = 1000;
    for f in super::common::foods_in_list_order(view) {
        let d = steps_to_reach(view, tunnel, f);
        if d < dist {
            dist = d;
            best = Some(f);
        }
    }
    best
}

/// The single worker's ferry move: toward the tunnel if carrying, else the food.
fn ferry(view: &View, worker: &AntInfo, food: Coord) -> AgentMove {
    let tunnel = view.tunnel(view.me()).expect("tunnel");
    let goal = if worker.carrying { tunnel } else { food };
    AgentMove::MoveAnt(create_path_toward(
        view,
        worker.coords,
        goal,
        AntType::Worker.movement(),
    ))
}

/// Random food on the enemy side (the corner-layout agents' food placement).
fn corner_placement(view: &View, rng: &mut GameRng) -> Vec<Coord> {
    match view.phase() {
        crate::Phase::Setup1 => layout(&CORNER_LAYOUT),
        _ => random_cells(view, rng, 2, 6..=9),
    }
}

/// **Simple Food Gatherer**: the queen zero-steps every turn; the worker
/// ferries the food nearest the tunnel; never builds; ends when it has one ant.
#[derive(Debug)]
pub struct SimpleFoodGatherer {
    rng: GameRng,
    food: Option<Coord>,
}

impl Default for SimpleFoodGatherer {
    fn default() -> SimpleFoodGatherer {
        SimpleFoodGatherer {
            rng: seeded_rng(0),
            food: None,
        }
    }
}

impl AntAgent for SimpleFoodGatherer {
    fn name(&self) -> String {
        "Simple Food Gatherer".into()
    }
    fn new_game(&mut self, seed: u64) {
        self.rng = seeded_rng(seed);
        self.food = None;
    }
    fn get_placement(&mut self, view: &View) -> Vec<Coord> {
        self.food = None;
        corner_placement(view, &mut self.rng)
    }
    fn get_move(&mut self, view: &View) -> AgentMove {
        let me = view.me();
        if self.food.is_none() {
            self.food = food_near_tunnel(view);
        }
        // Spec §13.4 order: "The queen makes a zero-step move every turn,
        // attacking any adjacent enemy" comes first, then "Ends the turn when
        // it has only 1 ant", then the worker's ferry.
        if let Some(q) = view.queen(me) {
            if !q.has_moved {
                return AgentMove::MoveAnt(vec![q.coords]);
            }
        }
        if view.all_ants(me).len() == 1 {
            return AgentMove::End;
        }
        let Some(worker) = view.ants(Some(me), &[AntType::Worker]).first().copied() else {
            return AgentMove::End;
        };
        if worker.has_moved {
            return AgentMove::End;
        }
        ferry(view, &worker, self.food.expect("food"))
    }
    fn get_attack(&mut self, _view: &View, _attacker: &AntInfo, targets: &[Coord]) -> Coord {
        targets[0]
    }
}

/// **Booger** (`Booger.py`), or **rangedSoldierTestAI** with `unit` = ranged
/// soldier: queen off the hill to (1,0) then zero-steps; builds its unit when
/// food > 2; each unit steps one cell toward +y (+x on row 9); the worker ferries.
#[derive(Debug)]
pub struct Booger {
    rng: GameRng,
    food: Option<Coord>,
    unit: AntType,
}

impl Booger {
    /// Booger proper (drones).
    pub fn new() -> Booger {
        Booger::with_unit(AntType::Drone)
    }
    /// rangedSoldierTestAI (ranged soldiers).
    pub fn ranged() -> Booger {
        Booger::with_unit(AntType::RSoldier)
    }
    fn with_unit(unit: AntType) -> Booger {
        Booger {
            rng: seeded_rng(0),
            food: None,
            unit,
        }
    }
}

impl Default for Booger {
    fn default() -> Booger {
        Booger::new()
    }
}

impl AntAgent for Booger {
    fn name(&self) -> String {
        if self.unit == AntType::Drone {
            "Booger".into()
        } else {
            "rangedSoldierTestAI".into()
        }
    }
    fn new_game(&mut self, seed: u64) {
        self.rng = seeded_rng(seed);
        self.food = None;
    }
    fn get_placement(&mut self, view: &View) -> Vec<Coord> {
        self.food = None;
        corner_placement(view, &mut self.rng)
    }
    fn get_move(&mut self, view: &View) -> AgentMove {
        let me = view.me();
        if self.food.is_none() {
            self.food = food_near_tunnel(view);
        }
        let hill = view.anthill(me).expect("anthill");
        // Spec §13.4: "Ends the turn once the worker has moved." The worker
        // check comes first: with one ant, no worker, or a worker that has
        // moved, the turn ends (so without a worker the queen and the
        // fighters stay idle).
        if view.all_ants(me).len() == 1 {
            return AgentMove::End;
        }
        let Some(worker) = view.ants(Some(me), &[AntType::Worker]).first().copied() else {
            return AgentMove::End;
        };
        if worker.has_moved {
            return AgentMove::End;
        }
        if let Some(q) = view.queen(me) {
            if q.coords == hill && !view.occupied(Coord::new(1, 0)) {
                return AgentMove::MoveAnt(vec![q.coords, Coord::new(1, 0)]);
            }
            if !q.has_moved {
                return AgentMove::MoveAnt(vec![q.coords]);
            }
        }
        if view.food(me) > 2 && !view.occupied(hill) {
            return AgentMove::build(hill, self.unit);
        }
        for u in view.ants(Some(me), &[self.unit]) {
            if u.has_moved {
                continue;
            }
            let step = if u.coords.y < 9 {
                Coord::new(u.coords.x, u.coords.y + 1)
            } else {
                Coord::new(u.coords.x + 1, u.coords.y)
            };
            if step.on_board() && !view.occupied(step) {
                return AgentMove::MoveAnt(vec![u.coords, step]);
            }
            return AgentMove::MoveAnt(vec![u.coords]);
        }
        ferry(view, &worker, self.food.expect("food"))
    }
    fn get_attack(&mut self, _view: &View, _attacker: &AntInfo, targets: &[Coord]) -> Coord {
        targets[0]
    }
}
