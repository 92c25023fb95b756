//! The original helper library (`AIPlayerUtils`) on a [`View`], in the
//! viewer's coordinates (spec §12). Where the original is approximate (its
//! `getNextState`), use the exact [`View::next_state`] instead; the path and
//! distance helpers below reproduce the original's quirks so that ported
//! agents behave like the originals.

use crate::stats::{AntType, Coord, BUILDABLE};
use crate::view::{AgentMove, View};

/// `listAdjacent`: on-board neighbours in the order (−1,0), (+1,0), (0,−1), (0,+1).
pub fn list_adjacent(c: Coord) -> Vec<Coord> {
    if !c.on_board() {
        return Vec::new();
    }
    c.neighbours().collect()
}

/// `listAttackable`: on-board cells within Manhattan `dist`, excluding `c`,
/// by dx from −dist to +dist then dy ascending.
pub fn list_attackable(c: Coord, dist: i8) -> Vec<Coord> {
    let mut out = Vec::new();
    for i in -dist..=dist {
        let ylen = dist - i.abs();
        for j in -ylen..=ylen {
            let n = Coord::new(c.x + i, c.y + j);
            if n.on_board() && n != c {
                out.push(n);
            }
        }
    }
    out
}

/// `listReachableAdjacent`: neighbours with no ant whose entry cost is ≤ `movement`.
pub fn list_reachable_adjacent(
    view: &View,
    c: Coord,
    movement: i32,
    ignores_grass: bool,
) -> Vec<Coord> {
    list_adjacent(c)
        .into_iter()
        .filter(|&n| !view.occupied(n) && view.entry_cost(n, ignores_grass) <= movement)
        .collect()
}

/// `listAllMovementPaths` with its duplicates (every one-step path appears
/// twice) and without the queen restriction.
pub fn list_all_movement_paths(
    view: &View,
    c: Coord,
    movement: i32,
    ignores_grass: bool,
) -> Vec<Vec<Coord>> {
    if movement <= 0 {
        return Vec::new();
    }
    let one: Vec<Vec<Coord>> = list_reachable_adjacent(view, c, movement, ignores_grass)
        .into_iter()
        .map(|n| vec![c, n])
        .collect();
    let mut out = one.clone();
    for mv in &one {
        let dest = mv[1];
        let cost = view.entry_cost(dest, ignores_grass);
        for ext in list_all_movement_paths(view, dest, movement - cost, ignores_grass) {
            let mut p = mv.clone();
            p.extend_from_slice(&ext[1..]);
            out.push(p);
        }
    }
    out.push(vec![c]);
    out
}

/// `listAllMovementMoves`: every unmoved own ant's paths in list order; queen
/// paths touching rows 4–5 removed.
pub fn list_all_movement_moves(view: &View) -> Vec<AgentMove> {
    let mut out = Vec::new();
    for ant in view.all_ants(view.whose_turn()) {
        if ant.has_moved {
            continue;
        }
        for p in list_all_movement_paths(
            view,
            ant.coords,
            ant.kind.movement(),
            ant.kind.ignores_grass(),
        ) {
            if ant.kind == AntType::Queen && p.iter().any(|c| c.y == 4 || c.y == 5) {
                continue;
            }
            out.push(AgentMove::MoveAnt(p));
        }
    }
    out
}

/// `listAllBuildMoves`: one BUILD per affordable type if the anthill is free.
pub fn list_all_build_moves(view: &View) -> Vec<AgentMove> {
    let me = view.whose_turn();
    let Some(hill) = view.anthill(me) else {
        return Vec::new();
    };
    if view.occupied(hill) {
        return Vec::new();
    }
    BUILDABLE
        .iter()
        .filter(|t| t.cost().is_some_and(|c| c <= view.food(me)))
        .map(|&t| AgentMove::build(hill, t))
        .collect()
}

