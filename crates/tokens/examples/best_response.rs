//! What perfect play could score against the seed's bots, on boards small
//! enough to solve: the exact best response to each bot that does not draw
//! random numbers, found by a memoised search over every action of ours
//! and the bot's own replies, to the end of the game.
//!
//! `best_response BOARDS SIDE [SEED]` takes the first BOARDS boards of side
//! SIDE among the fair round robin's boards of seed SEED (default 1; sides
//! 5 and 6 take seconds to a minute a board, side 7 minutes) and prints, per
//! opponent, the points of the best response (both seats) next to our
//! planner's points in the round robin on the same boards, and then an
//! upper bound on our total against HungryBot's for *any* bot:
//!
//! - our points against each bot are at most the best response's, and
//!   against KindaRandomAI (random) at most the board's ceiling: every
//!   token, each colour eaten as one run;
//! - HungryBot's total is at least its points against the other bots in
//!   the round robin plus the fewest points the exact search can hold it to.
//!
//! HungryBot breaks exact ties between tokens with a coin; here the coin is
//! drawn from a fixed seed at every decision, so its replies are a function
//! of the board. A bot's memory (PATH bot's target and colour) is part of
//! the searched state (keyed by its `Debug` text).
//!
//! `best_response BOARDS SIDE SEED --exact-from K` instead plays our planner
//! until K tokens are left and the exact best response from there (weights
//! as the planner's: the opponent's points count half, HungryBot's 1.5×),
//! against the four bots that chase tokens, and prints both results.

use gamecore::Player;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::process::ExitCode;
use tokens::bots::{Bot, HungryBot, NaiveAi, OneTarget, PathBot};
use tokens::tournament::{play_round_with, round_seed};
use tokens::{Action, Board, BotKind, Planner, PlannerConfig, PlayerState};

const USAGE: &str =
    "usage: best_response BOARDS SIDE [SEED] [--exact-from K]   (SIDE 5..=7; K 1..=64)";

/// The seed HungryBot's tie-break coin is drawn from at every decision.
const COIN_SEED: u64 = 12_345;

/// Creates HungryBot with [`COIN_SEED`].
fn hungry(seat: Player) -> HungryBot {
    HungryBot::new(seat, COIN_SEED)
}

/// Exact play for `us` against one deterministic bot: maximises
/// `weights.0 · our points + weights.1 · its points` from here to the end.
struct Solver<B> {
    us: Player,
    /// The cells that held a token when the search began (the token mask's bits).
    cells: Vec<(usize, usize)>,
    memo: HashMap<(u128, u64), i32>,
    weights: (i32, i32),
    /// For a bot without memory: a fresh copy answers each decision.
    fresh: Option<fn(Player) -> B>,
}

impl<B: Bot + Clone + std::fmt::Debug> Solver<B> {
    fn new(us: Player, board: &Board, weights: (i32, i32), fresh: Option<fn(Player) -> B>) -> Self {
        Solver {
            us,
            cells: board.tokens().map(|(x, y, _)| (x, y)).collect(),
            memo: HashMap::new(),
            weights,
            fresh,
        }
    }

    /// Everything the rest of the game depends on: the tokens left, both
    /// players' cells and streaks, the side to move, the stall counter and
    /// the bot's memory. Not the scores, which no bot reads.
    fn key(&self, board: &Board, bot: &B) -> (u128, u64) {
        let mut mask = 0u128;
        for (i, &(x, y)) in self.cells.iter().enumerate() {
            if board.token(x, y).is_some() {
                mask |= 1 << i;
            }
        }
        let player = |p: &PlayerState| -> u128 {
            let color = p.last_color.map_or(0, |c| c.index() as u128 + 1);
            u128::from(p.x)
                | u128::from(p.y) << 4
                | color << 8
                | (p.color_bonus.clamp(0, 63) as u128) << 10
        };
        let memory = if self.fresh.is_some() {
            0
        } else {
            let mut hasher = DefaultHasher::new();
            format!("{bot:?}").hash(&mut hasher);
            hasher.finish()
        };
        let state = mask
            | player(board.player(Player::First)) << 40
            | player(board.player(Player::Second)) << 56
            | (board.to_move().index() as u128) << 72
            | u128::from(board.stall()) << 73;
        (state, memory)
    }

    /// The weighted points of the ply from `before` to `after`.
    fn gain(&self, before: &Board, after: &Board) -> i32 {
        let (us, them) = (self.us, self.us.other());
        let delta = |who| after.player(who).score - before.player(who).score;
        self.weights.0 * delta(us) + self.weights.1 * delta(them)
    }

    /// The bot's reply on `board` and its memory after it.
    fn reply(&self, board: &Board, bot: &B) -> (Action, B) {
        reply(self.fresh, board, bot)
    }

