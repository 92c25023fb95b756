//! Playing games between bots, and the controller's fair round robin
//! (`nextGameFair`): each round draws one board and plays every ordered pair
//! of different bots on a copy of it; a bot's score is the sum of its points
//! over all games, in both seats.

use crate::action::Action;
use crate::board::Board;
use crate::bots::Bot;
use crate::planner::{Planner, PlannerConfig};
use crate::roster::BotKind;
use gamecore::{derive_seed, Player};
use std::time::{Duration, Instant};

/// The ordered pairs `(seat 1, seat 2)` of one round, in the controller's
/// order: (0,1), (0,2), …, (0,k−1), (1,0), (1,2), …, (k−1,k−2).
pub fn fair_pairs(k: usize) -> Vec<(usize, usize)> {
    (0..k)
        .flat_map(|i| (0..k).filter(move |&j| j != i).map(move |j| (i, j)))
        .collect()
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameResult {
    /// Points of player 1 and player 2.
    pub scores: [i32; 2],
    /// Plies played.
    pub plies: u32,
    /// Calls on which each seat's bot failed (counted as `PASS`).
    pub failures: [u32; 2],
    /// Each seat's thinking time per move, in microseconds.
    pub move_micros: [Vec<u32>; 2],
    /// The actions in order, when recording was asked for.
    pub actions: Vec<Action>,
}

/// Plays one game from `start` between `bots[0]` (player 1) and `bots[1]`
/// (player 2), as the controller's tick loop does. Keeps the action list
/// when `record` is true.
pub fn play_game(start: &Board, bots: [&mut dyn Bot; 2], record: bool) -> GameResult {
    let mut board = start.clone();
    let mut failures = [0; 2];
    let mut move_micros: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
    let mut actions = Vec::new();
    while !board.is_over() {
        let seat = board.to_move().index();
        let started = Instant::now();
        let answer = bots[seat].act(&board);
        let micros = started.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
        move_micros[seat].push(micros);
        let action = answer.unwrap_or_else(|| {
            failures[seat] += 1;
            Action::Pass
        });
        if record {
            actions.push(action);
        }
        board.step(action);
    }
    GameResult {
        scores: board.scores(),
        plies: board.plies(),
        failures,
        move_micros,
        actions,
    }
}

/// Plays one game between two bot kinds on `start`, with per-seat seeds
/// derived from `seed`.
pub fn play_kinds(start: &Board, kinds: [BotKind; 2], seed: u64, record: bool) -> GameResult {
    let mut a = kinds[0].create(Player::First, derive_seed(seed, 1));
    let mut b = kinds[1].create(Player::Second, derive_seed(seed, 2));
    play_game(start, [a.as_mut(), b.as_mut()], record)
}

/// The totals of some games of a round robin among `k` bots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Totals {
    /// Points of each bot over all its games.
    pub points: Vec<i64>,
    /// `head[i][j]`: points bot `i` scored in its games against bot `j`.
    pub head: Vec<Vec<i64>>,
    /// `wins[i][j]`: games between `i` and `j` that `i` won on points.
    pub wins: Vec<Vec<u32>>,
    /// Games each bot played.
    pub games: Vec<u32>,
    /// Calls each bot failed.
    pub failures: Vec<u64>,
    /// Each bot's thinking times, microseconds per move.
    pub move_micros: Vec<Vec<u32>>,
    /// Rounds (boards) played.
    pub rounds: u32,
}

impl Totals {
    /// Empty totals for `k` bots.
    pub fn new(k: usize) -> Totals {
        Totals {
            points: vec![0; k],
            head: vec![vec![0; k]; k],
            wins: vec![vec![0; k]; k],
            games: vec![0; k],
            failures: vec![0; k],
            move_micros: vec![Vec::new(); k],
            rounds: 0,
        }
    }

    /// Adds one game of bot `i` (seat 1) against bot `j` (seat 2).
    pub fn add_game(&mut self, i: usize, j: usize, game: GameResult) {
        let [si, sj] = game.scores;
        self.points[i] += i64::from(si);
        self.points[j] += i64::from(sj);
        self.head[i][j] += i64::from(si);
        self.head[j][i] += i64::from(sj);
        if si > sj {
            self.wins[i][j] += 1;
        } else if sj > si {
            self.wins[j][i] += 1;
        }
        self.games[i] += 1;
        self.games[j] += 1;
        self.failures[i] += u64::from(game.failures[0]);
        self.failures[j] += u64::from(game.failures[1]);
        let [mi, mj] = game.move_micros;
        self.move_micros[i].extend(mi);
        self.move_micros[j].extend(mj);
    }

    /// Adds another set of totals over the same bots.
    pub fn merge(&mut self, other: Totals) {
        let k = self.points.len();
        for i in 0..k {
            self.points[i] += other.points[i];
            self.games[i] += other.games[i];
            self.failures[i] += other.failures[i];
            for j in 0..k {
                self.head[i][j] += other.head[i][j];
                self.wins[i][j] += other.wins[i][j];
            }
        }
        for (mine, theirs) in self.move_micros.iter_mut().zip(other.move_micros) {
            mine.extend(theirs);
        }
        self.rounds += other.rounds;
    }

    /// Returns bot `i`'s thinking time at quantile `q` (0..=1) and its
    /// largest, over all its moves.
    pub fn move_time(&self, i: usize, q: f64) -> (Duration, Duration) {
        let mut times = self.move_micros[i].clone();
        if times.is_empty() {
            return (Duration::ZERO, Duration::ZERO);
        }
        times.sort_unstable();
        let at = ((times.len() - 1) as f64 * q.clamp(0.0, 1.0)).round() as usize;
        (
            Duration::from_micros(u64::from(times[at])),
            Duration::from_micros(u64::from(times[times.len() - 1])),
        )
    }

    /// Bot indices ordered by total points, best first (ties: lower index).
    pub fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.points.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.points[i]));
        order
    }
}

/// The seed of round `round` of a tournament seeded with `seed`: the board
/// and every bot's random choices in that round derive from it.
pub fn round_seed(seed: u64, round: u64) -> u64 {
    derive_seed(seed, round)
}

/// Plays round `round` of the fair round robin among `field`: draws the
/// round's board and plays every ordered pair on it, calling `on_game` after
/// each game.
pub fn play_round(field: &[BotKind], seed: u64, round: u64, on_game: impl FnMut()) -> Totals {
    play_round_with(field, seed, round, None, on_game)
}

/// As [`play_round`], with our planner on `planner` when given (a timed
/// configuration, say) instead of its default.
pub fn play_round_with(
    field: &[BotKind],
    seed: u64,
    round: u64,
    planner: Option<PlannerConfig>,
    mut on_game: impl FnMut(),
) -> Totals {
    let rseed = round_seed(seed, round);
    let board = crate::generate::board_for_seed(rseed);
    let mut totals = Totals::new(field.len());
    for (game, (i, j)) in fair_pairs(field.len()).into_iter().enumerate() {
        let seed = derive_seed(rseed, game as u64 + 1);
        let create = |kind: BotKind, seat: Player, k: u64| -> Box<dyn Bot> {
            match (kind, planner) {
                (BotKind::Planner, Some(config)) => Box::new(Planner::with_config(seat, config)),
                _ => kind.create(seat, derive_seed(seed, k)),
            }
        };
        let mut a = create(field[i], Player::First, 1);
        let mut b = create(field[j], Player::Second, 2);
        let result = play_game(&board, [a.as_mut(), b.as_mut()], false);
        totals.add_game(i, j, result);
        on_game();
    }
    totals.rounds = 1;
    totals
}
