use crate::naive::NaiveBoard;
use connect4::{Column, Position, CELLS};
use gamecore::{Game, MoveList, Outcome, PlayError, Player};

/// Plays `moves` one at a time, asserting each is legal and that the game
/// does not end before the last one; returns the final position.
fn play_through(moves: &str) -> Position {
    let mut position = Position::new();
    for (i, digit) in moves.chars().enumerate() {
        assert_eq!(
            position.outcome(),
            None,
            "{moves}: over before move {}",
            i + 1
        );
        let column = position.parse_move(&digit.to_string()).unwrap();
        position
            .play(column)
            .unwrap_or_else(|err| panic!("{moves}: move {}: {err}", i + 1));
    }
    assert_eq!(Position::from_moves(moves).unwrap(), position);
    position
}

/// Checks that `moves` ends with `winner` completing four, scored 1 : −1.
fn check_win(moves: &str, winner: Player) {
    let position = play_through(moves);
    assert_eq!(position.winner(), Some(winner), "{moves}\n{position}");
    assert_eq!(position.outcome(), Some(Outcome::zero_sum(winner, 1)));
    assert_eq!(position.outcome().unwrap().margin(winner), 2);
    let mut moves_left = MoveList::new();
    position.legal_moves(&mut moves_left);
    assert!(moves_left.is_empty());
    assert_eq!(
        position.clone().play(Column::new(0)),
        Err(PlayError::GameOver)
    );
    let board = NaiveBoard::from_moves(moves).unwrap();
    assert_eq!(
        board.winner(),
        winner.index() as u8 + 1,
        "the naive board agrees"
    );
}

#[test]
fn four_in_a_column_wins() {
    check_win("1212121", Player::First);
    check_win("12121232", Player::Second);
    // At the top of a column, on a stone of the other side.
    check_win("444141424", Player::First);
}

#[test]
fn four_in_a_row_wins() {
    check_win("1122334", Player::First);
    // Above the bottom row, with the last stone inside the line.
    check_win("6645332425", Player::Second);
    check_win("4455667", Player::First);
}

#[test]
fn four_on_a_rising_diagonal_wins() {
    check_win("12234334744", Player::First);
}

#[test]
fn four_on_a_falling_diagonal_wins() {
    check_win("76654554144", Player::First);
    check_win("674675441455", Player::Second);
}

#[test]
fn three_in_a_row_is_a_threat_not_a_win() {
    // First has 1, 2 and 3 on the bottom row; second has 1 and 2 above them, and 5.
    let position = play_through("112235");
    assert_eq!(position.outcome(), None);
    assert_eq!(position.side_to_move(), Player::First);
    let wins: Vec<Column> = position.winning_moves().iter().collect();
    assert_eq!(wins, [Column::new(3)]);
    assert!(position.can_win_next());
    assert_eq!(position.after(Column::new(3)).winner(), Some(Player::First));
    // If first plays elsewhere, second cannot win but blocks at 4, and the threat is gone.
    let wasted = position.after(Column::new(6));
    assert!(!wasted.can_win_next());
    let blocked = wasted.after(Column::new(3));
    assert_eq!(blocked.winner(), None);
    assert!(!blocked.can_win_next());
    assert_eq!(blocked.threats(Player::First), 0);
}

#[test]
fn a_full_board_without_four_is_a_draw() {
    let moves = "121212343434565656212121434343656565777777";
    let position = play_through(moves);
    assert_eq!(position.plies() as usize, CELLS);
    assert!(position.is_full());
    assert_eq!(position.winner(), None);
    assert_eq!(position.outcome(), Some(Outcome::new(0, 0)));
    assert!(position.outcome().unwrap().is_draw());
    assert_eq!(position.max_remaining_plies(), 0);
    let board = NaiveBoard::from_moves(moves).unwrap();
    assert_eq!(
        (board.winner(), board.scan_for_fours(), board.is_over()),
        (0, 0, true)
    );
}

#[test]
fn a_win_with_the_last_stone_is_a_win_not_a_draw() {
    // The 42nd stone, second's in column 2, completes four in a row.
    let moves = "334311557316671145724454316354757267266222";
    let before_last = play_through(&moves[..41]);
    assert_eq!(before_last.max_remaining_plies(), 1);
    check_win(moves, Player::Second);
    assert!(Position::from_moves(moves).unwrap().is_full());
}

#[test]
fn move_strings_round_trip_through_the_naive_board() {
    for seed in 0..50 {
        let mut rng = gamecore::seeded_rng(seed);
        let mut position = Position::new();
        let mut moves = String::new();
        while let Some(column) = gamecore::random_move(&position, &mut rng) {
            position.play_unchecked(column);
            moves.push_str(&column.to_string());
            let parsed: Position = moves.parse().unwrap();
            assert_eq!(parsed, position, "{moves}");
            let board = NaiveBoard::from_moves(&moves).unwrap();
            assert_eq!(position.to_string(), board.picture(), "{moves}");
            assert_eq!(position.plies() as usize, board.moves());
        }
    }
}

#[test]
fn every_column_notation_round_trips() {
    let position = Position::new();
    for column in Column::ALL {
        assert_eq!(position.parse_move(&column.to_string()), Ok(column));
    }
    for bad in ["0", "8", "x", ""] {
        assert!(position.parse_move(bad).is_err(), "{bad:?}");
    }
}

/// The history index of a move is the cell its stone lands on: distinct
/// for the moves of a position, below the bound, one higher in a column
/// after a stone has fallen into it.
#[test]
fn a_move_index_names_the_landing_cell() {
    let mut position = Position::new();
    let bound = position.move_index_bound();
    assert_eq!(bound, 49);
    for column in Column::ALL {
        assert_eq!(position.move_index(column), 7 * (column.number() - 1));
    }
    let mut seen = std::collections::HashSet::new();
    for text in ["4", "4", "3", "5", "4"] {
        let column: Column = text.parse().unwrap();
        let before = position.move_index(column);
        position.play(column).unwrap();
        assert_eq!(position.move_index(column), before + 1, "{text}");
        let indices: Vec<usize> = Column::ALL
            .iter()
            .map(|&c| position.move_index(c))
            .collect();
        assert!(indices.iter().all(|&i| i < bound));
        seen.clear();
        assert!(indices.iter().all(|i| seen.insert(*i)), "{indices:?}");
    }
}

#[test]
fn the_side_to_move_alternates_and_plies_count_down() {
    let mut position = Position::new();
    for ply in 0..10 {
        let expected = if ply % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        assert_eq!(position.side_to_move(), expected);
        assert_eq!(position.max_remaining_plies(), 42 - ply);
        // Columns 1, 2, …, 7, 1, 2, 3: alternate stones, never four.
        position.play(Column::ALL[ply as usize % 7]).unwrap();
    }
    assert_eq!(position.score_bounds(), (-1, 1));
}
