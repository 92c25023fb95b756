//! The module's interface on the host: the I/O buffer's layout read back
//! into the board the JSON reader builds, bad buffers refused, and the
//! engine's answers the planner's.

use gamecore::Player;
use std::time::Duration;
use tokens::json::board_from_json;
use tokens::{system_clock, Action, Board, Planner, PlannerConfig, PlannerStats};
use tokens_wasm::{decode, Engine, CELLS_AT, IO_BYTES};

/// Writes `board` into a buffer as the submission's JavaScript does.
fn encode(board: &Board) -> Vec<u8> {
    let mut io = vec![0u8; IO_BYTES];
    let n = board.size();
    let mut put = |i: usize, v: i32| io[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
    put(0, n as i32);
    for (k, who) in [Player::First, Player::Second].into_iter().enumerate() {
        let p = board.player(who);
        let last = p.last_color.map_or(0, |c| c.index() as i32 + 1);
        for (w, v) in [i32::from(p.x), i32::from(p.y), p.score, p.color_bonus, last]
            .into_iter()
            .enumerate()
        {
            put(1 + 5 * k + w, v);
        }
    }
    for (x, y, t) in board.tokens() {
        let at = CELLS_AT + 2 * (x * n + y);
        io[at] = t.color.index() as u8 + 1;
        io[at + 1] = t.points;
    }
    io
}

const JSON: &str = r##"{"player1":{"pos":[1,2],"score":7,"colorBonus":1,"lastColor":"#00FF00"},"player2":{"pos":[4,0],"score":3,"colorBonus":0,"lastColor":"#000000"},"tokens":[[false,false,false,false,false],[false,false,{"color":"#FF0000","points":2},false,false],[false,false,false,false,{"color":"#0000FF","points":3}],[{"color":"#00FF00","points":1},false,false,false,false],[false,false,false,false,false]]}"##;

#[test]
fn the_buffer_reads_back_as_the_json_board() {
    let board = board_from_json(JSON, Player::Second).unwrap();
    assert_eq!(decode(&encode(&board), Player::Second).unwrap(), board);
    for seed in 0..50 {
        let board = tokens::board_for_seed(seed);
        assert_eq!(decode(&encode(&board), Player::First).unwrap(), board);
    }
}

#[test]
fn bad_buffers_are_refused() {
    let board = board_from_json(JSON, Player::First).unwrap();
    let good = encode(&board);
    assert!(decode(&good[..IO_BYTES - 1], Player::First).is_err());
    let mut cases = Vec::new();
    for (word, value) in [
        (0, 4),
        (0, 17),
        (1, 5),
        (2, -1),
        (3, 2_000_000),
        (4, -1),
        (5, 4),
        (10, 7),
    ] {
        let mut io = good.clone();
        io[4 * word..4 * word + 4].copy_from_slice(&i32::to_le_bytes(value));
        cases.push(io);
    }
    let mut io = good.clone();
    io[CELLS_AT] = 4; // no such colour
    cases.push(io);
    let mut io = good;
    io[CELLS_AT + 1 + 2 * 7] = 64; // above the engine's largest value
    io[CELLS_AT + 2 * 7] = 1;
    cases.push(io);
    for (k, io) in cases.iter().enumerate() {
        assert!(decode(io, Player::First).is_err(), "case {k} was accepted");
    }
}

#[test]
fn the_engine_answers_as_the_planner_does() {
    // Three tokens: every iteration finishes far within the budget, so
    // both searches are complete and equal.
    let board = board_from_json(JSON, Player::First).unwrap();
    let mut engine = Engine::new(system_clock);
    engine.new_game(1, Player::First);
    engine.io().copy_from_slice(&encode(&board));
    let answer = engine.choose(1, Duration::from_secs(5), Duration::from_secs(10));
    let config = PlannerConfig::timed(
        Duration::from_secs(5),
        Duration::from_secs(10),
        system_clock,
    );
    let mut planner = Planner::with_config(Player::First, config);
    assert_eq!(answer, Some(planner.choose(&board)));
    // The slot's counters are its planner's; a new game starts them again.
    assert_eq!(engine.stats(1), planner.stats());
    assert_eq!(engine.stats(1).searches, 1);
    assert!(engine.stats(1).simulated_plies > 0);
    assert_eq!(engine.stats(2), PlannerStats::default());
    engine.new_game(1, Player::First);
    assert_eq!(engine.stats(1), PlannerStats::default());
    // An unstarted slot and an unreadable buffer have no answer.
    assert_eq!(engine.choose(2, Duration::ZERO, Duration::ZERO), None);
    engine.io()[0] = 99;
    assert_eq!(engine.choose(1, Duration::ZERO, Duration::ZERO), None);
    assert!(Action::ALL.len() < tokens_wasm::NO_ANSWER as usize);
}
