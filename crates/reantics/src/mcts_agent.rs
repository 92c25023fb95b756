//! Our agent: Monte Carlo tree search over whole turns ([`TurnTree`]) with
//! [`ColonyEval`], using the exact engine as its forward model.
//!
//! At the start of its turn the agent searches with 70 % of the turn time
//! left, then plays the most visited line of its own actions up to END (its
//! turn plan), searching again only if the plan runs out before END. The
//! search ends early once that whole plan can no longer change
//! ([`EarlyStop::Line`]), and a turn where END is the only candidate is
//! played without a search. Its settings are [`MctsAntOptions`]; what it did
//! is [`MctsAnt::stats`] and, when asked for, one [`MctsAntReport`] per
//! search and per turn.

use crate::agent::AntAgent;
use crate::baselines::common::{far_food, layout, ROW3_LAYOUT};
use crate::colony_eval::{ColonyEval, EvalWeights};
use crate::rules::Action;
use crate::state::{Phase, State};
use crate::stats::Coord;
use crate::turn_tree::TurnTree;
use crate::view::{AgentMove, AntInfo, View};
use gamecore::{Budget, Evaluator, Game, MoveList, Player};
use search::mcts::{EarlyStop, Mcts, MctsOptions};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// The share of the turn time left that one search may use: the rest covers
/// a second search if the plan runs out, and the engine's own time.
const SEARCH_SHARE: (u32, u32) = (7, 10);

/// The shortest search share, however little of the turn is left.
const MIN_SHARE: Duration = Duration::from_millis(2);

/// The most nodes one search's tree may hold.
const MAX_NODES: usize = 1_500_000;

/// How [`MctsAnt`] plays. [`Default`] is the tuned agent; the other values
/// are for comparisons.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MctsAntOptions {
    /// The time for each whole turn (default 1 s). A search takes 70 % of
    /// what is left of it.
    pub turn_time: Duration,
    /// The evaluation's weights (0 removes a term).
    pub weights: EvalWeights,
    /// Leaves are scored by the logistic of evaluation / this
    /// ([`MctsOptions::eval_scale`]; default 100, one unit of food).
    pub eval_scale: f64,
    /// The UCT exploration constant ([`MctsOptions::exploration`]; default
    /// 0.3).
    pub exploration: f64,
    /// Stop a search once its turn plan can no longer change, and skip the
    /// search when END is the only candidate (default on).
    pub early_stop: bool,
    /// The safety factor on the iterations a search has left when it judges
    /// whether the plan can still change ([`MctsOptions::stop_margin`];
    /// default 1.25).
    pub stop_margin: f64,
    /// Centre the evaluation on the root's value ([`ColonyEval::offset`];
    /// default on), so that a large lead does not saturate the logistic
    /// curve and the search can still tell converting a won position from
    /// passing.
    pub center: bool,
    /// Keep a [`MctsAntReport`] of every search and every turn until the
    /// caller takes them ([`MctsAnt::take_reports`]; default off).
    pub reports: bool,
}

impl Default for MctsAntOptions {
    fn default() -> MctsAntOptions {
        MctsAntOptions {
            turn_time: Duration::from_secs(1),
            weights: EvalWeights::default(),
            eval_scale: 100.0,
            exploration: 0.3,
            early_stop: true,
            stop_margin: 1.25,
            center: true,
            reports: false,
        }
    }
}

/// What [`MctsAnt`] has done so far, over all games.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MctsAntStats {
    /// Searches run.
    pub searches: u64,
    /// Iterations of all searches.
    pub total_iterations: u64,
    /// Iterations of the last search.
    pub last_iterations: u64,
    /// Searches that [`EarlyStop::Line`] ended before their time share.
    pub early_stops: u64,
    /// Decisions taken without a search (END the only candidate).
    pub skipped: u64,
    /// Wall time spent in searches.
    pub search_time: Duration,
}

/// What one search of [`MctsAnt`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchReport {
    /// The time the search was given.
    pub share: Duration,
    /// The time it took.
    pub used: Duration,
    /// Whether [`EarlyStop::Line`] ended it before its share.
    pub stopped_early: bool,
    /// Its iterations.
    pub iterations: u64,
    /// The actions of the side to move in its principal line: the plan.
    pub plan_len: usize,
}

