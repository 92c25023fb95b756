//! Our agent: Monte Carlo tree search over whole turns with a hand-tuned
//! evaluation, using the exact engine as its forward model.
//!
//! The tree is built on [`TurnTree`], a view of [`State`] whose legal moves
//! put each turn in a canonical order: the side to move acts with its first
//! unmoved ant (creation order; a zero-step move leaves it in place) or
//! builds, and may END only once every ant has acted, so each line of the
//! tree decides a whole turn and permutations of one turn are searched once.
//! Candidate moves are pruned (see [`TurnTree`]). After a search the agent
//! plays the most visited line of its own actions up to END (its turn plan),
//! searching again only if the plan runs out before END. The search ends
//! early once that whole plan can no longer change ([`EarlyStop::Line`]),
//! and a turn where END is the only candidate is played without a search.

use crate::agent::AntAgent;
use crate::baselines::common::{far_food, layout, ROW3_LAYOUT};
use crate::rules::Action;
use crate::state::{Phase, State};
use crate::stats::{AntType, Coord, BUILDABLE};
use crate::view::{AgentMove, AntInfo, View};
use gamecore::{Budget, Evaluator, Game, MoveList, Outcome, ParseMoveError, Player};
use search::mcts::{EarlyStop, Mcts, MctsOptions};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

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
                // (Offered everywhere, staying often looked as good as a
                // step worth a twentieth of a food, and workers idled for
                // the rest of a game: rangedSoldierTestAI, 970 ENDs.)
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
fn raiders_reach(s: &State, raiders: Player, c: Coord, slack: i32) -> bool {
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
pub fn worker_remaining(s: &State, p: Player, c: Coord, carrying: bool) -> i32 {
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
fn fighter_moves(s: &State, a: &crate::state::Ant, cost: &[i32; 100], out: &mut MoveList<Action>) {
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
    /// A fighter's closeness to the nearest enemy worker (0..=this).
    pub raid: i32,
    /// Having 0 food and only 2 ants (one step from starving).
    pub starving: i32,
    /// A fighter standing on the own anthill (it blocks building).
    pub hill_block: i32,
    /// A fighter's closeness to the enemy anthill (0..=this). Off (0) by
    /// default: at 60 it drew fighters to the anthill while Very Complex
    /// Food Gatherer raced to 11 food (10–10 in 20 games at 200 ms, 20–0
    /// without it); the fighters' candidate steps toward the anthill stay.
    pub siege: i32,
    /// A worker within reach of an enemy fighter when the enemy moves next
    /// (percent of the worker's value lost). 15 by default: at 60 our
    /// fighters kept away from Very Complex Food Gatherer's queen and it won
    /// 12–13 of 20 games on food (200 ms, seeds 51 and 52); at 15, 60–0 over
    /// seeds 51–53.
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
            raid: 150,
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
}

impl ColonyEval {
    /// The value of `p`'s side alone, in hundredths of food.
    pub fn side_value(&self, s: &State, p: Player) -> i32 {
        let w = &self.weights;
        let foe = p.other();
        // Food is worth more as it nears the goal of 11 (a race is decided there).
        let f = s.food(p);
        let mut v = w.food * f + w.food_square * f * f / 10;
        let enemy_queen = s.queen(foe).map(|q| q.coords);
        let enemy_hill = s.anthill(foe);
        // Enemy fighters that act before us: a worker they can reach this
        // coming turn (movement plus range, grass ignored) is likely lost.
        let in_reach_of_raiders = |c: Coord| s.to_move == foe && raiders_reach(s, foe, c, 0);
        let mut workers = 0;
        let mut fighters = 0;
        for a in s.ants(p) {
            match a.kind {
                AntType::Queen => v += w.queen_hp * i32::from(a.health),
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
                        v += w.pressure * (18 - q.manhattan(a.coords).min(18)) / 18;
                    }
                    let prey = s
                        .ants(foe)
                        .iter()
                        .filter(|e| e.kind == AntType::Worker)
                        .map(|e| e.coords.manhattan(a.coords))
                        .min();
                    if let Some(d) = prey {
                        v += w.raid * (18 - d.min(18)) / 18;
                    }
                    if let Some(h) = enemy_hill {
                        v += w.siege * (18 - h.manhattan(a.coords).min(18)) / 18;
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

/// The default weights with `RA_SIEGE`, `RA_THREAT`, `RA_NO_WORKERS`,
/// `RA_PRESSURE` and `RA_RAID` overrides (for comparisons; 0 removes a term).
fn weights_from_env() -> EvalWeights {
    let d = EvalWeights::default();
    EvalWeights {
        siege: env_or("RA_SIEGE", d.siege),
        threat_pct: env_or("RA_THREAT", d.threat_pct),
        no_workers: env_or("RA_NO_WORKERS", d.no_workers),
        pressure: env_or("RA_PRESSURE", d.pressure),
        raid: env_or("RA_RAID", d.raid),
        ..d
    }
}

/// The value of the environment variable `key`, or `default` when it is
/// unset or does not parse.
fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Our ReAntics agent: MCTS over canonical turns, 1 s per turn by default.
#[derive(Debug)]
pub struct MctsAnt {
    turn_time: Duration,
    eval: ColonyEval,
    plan: VecDeque<Action>,
    turn_start: Option<Instant>,
    seed: u64,
    /// Iterations of the last search (for reports).
    pub last_iterations: u64,
    /// Iterations of all searches so far.
    pub total_iterations: u64,
    /// Searches so far.
    pub searches: u64,
    /// MCTS evaluation scale (see [`MctsOptions::eval_scale`]).
    pub scale: f64,
    /// MCTS exploration constant.
    pub exploration: f64,
    /// Stop a search once its turn plan can no longer change, and skip the
    /// search when END is the only candidate (on by default; `RA_EARLY_STOP=0`
    /// turns it off, for comparisons).
    pub early_stop: bool,
    /// Safety factor on the iterations left (see [`MctsOptions::stop_margin`];
    /// `RA_STOP_MARGIN` overrides it).
    pub stop_margin: f64,
    /// Searches that [`EarlyStop::Line`] ended before their time share.
    pub early_stops: u64,
    /// Decisions taken without a search (END the only candidate).
    pub skipped: u64,
    /// Wall time spent in searches so far.
    pub search_time: Duration,
    /// Centre the evaluation on the root's value ([`ColonyEval::offset`];
    /// on by default, `RA_CENTER=0` turns it off).
    pub center: bool,
    /// Print one line of statistics per turn to stderr (`RA_STATS=1`).
    stats: bool,
    turn_searches: u64,
}

impl MctsAnt {
    /// Our agent with `turn_time` for each whole turn.
    pub fn new(turn_time: Duration) -> MctsAnt {
        MctsAnt {
            turn_time,
            eval: ColonyEval {
                weights: weights_from_env(),
                offset: 0,
            },
            plan: VecDeque::new(),
            turn_start: None,
            seed: 1,
            last_iterations: 0,
            total_iterations: 0,
            searches: 0,
            scale: env_or("RA_SCALE", 100.0),
            exploration: env_or("RA_EXPL", 0.3),
            early_stop: std::env::var("RA_EARLY_STOP").map_or(true, |v| v != "0"),
            stop_margin: env_or("RA_STOP_MARGIN", 1.25),
            early_stops: 0,
            skipped: 0,
            search_time: Duration::ZERO,
            center: std::env::var("RA_CENTER").map_or(true, |v| v != "0"),
            stats: std::env::var("RA_STATS").is_ok_and(|v| v == "1"),
            turn_searches: 0,
        }
    }

    fn plan_turn(&mut self, state: &State) {
        let start = *self.turn_start.get_or_insert_with(Instant::now);
        let root = TurnTree(state.clone());
        if self.early_stop {
            let mut moves = MoveList::new();
            root.legal_moves(&mut moves);
            if moves.as_slice() == [Action::End] {
                self.skipped += 1;
                self.plan.push_back(Action::End);
                return;
            }
        }
        if self.center {
            // Centre the search's logistic curve on the root's value.
            self.eval.offset = 0;
            let raw = self.eval.evaluate(&root);
            self.eval.offset = if root.side_to_move() == Player::First {
                raw
            } else {
                -raw
            };
        }
        let left = self.turn_time.saturating_sub(start.elapsed());
        let share = (left * 7 / 10).max(Duration::from_millis(2));
        let mut mcts = Mcts::new(
            self.eval.clone(),
            MctsOptions {
                eval_scale: self.scale,
                exploration: self.exploration,
                seed: self.seed,
                max_nodes: 1_500_000,
                early_stop: if self.early_stop {
                    EarlyStop::Line
                } else {
                    EarlyStop::Off
                },
                stop_margin: self.stop_margin,
                ..MctsOptions::default()
            },
        );
        self.seed = self.seed.wrapping_add(1);
        let began = Instant::now();
        let result = mcts.search(&root, &Budget::new(share, share));
        self.search_time += began.elapsed();
        if self.stats {
            eprintln!(
                "ra-search share_ms {:.1} used {:.3} early {} iterations {} plan {}",
                share.as_secs_f64() * 1000.0,
                began.elapsed().as_secs_f64() / share.as_secs_f64(),
                u8::from(result.stopped_early),
                result.iterations,
                result
                    .pv
                    .iter()
                    .take_while(|(p, _)| *p == state.side_to_move())
                    .count()
            );
        }
        self.last_iterations = result.iterations;
        self.total_iterations += result.iterations;
        self.searches += 1;
        self.turn_searches += 1;
        self.early_stops += u64::from(result.stopped_early);
        let me = state.side_to_move();
        self.plan = result
            .pv
            .iter()
            .take_while(|(p, _)| *p == me)
            .map(|&(_, m)| m)
            .collect();
        if self.plan.is_empty() {
            self.plan.extend(result.best_move);
        }
    }

    fn next_action(&mut self, state: &State) -> Action {
        if let Some(&a) = self.plan.front() {
            if state.action_is_legal(a) {
                self.plan.pop_front();
                return a;
            }
        }
        self.plan.clear();
        self.plan_turn(state);
        match self.plan.pop_front() {
            Some(a) if state.action_is_legal(a) => a,
            _ => {
                let mut moves = MoveList::new();
                state.legal_moves(&mut moves);
                moves.last().copied().unwrap_or(Action::End)
            }
        }
    }
}

impl AntAgent for MctsAnt {
    fn name(&self) -> String {
        "MCTS (ours)".into()
    }
    fn new_game(&mut self, seed: u64) {
        self.seed = seed;
        self.plan.clear();
        self.turn_start = None;
    }
    fn get_placement(&mut self, view: &View) -> Vec<Coord> {
        match view.phase() {
            Phase::Setup1 => layout(&ROW3_LAYOUT),
            _ => far_food(view),
        }
    }
    fn get_move(&mut self, view: &View) -> AgentMove {
        if self.turn_start.is_none() {
            self.turn_start = Some(Instant::now());
            self.plan.clear();
        }
        let state = view.state();
        let action = self.next_action(state);
        let mv = match action {
            Action::Move { from, to } => {
                let path = state.path_to(from, to).unwrap_or_else(|| vec![from]);
                AgentMove::MoveAnt(path.into_iter().map(|c| view.abs(c)).collect())
            }
            Action::Build(t) => AgentMove::build(view.anthill(view.me()).expect("anthill"), t),
            _ => AgentMove::End,
        };
        if mv == AgentMove::End {
            if self.stats {
                let spent = self.turn_start.map_or(Duration::ZERO, |t| t.elapsed());
                eprintln!(
                    "ra-turn ms {:.1} searches {} early {} skipped {} iterations {}",
                    spent.as_secs_f64() * 1000.0,
                    self.turn_searches,
                    self.early_stops,
                    self.skipped,
                    self.total_iterations
                );
            }
            self.turn_searches = 0;
            self.turn_start = None;
            self.plan.clear();
        }
        mv
    }
    fn get_attack(&mut self, view: &View, _attacker: &AntInfo, targets: &[Coord]) -> Coord {
        match self.next_action(view.state()) {
            Action::Attack(c) => view.abs(c),
            _ => targets[0],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions of our own turns, reached by pseudo-random legal play.
    fn positions(count: usize) -> Vec<State> {
        let mut out = Vec::new();
        let mut rng = 0x2545_F491_4F6C_DD1Du64;
        let mut moves = MoveList::new();
        while out.len() < count {
            let mut s = State::new();
            for ply in 0..400 {
                if s.outcome().is_some() {
                    break;
                }
                if s.phase() == Phase::Play
                    && s.pending_attack.is_none()
                    && s.ants(s.to_move).iter().all(|a| !a.has_moved)
                    && ply % 7 == 0
                {
                    out.push(s.clone());
                }
                s.legal_moves(&mut moves);
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                s.play_unchecked(moves[(rng % moves.len() as u64) as usize]);
            }
        }
        out.truncate(count);
        out
    }

    fn plan(state: &State, early_stop: EarlyStop) -> (Vec<Action>, bool) {
        let mut mcts = Mcts::new(
            ColonyEval::default(),
            MctsOptions {
                eval_scale: 100.0,
                exploration: 0.3,
                iterations: Some(3000),
                early_stop,
                ..MctsOptions::default()
            },
        );
        let r = mcts.search(&TurnTree(state.clone()), &Budget::unlimited());
        let me = state.side_to_move();
        let line =
            r.pv.iter()
                .take_while(|(p, _)| *p == me)
                .map(|&(_, m)| m)
                .collect();
        (line, r.stopped_early)
    }

    /// Both players on the row-3 wall layout, Player 1 to move.
    fn standard() -> State {
        let l1 = layout(&ROW3_LAYOUT);
        let l2: Vec<Coord> = l1.iter().map(|c| c.flipped()).collect();
        State::from_layout(
            [(l1[0], l1[1], &l1[2..]), (l2[0], l2[1], &l2[2..])],
            &[
                Coord::new(4, 9),
                Coord::new(0, 9),
                Coord::new(9, 0),
                Coord::new(5, 0),
            ],
        )
    }

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
            offset: 0,
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

    /// The standoff of a rangedSoldierTestAI game that ran to the END cap:
    /// the enemy has only its queen, in grass beside its anthill; our
    /// workers stood still on our anthill and on a food (carrying) for 970
    /// ENDs.
    fn standoff() -> State {
        let c = Coord::new;
        let mut grass1 = layout(&ROW3_LAYOUT);
        let (hill1, tunnel1) = (grass1[0], grass1[1]);
        grass1.drain(..2);
        let grass2 = [
            c(9, 6),
            c(8, 7),
            c(9, 7),
            c(7, 8),
            c(8, 8),
            c(9, 8),
            c(6, 9),
            c(7, 9),
            c(8, 9),
        ];
        let mut s = State::from_layout(
            [(hill1, tunnel1, &grass1), (c(9, 9), c(4, 8), &grass2)],
            &[c(0, 6), c(8, 6), c(4, 0), c(3, 1)],
        );
        s.ants_mut(Player::First).clear();
        s.ants_mut(Player::Second).clear();
        s.put_ant(Player::First, AntType::Worker, c(4, 0));
        s.put_ant(Player::First, AntType::Worker, hill1);
        s.put_ant(Player::First, AntType::Queen, c(8, 3));
        s.put_ant(Player::First, AntType::Soldier, c(9, 6));
        s.put_ant(Player::First, AntType::Soldier, c(9, 7));
        s.put_ant(Player::Second, AntType::Queen, c(8, 9));
        s.ants_mut(Player::First)[0].carrying = true;
        s.set_food(Player::First, 3);
        s.set_food(Player::Second, 2);
        s.set_turn(Player::First);
        s
    }

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
    fn the_workers_of_the_standoff_go_on_gathering() {
        let s = standoff();
        let workers: Vec<Coord> = s.ants(Player::First)[..2]
            .iter()
            .map(|a| a.coords)
            .collect();
        let (line, _) = plan(&s, EarlyStop::Off);
        let moved = line
            .iter()
            .filter(|m| matches!(**m, Action::Move { from, to } if workers.contains(&from) && to != from))
            .count();
        assert_eq!(moved, 2, "{line:?}");
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

    #[test]
    fn an_early_stopped_search_plans_the_same_turn() {
        let mut early = 0;
        for s in positions(24) {
            let (full, _) = plan(&s, EarlyStop::Off);
            let (cut, stopped) = plan(&s, EarlyStop::Line);
            assert_eq!(cut, full, "{}", s.ascii());
            early += usize::from(stopped);
        }
        assert!(
            early >= 6,
            "only {early} of 24 searches stopped early: the test proves little"
        );
    }
}
