use connect4::{benchmark_positions, Column, Connect4Eval, Position, FORCED_WIN};
use gamecore::testkit::random_position;
use gamecore::{Game, Player};
use search::testkit::{check_agrees_with_negamax, option_matrix};
use search::{Search, SearchLimits, SearchOptions};

#[test]
fn every_search_configuration_agrees_with_negamax_on_random_positions() {
    let options = option_matrix();
    let eval = Connect4Eval::default();
    let mut checked = 0;
    for (plies, seed) in [
        (0, 0),
        (3, 11),
        (6, 12),
        (9, 13),
        (12, 14),
        (16, 15),
        (22, 16),
        (30, 17),
    ] {
        let position = random_position(&Position::new(), plies, seed);
        if position.is_over() {
            continue;
        }
        for depth in 1..=5 {
            if let Err(problem) = check_agrees_with_negamax(&position, &eval, depth, &options) {
                panic!("{problem}\n  seed {seed}, {plies} plies\n{position:?}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 6, "only {checked} positions were unfinished");
}

#[test]
fn every_search_configuration_agrees_with_negamax_on_the_benchmark_positions() {
    let options = option_matrix();
    let eval = Connect4Eval::default();
    for (name, position) in benchmark_positions() {
        for depth in 1..=4 {
            if let Err(problem) = check_agrees_with_negamax(&position, &eval, depth, &options) {
                panic!("{name}: {problem}");
            }
        }
    }
}

#[test]
fn the_forced_win_position_is_a_win_in_13_plies_and_not_sooner() {
    let position = Position::from_moves(FORCED_WIN).unwrap();
    assert_eq!(position.side_to_move(), Player::Second);
    let mut search = Search::new(Connect4Eval::default(), SearchOptions::default());
    let result = search.search(&position, &SearchLimits::depth(13));
    assert_eq!(result.proven_margin(), Some(2), "{result}");
    assert_eq!(result.value.proven_distance(), Some(13), "{result}");
    assert_eq!(result.best_move, Some(Column::new(2)), "{result}");
    // A fresh search one ply shorter cannot see the end of every line.
    let mut shallow = Search::new(Connect4Eval::default(), SearchOptions::default());
    let result = shallow.search(&position, &SearchLimits::depth(12));
    assert_eq!(result.proven_margin(), None, "{result}");
}

#[test]
fn the_forced_win_holds_without_the_transposition_table() {
    let position = Position::from_moves(FORCED_WIN).unwrap();
    let options = SearchOptions::default().with_tt_mib(0);
    let result =
        Search::new(Connect4Eval::default(), options).search(&position, &SearchLimits::depth(13));
    assert_eq!(result.proven_margin(), Some(2), "{result}");
    assert_eq!(result.value.proven_distance(), Some(13), "{result}");
}

#[test]
fn playing_out_the_forced_win_wins_within_13_plies() {
    // Both sides search to the end of the announced win: second must win
    // however first defends, by the 13th ply at the latest.
    let mut position = Position::from_moves(FORCED_WIN).unwrap();
    let mut search = Search::new(Connect4Eval::default(), SearchOptions::default());
    let mut plies = 0;
    while position.outcome().is_none() {
        let depth = 13 - plies;
        let result = search.search(&position, &SearchLimits::depth(depth));
        let margin = if position.side_to_move() == Player::Second {
            2
        } else {
            -2
        };
        assert_eq!(
            result.proven_margin(),
            Some(margin),
            "after {plies} plies\n{position:?}"
        );
        position.play(result.best_move.unwrap()).unwrap();
        plies += 1;
        assert!(plies <= 13);
    }
    assert_eq!(position.winner(), Some(Player::Second), "{position:?}");
}

#[test]
fn the_benchmark_positions_are_the_documented_ones() {
    let positions = benchmark_positions();
    let documented = [
        ("empty", ""),
        ("random-6", "636535"),
        ("random-10", "5344133223"),
        ("random-14", "52512366351361"),
        ("forced-win", FORCED_WIN),
    ];
    assert_eq!(positions.len(), documented.len());
    for ((name, position), (documented_name, moves)) in positions.iter().zip(documented) {
        assert_eq!(*name, documented_name);
        assert_eq!(*position, Position::from_moves(moves).unwrap(), "{name}");
        assert_eq!(position.outcome(), None, "{name} is unfinished");
    }
    // The same every time: benchmarks compare like with like.
    assert_eq!(benchmark_positions(), positions);
    // random-14: first must block second's three on the bottom row.
    let random_14 = positions[3].1;
    assert_eq!(random_14.side_to_move(), Player::First);
    let second_wins_next = random_14.after(Column::new(0)).winning_moves();
    assert!(second_wins_next.contains(Column::new(3)));
}

/// The search ends in the iteration that proves the forced win, whatever the
/// depth limit, and its line runs to the end of the game.
#[test]
fn the_search_stops_at_the_depth_that_proves_the_forced_win() {
    let position = Position::from_moves(FORCED_WIN).unwrap();
    let eval = Connect4Eval::default();
    let deep =
        Search::new(eval, SearchOptions::default()).search(&position, &SearchLimits::depth(30));
    let at_proof =
        Search::new(eval, SearchOptions::default()).search(&position, &SearchLimits::depth(13));
    assert!(deep.exact, "a forced win is proven");
    assert_eq!(deep.depth, 13);
    assert_eq!(
        deep.stats.nodes, at_proof.stats.nodes,
        "no iteration after the proof"
    );
    assert_eq!(deep.value.proven_margin(), Some(2));
    assert_eq!(deep.value.proven_distance(), Some(13));
    assert_eq!(deep.pv.len(), 13, "pv {:?}", deep.pv);
    let mut end = position;
    for &column in &deep.pv {
        end.play(column).expect("the line is legal");
    }
    assert_eq!(end.outcome().and_then(|o| o.winner()), Some(Player::Second));
}

/// Every policy hook, on Connect Four: the same values as negamax with the
/// same hooks, each hook switched off in turn by the matrix.
#[test]
fn every_search_configuration_agrees_with_negamax_with_hooks() {
    let eval = search::testkit::HookedEval::new(Connect4Eval::default());
    for seed in 0..4 {
        let position = random_position(&Position::new(), 8 + seed as u32, seed);
        for depth in 1..=2 {
            check_agrees_with_negamax(&position, &eval, depth, &option_matrix())
                .unwrap_or_else(|e| panic!("seed {seed} depth {depth}: {e}"));
        }
    }
}

/// A search the node limit stops inside an iteration answers with a move
/// that beat the previous iteration's best there, and with that move's exact
/// value at the interrupted depth (the reference's root value of the move);
/// otherwise with the last completed iteration's move.
#[test]
fn a_stopped_iteration_answers_with_a_better_move_and_its_exact_value() {
    let eval = Connect4Eval::default();
    let options = SearchOptions::default().with_tt_mib(1);
    let mut partial_answers = 0;
    for (plies, seed) in [(0, 0), (4, 21), (8, 22), (12, 23)] {
        let position = random_position(&Position::new(), plies, seed);
        if position.is_over() {
            continue;
        }
        for max_nodes in (40..6000).step_by(53) {
            let limits = SearchLimits::depth(9).with_max_nodes(max_nodes);
            let result = Search::new(eval, options).search(&position, &limits);
            let best = result.best_move.expect("a live position");
            assert!(position.is_legal(best));
            // The last completed iteration, searched alone.
            let completed =
                Search::new(eval, options).search(&position, &SearchLimits::depth(result.depth));
            if best == completed.best_move.expect("a move") {
                continue;
            }
            partial_answers += 1;
            assert_eq!(result.pv, vec![best]);
            assert!(!result.exact);
            let values =
                search::reference::root_values_with(&position, &eval, result.depth + 1, &options);
            let exact = values
                .iter()
                .find(|(mv, _)| *mv == best)
                .expect("a root move")
                .1;
            assert_eq!(result.value, exact, "{max_nodes} nodes, {position:?}");
        }
    }
    assert!(partial_answers > 0, "no stopped iteration changed its move");
}
