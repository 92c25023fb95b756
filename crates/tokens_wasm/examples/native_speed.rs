//! The module's [`Engine`] built natively, on the boards of
//! `adapters/js/wasm_speed.js` (the same generator and seed): simulated
//! plies per millisecond on each board's first decision, the median of the
//! boards. Set beside the script's figures for the WebAssembly builds, it
//! tells what the module loses to the browser's machine.
//!
//! Run: `cargo run --release -p tokens_wasm --example native_speed -- [BOARDS] [SEED] [BUDGET_MS] [CAP_MS] [ROUNDS]`
//! (defaults 40 1 50 60 3, as the script's).

use std::process::ExitCode;
use std::time::Instant;
use tokens::system_clock;
use tokens_wasm::{millis, Engine, CELLS_AT};

const USAGE: &str =
    "usage: native_speed [BOARDS] [SEED] [BUDGET_MS] [CAP_MS] [ROUNDS]   (whole numbers of at least 1)";

/// mulberry32, as `wasm_speed.js` draws its boards.
struct Mulberry32(u32);

impl Mulberry32 {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x6d2b_79f5);
        let mut t = self.0;
        t = (t ^ (t >> 15)).wrapping_mul(t | 1);
        t ^= t.wrapping_add((t ^ (t >> 7)).wrapping_mul(t | 61));
        f64::from(t ^ (t >> 14)) / 4_294_967_296.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() * n as f64) as usize
    }
}

/// A board as the controller draws it: side `n`, and per cell a colour code
/// (0 empty) and points, x-major.
struct RandomBoard {
    n: usize,
    cells: Vec<(u8, u8)>,
}

fn random_board(random: &mut Mulberry32) -> RandomBoard {
    let n = 5 + random.below(12);
    let mut cells = vec![(0, 0); n * n];
    for _ in 0..2 * n {
        let x = random.below(n);
        let points = 1 + random.below(3) as u8;
        let color = 1 + random.below(3) as u8;
        let y = random.below(n);
        cells[x * n + y] = (color, points);
    }
    RandomBoard { n, cells }
}

/// Writes `board` into the engine's I/O buffer, the players in opposite corners.
fn write(engine: &mut Engine, board: &RandomBoard) {
    let io = engine.io();
    let n = board.n as i32;
    // The side, then each player's x, y, score, colour bonus and last colour.
    let words = [n, 0, 0, 0, 0, 0, n - 1, n - 1, 0, 0, 0];
    for (w, word) in words.iter().enumerate() {
        io[4 * w..4 * w + 4].copy_from_slice(&word.to_le_bytes());
    }
    for (i, &(color, points)) in board.cells.iter().enumerate() {
        io[CELLS_AT + 2 * i] = color;
        io[CELLS_AT + 2 * i + 1] = points;
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() -> ExitCode {
    let defaults = [40, 1, 50, 60, 3];
    let given: Vec<String> = std::env::args().skip(1).collect();
    if given.len() > defaults.len() {
        eprintln!("native_speed: too many arguments\n{USAGE}");
        return ExitCode::from(2);
    }
    let mut settings = defaults;
    for (slot, text) in settings.iter_mut().zip(&given) {
        match text.parse::<u32>() {
            Ok(value) if value >= 1 => *slot = value,
            _ => {
                eprintln!("native_speed: invalid number {text:?}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let [boards, seed, budget_ms, cap_ms, rounds] = settings;
    let mut random = Mulberry32(seed);
    let boards: Vec<RandomBoard> = (0..boards).map(|_| random_board(&mut random)).collect();
    let mut engine = Engine::new(system_clock);
    let (mut rates, mut plies) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        for board in &boards {
            engine.new_game(0, gamecore::Player::First);
            write(&mut engine, board);
            let began = Instant::now();
            let action = engine.choose(0, millis(budget_ms.into()), millis(cap_ms.into()));
            let ms = began.elapsed().as_secs_f64() * 1e3;
            if action.is_none() {
                eprintln!("native_speed: the engine read no board");
                return ExitCode::FAILURE;
            }
            let simulated = engine.stats(0).simulated_plies as f64;
            plies.push(simulated);
            rates.push(simulated / ms);
        }
    }
    println!(
        "{} boards (seed {seed}) x {rounds} rounds, first decision at {budget_ms} ms (cap {cap_ms} ms)",
        boards.len()
    );
    println!("| native | median plies/ms | median plies a decision |");
    println!("|---|---|---|");
    println!(
        "| this build | {:.0} | {:.0} |",
        median(&mut rates),
        median(&mut plies)
    );
    ExitCode::SUCCESS
}