    /// Our distinct actions on `board` (moves off the board and `EAT` on an
    /// empty cell do what `PASS` does) and the boards they lead to.
    fn our_moves(board: &Board) -> Vec<(Action, Board)> {
        let mut pass = board.clone();
        pass.step(Action::Pass);
        let mut moves = Vec::new();
        for action in Action::ALL {
            let mut after = board.clone();
            after.step(action);
            if action == Action::Pass || after != pass {
                moves.push((action, after));
            }
        }
        moves
    }

    /// The best weighted points from `board` to the end of the game.
    fn value(&mut self, board: &Board, bot: &B) -> i32 {
        if board.is_over() {
            return 0;
        }
        let key = self.key(board, bot);
        if let Some(&value) = self.memo.get(&key) {
            return value;
        }
        let value = if board.to_move() == self.us {
            let mut best = i32::MIN;
            for (_, after) in Self::our_moves(board) {
                best = best.max(self.gain(board, &after) + self.value(&after, bot));
            }
            best
        } else {
            let (action, next) = self.reply(board, bot);
            let mut after = board.clone();
            after.step(action);
            self.gain(board, &after) + self.value(&after, &next)
        };
        self.memo.insert(key, value);
        value
    }

    /// Our best action on `board` (our turn).
    fn best_action(&mut self, board: &Board, bot: &B) -> Action {
        let want = self.value(board, bot);
        let mut chosen = Action::Pass;
        for (action, after) in Self::our_moves(board) {
            if self.gain(board, &after) + self.value(&after, bot) == want {
                chosen = action;
                break;
            }
        }
        chosen
    }
}

/// The reply of `bot` (or, for a bot without memory, of a fresh one from
/// `fresh`) on `board`, and the bot's memory after it.
fn reply<B: Bot + Clone>(fresh: Option<fn(Player) -> B>, board: &Board, bot: &B) -> (Action, B) {
    let mut next = match fresh {
        Some(make) => make(board.to_move()),
        None => bot.clone(),
    };
    (next.act(board).unwrap_or(Action::Pass), next)
}

/// The weighted best of both seats on `board` against the bot `make` creates.
fn solve<B: Bot + Clone + std::fmt::Debug>(
    board: &Board,
    make: fn(Player) -> B,
    memoryless: bool,
    weights: (i32, i32),
) -> i32 {
    [Player::First, Player::Second]
        .into_iter()
        .map(|us| {
            let mut solver = Solver::new(us, board, weights, memoryless.then_some(make));
            solver.value(board, &make(us.other()))
        })
        .sum()
}

/// Every token eaten, each colour as one run: no bot scores more on `board`.
fn ceiling(board: &Board) -> i32 {
    let mut per_color = [0i32; 3];
    let mut points = 0;
    for (_, _, token) in board.tokens() {
        per_color[token.color.index()] += 1;
        points += i32::from(token.points);
    }
    points + per_color.iter().map(|m| m * (m - 1) / 2).sum::<i32>()
}

/// Our planner until `exact_from` tokens are left, then the exact best
/// response (`exact_from` 0: the planner throughout). Returns our points and
/// the bot's.
fn switched_game<B: Bot + Clone + std::fmt::Debug>(
    board: &Board,
    us: Player,
    make: fn(Player) -> B,
    memoryless: bool,
    exact_from: usize,
    weights: (i32, i32),
) -> (i32, i32) {
    let fresh = memoryless.then_some(make);
    let mut planner = Planner::new(us);
    let mut bot = make(us.other());
    let mut solver: Option<Solver<B>> = None;
    let mut b = board.clone();
    while !b.is_over() {
        let action = if b.to_move() != us {
            let (action, next) = reply(fresh, &b, &bot);
            bot = next;
            action
        } else {
            if solver.is_none() && b.token_count() <= exact_from {
                solver = Some(Solver::new(us, &b, weights, fresh));
            }
            match solver.as_mut() {
                Some(solver) => solver.best_action(&b, &bot),
                None => planner.choose(&b),
            }
        };
        b.step(action);
    }
    (b.player(us).score, b.player(us.other()).score)
}

/// The boards of side `side` among seed `seed`'s round-robin boards, first `count`.
fn boards(count: usize, side: usize, seed: u64) -> Vec<(u64, Board)> {
    (0..)
        .map(|round| (round, tokens::board_for_seed(round_seed(seed, round))))
        .filter(|(_, board)| board.size() == side)
        .take(count)
        .collect()
}

