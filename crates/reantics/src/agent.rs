//! The agent API (the original `Player` class) and the game driver that
//! calls it (spec §4–§6, §11, §14).

use crate::rules::Action;
use crate::state::{EndReason, GameEnd, Phase, State};
use crate::stats::Coord;
use crate::view::{AgentMove, AntInfo, View};
use gamecore::Player;
use std::time::{Duration, Instant};

/// A ReAntics agent, mirroring the original `Player` methods.
///
/// Every call receives a [`View`] in the agent's own perspective (it always
/// plays as if it were Player 1). The same instance is reused across games;
/// [`AntAgent::new_game`] announces each one with a seed for its randomness.
pub trait AntAgent: Send {
    /// The display name (the original `author`).
    fn name(&self) -> String;
    /// `getPlacement`: in setup phase 1 the anthill, tunnel and 9 grass
    /// (rows 0..3); in phase 2 two food cells (rows 6..9). A shorter
    /// non-empty list is allowed: the agent is asked again for the rest.
    fn get_placement(&mut self, view: &View) -> Vec<Coord>;
    /// `getMove`: one action; called until the agent ends its turn.
    fn get_move(&mut self, view: &View) -> AgentMove;
    /// `getAttack`: one of `targets` (creation order, perspective coordinates).
    fn get_attack(&mut self, view: &View, attacker: &AntInfo, targets: &[Coord]) -> Coord;
    /// `registerWin`: called at the end of each game.
    fn register_win(&mut self, _won: bool) {}
    /// Called before each game with a seed for any randomness (our addition).
    fn new_game(&mut self, _seed: u64) {}
}

impl AntAgent for Box<dyn AntAgent> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn get_placement(&mut self, view: &View) -> Vec<Coord> {
        (**self).get_placement(view)
    }
    fn get_move(&mut self, view: &View) -> AgentMove {
        (**self).get_move(view)
    }
    fn get_attack(&mut self, view: &View, attacker: &AntInfo, targets: &[Coord]) -> Coord {
        (**self).get_attack(view, attacker, targets)
    }
    fn register_win(&mut self, won: bool) {
        (**self).register_win(won)
    }
    fn new_game(&mut self, seed: u64) {
        (**self).new_game(seed)
    }
}

/// Settings of one game.
#[derive(Debug, Clone, Copy)]
pub struct GameOptions {
    /// Our extension: the END cap (default 1000).
    pub cap: u32,
    /// A per-turn clock for the whole turn's `get_move` calls; an overrun
    /// forfeits the game (`None`: no clock, like the original's default).
    pub turn_time: Option<Duration>,
    /// Seed handed to both agents' `new_game` (derived per seat).
    pub seed: u64,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions {
            cap: crate::stats::DEFAULT_TURN_CAP,
            turn_time: None,
            seed: 0,
        }
    }
}

/// The record of a finished game.
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// Winner and reason.
    pub end: GameEnd,
    /// END actions played.
    pub ends: u32,
    /// Every applied action in order (absolute coordinates).
    pub actions: Vec<Action>,
    /// What the loser did wrong, for illegal actions.
    pub illegal: Option<String>,
    /// Each seat's longest turn: the time of all its `get_move` calls
    /// between two ENDs (placements and attack choices are not timed).
    pub longest_turn: [Duration; 2],
}

