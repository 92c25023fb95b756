//! Our evaluation of a ReAntics position: material, the food economy,
//! queen and anthill health, pressure on the enemy, and workers exposed to
//! raiders, in hundredths of a unit of food.

use crate::state::State;
use crate::stats::{AntType, Coord};
use crate::turn_tree::{raiders_reach, worker_remaining, TurnTree};
use gamecore::{Evaluator, Game as _, Player};

/// Weights of [`ColonyEval`], in hundredths of a unit of food.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EvalWeights {
    /// One unit of stored food.
    pub food: i32,
    /// Extra value of food squared (per tenth), so food near the goal counts more.
    pub food_square: i32,
    /// Each of the first `useful_workers` workers.
    pub worker: i32,
    /// Workers that count fully.
    pub useful_workers: usize,
    /// A worker's progress along its food cycle (0..=this).
    pub cycle: i32,
    /// A healthy drone, soldier and ranged soldier.
    pub fighter: [i32; 3],
    /// Fighters that count fully (later ones count half).
    pub useful_fighters: usize,
    /// Each point of queen health.
    pub queen_hp: i32,
    /// Each point of anthill capture health.
    pub hill_hp: i32,
    /// A fighter's closeness to the enemy queen (0..=this).
    pub pressure: i32,
    /// [`EvalWeights::pressure`] while the enemy has never fielded a
    /// fighter in the game ([`ColonyEval::unopposed`]): with nothing to
    /// defend against, fighters belong at the enemy queen. Against Very
    /// Complex Food Gatherer, which never builds one, 120 leaves a drone
    /// idling at its border while the gatherer races to 11 food; 240
    /// throughout makes both sides of a game against Anthill Attack AI
    /// trade drones until the END cap.
    pub pressure_unopposed: i32,
    /// A fighter's closeness to the nearest enemy worker (0..=this).
    pub raid: i32,
    /// Closeness of a fighter or the queen to the enemy's last ant besides
    /// its queen while the enemy has no food (0..=this): killing that ant
    /// wins by starvation. Without it, two colonies each down to a queen, one
    /// fighter and no food see nothing to gain within the search's horizon
    /// and pass until the END cap.
    pub hunt: i32,
    /// Having 0 food and only 2 ants (one step from starving).
    pub starving: i32,
    /// A fighter standing on the own anthill (it blocks building).
    pub hill_block: i32,
    /// A fighter's closeness to the enemy anthill (0..=this). Off (0) by
    /// default: it draws fighters to the anthill and away from the enemy
    /// queen while a food gatherer races to 11 food; the fighters'
    /// candidate steps toward the anthill stay (measurements in
    /// `docs/benchmarks.md`).
    pub siege: i32,
    /// A worker within reach of an enemy fighter when the enemy moves next
    /// (percent of the worker's value lost). 15 by default: much higher, it
    /// makes every cell near the enemy queen look too costly and our
    /// fighters keep away from it while its gatherers race to 11 food
    /// (measurements in `docs/benchmarks.md`).
    pub threat_pct: i32,
    /// No worker and no food to build one: the colony cannot recover.
    pub no_workers: i32,
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights {
            food: 100,
            food_square: 40,
            worker: 120,
            useful_workers: 2,
            cycle: 100,
            fighter: [230, 260, 200],
            useful_fighters: 3,
            queen_hp: 12,
            hill_hp: 160,
            pressure: 120,
            pressure_unopposed: 240,
            raid: 150,
            hunt: 300,
            starving: 120,
            hill_block: 60,
            siege: 0,
            threat_pct: 15,
            no_workers: 600,
        }
    }
}

/// Our evaluation: material, the food economy (stored food plus each
/// worker's progress between food and depot), queen and anthill health,
/// pressure on the enemy queen and anthill, and workers exposed to raiders.
#[derive(Debug, Clone, Default)]
pub struct ColonyEval {
    /// The weights.
    pub weights: EvalWeights,
    /// Subtracted from every score, from Player 1's point of view: the
    /// root's value, so that the logistic curve of the search is centred on
    /// the current position and a large lead does not saturate it (0: off).
    pub offset: i32,
    /// The enemy of the side searching has never fielded a fighter this
    /// game: [`EvalWeights::pressure_unopposed`] replaces
    /// [`EvalWeights::pressure`] for both sides (off by default; our agent
    /// keeps track, see [`crate::MctsAnt`]).
    pub unopposed: bool,
}