/// One finished turn of [`MctsAnt`] (reported at its END).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnReport {
    /// The turn's wall time, from its first move request to its END.
    pub time: Duration,
    /// The searches run in the turn.
    pub searches: u64,
    /// The totals so far, this turn included.
    pub totals: MctsAntStats,
}

/// One entry of [`MctsAnt`]'s reports, in the order they happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MctsAntReport {
    /// A search finished.
    Search(SearchReport),
    /// A turn ended.
    Turn(TurnReport),
}

/// Our ReAntics agent: MCTS over canonical turns.
#[derive(Debug)]
pub struct MctsAnt {
    options: MctsAntOptions,
    eval: ColonyEval,
    /// Whether the enemy has fielded a fighter in this game (seen at the
    /// start of one of our moves): until then the search weighs pressure on
    /// its queen with [`EvalWeights::pressure_unopposed`].
    enemy_armed: bool,
    plan: VecDeque<Action>,
    turn_start: Option<Instant>,
    seed: u64,
    stats: MctsAntStats,
    turn_searches: u64,
    reports: Vec<MctsAntReport>,
}

impl MctsAnt {
    /// Our agent with `turn_time` for each whole turn and the other options
    /// at their defaults.
    pub fn new(turn_time: Duration) -> MctsAnt {
        MctsAnt::with_options(MctsAntOptions {
            turn_time,
            ..MctsAntOptions::default()
        })
    }

    /// Our agent with `options`.
    pub fn with_options(options: MctsAntOptions) -> MctsAnt {
        MctsAnt {
            options,
            eval: ColonyEval {
                weights: options.weights,
                ..ColonyEval::default()
            },
            enemy_armed: false,
            plan: VecDeque::new(),
            turn_start: None,
            seed: 1,
            stats: MctsAntStats::default(),
            turn_searches: 0,
            reports: Vec::new(),
        }
    }

    /// Returns the options the agent plays with.
    pub fn options(&self) -> &MctsAntOptions {
        &self.options
    }

    /// Returns what the agent has done so far.
    pub fn stats(&self) -> MctsAntStats {
        self.stats
    }

    /// Returns the reports kept since the last call, oldest first, and
    /// forgets them (empty unless [`MctsAntOptions::reports`] is on).
    pub fn take_reports(&mut self) -> Vec<MctsAntReport> {
        std::mem::take(&mut self.reports)
    }

    /// Whether the enemy has fielded a fighter in this game so far (as
    /// seen at our moves): until it has, the search presses its queen with
    /// [`EvalWeights::pressure_unopposed`].
    pub fn enemy_armed(&self) -> bool {
        self.enemy_armed
    }