/// Plays one game between `agents[0]` (seat 0, Player 1) and `agents[1]`.
///
/// `observe` sees the state after every applied action (for verbose output
/// and replays). An illegal placement, move or attack, or an overrun of the
/// turn clock, makes that agent lose; the engine never panics on agent input.
pub fn play_game(
    agents: [&mut dyn AntAgent; 2],
    options: &GameOptions,
    observe: &mut dyn FnMut(&State, Action),
) -> GameRecord {
    let [a0, a1] = agents;
    let mut agents: [&mut dyn AntAgent; 2] = [a0, a1];
    for (i, a) in agents.iter_mut().enumerate() {
        a.new_game(gamecore::derive_seed(options.seed, i as u64));
    }
    let mut state = State::with_cap(options.cap);
    let mut actions = Vec::new();
    let mut illegal = None;
    let mut turn_clock = Duration::ZERO;
    let mut longest_turn = [Duration::ZERO; 2];
    let mut apply = |state: &mut State, actions: &mut Vec<Action>, a: Action| {
        state.apply(a);
        actions.push(a);
        observe(state, a);
    };
    while state.end.is_none() {
        let p = state.to_move;
        let agent = &mut *agents[p.index()];
        let view = View::new(&state, p);
        let result: Result<Vec<Action>, String> = if state.phase != Phase::Play {
            let list = agent.get_placement(&view);
            if list.is_empty() {
                Err("empty placement list".into())
            } else {
                let mut out = Vec::new();
                let mut trial = state.clone();
                let mut err = None;
                for c in list.into_iter().take(state.placements_left()) {
                    let abs = view.abs(c);
                    if trial.placement_ok(abs) {
                        trial.apply_placement(abs);
                        out.push(Action::Place(abs));
                    } else {
                        err = Some(format!("invalid placement {c}"));
                        break;
                    }
                }
                err.map_or(Ok(out), Err)
            }
        } else if let Some(targets) = view.attack_targets() {
            let attacker = view.pending_attacker().expect("pending attacker");
            let t = agent.get_attack(&view, &attacker, &targets);
            if targets.contains(&t) {
                Ok(vec![Action::Attack(view.abs(t))])
            } else {
                Err(format!("attack target {t} not in the list"))
            }
        } else {
            let start = Instant::now();
            let mv = agent.get_move(&view);
            turn_clock += start.elapsed();
            longest_turn[p.index()] = longest_turn[p.index()].max(turn_clock);
            if options.turn_time.is_some_and(|limit| turn_clock > limit) {
                state.forfeit(p, EndReason::Timeout);
                break;
            }
            view.to_action(&mv).map(|a| vec![a]).map_err(|e| e.0)
        };
        match result {
            Ok(list) => {
                for a in list {
                    if a == Action::End {
                        turn_clock = Duration::ZERO;
                    }
                    apply(&mut state, &mut actions, a);
                }
            }
            Err(why) => {
                illegal = Some(why);
                state.forfeit(p, EndReason::IllegalAction);
            }
        }
    }
    let end = state.end.expect("game over");
    for p in Player::BOTH {
        agents[p.index()].register_win(end.winner == Some(p));
    }
    GameRecord {
        end,
        ends: state.ends,
        actions,
        illegal,
        longest_turn,
    }
}

/// Any [`AntAgent`] as a [`gamecore::Agent`] on [`State`], for `arena`:
/// placement lists are queued and played one cell per move, attacks and
/// moves are converted to [`Action`]s. An illegal answer becomes an
/// [`AgentError`](gamecore::AgentError), which `arena` scores as a forfeit.
#[derive(Debug)]
pub struct AsGameAgent<A: AntAgent> {
    inner: A,
    queue: std::collections::VecDeque<Action>,
    seed: u64,
}

impl<A: AntAgent> AsGameAgent<A> {
    /// Wraps `inner`; `seed` seeds its games.
    pub fn new(inner: A, seed: u64) -> AsGameAgent<A> {
        AsGameAgent {
            inner,
            queue: std::collections::VecDeque::new(),
            seed,
        }
    }
}

impl<A: AntAgent> gamecore::Agent<State> for AsGameAgent<A> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn new_game(&mut self) {
        self.queue.clear();
        self.inner.new_game(self.seed);
        self.seed = gamecore::derive_seed(self.seed, 1);
    }

    fn select_move(
        &mut self,
        state: &State,
        _budget: &gamecore::Budget,
    ) -> Result<Action, gamecore::AgentError> {
        use gamecore::AgentError;
        if state.end.is_some() {
            return Err(AgentError::GameOver);
        }
        if let Some(a) = self.queue.pop_front() {
            if state.action_is_legal(a) {
                return Ok(a);
            }
            self.queue.clear();
        }
        let me = state.to_move;
        let view = View::new(state, me);
        let illegal = |why: String| AgentError::Failed(format!("illegal action: {why}"));
        if state.phase != Phase::Play {
            let list = self.inner.get_placement(&view);
            let mut trial = state.clone();
            for c in list.into_iter().take(state.placements_left()) {
                let abs = view.abs(c);
                if !trial.placement_ok(abs) {
                    return Err(illegal(format!("placement {c}")));
                }
                trial.apply_placement(abs);
                self.queue.push_back(Action::Place(abs));
            }
            return self
                .queue
                .pop_front()
                .ok_or_else(|| illegal("empty placement list".into()));
        }
        if let Some(targets) = view.attack_targets() {
            let attacker = view.pending_attacker().expect("pending attacker");
            let t = self.inner.get_attack(&view, &attacker, &targets);
            return if targets.contains(&t) {
                Ok(Action::Attack(view.abs(t)))
            } else {
                Err(illegal(format!("attack target {t}")))
            };
        }
        let mv = self.inner.get_move(&view);
        view.to_action(&mv).map_err(|e| illegal(e.0))
    }
}
