//! Our bot: an opponent-aware planner over macro-actions.
//!
//! **Opponent model.** The planner keeps one copy of each known bot (the
//! seed's ports) playing the opponent's seat "in its head". After every
//! opponent action it asks each copy what it would have done on the same
//! board and scores the copy by how well it predicts the real actions
//! (log-likelihood; a random walker is scored by the chance of its move).
//! The best-scoring copy is the opponent model. Before any evidence it is
//! HungryBot, the strongest seed bot. While other bots that chase tokens
//! are still nearly as likely, a decision searches under each of them too
//! and weighs the outcomes by likelihood ([`PlannerConfig::mixture_floor`]):
//! the first steps of a game decide which tokens are won, before the
//! evidence can tell the racers apart.
//!
//! **Search.** A decision is a macro-action, "walk to token T and eat it".
//! The planner simulates both players ply by ply, itself walking to T and
//! the opponent played by its model, so it sees which tokens the opponent
//! will take first, and which target the opponent gives up when we are
//! closer. From each macro's end it searches the next macro (a beam of the
//! most promising tokens at each level, depth [`PlannerConfig::depth`]) and
//! finishes with a greedy rollout to a fixed horizon. A line is worth its
//! own points minus a share of the opponent's points (optionally
//! discounted by how late they come), plus a share of the bonus the open
//! streak could still earn; streak bonuses come out of the rules
//! simulation itself.
//!
//! **Passive opponents.** Against LazyBot or KindaRandomAI, once the
//! evidence is clear, every token will be ours anyway: the planner eats
//! each colour as one run instead of searching.
//!
//! **Anytime.** A decision deepens iteratively: one macro-action, then two,
//! up to [`PlannerConfig::depth`], each iteration with the widths of
//! [`PlannerConfig::beam`] and the previous iteration's best target tried
//! first. An interrupted iteration changes the answer only when a target
//! it finished beats the previous answer, which it also finished.
//!
//! **Time.** The search counts simulated plies against a budget
//! ([`PlannerConfig::ply_budget`]), so a game replays exactly. With a
//! [`PlannerConfig::time_budget`] it also starts no iteration it expects
//! to overrun that budget, and a hard cap ([`PlannerConfig::time_cap`])
//! stops it wherever it is. Time comes from [`PlannerConfig::clock`], a
//! plain function, so the same code runs where the standard library has no
//! clock (WebAssembly in a browser, where the page supplies one).
//! When the opponent did what the model predicted and the target is still
//! there, the planner keeps walking its plan without searching again.

use crate::action::Action;
use crate::apply::Effect;
use crate::board::Board;
use crate::bots::{
    hungry::{hungry_step, hungry_target},
    manhattan, Bot, MirrorBot, MirrorBotBuiltin, NaiveAi, OneTarget, PathBot,
};
use crate::player::PlayerState;
use gamecore::Player;
use std::time::Duration;

/// A monotonic clock: the time since some fixed origin.
pub type Clock = fn() -> Duration;

/// The standard library's monotonic clock, measured from its first call.
///
/// `wasm32-unknown-unknown` has no clock (`Instant::now` panics there); a
/// WebAssembly build supplies its own [`Clock`].
pub fn system_clock() -> Duration {
    static ORIGIN: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    ORIGIN.get_or_init(std::time::Instant::now).elapsed()
}

/// The deepest iteration a [`PlannerConfig`] can ask for.
pub const MAX_DEPTH: usize = 8;