    fn plan_turn(&mut self, state: &State) {
        let start = *self.turn_start.get_or_insert_with(Instant::now);
        let root = TurnTree(state.clone());
        if self.options.early_stop {
            let mut moves = MoveList::new();
            root.legal_moves(&mut moves);
            if moves.as_slice() == [Action::End] {
                self.stats.skipped += 1;
                self.plan.push_back(Action::End);
                return;
            }
        }
        self.eval.unopposed = !self.enemy_armed;
        if self.options.center {
            // Centre the search's logistic curve on the root's value.
            self.eval.offset = 0;
            let raw = self.eval.evaluate(&root);
            self.eval.offset = if root.side_to_move() == Player::First {
                raw
            } else {
                -raw
            };
        }
        let left = self.options.turn_time.saturating_sub(start.elapsed());
        let share = (left * SEARCH_SHARE.0 / SEARCH_SHARE.1).max(MIN_SHARE);
        let mut mcts = Mcts::new(
            self.eval.clone(),
            MctsOptions {
                eval_scale: self.options.eval_scale,
                exploration: self.options.exploration,
                seed: self.seed,
                max_nodes: MAX_NODES,
                early_stop: if self.options.early_stop {
                    EarlyStop::Line
                } else {
                    EarlyStop::Off
                },
                stop_margin: self.options.stop_margin,
                ..MctsOptions::default()
            },
        );
        self.seed = self.seed.wrapping_add(1);
        let began = Instant::now();
        let result = mcts.search(&root, &Budget::new(share, share));
        let used = began.elapsed();
        let me = state.side_to_move();
        self.plan = result
            .pv
            .iter()
            .take_while(|(p, _)| *p == me)
            .map(|&(_, m)| m)
            .collect();
        self.stats.search_time += used;
        self.stats.last_iterations = result.iterations;
        self.stats.total_iterations += result.iterations;
        self.stats.searches += 1;
        self.stats.early_stops += u64::from(result.stopped_early);
        self.turn_searches += 1;
        if self.options.reports {
            self.reports.push(MctsAntReport::Search(SearchReport {
                share,
                used,
                stopped_early: result.stopped_early,
                iterations: result.iterations,
                plan_len: self.plan.len(),
            }));
        }
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
        self.enemy_armed = false;
    }
    fn get_placement(&mut self, view: &View) -> Vec<Coord> {
        match view.phase() {
            Phase::Setup1 => {
                // A new game (the JSON agent server never calls `new_game`).
                self.enemy_armed = false;
                layout(&ROW3_LAYOUT)
            }
            _ => far_food(view),
        }
    }
    fn get_move(&mut self, view: &View) -> AgentMove {
        if self.turn_start.is_none() {
            self.turn_start = Some(Instant::now());
            self.plan.clear();
        }
        let state = view.state();
        let foe = state.side_to_move().other();
        self.enemy_armed |= state.ants(foe).iter().any(|a| a.kind.is_fighter());
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
            if self.options.reports {
                self.reports.push(MctsAntReport::Turn(TurnReport {
                    time: self.turn_start.map_or(Duration::ZERO, |t| t.elapsed()),
                    searches: self.turn_searches,
                    totals: self.stats,
                }));
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
    use crate::test_positions::{positions, standoff};

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

    #[test]
    fn the_enemy_counts_as_armed_from_its_first_fighter_to_the_end_of_the_game() {
        use crate::stats::AntType;
        use crate::test_positions::standard;
        let mut ours = MctsAnt::new(Duration::from_millis(5));
        let s = standard();
        let me = s.side_to_move();
        ours.get_move(&View::new(&s, me));
        assert!(!ours.enemy_armed(), "no enemy fighter yet");
        let mut armed = s.clone();
        armed.put_ant(me.other(), AntType::Drone, Coord::new(4, 6));
        ours.get_move(&View::new(&armed, me));
        assert!(ours.enemy_armed());
        // It stays armed after the fighter is gone, until the next game.
        ours.get_move(&View::new(&s, me));
        assert!(ours.enemy_armed());
        ours.get_placement(&View::new(&State::new(), Player::First));
        assert!(!ours.enemy_armed(), "a new game (the JSON server's way)");
        ours.get_move(&View::new(&armed, me));
        ours.new_game(7);
        assert!(!ours.enemy_armed(), "a new game");
    }

    #[test]
    fn reports_are_kept_only_when_asked_for_and_match_the_stats() {
        let play = |reports: bool| {
            let mut ours = MctsAnt::with_options(MctsAntOptions {
                turn_time: Duration::from_millis(5),
                reports,
                ..MctsAntOptions::default()
            });
            let mut opponent = crate::baselines::baseline("Booger").expect("a port");
            let options = crate::agent::GameOptions {
                cap: 30,
                ..crate::agent::GameOptions::default()
            };
            crate::agent::play_game([&mut ours, &mut *opponent], &options, &mut |_, _| {});
            let reports = ours.take_reports();
            (ours.stats(), reports, ours.take_reports())
        };
        let (stats, reports, again) = play(true);
        assert!(again.is_empty(), "taking the reports forgets them");
        let searches = reports
            .iter()
            .filter(|r| matches!(r, MctsAntReport::Search(_)))
            .count() as u64;
        assert!(searches > 0);
        assert_eq!(searches, stats.searches);
        let turns: Vec<&TurnReport> = reports
            .iter()
            .filter_map(|r| match r {
                MctsAntReport::Turn(t) => Some(t),
                MctsAntReport::Search(_) => None,
            })
            .collect();
        assert!(!turns.is_empty());
        assert!(turns.iter().map(|t| t.searches).sum::<u64>() <= stats.searches);
        let (_, quiet, _) = play(false);
        assert!(quiet.is_empty());
    }
}