impl ColonyEval {
    /// The value of `p`'s side alone, in hundredths of food.
    pub fn side_value(&self, s: &State, p: Player) -> i32 {
        let w = &self.weights;
        let foe = p.other();
        // Food is worth more as it nears the goal of 11 (a race is decided there).
        let f = s.food(p);
        let mut v = w.food * f + w.food_square * f * f / 10;
        let pressure = if self.unopposed {
            w.pressure_unopposed
        } else {
            w.pressure
        };
        let enemy_queen = s.queen(foe).map(|q| q.coords);
        let enemy_hill = s.anthill(foe);
        // Enemy fighters that act before us: a worker they can reach this
        // coming turn (movement plus range, grass ignored) is likely lost.
        let in_reach_of_raiders = |c: Coord| s.to_move == foe && raiders_reach(s, foe, c, 0);
        // The enemy's last ant besides its queen, if killing it wins.
        let last_ant = if s.food(foe) == 0 && s.ants(foe).len() == 2 {
            s.ants(foe)
                .iter()
                .find(|e| e.kind != AntType::Queen)
                .map(|e| e.coords)
        } else {
            None
        };
        let mut workers = 0;
        let mut fighters = 0;
        for a in s.ants(p) {
            match a.kind {
                AntType::Queen => {
                    v += w.queen_hp * i32::from(a.health);
                    // The queen kills a drone or a worker in one blow.
                    if let Some(c) = last_ant {
                        v += closeness(w.hunt, c.manhattan(a.coords));
                    }
                }
                AntType::Worker => {
                    workers += 1;
                    v += if workers <= w.useful_workers {
                        w.worker
                    } else {
                        w.worker / 6
                    };
                    let remaining = worker_remaining(s, p, a.coords, a.carrying);
                    let progress = 100 * (20 - remaining.min(20)) / 20;
                    v += w.cycle * progress / 100;
                    if in_reach_of_raiders(a.coords) {
                        v -= w.threat_pct * (w.worker + w.cycle * progress / 100) / 100;
                    }
                }
                t => {
                    let i = t as usize - 2;
                    fighters += 1;
                    let full = w.fighter[i] / 2
                        + w.fighter[i] * i32::from(a.health) / (2 * i32::from(t.health()));
                    v += if fighters <= w.useful_fighters {
                        full
                    } else {
                        full / 2
                    };
                    if let Some(q) = enemy_queen {
                        v += closeness(pressure, q.manhattan(a.coords));
                    }
                    let prey = s
                        .ants(foe)
                        .iter()
                        .filter(|e| e.kind == AntType::Worker)
                        .map(|e| e.coords.manhattan(a.coords))
                        .min();
                    if let Some(d) = prey {
                        v += closeness(w.raid, d);
                    }
                    if let Some(c) = last_ant {
                        v += closeness(w.hunt, c.manhattan(a.coords));
                    }
                    if let Some(h) = enemy_hill {
                        v += closeness(w.siege, h.manhattan(a.coords));
                    }
                }
            }
        }
        v += w.hill_hp * i32::from(s.anthill_health(p));
        // A fighter parked on the own anthill blocks building.
        if let Some(h) = s.anthill(p) {
            if s.ants(p)
                .iter()
                .any(|a| a.coords == h && a.kind.is_fighter())
            {
                v -= w.hill_block;
            }
        }
        if s.food(p) == 0 && s.ants(p).len() <= 2 {
            v -= w.starving;
        }
        if workers == 0 && s.food(p) < 1 {
            v -= w.no_workers;
        }
        v
    }
}

/// `weight` scaled by closeness: all of it at distance 0, none from 18
/// steps (the board's longest Manhattan distance) on.
fn closeness(weight: i32, distance: i32) -> i32 {
    weight * (18 - distance.min(18)) / 18
}