/// `listAllLegalMoves`: movement moves, build moves, END (duplicates included).
pub fn list_all_legal_moves(view: &View) -> Vec<AgentMove> {
    let mut out = list_all_movement_moves(view);
    out.extend(list_all_build_moves(view));
    out.push(AgentMove::End);
    out
}

/// `stepsToReach`: breadth-first costs with construction costs (grass 2),
/// ignoring ants; an improved cell is updated but not re-queued, as in the
/// original. −1 on bad input.
pub fn steps_to_reach(view: &View, src: Coord, dst: Coord) -> i32 {
    if !src.on_board() || !dst.on_board() {
        return -1;
    }
    let mut visited = [i32::MAX; 100];
    visited[src.index()] = 0;
    let mut queue = std::collections::VecDeque::from([src]);
    while let Some(cell) = queue.pop_front() {
        if cell == dst {
            return visited[cell.index()];
        }
        for n in cell.neighbours() {
            let dist = visited[cell.index()] + view.entry_cost(n, false);
            if visited[n.index()] != i32::MAX {
                if dist < visited[n.index()] {
                    visited[n.index()] = dist;
                }
            } else {
                visited[n.index()] = dist;
                queue.push_back(n);
            }
        }
    }
    -1
}

/// `createPathToward`: the greedy depth-first path of `findPathRecursive`,
/// using the ignores-grass flag of the ant on `src` (false if none). May
/// return `[src]`. Does not check the queen's rows.
pub fn create_path_toward(view: &View, src: Coord, dst: Coord, movement: i32) -> Vec<Coord> {
    let ignores = view.ant_at(src).is_some_and(|a| a.kind.ignores_grass());
    find_path_recursive(view, src, dst, movement, ignores).0
}

fn find_path_recursive(
    view: &View,
    src: Coord,
    dst: Coord,
    movement: i32,
    ignores: bool,
) -> (Vec<Coord>, i32) {
    let dist = src.manhattan(dst);
    if dist == 0 || movement == 0 {
        return (vec![src], dist);
    }
    let mut best = (vec![src], dist);
    for n in list_reachable_adjacent(view, src, movement, ignores) {
        let cost = view.entry_cost(n, ignores);
        let (path, d) = find_path_recursive(view, n, dst, movement - cost, ignores);
        if d < best.1 {
            let mut p = vec![src];
            p.extend(path);
            best = (p, d);
            if d == 0 || d == dist - movement {
                return best;
            }
        }
    }
    best
}

/// `aStarSearchPath`: unit-cost A* from `start` toward `goal` around ants;
/// returns the path up to the cell before the goal truncated to the mover's
/// MOVEMENT+1 cells, `Some(vec![])` when start equals goal and `None` on failure.
pub fn a_star_search_path(view: &View, start: Coord, goal: Coord) -> Option<Vec<Coord>> {
    if start == goal {
        return Some(Vec::new());
    }
    let movement = view.ant_at(start).map_or(1, |a| a.kind.movement());
    let mut g = [i32::MAX; 100];
    let mut parent = [usize::MAX; 100];
    let mut open: Vec<Coord> = vec![start];
    g[start.index()] = 0;
    let mut closed = [false; 100];
    while !open.is_empty() {
        let (k, _) = open
            .iter()
            .enumerate()
            .min_by_key(|(_, c)| g[c.index()] + c.manhattan(goal))
            .expect("non-empty");
        let cur = open.remove(k);
        if cur.adjacent(goal) {
            let mut path = vec![cur];
            let mut i = cur.index();
            while parent[i] != usize::MAX {
                i = parent[i];
                path.push(Coord::from_index(i));
            }
            path.reverse();
            path.truncate(movement as usize + 1);
            return Some(path);
        }
        closed[cur.index()] = true;
        for n in cur.neighbours() {
            if closed[n.index()] || view.occupied(n) {
                continue;
            }
            let ng = g[cur.index()] + 1;
            if ng < g[n.index()] {
                g[n.index()] = ng;
                parent[n.index()] = cur.index();
                if !open.contains(&n) {
                    open.push(n);
                }
            }
        }
    }
    None
}