/// The planner's tunable constants.
#[derive(Debug, Clone, Copy)]
pub struct PlannerConfig {
    /// The deepest iteration: macro-actions searched in a row before the
    /// greedy rollout (1..=[`MAX_DEPTH`]).
    pub depth: usize,
    /// Candidate targets tried at each level (the first entry at the root).
    pub beam: [usize; MAX_DEPTH],
    /// Plies simulated from the root before a line is cut off.
    pub horizon: u32,
    /// Weight of the opponent's points against ours (0: ignore them).
    pub opponent_weight: f64,
    /// The weight of the opponent's points when the model is HungryBot, the
    /// strongest seed bot: its points are the total ours is measured by.
    pub hungry_weight: f64,
    /// Discount per ply of points that come later (1: none; the
    /// simulated opponent already takes the tokens we are too slow for).
    pub discount: f64,
    /// Simulated plies per decision (all iterations) before the search stops.
    pub ply_budget: u64,
    /// Thinking time per decision: no iteration starts that is expected to
    /// end beyond it. `None`: the ply budget alone decides (replayable).
    pub time_budget: Option<Duration>,
    /// Wall-clock cap per decision: the search stops wherever it is.
    pub time_cap: Duration,
    /// The clock the time limits are measured on.
    pub clock: Clock,
    /// Weight of the streak still open at the end of a line: the bonus our
    /// colour's remaining tokens would add if we ate them all in a row.
    pub streak_potential: f64,
    /// While the opponent is not yet identified, every model of a bot that
    /// chases tokens at least this likely (relative to the likeliest) is
    /// searched too, each with the budgets of a single-model decision, and
    /// a target is worth its value averaged over them, weighted by their
    /// likelihood. Above 1: only the likeliest model.
    pub mixture_floor: f64,
}

impl Default for PlannerConfig {
    fn default() -> PlannerConfig {
        PlannerConfig {
            depth: 3,
            beam: [12, 6, 4, 3, 3, 2, 2, 2],
            horizon: 120,
            opponent_weight: 0.5,
            hungry_weight: 1.5,
            discount: 1.0,
            ply_budget: 60_000,
            time_budget: None,
            time_cap: Duration::from_millis(80),
            clock: system_clock,
            streak_potential: 0.3,
            mixture_floor: 0.05,
        }
    }
}

impl PlannerConfig {
    /// The configuration for play against a clock (`tokens bot` and the
    /// JavaScript submission): iterations up to [`MAX_DEPTH`] within
    /// `budget` of thinking per decision, stopped hard at `cap`, on `clock`.
    /// The ply budget is only a bound far beyond any budget in time.
    pub fn timed(budget: Duration, cap: Duration, clock: Clock) -> PlannerConfig {
        PlannerConfig {
            depth: MAX_DEPTH,
            ply_budget: u64::MAX,
            time_budget: Some(budget),
            time_cap: cap,
            clock,
            ..PlannerConfig::default()
        }
    }
}

/// A model of the opponent: one of the seed's bots, deterministic.
#[derive(Debug, Clone)]
enum Model {
    Hungry,
    Path(PathBot),
    Naive(NaiveAi),
    OneTarget(OneTarget),
    Mirror(MirrorBot),
    MirrorBuiltin(MirrorBotBuiltin),
    Lazy,
    /// KindaRandomAI: eats on a token, else walks at random. Simulated as
    /// standing still, the walk's expected place.
    Random,
}

impl Model {
    fn all(opponent: Player) -> Vec<Model> {
        vec![
            Model::Hungry,
            Model::Path(PathBot::new(opponent)),
            Model::Naive(NaiveAi::new(opponent)),
            Model::OneTarget(OneTarget::new(opponent)),
            Model::Mirror(MirrorBot::new(opponent)),
            Model::MirrorBuiltin(MirrorBotBuiltin::new(opponent)),
            Model::Lazy,
            Model::Random,
        ]
    }

    /// Whether the model races for tokens (HungryBot, PATH bot, NaiveAI,
    /// OneTarget), rather than eating only where it stands or shadowing us.
    fn chases_tokens(&self) -> bool {
        matches!(
            self,
            Model::Hungry | Model::Path(_) | Model::Naive(_) | Model::OneTarget(_)
        )
    }

    /// The model's action for the opponent on `board` (its turn).
    fn act(&mut self, board: &Board, opponent: Player) -> Action {
        let answer = match self {
            Model::Hungry => Some(
                hungry_target(board, opponent, || false).map_or(Action::Pass, |to| {
                    hungry_step(board.player(opponent).pos(), to)
                }),
            ),
            Model::Path(bot) => bot.act(board),
            Model::Naive(bot) => bot.act(board),
            Model::OneTarget(bot) => bot.act(board),
            Model::Mirror(bot) => bot.act(board),
            Model::MirrorBuiltin(bot) => bot.act(board),
            Model::Lazy => Some(Action::Eat),
            Model::Random => {
                let (x, y) = board.player(opponent).pos();
                Some(if board.token(x, y).is_some() {
                    Action::Eat
                } else {
                    Action::Pass
                })
            }
        };
        answer.unwrap_or(Action::Pass)
    }

