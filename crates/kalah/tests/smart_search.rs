//! Smart's own search against plain negamax: at every fixed depth, on random
//! positions of every rule variant, with and without an endgame table, the
//! value is the one plain negamax over `Position` with `KalahEval` computes
//! (a finished game scores its final pot difference, in the same units; an
//! extra-turn move costs no depth and the horizon resolves captures, as in
//! Smart's search).

use gamecore::{Budget, Game as _, MoveList};
use kalah::{EndgameTable, KalahEval, Position, Rules, SmartAgent, BEAN};
use proptest::prelude::*;
use std::sync::Arc;

/// Plain negamax: no table, no pruning; a sowing that ends the turn is one
/// ply, an extra turn none; at depth 0 the quiescence below.
fn negamax(position: &Position, eval: &KalahEval, depth: u32) -> i32 {
    let me = position.to_move();
    if position.is_over() {
        let board = position.board();
        return BEAN * (board.pot(me) as i32 - board.pot(me.opponent()) as i32);
    }
    if depth == 0 {
        return quiesce(position, eval);
    }
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            // An extra turn costs no depth (Smart's extension).
            if child.to_move() == me {
                negamax(&child, eval, depth)
            } else {
                -negamax(&child, eval, depth - 1)
            }
        })
        .max()
        .expect("a live position has a move")
}

/// Plain quiescence: the evaluation or, if better, a capture followed by
/// the opponent's quiescence; exact where the endgame table knows the value.
fn quiesce(position: &Position, eval: &KalahEval) -> i32 {
    let me = position.to_move();
    let board = position.board();
    let stores = board.pot(me) as i32 - board.pot(me.opponent()) as i32;
    if position.is_over() {
        return BEAN * stores;
    }
    if let Some(rest) = eval.endgame().and_then(|table| table.value(position)) {
        return BEAN * (stores + rest);
    }
    let mut best = gamecore::Evaluator::evaluate(eval, position);
    for hole in 1..=board.holes() {
        if board.beans(me, hole) == Some(0) {
            continue;
        }
        let mut child = position.clone();
        let report = child.sow(hole).expect("a legal hole");
        if report.captured == 0 {
            continue;
        }
        let v = quiesce(&child, eval);
        best = best.max(if child.to_move() == me { v } else { -v });
    }
    best
}

fn random_position(seed: u64, holes: usize, beans: u32, rules: Rules, plies: u32) -> Position {
    let mut rng = gamecore::seeded_rng(seed);
    let mut state = Position::start(holes, beans, rules);
    gamecore::random_playout(&mut state, &mut rng, plies);
    state
}

fn value_of(agent: &mut SmartAgent, position: &Position) -> i32 {
    let result = agent
        .analyze(position, &Budget::unlimited())
        .expect("a live position");
    match result.proven_margin() {
        Some(margin) => BEAN * margin,
        None => result.value.raw(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn fixed_depth_values_equal_plain_negamax(
        seed in any::<u64>(),
        beans in 2u32..=4,
        rules_index in 0usize..3,
        plies in 0u32..30,
        depth in 1u32..=5,
        with_table in any::<bool>(),
    ) {
        let rules = Rules::ALL[rules_index];
        let holes = 6;
        let position = random_position(seed, holes, beans, rules, plies);
        prop_assume!(!position.is_over());
        let eval = if with_table {
            KalahEval::with_endgame(Arc::new(EndgameTable::build(holes, rules, 6).expect("small table")))
        } else {
            KalahEval::new()
        };
        let mut agent = SmartAgent::with_evaluator(eval.clone()).with_max_depth(Some(depth));
        let ours = value_of(&mut agent, &position);
        prop_assert_eq!(ours, negamax(&position, &eval, depth), "{}", position.to_notation());
        // The chosen move reaches that value too.
        let best = agent.last_result().and_then(|r| r.best_move).expect("a move");
        let mut child = position.clone();
        child.play_unchecked(best);
        let v = if child.to_move() == position.to_move() {
            negamax(&child, &eval, depth)
        } else {
            -negamax(&child, &eval, depth - 1)
        };
        prop_assert_eq!(v, ours);
    }
}

#[test]
fn small_boards_are_solved_exactly() {
    // Deep enough to see every end: the value is the solver's.
    for rules in Rules::ALL {
        for (holes, beans) in [(3, 2), (4, 2), (3, 3)] {
            let start = Position::start(holes, beans, rules);
            let mut agent = SmartAgent::with_evaluator(KalahEval::new());
            let result = agent.analyze(&start, &Budget::unlimited()).expect("live");
            let solved = kalah::solve_start(
                holes,
                beans,
                rules,
                kalah::SolveOptions::default().with_tt_log2(12),
            )
            .expect("small board");
            assert!(result.exact, "{holes}x{beans} {rules}");
            assert_eq!(
                result.proven_margin().unwrap_or(0),
                solved.value,
                "{holes}x{beans} {rules}"
            );
        }
    }
}
