//! Smart of this tree against Smart built from another commit (or against
//! the `minimax` agent), in one process: balanced openings as `arena kalah`
//! draws them (start plus 2 to 6 random moves, kept when a depth-10 search
//! values them within 2 beans), both seats, the arena's tournament and its
//! Elo interval. Built and run by `benches/duel/kalah-smart-vs REV ...`,
//! which makes the project this file is the main of.
//!
//! `smart-duel BASELINE GAMES MOVE_MS SEED` (BASELINE `before` or `minimax`).
use arena::{Clock, Entrant, Openings, Progress, Tournament};
use gamecore::{Agent, AgentError, Budget};
use kalah::{KalahEval, Move, Position, Rules, SmartAgent};
use rand::Rng;
use search::{SearchAgent, SearchOptions};
use std::time::Duration;

/// Smart of the other commit (CS32 rules), fed the position through its notation.
struct Before(kalah_before::SmartAgent);

impl std::fmt::Debug for Before {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Before")
    }
}

impl Agent<Position> for Before {
    fn name(&self) -> String {
        "smart-before".into()
    }
    fn select_move(&mut self, state: &Position, budget: &Budget) -> Result<Move, AgentError> {
        let text = state.to_notation();
        let old = kalah_before::Position::from_notation(&text, kalah_before::Rules::Cs32)
            .expect("the same notation");
        // Smart plays to the hard deadline (its own `select_move` does the same).
        let old_budget = match budget.hard() {
            Some(hard) => gamecore_before::Budget::new(hard, hard),
            None => gamecore_before::Budget::unlimited(),
        };
        let mv = gamecore_before::Agent::select_move(&mut self.0, &old, &old_budget)
            .map_err(|_| AgentError::GameOver)?;
        Ok(Move(mv.0))
    }
    fn new_game(&mut self) {
        gamecore_before::Agent::new_game(&mut self.0);
    }
}

/// The neutral judge of `arena kalah`: the generic search with `KalahEval` at depth 10.
fn judge_value(state: &Position) -> Option<i32> {
    let mut judge = SearchAgent::new(
        "judge",
        KalahEval::new(),
        SearchOptions::default().with_tt_mib(4),
        Some(10),
    );
    judge.select_move(state, &Budget::unlimited()).ok()?;
    judge.last_result().map(|result| result.value.raw())
}

/// A random opening the judge values within 2 beans, as `arena kalah` draws them.
fn balanced_opening(start: &Position, rng: &mut gamecore::GameRng) -> Position {
    let mut state = start.clone();
    for _ in 0..200 {
        let plies = rng.gen_range(2..=6);
        state = gamecore::random_opening(start, rng, plies);
        if judge_value(&state).is_some_and(|v| v.abs() <= 2 * kalah::BEAN) {
            return state;
        }
    }
    state
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let baseline = args
        .first()
        .map(String::as_str)
        .unwrap_or("before")
        .to_string();
    let games: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let move_ms: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(30);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let rules = Rules::Cs32;
    let openings =
        Openings::random(move |rng| balanced_opening(&Position::start(6, 4, rules), rng));
    let hero = Entrant::new("smart", move |_| SmartAgent::new(6, rules));
    let base = match baseline.as_str() {
        "minimax" => Entrant::new("minimax", |_| {
            peer_minimax::MinimaxAgent::new(KalahEval::new(), None)
        }),
        _ => Entrant::new("smart-before", move |_| {
            Before(kalah_before::SmartAgent::new(6, kalah_before::Rules::Cs32))
        }),
    };
    let report = Tournament::gauntlet(vec![hero], vec![base], openings)
        .with_title(format!("Kalah(6,4) cs32, balanced, {move_ms} ms"))
        .with_notation(|state| state.to_notation())
        .with_games_per_pairing(games)
        .with_seed(seed)
        .with_clock(
            Clock::per_move(Duration::from_millis(move_ms)).with_grace(Duration::from_millis(50)),
        )
        .with_threads(Some(2))
        .with_progress(Progress::Hidden)
        .run()
        .expect("the tournament runs");
    println!("{}", report.table());
}