impl Evaluator<TurnTree> for ColonyEval {
    fn evaluate(&self, t: &TurnTree) -> i32 {
        let me = t.0.side_to_move();
        let raw = self.side_value(&t.0, me) - self.side_value(&t.0, me.other());
        if me == Player::First {
            raw - self.offset
        } else {
            raw + self.offset
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_positions::{drone_standoff, positions, standard};
    use gamecore::Game;

    #[test]
    fn the_offset_shifts_every_score_from_player_one_s_view() {
        let plain = ColonyEval::default();
        for s in positions(12) {
            let t = TurnTree(s);
            let raw = plain.evaluate(&t);
            let shifted = ColonyEval {
                offset: 250,
                ..ColonyEval::default()
            };
            let expect = if t.side_to_move() == Player::First {
                raw - 250
            } else {
                raw + 250
            };
            assert_eq!(shifted.evaluate(&t), expect);
        }
    }

    #[test]
    fn a_worker_in_a_raider_s_reach_loses_value_when_the_raider_moves_next() {
        let mut s = standard();
        let w = s
            .ants(Player::First)
            .iter()
            .find(|a| a.kind == AntType::Worker)
            .expect("a worker")
            .coords;
        let e = ColonyEval {
            weights: EvalWeights {
                threat_pct: 60,
                ..EvalWeights::default()
            },
            ..ColonyEval::default()
        };
        let calm = e.side_value(&s, Player::First);
        // A drone three steps away: movement 3 + range 1 reaches the worker.
        let at = [
            (3, 0),
            (0, 3),
            (-3, 0),
            (0, -3),
            (2, 1),
            (1, 2),
            (-2, 1),
            (-1, 2),
        ]
        .iter()
        .map(|&(dx, dy)| Coord::new(w.x + dx, w.y + dy))
        .find(|&c| c.on_board() && !s.occupied(c))
        .expect("a free cell near the worker");
        s.put_ant(Player::Second, AntType::Drone, at);
        s.set_turn(Player::First);
        assert_eq!(
            e.side_value(&s, Player::First),
            calm,
            "we move first: no threat"
        );
        s.set_turn(Player::Second);
        assert!(
            e.side_value(&s, Player::First) < calm,
            "the drone moves next"
        );
    }

    #[test]
    fn unopposed_fighters_press_the_enemy_queen_with_their_own_weight() {
        let mut s = standard();
        let at = Coord::new(4, 5);
        s.put_ant(Player::First, AntType::Soldier, at);
        let q = s.queen(Player::Second).expect("the enemy queen").coords;
        let opposed = ColonyEval::default();
        let unopposed = ColonyEval {
            unopposed: true,
            ..ColonyEval::default()
        };
        let w = EvalWeights::default();
        assert!(w.pressure_unopposed > w.pressure);
        // The term is the difference, for the one fighter.
        assert_eq!(
            unopposed.side_value(&s, Player::First) - opposed.side_value(&s, Player::First),
            closeness(w.pressure_unopposed, q.manhattan(at))
                - closeness(w.pressure, q.manhattan(at))
        );
        // Without a fighter nothing changes.
        assert_eq!(
            unopposed.side_value(&s, Player::Second),
            opposed.side_value(&s, Player::Second)
        );
    }

    #[test]
    fn the_last_ant_of_a_colony_without_food_is_hunted_by_fighters_and_the_queen() {
        let e = ColonyEval::default();
        let s = drone_standoff();
        let us = Player::Second;
        let value_with = |kind: AntType, at: Coord, s: &State| {
            let mut s = s.clone();
            let i = s
                .ants(us)
                .iter()
                .position(|a| a.kind == kind)
                .expect("the ant");
            s.ants_mut(us)[i].coords = at;
            e.side_value(&s, us)
        };
        // The enemy's drone is on (0, 1): nearer is worth more, for our
        // drone and for our queen alike.
        let (far, near) = (Coord::new(8, 0), Coord::new(5, 0));
        assert!(value_with(AntType::Drone, near, &s) > value_with(AntType::Drone, far, &s));
        let (far, near) = (Coord::new(9, 7), Coord::new(3, 7));
        assert!(value_with(AntType::Queen, near, &s) > value_with(AntType::Queen, far, &s));
        // With food the enemy can rebuild: the queen has no reason to go.
        let mut fed = s.clone();
        fed.set_food(Player::First, 1);
        assert_eq!(
            value_with(AntType::Queen, near, &fed),
            value_with(AntType::Queen, far, &fed)
        );
        // The term is the difference.
        let blind = ColonyEval {
            weights: EvalWeights {
                hunt: 0,
                ..EvalWeights::default()
            },
            ..ColonyEval::default()
        };
        assert_eq!(
            e.side_value(&s, us) - blind.side_value(&s, us),
            EvalWeights::default().hunt * (18 - 9) / 18
                + EvalWeights::default().hunt * (18 - 15) / 18
        );
    }
}
