//! The token game's [`Planner`] as a WebAssembly module for the contest's
//! JavaScript controller, with a plain C interface over linear memory (no
//! bindings generator). `tokens export-js` inlines the module into one
//! submission; its JavaScript writes each board into the I/O buffer and
//! asks for an action.
//!
//! # The interface (exports of the `.wasm` module)
//! - `tokens_io() -> u32`: the address of the I/O buffer ([`IO_BYTES`]
//!   bytes, layout below).
//! - `tokens_new(slot: u32, player1: u32)`: starts a game in planner slot
//!   `slot` (0..[`SLOTS`]) for player 1 (`player1` ≠ 0) or player 2.
//! - `tokens_move(slot: u32, budget_ms: f64, cap_ms: f64) -> u32`: reads the
//!   board from the buffer and answers the slot's action as its index in
//!   `UP, RIGHT, DOWN, LEFT, EAT, PASS` ([`tokens::Action::ALL`]), or
//!   [`NO_ANSWER`] when the buffer is not a board the planner can read (the
//!   JavaScript then plays its own fallback).
//! - `tokens_searches(slot: u32) -> f64` and `tokens_plies(slot: u32) ->
//!   f64`: the searches the slot's planner made this game and the plies
//!   they simulated (the submission's record reports plies per search, the
//!   measure of the module's speed).
//!
//! The module imports one function, `env.now() -> f64`: the page's clock in
//! milliseconds (`performance.now()`), which the planner's time limits use.
//!
//! # The I/O buffer
//! Little-endian `i32` words, then bytes:
//! - word 0: the board's side `n`;
//! - words 1..=5 and 6..=10: player 1 and player 2 as `x, y, score,
//!   colorBonus, lastColor`, the colour coded 0 (`#000000`), 1 (`#FF0000`),
//!   2 (`#00FF00`), 3 (`#0000FF`);
//! - from byte [`CELLS_AT`]: the cells x-major (`tokens[x][y]` at
//!   `2·(x·n + y)`), two bytes each: the colour code (0: empty) and the
//!   points.

use gamecore::Player;
use std::fmt;
use std::time::Duration;
use tokens::{
    Action, Board, Clock, Color, Planner, PlannerConfig, PlannerStats, PlayerState, Token, MAX_N,
};

/// Planner slots: games that may be in progress at once (the controller
/// plays one game at a time, so at most two seats of ours).
pub const SLOTS: usize = 4;
/// The byte offset of the cells in the I/O buffer.
pub const CELLS_AT: usize = 11 * 4;
/// The size of the I/O buffer in bytes.
pub const IO_BYTES: usize = CELLS_AT + 2 * MAX_N * MAX_N;
/// `tokens_move`'s answer when the buffer holds no readable board.
pub const NO_ANSWER: u32 = 255;

/// Why the I/O buffer does not hold a board the planner can read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError(String);

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DecodeError {}

fn word(io: &[u8], i: usize) -> i32 {
    let at = 4 * i;
    i32::from_le_bytes([io[at], io[at + 1], io[at + 2], io[at + 3]])
}

fn color(code: i32) -> Result<Option<Color>, DecodeError> {
    match code {
        0 => Ok(None),
        1..=3 => Ok(Some(Color::ALL[code as usize - 1])),
        _ => Err(DecodeError(format!("unknown colour code {code}"))),
    }
}

fn player(io: &[u8], first_word: usize, n: usize) -> Result<PlayerState, DecodeError> {
    // The same limits as the JSON reader: far above any real game, low
    // enough that no simulated line overflows.
    const SCORE_LIMIT: i32 = 1_000_000;
    const BONUS_LIMIT: i32 = 10_000;
    let [x, y, score, bonus, last] = [0, 1, 2, 3, 4].map(|k| word(io, first_word + k));
    let on_board = |c: i32| usize::try_from(c).is_ok_and(|c| c < n);
    if !on_board(x) || !on_board(y) {
        return Err(DecodeError(format!("position [{x}, {y}] is off the board")));
    }
    if score.abs() > SCORE_LIMIT || !(0..=BONUS_LIMIT).contains(&bonus) {
        return Err(DecodeError("score or colorBonus out of range".into()));
    }
    Ok(PlayerState {
        x: x as u8,
        y: y as u8,
        score,
        color_bonus: bonus,
        last_color: color(last)?,
    })
}

