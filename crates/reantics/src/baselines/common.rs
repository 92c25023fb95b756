//! Patterns the bundled agents share (spec §13.1–§13.3).

use crate::stats::{AntType, ConstrType, Coord};
use crate::utils::{a_star_search_path, create_path_toward, steps_to_reach};
use crate::view::{AgentMove, View};

/// The corner layout: anthill (0,0), tunnel (5,1), a diagonal grass wall.
pub const CORNER_LAYOUT: [(i8, i8); 11] = [
    (0, 0),
    (5, 1),
    (0, 3),
    (1, 2),
    (2, 1),
    (3, 0),
    (0, 2),
    (1, 1),
    (2, 0),
    (0, 1),
    (1, 0),
];

/// The row-3 wall layout: anthill (2,1), tunnel (7,2), grass on row 3 except (5,3).
pub const ROW3_LAYOUT: [(i8, i8); 11] = [
    (2, 1),
    (7, 2),
    (0, 3),
    (1, 3),
    (2, 3),
    (3, 3),
    (4, 3),
    (6, 3),
    (7, 3),
    (8, 3),
    (9, 3),
];

/// A layout as coordinates.
pub fn layout(cells: &[(i8, i8)]) -> Vec<Coord> {
    cells.iter().map(|&(x, y)| Coord::new(x, y)).collect()
}

/// The ant types agents call fighters.
pub const FIGHTERS: [AntType; 3] = [AntType::Drone, AntType::Soldier, AntType::RSoldier];
/// Every type but the queen.
pub const NON_QUEEN: [AntType; 4] = [
    AntType::Worker,
    AntType::Drone,
    AntType::Soldier,
    AntType::RSoldier,
];

/// "Far food": the free enemy-side cells maximising the smaller
/// `stepsToReach` to the enemy anthill and tunnel (strict improvement, scan
/// x then y), the second different from the first.
pub fn far_food(view: &View) -> Vec<Coord> {
    let enemy = view.enemy();
    let (Some(hill), Some(tunnel)) = (view.anthill(enemy), view.tunnel(enemy)) else {
        return Vec::new();
    };
    let mut moves: Vec<Coord> = Vec::new();
    for i in 0..2 {
        let mut best = None;
        let mut max_dist = 0;
        for x in 0..10 {
            for y in 6..10 {
                let c = Coord::new(x, y);
                if view.constr_at(c).is_some() || (i == 1 && moves.first() == Some(&c)) {
                    continue;
                }
                let d = steps_to_reach(view, c, hill).min(steps_to_reach(view, c, tunnel));
                if d > max_dist {
                    max_dist = d;
                    best = Some(c);
                }
            }
        }
        moves.extend(best);
    }
    moves
}

/// `getConstrList(state, None, (FOOD,))` as the original agents see it: the
/// NEUTRAL inventory's placement order (spec §4: "the 2 food Player 1
/// placed, then the 2 food Player 2 placed"), which the agents' clones keep
/// (§11.3 rebuilds only ant and building lists by board scan). It decides
/// ties between equally near foods.
pub fn foods_in_list_order(view: &View) -> Vec<Coord> {
    view.state()
        .foods_in_list_order()
        .into_iter()
        .map(|c| view.abs(c))
        .collect()
}

