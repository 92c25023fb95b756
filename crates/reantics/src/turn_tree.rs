//! The tree our agent searches: [`State`] with one canonical order of the
//! actions of a turn and a pruned set of candidate moves.
//!
//! The side to move acts with its first unmoved ant (creation order; a
//! zero-step move leaves it in place) or builds, and may END only once every
//! ant has acted, so each line of the tree decides a whole turn and the
//! permutations of one turn are searched once.

use crate::rules::Action;
use crate::state::{Ant, Phase, State};
use crate::stats::{AntType, Coord, BUILDABLE};
use gamecore::{Game, MoveList, Outcome, ParseMoveError, Player};

/// [`State`] with canonical turn order and pruned candidate moves, for
/// tree search: workers take their best step, and may stay only within an
/// enemy fighter's or queen's reach (stay or take any step when no step
/// helps); fighters and the queen stay, move to attack, or step toward the
/// nearest enemy worker, the enemy queen, the nearest enemy fighter or the
/// own anthill (the queen may also flee).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnTree(pub State);

impl Game for TurnTree {
    type Move = Action;

    fn side_to_move(&self) -> Player {
        self.0.side_to_move()
    }

    fn legal_moves(&self, out: &mut MoveList<Action>) {
        let s = &self.0;
        if s.phase() != Phase::Play || s.end.is_some() || s.pending_attack.is_some() {
            s.legal_moves(out);
            return;
        }
        out.clear();
        let me = s.to_move;
        if let Some(a) = s.ants(me).iter().find(|a| !a.has_moved) {
            let cost = s.reach_costs(a.coords, a.kind);
            let stay = Action::Move {
                from: a.coords,
                to: a.coords,
            };
            if a.kind == AntType::Worker {
                // Workers take the step that best advances their food cycle,
                // and may stay only where an enemy fighter or queen could
                // strike them: the search decides only when to hold back.
                // Offered everywhere, staying looks about as good as a step
                // (one step of the cycle is worth a twentieth of a food, the
                // delivery lies beyond the search's horizon), and workers
                // idle for the rest of the game.
                let mut best: Option<(i32, Coord)> = None;
                for (i, &k) in cost.iter().enumerate() {
                    if k > 0 && k != i32::MAX {
                        let c = Coord::from_index(i);
                        let r = worker_remaining(s, me, c, a.carrying);
                        if best.is_none_or(|(b, _)| r < b) {
                            best = Some((r, c));
                        }
                    }
                }
                match best {
                    Some((r, c)) if r < worker_remaining(s, me, a.coords, a.carrying) => {
                        if worker_in_danger(s, me, a.coords) {
                            out.push(stay);
                        }
                        out.push(Action::Move {
                            from: a.coords,
                            to: c,
                        });
                    }
                    _ => {
                        // No step helps (blocked, or already in place): it
                        // stays, or takes any step, so that jams can be
                        // untangled.
                        out.push(stay);
                        for (i, &k) in cost.iter().enumerate() {
                            if k > 0 && k != i32::MAX {
                                out.push(Action::Move {
                                    from: a.coords,
                                    to: Coord::from_index(i),
                                });
                            }
                        }
                    }
                }
            } else {
                out.push(stay);
                fighter_moves(s, a, &cost, out);
            }
        }
        for t in BUILDABLE {
            if s.can_build(t) {
                out.push(Action::Build(t));
            }
        }
        // END only once every ant has acted (a zero-step move is the way to
        // leave one in place), so each line of the tree decides the whole turn.
        if s.ants(me).iter().all(|a| a.has_moved) {
            out.push(Action::End);
        }
    }