    /// The log-likelihood of the opponent's real move (`after` is its
    /// record after acting) given this model's prediction on `before`.
    fn log_likelihood(&mut self, before: &Board, after: &PlayerState, opponent: Player) -> f64 {
        const HIT: f64 = -0.05;
        const MISS: f64 = -3.0;
        let predicted = self.act(before, opponent);
        if let Model::Random = self {
            // A random walker moves to one of its on-board neighbours.
            let (x, y) = before.player(opponent).pos();
            if before.token(x, y).is_some() {
                return if after.score != before.player(opponent).score {
                    HIT
                } else {
                    MISS
                };
            }
            let moved = (after.x, after.y) != (x as u8, y as u8);
            let n = before.size();
            let choices = [x > 0, y > 0, y + 1 < n, x + 1 < n]
                .iter()
                .filter(|&&ok| ok)
                .count()
                .max(1);
            return if moved { -(choices as f64).ln() } else { MISS };
        }
        let mut trial = before.clone();
        trial.act(opponent, predicted);
        if trial.player(opponent) == after {
            HIT
        } else {
            MISS
        }
    }
}

/// Our bot. See the module documentation.
#[derive(Debug, Clone)]
pub struct Planner {
    seat: Player,
    config: PlannerConfig,
    models: Vec<(Model, f64)>,
    /// The board we were last asked about, and our answer.
    last: Option<(Board, Action)>,
    /// Whether the current model predicted the opponent's last action.
    predicted: bool,
    /// The token we are walking to.
    target: Option<(usize, usize)>,
    /// Opponent actions the models were scored on this game.
    observations: u32,
    stats: PlannerStats,
}

/// Counters of what the planner did, for tests and benchmarks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlannerStats {
    /// Decisions made with a search.
    pub searches: u64,
    /// Decisions that kept walking the previous plan.
    pub plan_steps: u64,
    /// Plies simulated over all searches.
    pub simulated_plies: u64,
    /// Searches stopped by the wall-clock cap.
    pub time_cap_hits: u64,
    /// The deepest completed iteration of each search, summed.
    pub completed_depths: u64,
    /// Searches under several opponent models (before the opponent was
    /// identified; see [`PlannerConfig::mixture_floor`]).
    pub mixed_searches: u64,
}

/// The prior preference for HungryBot as the model (log-likelihood units).
const HUNGRY_PRIOR: f64 = 1.0;

impl Planner {
    /// Creates the planner for `seat` with the default configuration.
    pub fn new(seat: Player) -> Planner {
        Planner::with_config(seat, PlannerConfig::default())
    }

    /// Creates the planner for `seat` with `config`.
    pub fn with_config(seat: Player, config: PlannerConfig) -> Planner {
        let mut planner = Planner {
            seat,
            config,
            models: Vec::new(),
            last: None,
            predicted: false,
            target: None,
            observations: 0,
            stats: PlannerStats::default(),
        };
        planner.reset();
        planner
    }

    /// Forgets the current game (models, history, plan).
    pub fn reset(&mut self) {
        self.models = Model::all(self.seat.other())
            .into_iter()
            .map(|m| {
                let prior = if matches!(m, Model::Hungry) {
                    HUNGRY_PRIOR
                } else {
                    0.0
                };
                (m, prior)
            })
            .collect();
        self.last = None;
        self.predicted = false;
        self.target = None;
        self.observations = 0;
    }

    /// Sets the thinking time of the next decisions: `budget` per decision,
    /// stopped hard at `cap` (a controller's allowance may change).
    pub fn set_time(&mut self, budget: Duration, cap: Duration) {
        self.config.time_budget = Some(budget);
        self.config.time_cap = cap;
    }

