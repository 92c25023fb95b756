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
