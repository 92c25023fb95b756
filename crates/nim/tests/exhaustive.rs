//! Spec §8: the search agrees with the dynamic program on every position with
//! at most 60 marbles per pile, in value and in the move chosen.

use crate::oracle::Oracle;
use gamecore::testkit::games::CoarseHashEval;
use gamecore::Player;
use nim::{exact_agent, search_options, Count, RedBlueNim, Version};
use search::{Search, SearchLimits, SearchOptions};

const MAX: usize = 60;

#[test]
fn the_exact_agent_matches_the_dynamic_program_up_to_60_by_60() {
    for version in Version::BOTH {
        let oracle = Oracle::new(MAX, version);
        // One agent for all positions: its table only ever holds proven results.
        let mut agent = exact_agent();
        for side in Player::BOTH {
            for red in 0..=MAX {
                for blue in 0..=MAX {
                    let state = RedBlueNim::new(red as Count, blue as Count, version)
                        .with_side_to_move(side);
                    let result = agent.analyse(&state);
                    assert_eq!(
                        result.proven_margin(),
                        Some(2 * oracle.value(red, blue)),
                        "value of {state}"
                    );
                    assert_eq!(
                        result.best_move,
                        oracle.best_move(red, blue),
                        "move at {state}"
                    );
                    assert!(result.exact, "{state} not searched to the end");
                }
            }
        }
    }
}

#[test]
fn the_default_search_with_any_evaluator_matches_the_dynamic_program() {
    // Iterative deepening on (the default) and an evaluator unrelated to the
    // game: a full-depth result must not depend on either.
    let options = SearchOptions::default()
        .with_stable_root_order(true)
        .with_prefer_short_wins(false)
        .with_tt_mib(
            search_options(&RedBlueNim::new(
                MAX as Count,
                MAX as Count,
                Version::Standard,
            ))
            .tt_mib,
        );
    for version in Version::BOTH {
        let oracle = Oracle::new(MAX, version);
        let mut search = Search::new(CoarseHashEval { levels: 7 }, options);
        for red in 0..=oracle.max() {
            for blue in 0..=oracle.max() {
                let state = RedBlueNim::new(red as Count, blue as Count, version);
                let result = search.search(&state, &SearchLimits::depth(state.marbles()));
                assert_eq!(
                    result.proven_margin(),
                    Some(2 * oracle.value(red, blue)),
                    "{state}"
                );
                assert_eq!(result.best_move, oracle.best_move(red, blue), "{state}");
            }
        }
    }
}

#[test]
fn the_crates_own_table_and_closed_form_match_the_oracle() {
    let max = 300;
    for version in Version::BOTH {
        let oracle = Oracle::new(max, version);
        let solution = nim::Solution::new(max as Count, max as Count, version);
        for red in 0..=max {
            for blue in 0..=max {
                let state = RedBlueNim::new(red as Count, blue as Count, version);
                let value = oracle.value(red, blue);
                assert_eq!(
                    solution.value(red as Count, blue as Count),
                    Some(value),
                    "{state}"
                );
                assert_eq!(nim::perfect_play_score(&state), value, "{state}");
                assert_eq!(
                    solution.best_move(red as Count, blue as Count),
                    oracle.best_move(red, blue),
                    "{state}"
                );
            }
        }
    }
}