    /// Returns the seat the planner plays.
    pub fn seat(&self) -> Player {
        self.seat
    }

    /// Returns what the planner has done so far.
    pub fn stats(&self) -> PlannerStats {
        self.stats
    }

    /// Returns the name of the current opponent model.
    pub fn model_name(&self) -> &'static str {
        match self.models[self.best_model()].0 {
            Model::Hungry => "HungryBot",
            Model::Path(_) => "PATH bot",
            Model::Naive(_) => "NaiveAI",
            Model::OneTarget(_) => "OneTarget",
            Model::Mirror(_) => "MirrorBot",
            Model::MirrorBuiltin(_) => "mirrorBot (built-in)",
            Model::Lazy => "LazyBot",
            Model::Random => "KindaRandomAI",
        }
    }

    /// The models a decision searches, with their relative likelihoods
    /// (summing to 1): the likeliest, and while the opponent is not yet
    /// identified, every model of a bot that chases tokens at least
    /// [`PlannerConfig::mixture_floor`] as likely. The likeliest comes
    /// first. (Adding the passive models too lowered the points.)
    fn likely_models(&self) -> Vec<(Model, f64)> {
        let best = self.best_model();
        let top = self.models[best].1;
        let mut chosen = vec![(self.models[best].0.clone(), 1.0)];
        for (i, (model, score)) in self.models.iter().enumerate() {
            let likelihood = (score - top).exp();
            if i != best && model.chases_tokens() && likelihood >= self.config.mixture_floor {
                chosen.push((model.clone(), likelihood));
            }
        }
        let total: f64 = chosen.iter().map(|(_, l)| l).sum();
        for (_, l) in &mut chosen {
            *l /= total;
        }
        chosen
    }

    fn best_model(&self) -> usize {
        let mut best = 0;
        for (i, (_, score)) in self.models.iter().enumerate() {
            if *score > self.models[best].1 {
                best = i;
            }
        }
        best
    }

    /// Updates the models from the opponent's action between our last
    /// board and `board`; returns `board` with the stall counter carried
    /// over from our own history (the JSON protocol does not send it).
    fn observe(&mut self, board: &Board) -> Board {
        let mut current = board.clone();
        let Some((last, ours)) = self.last.take() else {
            return current;
        };
        let mut mid = last;
        mid.step(ours);
        let opponent = self.seat.other();
        // The opponent's action must turn `mid` into `board`.
        let explained = Action::ALL.into_iter().find_map(|a| {
            let mut after = mid.clone();
            after.step(a);
            (after.cells[..] == board.cells[..] && after.players == board.players).then_some(after)
        });
        let Some(after) = explained else {
            // Not a continuation of our game: a new game began.
            self.reset();
            return current;
        };
        if mid.to_move() == opponent && !mid.is_over() {
            let model_before = self.best_model();
            let real = *after.player(opponent);
            self.observations += 1;
            for (model, score) in &mut self.models {
                *score += model.log_likelihood(&mid, &real, opponent);
            }
            let mut check = self.models[model_before].0.clone();
            let mut trial = mid.clone();
            trial.act(opponent, check.act(&mid, opponent));
            self.predicted = trial.player(opponent) == after.player(opponent)
                && self.best_model() == model_before;
        }
        current.set_turn(board.to_move(), after.stall());
        current.plies = after.plies;
        current
    }

    /// Chooses our action on `board` (our turn).
    pub fn choose(&mut self, board: &Board) -> Action {
        let board = self.observe(board);
        let action = self.decide(&board);
        self.last = Some((board, action));
        action
    }

    fn decide(&mut self, board: &Board) -> Action {
        if board.is_over() || board.token_count() == 0 {
            return Action::Pass;
        }
        let me = board.player(self.seat).pos();
        // Keep walking when the world went as predicted.
        if let Some(target) = self.target {
            if self.predicted && board.token(target.0, target.1).is_some() && me != target {
                self.stats.plan_steps += 1;
                return route_step(me, target);
            }
        }
        if let Some(target) = self.passive_target(board) {
            self.target = Some(target);
            self.stats.plan_steps += 1;
            return route_step(me, target);
        }
        self.stats.searches += 1;
        let mut search = Search {
            me: self.seat,
            config: self.config,
            plies: 0,
            started: (self.config.clock)(),
            stopped: false,
            timed_out: false,
            root_plies: board.plies(),
        };
        let roots: Vec<(Sim, f64)> = self
            .likely_models()
            .into_iter()
            .map(|(model, likelihood)| {
                let opponent_weight = if matches!(model, Model::Hungry) {
                    self.config.hungry_weight
                } else {
                    self.config.opponent_weight
                };
                let root = Sim {
                    board: board.clone(),
                    model,
                    value: 0.0,
                    weight: 1.0,
                    opponent_weight,
                };
                (root, likelihood)
            })
            .collect();
        // Each model searched gets the budgets of a single-model decision;
        // the hard cap stays.
        let models = roots.len() as u32;
        if models > 1 {
            self.stats.mixed_searches += 1;
        }
        search.config.ply_budget = search.config.ply_budget.saturating_mul(u64::from(models));
        search.config.time_budget = search.config.time_budget.map(|t| t * models);
        let (target, depth) = search.iterate(&roots);
        self.stats.simulated_plies += search.plies;
        self.stats.completed_depths += depth as u64;
        if search.timed_out {
            self.stats.time_cap_hits += 1;
        }
        self.target = target;
        match target {
            Some(t) => route_step(me, t),
            None => Action::Pass,
        }
    }
}

