//! Spec §6: depth-limited search plays legal moves at every depth and equals
//! the full search once the depth covers the marbles left.

use crate::oracle::Oracle;
use gamecore::testkit::random_position;
use gamecore::{Agent, Budget, Game, Player};
use nim::{depth_limited_agent, exact_agent, Count, NimEval, RedBlueNim, Version};
use search::testkit::{check_agrees_with_negamax, option_matrix};

#[test]
fn every_depth_plays_legal_moves_through_whole_games() {
    let budget = Budget::unlimited();
    for version in Version::BOTH {
        for depth in 1..=9 {
            let mut agent = depth_limited_agent(depth);
            let mut state = RedBlueNim::new(23, 17, version);
            while !state.is_over() {
                let pile = agent
                    .select_move(&state, &budget)
                    .expect("a move while the game goes on");
                assert!(state.is_legal(pile));
                state.play(pile).expect("legal");
            }
            assert!(agent.select_move(&state, &budget).is_err());
        }
    }
}

#[test]
fn a_depth_covering_the_marbles_left_equals_the_full_search() {
    for version in Version::BOTH {
        let oracle = Oracle::new(24, version);
        for red in 0..=24 {
            for blue in 0..=24 {
                let state = RedBlueNim::new(red as Count, blue as Count, version);
                let marbles = state.marbles();
                let exact = exact_agent().analyse(&state);
                for extra in [0, 1, 7] {
                    let limited = depth_limited_agent(marbles + extra).analyse(&state);
                    assert_eq!(
                        limited.best_move,
                        exact.best_move,
                        "{state} depth {}",
                        marbles + extra
                    );
                    assert_eq!(limited.value, exact.value, "{state}");
                }
                if let Some(pile) = exact.best_move {
                    assert_eq!(Some(pile), oracle.best_move(red, blue));
                }
            }
        }
    }
}

#[test]
fn the_depth_limited_value_is_plain_negamax_with_the_evaluation() {
    // The search crate's own check: every option set returns the value of
    // plain negamax with NimEval at the horizon, and the first tied-best move
    // when the root order is stable.
    let options = option_matrix();
    for version in Version::BOTH {
        for (seed, plies) in [(1, 0), (2, 5), (3, 11), (4, 20)] {
            let start = RedBlueNim::new(14, 11, version).with_side_to_move(Player::Second);
            let state = random_position(&start, plies, seed);
            for depth in 1..=6 {
                check_agrees_with_negamax(&state, &NimEval, depth, &options)
                    .unwrap_or_else(|err| panic!("{state} depth {depth}: {err}"));
            }
        }
    }
}

#[test]
fn the_search_agrees_with_negamax_under_every_policy_hook() {
    // Synthetic quiescence, oracle, extensions and candidates on Red-Blue
    // Nim, each switched off in turn by the matrix.
    let eval = search::testkit::HookedEval::new(NimEval);
    let options = option_matrix();
    for version in Version::BOTH {
        for (seed, plies) in [(5, 0), (6, 7), (7, 15)] {
            let state = random_position(&RedBlueNim::new(9, 8, version), plies, seed);
            for depth in 1..=4 {
                check_agrees_with_negamax(&state, &eval, depth, &options)
                    .unwrap_or_else(|err| panic!("{state} depth {depth}: {err}"));
            }
        }
    }
}