/// Random free cells: `n` distinct cells in rows `rows` with no construction.
pub fn random_cells(
    view: &View,
    rng: &mut gamecore::GameRng,
    n: usize,
    rows: std::ops::RangeInclusive<i8>,
) -> Vec<Coord> {
    use rand::Rng;
    let mut out: Vec<Coord> = Vec::new();
    while out.len() < n {
        let c = Coord::new(
            rng.gen_range(0..10),
            rng.gen_range(*rows.start()..=*rows.end()),
        );
        if view.constr_at(c).is_none() && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

/// A worker supply line ("AntPathCycle"): workers ferry between a food and a depot.
#[derive(Debug, Clone)]
pub struct SupplyLine {
    /// The cells of the line's workers as last seen, in the order they are
    /// moved (may hold stale entries until the next [`SupplyLine::update_state`]).
    pub ants: Vec<Coord>,
    /// The food cell.
    pub food: Coord,
    /// The depot: own anthill or tunnel.
    pub deposit: Coord,
}

impl SupplyLine {
    /// A line with no workers.
    pub fn new(food: Coord, deposit: Coord) -> SupplyLine {
        SupplyLine {
            ants: Vec::new(),
            food,
            deposit,
        }
    }
    /// Drops entries with no own worker on them.
    pub fn update_state(&mut self, view: &View) {
        let me = view.whose_turn();
        let stale: Vec<Coord> = self
            .ants
            .iter()
            .copied()
            .filter(|&c| {
                view.ant_at(c)
                    .is_none_or(|a| a.player != me || a.kind != AntType::Worker)
            })
            .collect();
        for c in stale {
            if let Some(i) = self.ants.iter().position(|&a| a == c) {
                self.ants.remove(i);
            }
        }
    }
    /// The next worker move of this line, if an unmoved worker remains.
    pub fn update_next_ant(&mut self, view: &View) -> Option<AgentMove> {
        for i in 0..self.ants.len() {
            let c = self.ants[i];
            let Some(ant) = view.ant_at(c) else { continue };
            if ant.has_moved {
                continue;
            }
            let goal = if ant.carrying {
                self.deposit
            } else {
                self.food
            };
            let path = create_path_toward(view, c, goal, AntType::Worker.movement());
            // The worker goes to the back of the line: its first entry is
            // removed and its new cell appended.
            self.ants.remove(i);
            self.ants.push(*path.last().expect("non-empty path"));
            return Some(AgentMove::MoveAnt(path));
        }
        None
    }
}

/// The two supply lines of Complex Food Gatherer and its descendants:
/// `[hill line, tunnel line]`; the starting worker joins the tunnel line.
pub fn make_lines(view: &View) -> Vec<SupplyLine> {
    let me = view.me();
    let hill = view.anthill(me).expect("anthill");
    let tunnel = view.tunnel(me).expect("tunnel");
    let foods = foods_in_list_order(view);
    let nearest = |from: Coord, except: Option<Coord>| -> Option<Coord> {
        let mut best = None;
        let mut dist = 999;
        for &f in &foods {
            let d = steps_to_reach(view, from, f);
            if d < dist && Some(f) != except {
                dist = d;
                best = Some(f);
            }
        }
        best
    };
    let for_tunnel = nearest(tunnel, None).unwrap_or(tunnel);
    let mut for_hill = nearest(hill, None).unwrap_or(hill);
    if for_hill == for_tunnel {
        for_hill = nearest(hill, Some(for_tunnel)).unwrap_or(for_tunnel);
    }
    let mut tunnel_line = SupplyLine::new(for_tunnel, tunnel);
    tunnel_line.ants.push(tunnel);
    vec![SupplyLine::new(for_hill, hill), tunnel_line]
}

/// `getQueenMove` of Very Complex Food Gatherer, Defensive and Anthill Attack.
pub fn queen_move(view: &View) -> Option<AgentMove> {
    let me = view.me();
    let queen = view.queen(me)?;
    if queen.has_moved {
        return None;
    }
    let enemies = view.ants(Some(view.enemy()), &FIGHTERS);
    let target = if enemies.is_empty() {
        Coord::new(4, 3)
    } else {
        let mut best = enemies[0];
        let key =
            |a: &crate::view::AntInfo| f64::from(a.coords.y - 3) / f64::from(a.kind.movement());
        for e in &enemies[1..] {
            if key(e) < key(&best) {
                best = *e;
            }
        }
        if best.coords.y <= 4 {
            Coord::new(best.coords.x, best.coords.y.min(3))
        } else if best.kind == AntType::RSoldier {
            Coord::new(best.coords.x, 0)
        } else {
            Coord::new(best.coords.x, 2)
        }
    };
    Some(AgentMove::MoveAnt(queen_path(view, queen.coords, target)))
}

/// `createPathToward` for the queen, cut before the first cell in rows 4–5
/// (the original relies on the greedy path never entering them).
pub fn queen_path(view: &View, from: Coord, to: Coord) -> Vec<Coord> {
    let mut path = create_path_toward(view, from, to, AntType::Queen.movement());
    if let Some(i) = path.iter().position(|c| c.y == 4 || c.y == 5) {
        path.truncate(i.max(1));
    }
    path
}

/// True when `c` holds a construction of type `t`.
pub fn constr_is(view: &View, c: Coord, t: ConstrType) -> bool {
    view.constr_at(c).is_some_and(|k| k.kind == t)
}

/// The original `aStarSearchPath` as the bundled agents call it.
///
/// Spec §12: "`aStarSearchPath(state, start, goal)`: unit-cost A*. It returns
/// the path up to the cell **before** the goal ... and `False` on failure",
/// and its neighbours come from `listReachableAdjacent`, i.e. "adjacent cells
/// with no ant". The search succeeds only when the goal itself is generated
/// as a neighbour, so a goal cell holding an ant (every target Defensive
/// W/ A-STAR aims at is an enemy ant) is never reached and the call returns
/// `False`. `utils::a_star_search_path` stops next to the goal instead; this
/// wrapper restores the original's failure for an occupied goal.
pub fn original_a_star(view: &View, start: Coord, goal: Coord) -> Option<Vec<Coord>> {
    if start != goal && view.occupied(goal) {
        return None;
    }
    a_star_search_path(view, start, goal)
}