impl Planner {
    /// Against an opponent that does not chase tokens (LazyBot,
    /// KindaRandomAI), time hardly matters and every token will be
    /// ours: the most points come from eating each colour as one run. The
    /// target is the nearest token of our current colour, or else of the
    /// colour with the most tokens left. `None` against other opponents, or
    /// before the evidence is clear.
    fn passive_target(&self, board: &Board) -> Option<(usize, usize)> {
        const MIN_OBSERVATIONS: u32 = 4;
        const MARGIN: f64 = 4.0;
        if self.observations < MIN_OBSERVATIONS {
            return None;
        }
        let passive = |m: &Model| matches!(m, Model::Lazy | Model::Random);
        let best = |want: bool| {
            self.models
                .iter()
                .filter(|(m, _)| passive(m) == want)
                .map(|&(_, score)| score)
                .fold(f64::NEG_INFINITY, f64::max)
        };
        if best(true) < best(false) + MARGIN {
            return None;
        }
        let me = board.player(self.seat);
        let mut counts = [0usize; 3];
        for (_, _, t) in board.tokens() {
            counts[t.color.index()] += 1;
        }
        let color = match me.last_color {
            Some(c) if counts[c.index()] > 0 => c,
            _ => *crate::token::Color::ALL
                .iter()
                .max_by_key(|c| (counts[c.index()], std::cmp::Reverse(c.index())))?,
        };
        board
            .tokens()
            .filter(|(_, _, t)| t.color == color)
            .min_by_key(|&(x, y, _)| manhattan(me.pos(), (x, y)))
            .map(|(x, y, _)| (x, y))
    }
}

/// Our step towards `to`: eat on it, else along the axis with more to go.
fn route_step(from: (usize, usize), to: (usize, usize)) -> Action {
    hungry_step(from, to)
}

/// A simulated future: the board, the opponent model's state, and the value
/// of the line so far.
#[derive(Debug, Clone)]
struct Sim {
    board: Board,
    model: Model,
    value: f64,
    /// The discount of the next ply.
    weight: f64,
    /// The weight of the opponent's points against ours for this model.
    opponent_weight: f64,
}

struct Search {
    me: Player,
    config: PlannerConfig,
    plies: u64,
    /// The clock's reading when the search began.
    started: Duration,
    stopped: bool,
    /// Whether the wall-clock cap stopped the search.
    timed_out: bool,
    root_plies: u32,
}

impl Search {
    fn elapsed(&self) -> Duration {
        (self.config.clock)().saturating_sub(self.started)
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.stopped && self.plies >= self.config.ply_budget {
            self.stopped = true;
        }
        self.stopped
    }