/// Reads the board in `io` (the layout in the crate documentation) with
/// `to_move` to move and the stall counter at 0 (the planner carries the
/// real one over from its history).
///
/// # Errors
/// [`DecodeError`] when the buffer is short or holds no valid board.
pub fn decode(io: &[u8], to_move: Player) -> Result<Board, DecodeError> {
    if io.len() < IO_BYTES {
        return Err(DecodeError(format!("buffer of {} bytes", io.len())));
    }
    let n = usize::try_from(word(io, 0))
        .ok()
        .filter(|n| (tokens::MIN_N..=MAX_N).contains(n))
        .ok_or_else(|| DecodeError(format!("board side {}", word(io, 0))))?;
    let p1 = player(io, 1, n)?;
    let p2 = player(io, 6, n)?;
    let error = |e: tokens::BoardError| DecodeError(e.to_string());
    let mut board = Board::empty(n, p1.pos()).map_err(error)?;
    for x in 0..n {
        for y in 0..n {
            let at = CELLS_AT + 2 * (x * n + y);
            if let Some(c) = color(i32::from(io[at]))? {
                board
                    .place(x, y, Token::new(c, io[at + 1]))
                    .map_err(error)?;
            }
        }
    }
    board.set_player(Player::First, p1).map_err(error)?;
    board.set_player(Player::Second, p2).map_err(error)?;
    board.set_turn(to_move, 0);
    Ok(board)
}

/// The module's state: the I/O buffer and the planner slots.
#[derive(Debug)]
pub struct Engine {
    io: Vec<u8>,
    slots: Vec<Option<Planner>>,
    clock: Clock,
}

impl Engine {
    /// An engine whose planners read time from `clock`.
    pub fn new(clock: Clock) -> Engine {
        Engine {
            io: vec![0; IO_BYTES],
            slots: vec![None; SLOTS],
            clock,
        }
    }

    /// The I/O buffer.
    pub fn io(&mut self) -> &mut [u8] {
        &mut self.io
    }

    /// Starts a game in `slot` (taken modulo [`SLOTS`]) for `seat`.
    pub fn new_game(&mut self, slot: u32, seat: Player) {
        let config = PlannerConfig::timed(Duration::ZERO, Duration::ZERO, self.clock);
        self.slots[slot as usize % SLOTS] = Some(Planner::with_config(seat, config));
    }

    /// The action of the planner in `slot` on the board in the buffer,
    /// thinking about `budget` and never beyond `cap`; `None` when the slot
    /// has no game or the buffer no readable board.
    pub fn choose(&mut self, slot: u32, budget: Duration, cap: Duration) -> Option<Action> {
        let planner = self.slots[slot as usize % SLOTS].as_mut()?;
        let board = decode(&self.io, planner.seat()).ok()?;
        planner.set_time(budget, cap);
        Some(planner.choose(&board))
    }

    /// What the planner in `slot` did this game (zero when the slot has no game).
    pub fn stats(&self, slot: u32) -> PlannerStats {
        self.slots[slot as usize % SLOTS]
            .as_ref()
            .map_or_else(PlannerStats::default, Planner::stats)
    }
}

/// Milliseconds from JavaScript as a duration (negative and NaN are 0).
pub fn millis(ms: f64) -> Duration {
    Duration::from_secs_f64(if ms.is_finite() { ms.max(0.0) } else { 0.0 } / 1e3)
}

#[cfg(target_arch = "wasm32")]
mod exports {
    //! The module's exports and its one import. The `unsafe_code` lint
    //! counts `#[no_mangle]` (the only way to name an export) and the
    //! import block; there is no `unsafe` block.
    #![allow(unsafe_code)]

    use super::{millis, Engine, NO_ANSWER};
    use gamecore::Player;
    use std::cell::RefCell;
    use std::time::Duration;

    #[link(wasm_import_module = "env")]
    unsafe extern "C" {
        /// The page's clock in milliseconds.
        safe fn now() -> f64;
    }

    fn page_clock() -> Duration {
        millis(now())
    }

    thread_local! {
        static ENGINE: RefCell<Engine> = RefCell::new(Engine::new(page_clock));
    }

    /// Nothing draws entropy; a request for it fails.
    fn no_entropy(_: &mut [u8]) -> Result<(), getrandom::Error> {
        Err(getrandom::Error::UNSUPPORTED)
    }
    getrandom::register_custom_getrandom!(no_entropy);

    #[no_mangle]
    extern "C" fn tokens_io() -> u32 {
        ENGINE.with(|e| e.borrow_mut().io().as_mut_ptr() as usize as u32)
    }

    #[no_mangle]
    extern "C" fn tokens_new(slot: u32, player1: u32) {
        let seat = if player1 != 0 {
            Player::First
        } else {
            Player::Second
        };
        ENGINE.with(|e| e.borrow_mut().new_game(slot, seat));
    }

    #[no_mangle]
    extern "C" fn tokens_move(slot: u32, budget_ms: f64, cap_ms: f64) -> u32 {
        ENGINE.with(|e| {
            e.borrow_mut()
                .choose(slot, millis(budget_ms), millis(cap_ms))
                .map_or(NO_ANSWER, |a| a.index() as u32)
        })
    }

    #[no_mangle]
    extern "C" fn tokens_searches(slot: u32) -> f64 {
        ENGINE.with(|e| e.borrow().stats(slot).searches as f64)
    }

    #[no_mangle]
    extern "C" fn tokens_plies(slot: u32) -> f64 {
        ENGINE.with(|e| e.borrow().stats(slot).simulated_plies as f64)
    }
}
