//! Smart on the shared search against `search::reference`: at every fixed
//! depth, on random positions of every rule variant, with and without an
//! endgame table, the search over [`CompactPosition`] with [`SmartEval`]
//! returns the value plain negamax with the same hooks computes (an extra
//! turn costs no depth, the horizon resolves captures, the endgame table is
//! an exact leaf), for every option set of the testkit; `SmartAgent` plays
//! a move that reaches that value; and small boards are solved exactly.

use gamecore::Budget;
use kalah::{CompactPosition, EndgameTable, KalahEval, Position, Rules, SmartAgent, SmartEval};
use proptest::prelude::*;
use search::reference::{negamax_with, root_values_with};
use search::testkit::{check_agrees_with_negamax, option_matrix};
use std::sync::Arc;
use std::time::Duration;

fn random_position(seed: u64, holes: usize, beans: u32, rules: Rules, plies: u32) -> Position {
    let mut rng = gamecore::seeded_rng(seed);
    let mut state = Position::start(holes, beans, rules);
    gamecore::random_playout(&mut state, &mut rng, plies);
    state
}

fn table(holes: usize, rules: Rules) -> Arc<EndgameTable> {
    Arc::new(EndgameTable::build(holes, rules, 6).expect("small table"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every option set of the testkit (each hook off in turn too) agrees
    /// with `search::reference` given the same hooks.
    #[test]
    fn every_option_set_agrees_with_the_reference(
        seed in any::<u64>(),
        beans in 2u32..=4,
        rules_index in 0usize..3,
        plies in 0u32..30,
        depth in 1u32..=4,
        with_table in any::<bool>(),
    ) {
        let rules = Rules::ALL[rules_index];
        let position = random_position(seed, 6, beans, rules, plies);
        prop_assume!(!position.is_over());
        let compact = CompactPosition::from_position(&position).expect("fits");
        let policy = if with_table { SmartEval::with_endgame(table(6, rules)) } else { SmartEval::new() };
        if let Err(message) = check_agrees_with_negamax(&compact, &policy, depth, &option_matrix()) {
            return Err(TestCaseError::fail(format!("{}: {message}", position.to_notation())));
        }
    }

    /// SmartAgent's fixed-depth value is the reference's with Smart's own
    /// options, and its move reaches it.
    #[test]
    fn smart_agent_values_equal_the_reference(
        seed in any::<u64>(),
        beans in 2u32..=4,
        rules_index in 0usize..3,
        plies in 0u32..30,
        depth in 1u32..=5,
        with_table in any::<bool>(),
    ) {
        let rules = Rules::ALL[rules_index];
        let position = random_position(seed, 6, beans, rules, plies);
        prop_assume!(!position.is_over());
        let eval = if with_table { KalahEval::with_endgame(table(6, rules)) } else { KalahEval::new() };
        let policy = SmartEval::from(&eval);
        let options = kalah::smart_search_options();
        let compact = CompactPosition::from_position(&position).expect("fits");
        let mut agent = SmartAgent::with_evaluator(eval).with_max_depth(Some(depth));
        let result = agent.analyze(&position, &Budget::unlimited()).expect("a live position");
        // A proven root may be answered from a shallower depth.
        let reference = negamax_with(&compact, &policy, result.depth, &options);
        prop_assert_eq!(result.value, reference, "{}", position.to_notation());
        // The chosen move's own value is the root value: the reference's
        // value of that root move (the oracle, the extension and the
        // quiescence applied to its child as in the search).
        let best = result.best_move.expect("a move");
        let values = root_values_with(&compact, &policy, result.depth, &options);
        let (_, value) = values
            .iter()
            .find(|(sowing, _)| compact.move_of(*sowing) == best)
            .expect("a root move");
        prop_assert_eq!(*value, reference);
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

#[test]
fn smart_plays_the_opening_book_at_once_and_searches_beyond_it() {
    use gamecore::Game as _;
    for rules in Rules::ALL {
        let start = Position::start(6, 4, rules);
        let book = kalah::OpeningBook::bundled(6, rules).expect("a 6x4 book");
        let answer = book.lookup(&start).expect("the start");
        let mut agent = SmartAgent::new(6, rules);
        let result = agent
            .analyze(
                &start,
                &Budget::new(Duration::from_secs(5), Duration::from_secs(5)),
            )
            .expect("live");
        assert!(result.exact, "{rules}");
        assert_eq!(result.stats.nodes, 0, "{rules}: no search");
        assert_eq!(result.proven_margin(), Some(answer.value), "{rules}");
        assert_eq!(
            result.best_move,
            answer.best_moves.first().copied(),
            "{rules}"
        );
        // Past the book it searches; with a given evaluator it always does.
        let mut later = start.clone();
        for hole in [1, 2] {
            let moves: Vec<_> = {
                let mut list = gamecore::MoveList::new();
                later.legal_moves(&mut list);
                list.to_vec()
            };
            later.play_unchecked(moves[hole % moves.len()]);
        }
        let budget = Budget::new(Duration::from_millis(20), Duration::from_millis(40));
        if book.lookup(&later).is_none() && !later.is_over() {
            let searched = agent.analyze(&later, &budget).expect("live");
            assert!(searched.stats.nodes > 0, "{rules}");
        }
        let mut plain = SmartAgent::with_evaluator(KalahEval::new());
        assert!(plain.analyze(&start, &budget).expect("live").stats.nodes > 0);
    }
}
