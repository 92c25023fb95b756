use crate::naive::{NaiveBoard, COLUMNS, ROWS};
use connect4::{has_four, Column, Position};
use gamecore::{Game, MoveList, Player};
use proptest::prelude::*;

/// Plays `choices` as a game: each choice picks among the open columns (by
/// index modulo their number), so every sequence is a legal game, stopping
/// when the game ends. Checks the bitboards against the naive board after
/// every move.
fn play_and_compare(choices: &[usize]) -> Result<(), TestCaseError> {
    let mut position = Position::new();
    let mut board = NaiveBoard::new();
    let mut moves = MoveList::new();
    for &choice in choices {
        position.legal_moves(&mut moves);
        let open: Vec<usize> = (0..COLUMNS).filter(|&c| board.can_play(c)).collect();
        let mut legal: Vec<usize> = moves.iter().map(|c| c.index()).collect();
        legal.sort_unstable();
        prop_assert_eq!(&legal, &open);
        if open.is_empty() {
            break;
        }
        let column = open[choice % open.len()];
        position.play(Column::new(column)).unwrap();
        board.play(column);

        prop_assert_eq!(position.hash(), position.recompute_hash());
        let winner = position.winner().map_or(0, |p| p.index() as u8 + 1);
        prop_assert_eq!(winner, board.winner(), "{}", position);
        // The bitboard test on each side's stones against the full scan.
        let scanned = board.scan_for_fours();
        prop_assert_eq!(has_four(position.stones(Player::First)), scanned & 1 != 0);
        prop_assert_eq!(has_four(position.stones(Player::Second)), scanned & 2 != 0);
        prop_assert_eq!(position.is_over(), board.is_over());
        prop_assert_eq!(position.to_string(), board.picture());
        for col in 0..COLUMNS {
            for row in 0..ROWS {
                let cell = position
                    .cell(Column::new(col), row)
                    .map_or(0, |p| p.index() as u8 + 1);
                prop_assert_eq!(cell, board.cells[col][row]);
            }
        }
    }
    Ok(())
}

/// The side to move's immediate wins, found by trying every column on the naive board.
fn naive_winning_columns(moves: &str) -> Vec<Column> {
    let board = NaiveBoard::from_moves(moves).unwrap();
    (0..COLUMNS)
        .filter(|&c| board.can_play(c))
        .filter(|&c| {
            let mut child = board.clone();
            child.play(c);
            child.winner() != 0
        })
        .map(Column::new)
        .collect()
}

/// The columns of the game that picks, at each ply, legal move number
/// `choice % count` from the empty board, until the choices or the game end.
fn legal_columns(choices: &[usize]) -> Vec<Column> {
    let mut position = Position::new();
    let mut legal = MoveList::new();
    let mut columns = Vec::new();
    for &choice in choices {
        position.legal_moves(&mut legal);
        if legal.is_empty() {
            break;
        }
        let column = legal[choice % legal.len()];
        position.play_unchecked(column);
        columns.push(column);
    }
    columns
}

proptest! {
    #[test]
    fn bitboards_agree_with_the_naive_board_move_by_move(
        choices in prop::collection::vec(0usize..7, 0..=42)
    ) {
        play_and_compare(&choices)?;
    }

    #[test]
    fn winning_moves_are_the_columns_that_win_on_the_naive_board(
        choices in prop::collection::vec(0usize..7, 0..=41)
    ) {
        let mut position = Position::new();
        let mut moves = String::new();
        for column in legal_columns(&choices) {
            position.play_unchecked(column);
            moves.push_str(&column.to_string());
        }
        let ours: Vec<Column> = position.winning_moves().iter().collect();
        let expected = if position.is_over() { Vec::new() } else { naive_winning_columns(&moves) };
        prop_assert_eq!(ours, expected, "{}", moves);
    }

    #[test]
    fn a_mirrored_game_is_the_mirrored_board(
        choices in prop::collection::vec(0usize..7, 0..=42)
    ) {
        let mut position = Position::new();
        let mut mirrored = Position::new();
        for column in legal_columns(&choices) {
            position.play_unchecked(column);
            mirrored.play(column.mirrored()).unwrap();
            prop_assert_eq!(position.outcome(), mirrored.outcome());
            prop_assert_eq!(position.hash(), position.recompute_hash());
            prop_assert_eq!(mirrored.hash(), mirrored.recompute_hash());
            for column in Column::ALL {
                for row in 0..ROWS {
                    prop_assert_eq!(position.cell(column, row), mirrored.cell(column.mirrored(), row));
                }
            }
        }
    }
}