    /// Plays one ply of the simulation with `action` for the side to move,
    /// adding the points scored to the line's value.
    fn ply(&mut self, sim: &mut Sim, action: Action) -> Effect {
        let who = sim.board.to_move();
        let effect = sim.board.step(action);
        self.plies += 1;
        if self.plies % 256 == 0 && self.elapsed() >= self.config.time_cap {
            self.stopped = true;
            self.timed_out = true;
        }
        if let Effect::Ate(_, gained) = effect {
            let sign = if who == self.me {
                1.0
            } else {
                -sim.opponent_weight
            };
            sim.value += sign * sim.weight * f64::from(gained);
        }
        sim.weight *= self.config.discount;
        effect
    }

    fn beyond_horizon(&self, sim: &Sim) -> bool {
        sim.board.plies() - self.root_plies >= self.config.horizon
    }

    /// Lets the opponent model act until it is our turn.
    fn opponent_turns(&mut self, sim: &mut Sim) {
        let opponent = self.me.other();
        while !sim.board.is_over() && sim.board.to_move() == opponent && !self.beyond_horizon(sim) {
            let action = sim.model.act(&sim.board, opponent);
            self.ply(sim, action);
        }
    }

    /// Walks to `target` and eats it (or stops when it is gone, the game
    /// ends or the horizon is reached).
    fn run_macro(&mut self, sim: &mut Sim, target: (usize, usize)) {
        loop {
            self.opponent_turns(sim);
            if sim.board.is_over() || self.beyond_horizon(sim) {
                return;
            }
            if sim.board.token(target.0, target.1).is_none() {
                return;
            }
            let me = sim.board.player(self.me).pos();
            let step = route_step(me, target);
            self.ply(sim, step);
            if step == Action::Eat {
                return;
            }
        }
    }

    /// Candidate targets for us on `board`, most promising first (among
    /// equals, in the board's token order).
    fn candidates(&self, board: &Board, limit: usize) -> Vec<(usize, usize)> {
        let mut list: Vec<((usize, usize), f64)> = self.scored_targets(board).collect();
        list.sort_by(|a, b| b.1.total_cmp(&a.1));
        list.truncate(limit);
        list.into_iter().map(|(cell, _)| cell).collect()
    }

    /// The first of [`candidates`](Self::candidates), without building the
    /// list: the rollouts ask for it at every step.
    fn best_candidate(&self, board: &Board) -> Option<(usize, usize)> {
        let mut best: Option<((usize, usize), f64)> = None;
        for (cell, score) in self.scored_targets(board) {
            if best.is_none_or(|(_, top)| score.total_cmp(&top).is_gt()) {
                best = Some((cell, score));
            }
        }
        best.map(|(cell, _)| cell)
    }