    fn play_unchecked(&mut self, mv: Action) {
        self.0.play_unchecked(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }

    fn recompute_hash(&self) -> u64 {
        self.0.recompute_hash()
    }

    fn score_bounds(&self) -> (i32, i32) {
        self.0.score_bounds()
    }

    fn max_remaining_plies(&self) -> u32 {
        self.0.max_remaining_plies()
    }

    fn parse_move(&self, text: &str) -> Result<Action, ParseMoveError> {
        self.0.parse_move(text)
    }

    fn move_index(&self, mv: Action) -> usize {
        self.0.move_index(mv)
    }

    fn move_index_bound(&self) -> usize {
        self.0.move_index_bound()
    }
}

/// Whether a fighter or the queen of `raiders` could strike the cell `c`, or
/// any cell within `slack` steps of it, in its next move (movement plus
/// range, Manhattan, grass ignored). Scans the ants without collecting them:
/// the evaluation calls it at every leaf of the search.
pub(crate) fn raiders_reach(s: &State, raiders: Player, c: Coord, slack: i32) -> bool {
    s.ants(raiders).iter().any(|e| {
        (e.kind.is_fighter() || e.kind == AntType::Queen)
            && e.coords.manhattan(c) <= e.kind.movement() + e.kind.range() + slack
    })
}

/// Whether an enemy fighter or queen could reach a worker of `p` on `c`, or
/// on a cell one worker step from `c`, in its next move.
fn worker_in_danger(s: &State, p: Player, c: Coord) -> bool {
    raiders_reach(s, p.other(), c, AntType::Worker.movement())
}

/// Steps a worker of `p` on `c` still needs to deliver one unit: to the
/// nearest own depot when carrying, else to the nearest food and from there
/// home (Manhattan distances).
pub(crate) fn worker_remaining(s: &State, p: Player, c: Coord, carrying: bool) -> i32 {
    let depots = [s.anthill(p), s.tunnel(p)];
    let to_depot = |x: Coord| {
        depots
            .iter()
            .flatten()
            .map(|d| d.manhattan(x))
            .min()
            .unwrap_or(10)
    };
    if carrying {
        to_depot(c)
    } else {
        s.food_cells()
            .map(|f| f.manhattan(c) + to_depot(f))
            .min()
            .unwrap_or(20)
    }
}

/// Candidate moves of a fighter or the queen: every destination from which
/// it can attack, plus the steps that best approach the nearest enemy
/// worker, the enemy queen, the nearest enemy fighter and the own anthill;
/// the queen may also flee to the cell farthest from enemy fighters.
fn fighter_moves(s: &State, a: &Ant, cost: &[i32; 100], out: &mut MoveList<Action>) {
    let me = s.to_move;
    let foes = s.ants(me.other());
    let mut targets: Vec<Coord> = Vec::with_capacity(3);
    if let Some(w) = foes
        .iter()
        .filter(|e| e.kind == AntType::Worker)
        .min_by_key(|e| e.coords.manhattan(a.coords))
    {
        targets.push(w.coords);
    }
    if let Some(q) = s.queen(me.other()) {
        targets.push(q.coords);
    }
    if let Some(f) = foes
        .iter()
        .filter(|e| e.kind.is_fighter())
        .min_by_key(|e| e.coords.manhattan(a.coords))
    {
        targets.push(f.coords);
    }
    // Fighters may also head for the enemy anthill (capture).
    if a.kind.is_fighter() {
        targets.extend(s.anthill(me.other()));
    }
    let mut best: Vec<(i32, Coord)> = targets
        .iter()
        .map(|&t| (t.manhattan(a.coords), a.coords))
        .collect();
    let start = out.len();
    for (i, &k) in cost.iter().enumerate() {
        if k <= 0 || k == i32::MAX {
            continue;
        }
        let c = Coord::from_index(i);
        if foes.iter().any(|e| e.coords.manhattan(c) <= a.kind.range()) {
            out.push(Action::Move {
                from: a.coords,
                to: c,
            });
        }
        for (j, &t) in targets.iter().enumerate() {
            let d = t.manhattan(c);
            if d < best[j].0 {
                best[j] = (d, c);
            }
        }
    }
    // Everyone may fall back toward the own anthill (defence).
    targets.extend(s.anthill(me));
    // The queen may also flee: the cell farthest from enemy fighters.
    if a.kind == AntType::Queen {
        let danger = |c: Coord| {
            foes.iter()
                .filter(|e| e.kind.is_fighter())
                .map(|e| e.coords.manhattan(c))
                .min()
                .unwrap_or(99)
        };
        let mut far = (danger(a.coords), a.coords);
        for (i, &k) in cost.iter().enumerate() {
            let c = Coord::from_index(i);
            if k > 0 && k != i32::MAX && danger(c) > far.0 {
                far = (danger(c), c);
            }
        }
        best.push(far);
    }
    for (_, c) in best {
        let mv = Action::Move {
            from: a.coords,
            to: c,
        };
        if c != a.coords && !out[start..].contains(&mv) {
            out.push(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_positions::{standard, standoff};

    #[test]
    fn a_worker_out_of_danger_has_no_candidate_to_stay() {
        let s = standoff();
        let w = s.ants(Player::First)[0].coords;
        let stay = Action::Move { from: w, to: w };
        let mut moves = MoveList::new();
        TurnTree(s.clone()).legal_moves(&mut moves);
        assert!(!moves.contains(&stay), "{:?}", moves.as_slice());
        assert!(moves
            .iter()
            .any(|m| matches!(*m, Action::Move { from, to } if from == w && to != w)));
        // An enemy drone within striking distance (movement 3 + range 1,
        // plus the worker's own step) makes holding back a candidate.
        let mut threatened = s.clone();
        threatened.put_ant(Player::Second, AntType::Drone, Coord::new(4, 6));
        assert!(Coord::new(4, 6).manhattan(w) <= 3 + 1 + 2);
        TurnTree(threatened).legal_moves(&mut moves);
        assert!(moves.contains(&stay), "{:?}", moves.as_slice());
    }

    #[test]
    fn a_fighter_may_step_toward_the_enemy_anthill() {
        let mut s = standard();
        s.put_ant(Player::First, AntType::Soldier, Coord::new(9, 4));
        for a in s.ants_mut(Player::First) {
            a.has_moved = a.kind != AntType::Soldier;
        }
        s.set_turn(Player::First);
        let hill = s.anthill(Player::Second).expect("enemy anthill");
        let mut moves = MoveList::new();
        TurnTree(s.clone()).legal_moves(&mut moves);
        let closest = moves
            .iter()
            .filter_map(|m| match *m {
                Action::Move { to, .. } => Some(to.manhattan(hill)),
                _ => None,
            })
            .min()
            .expect("moves");
        let cost = s.reach_costs(Coord::new(9, 4), AntType::Soldier);
        let best = (0..100)
            .filter(|&i| cost[i] > 0 && cost[i] != i32::MAX)
            .map(|i| Coord::from_index(i).manhattan(hill))
            .min()
            .expect("reachable cells");
        assert_eq!(closest, best);
    }
}
