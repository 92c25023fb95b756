use connect4::{benchmark_positions, Column, Position};
use gamecore::testkit::{check_random_games, check_state};

#[test]
fn random_games_from_the_empty_board_keep_the_game_contract() {
    check_random_games(&Position::new(), 300, 4_2024);
}

#[test]
fn random_games_from_the_benchmark_positions_keep_the_game_contract() {
    for (i, (name, position)) in benchmark_positions().into_iter().enumerate() {
        assert!(check_state(&position, &Column::ALL).is_ok(), "{name}");
        check_random_games(&position, 40, 7_000 + i as u64);
    }
}

#[test]
fn finished_games_keep_the_game_contract() {
    for moves in [
        "1212121",                                    // vertical, first wins
        "12121232",                                   // vertical, second wins
        "1122334",                                    // horizontal
        "12234334744",                                // rising diagonal
        "76654554144",                                // falling diagonal
        "121212343434565656212121434343656565777777", // full board, drawn
    ] {
        let position = Position::from_moves(moves).unwrap();
        assert!(position.is_over(), "{moves}");
        if let Err(problem) = check_state(&position, &Column::ALL) {
            panic!("{moves}: {problem}\n{position:?}");
        }
    }
}

#[test]
fn nearly_full_boards_keep_the_game_contract() {
    // One column left open: the last moves fill the board.
    let position = Position::from_moves("121212343434565656212121434343656565").unwrap();
    check_random_games(&position, 20, 99);
}