fn bound(count: usize, side: usize, seed: u64) {
    let field: Vec<BotKind> = BotKind::ALL
        .into_iter()
        .filter(|&bot| bot != BotKind::Quantity)
        .collect();
    let mut best = vec![0i64; field.len()];
    let mut planner = vec![0i64; field.len()];
    let (mut planner_total, mut hungry_total, mut hungry_others, mut hungry_least) =
        (0i64, 0i64, 0i64, 0i64);
    for (round, board) in boards(count, side, seed) {
        let totals = play_round_with(&field, seed, round, Some(PlannerConfig::default()), || {});
        planner_total += totals.points[0];
        hungry_total += totals.points[1];
        hungry_others += totals.points[1] - totals.head[1][0];
        for (k, kind) in field.iter().enumerate().skip(1) {
            let points = match kind {
                BotKind::Hungry => solve(&board, hungry, true, (1, 0)),
                BotKind::Path => solve(&board, PathBot::new, false, (1, 0)),
                BotKind::Naive => solve(&board, NaiveAi::new, true, (1, 0)),
                BotKind::OneTarget => solve(&board, OneTarget::new, true, (1, 0)),
                // Random, or passive enough that the ceiling is near: the ceiling.
                _ => 2 * ceiling(&board),
            };
            best[k] += i64::from(points);
            planner[k] += totals.head[0][k];
        }
        hungry_least -= i64::from(solve(&board, hungry, true, (0, -1)));
        eprintln!("round {round}: {} tokens", board.token_count());
    }
    println!("{count} boards of side {side} (seed {seed}), both seats");
    println!("| opponent | best response (or ceiling) | our planner |");
    println!("|---|---|---|");
    for (k, kind) in field.iter().enumerate().skip(1) {
        println!("| {} | {} | {} |", kind.key(), best[k], planner[k]);
    }
    let ours_most: i64 = best.iter().sum();
    let hungry_fewest = hungry_others + hungry_least;
    println!(
        "any bot: at most {ours_most} points against HungryBot's at least {hungry_others} + {hungry_least}: at most {:.3}x its total",
        ours_most as f64 / hungry_fewest as f64
    );
    println!(
        "our planner: {planner_total} against {hungry_total}: {:.3}x",
        planner_total as f64 / hungry_total as f64
    );
}

fn exact_from(count: usize, side: usize, seed: u64, from: usize) {
    let mut sums = [[0i64; 4]; 4];
    for (_, board) in boards(count, side, seed) {
        for us in [Player::First, Player::Second] {
            let games = [
                [hungry_game(&board, us, 0), hungry_game(&board, us, from)],
                [
                    switched_game(&board, us, PathBot::new, false, 0, (2, -1)),
                    switched_game(&board, us, PathBot::new, false, from, (2, -1)),
                ],
                [
                    switched_game(&board, us, NaiveAi::new, true, 0, (2, -1)),
                    switched_game(&board, us, NaiveAi::new, true, from, (2, -1)),
                ],
                [
                    switched_game(&board, us, OneTarget::new, true, 0, (2, -1)),
                    switched_game(&board, us, OneTarget::new, true, from, (2, -1)),
                ],
            ];
            for (sum, [plain, switched]) in sums.iter_mut().zip(games) {
                sum[0] += i64::from(plain.0);
                sum[1] += i64::from(plain.1);
                sum[2] += i64::from(switched.0);
                sum[3] += i64::from(switched.1);
            }
        }
    }
    println!("{count} boards of side {side} (seed {seed}), both seats");
    println!("| opponent | planner | planner, then exact from {from} tokens |");
    println!("|---|---|---|");
    for (sum, name) in sums.iter().zip(["hungry", "path", "naive", "onetarget"]) {
        println!(
            "| {name} | {} : {} | {} : {} |",
            sum[0], sum[1], sum[2], sum[3]
        );
    }
}

fn hungry_game(board: &Board, us: Player, from: usize) -> (i32, i32) {
    switched_game(board, us, hungry, true, from, (2, -3))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut numbers, mut exact) = (Vec::new(), None);
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        let understood = if arg == "--exact-from" {
            match rest.next().and_then(|k| k.parse::<usize>().ok()) {
                Some(k) if (1..=64).contains(&k) => {
                    exact = Some(k);
                    true
                }
                _ => false,
            }
        } else if let Ok(number) = arg.parse::<u64>() {
            numbers.push(number);
            true
        } else {
            false
        };
        if !understood {
            eprintln!("best_response: bad argument {arg:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let (count, side, seed) = match numbers[..] {
        [count, side] => (count, side, 1),
        [count, side, seed] => (count, side, seed),
        _ => {
            eprintln!("best_response: expected BOARDS SIDE [SEED]\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if !(5..=7).contains(&side) || count == 0 {
        eprintln!("best_response: SIDE must be 5 to 7 and BOARDS at least 1\n{USAGE}");
        return ExitCode::from(2);
    }
    match exact {
        Some(from) => exact_from(count as usize, side as usize, seed, from),
        None => bound(count as usize, side as usize, seed),
    }
    ExitCode::SUCCESS
}