    /// Every token's cell with its promise for us: its gain over the steps
    /// to it, halved when the opponent is nearer.
    fn scored_targets<'a>(
        &self,
        board: &'a Board,
    ) -> impl Iterator<Item = ((usize, usize), f64)> + 'a {
        let me = *board.player(self.me);
        let op = board.player(self.me.other()).pos();
        board.tokens().map(move |(x, y, token)| {
            let d = manhattan(me.pos(), (x, y)) as f64;
            let e = manhattan(op, (x, y)) as f64;
            let mut score = f64::from(me.gain(token)) / (d + 1.0);
            if e < d {
                score *= 0.5;
            }
            ((x, y), score)
        })
    }

    /// The value of a line that ends in `sim`: its points so far plus the
    /// open streak's potential.
    fn leaf(&self, sim: &Sim) -> f64 {
        if self.config.streak_potential == 0.0 || sim.board.is_over() {
            return sim.value;
        }
        let me = sim.board.player(self.me);
        let Some(color) = me.last_color else {
            return sim.value;
        };
        let k = sim
            .board
            .tokens()
            .filter(|(_, _, t)| t.color == color)
            .count() as f64;
        let bonus = f64::from(me.color_bonus);
        let potential = k * (bonus + 1.0) + k * (k - 1.0) / 2.0;
        sim.value + self.config.streak_potential * sim.weight * potential
    }

    /// The value of the best line from `sim` with `depth` macros left,
    /// `level` macros below the root.
    fn search(&mut self, sim: &Sim, depth: usize, level: usize) -> f64 {
        let mut sim = sim.clone();
        self.opponent_turns(&mut sim);
        if sim.board.is_over() || self.beyond_horizon(&sim) {
            return self.leaf(&sim);
        }
        if depth == 0 || self.out_of_budget() {
            return self.rollout(sim);
        }
        let beam = self.config.beam[level.min(MAX_DEPTH - 1)];
        let mut best = f64::NEG_INFINITY;
        for target in self.candidates(&sim.board, beam) {
            let mut child = sim.clone();
            self.run_macro(&mut child, target);
            let value = self.search(&child, depth - 1, level + 1);
            best = best.max(value);
            if self.stopped {
                break;
            }
        }
        if best == f64::NEG_INFINITY {
            sim.value
        } else {
            best
        }
    }

    /// Finishes a line greedily: the best candidate each time, to the horizon.
    fn rollout(&mut self, mut sim: Sim) -> f64 {
        loop {
            self.opponent_turns(&mut sim);
            if sim.board.is_over() || self.beyond_horizon(&sim) {
                return self.leaf(&sim);
            }
            let Some(target) = self.best_candidate(&sim.board) else {
                return self.leaf(&sim);
            };
            self.run_macro(&mut sim, target);
        }
    }

    /// Iterative deepening: the answer of the deepest iteration that
    /// finished (or of an interrupted one that finished a better target
    /// than that answer), and the depth completed.
    /// `roots` are the position under each opponent model searched, with
    /// the model's weight (see [`Search::root`]).
    fn iterate(&mut self, roots: &[(Sim, f64)]) -> (Option<(usize, usize)>, usize) {
        /// How much longer each iteration is expected to take than all before it.
        const GROWTH: u32 = 3;
        let deepest = self.config.depth.clamp(1, MAX_DEPTH);
        let mut answer = None;
        let mut completed = 0;
        for depth in 1..=deepest {
            let (best, complete) = self.root(roots, depth, answer);
            if complete {
                answer = best;
                completed = depth;
            } else {
                if best.is_some() {
                    answer = best;
                }
                break;
            }
            if self.stopped {
                break;
            }
            if let Some(budget) = self.config.time_budget {
                if self.elapsed() * (GROWTH + 1) > budget {
                    break;
                }
            }
        }
        // Not even one target finished: the first candidate.
        let board = &roots[0].0.board;
        let answer = answer.or_else(|| self.best_candidate(board));
        (answer, completed)
    }

    /// One iteration at the root, `depth` macros deep, trying `first` (the
    /// previous answer) before the other candidates. Returns the best
    /// target and whether every candidate was searched. Once interrupted,
    /// it answers only a target it finished that beat `first`, which it
    /// also finished. A target's value is its value under each model of
    /// `roots` (the same board, another opponent model), weighted.
    fn root(
        &mut self,
        roots: &[(Sim, f64)],
        depth: usize,
        first: Option<(usize, usize)>,
    ) -> (Option<(usize, usize)>, bool) {
        let mut targets = self.candidates(&roots[0].0.board, self.config.beam[0]);
        if let Some(first) = first {
            targets.retain(|&t| t != first);
            targets.insert(0, first);
        }
        let mut best: Option<((usize, usize), f64)> = None;
        let mut first_done = first.is_none();
        for target in targets {
            let mut value = 0.0;
            for (root, weight) in roots {
                let mut child = root.clone();
                self.run_macro(&mut child, target);
                value += weight * self.search(&child, depth - 1, 1);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                // The target's value is unfinished.
                let better = first_done && best.is_some_and(|(t, _)| Some(t) != first);
                return (if better { best.map(|(t, _)| t) } else { None }, false);
            }
            first_done = true;
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((target, value));
            }
        }
        (best.map(|(t, _)| t), true)
    }
}

impl Bot for Planner {
    fn name(&self) -> &'static str {
        "Planner"
    }

    fn act(&mut self, board: &Board) -> Option<Action> {
        Some(self.choose(board))
    }
}
