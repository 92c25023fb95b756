use crate::naive::{self, NaiveBoard};
use connect4::Position;
use gamecore::{Game, MoveList};
use std::collections::HashSet;

/// The depths checked on every test run; deeper lines of the file are
/// checked by the `#[ignore]`d tests.
const QUICK_DEPTHS: u32 = 8;

/// Reads `perft.txt`: `(depth, count)` pairs, skipping `#` comments and blank lines.
fn perft_table() -> Vec<(u32, u64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/perft.txt");
    let text = std::fs::read_to_string(path).expect("perft.txt is readable");
    let table: Vec<(u32, u64)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|(number, line)| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [depth, count] = fields[..] else {
                panic!(
                    "perft.txt:{}: expected \"depth count\", got {line:?}",
                    number + 1
                );
            };
            let parse = |field: &str| -> u64 {
                field.parse().unwrap_or_else(|_| {
                    panic!("perft.txt:{}: {field:?} is not a number", number + 1)
                })
            };
            (parse(depth) as u32, parse(count))
        })
        .collect();
    for (i, &(depth, _)) in table.iter().enumerate() {
        assert_eq!(
            depth as usize, i,
            "perft.txt lists depths 0, 1, 2, … in order"
        );
    }
    assert!(table.len() >= 10, "perft.txt goes to depth 9 at least");
    table
}

#[test]
fn gamecore_perft_matches_the_file_to_depth_8() {
    for (depth, expected) in perft_table() {
        if depth > QUICK_DEPTHS {
            break;
        }
        let got = gamecore::perft(&Position::new(), depth);
        assert_eq!(
            got, expected,
            "perft.txt depth {depth}: expected {expected}, got {got}"
        );
    }
}

#[test]
fn the_naive_board_counts_what_the_file_says_to_depth_8() {
    for (depth, expected) in perft_table() {
        if depth > QUICK_DEPTHS {
            break;
        }
        let got = naive::perft(&NaiveBoard::new(), depth);
        assert_eq!(
            got, expected,
            "naive perft at depth {depth}: file {expected}, naive {got}"
        );
    }
}

#[test]
#[ignore = "a few seconds in release; run with -- --ignored"]
fn every_depth_of_the_file_matches_both_implementations() {
    for (depth, expected) in perft_table() {
        assert_eq!(
            gamecore::perft(&Position::new(), depth),
            expected,
            "gamecore::perft depth {depth}"
        );
        assert_eq!(
            naive::perft(&NaiveBoard::new(), depth),
            expected,
            "naive perft depth {depth}"
        );
    }
}

#[test]
fn perft_agrees_with_the_naive_board_from_random_middle_games() {
    // Positions near the end of the board exercise full columns and wins at depth.
    for seed in 0..12 {
        let plies = 20 + 2 * seed as u32;
        let position = gamecore::testkit::random_position(&Position::new(), plies, 4000 + seed);
        let moves = moves_to(&position, 4000 + seed, plies);
        let board = NaiveBoard::from_moves(&moves).expect("legal moves");
        for depth in 0..=5 {
            assert_eq!(
                gamecore::perft(&position, depth),
                naive::perft(&board, depth),
                "from {moves:?} at depth {depth}"
            );
        }
    }
}

/// Replays the seeded random game of `gamecore::testkit::random_position`
/// to recover its move string.
fn moves_to(position: &Position, seed: u64, plies: u32) -> String {
    let mut replay = Position::new();
    let mut rng = gamecore::seeded_rng(seed);
    let mut moves = String::new();
    for _ in 0..plies {
        let Some(column) = gamecore::random_move(&replay, &mut rng) else {
            break;
        };
        replay.play_unchecked(column);
        moves.push_str(&column.to_string());
    }
    assert_eq!(&replay, position, "the replay reaches the same position");
    moves
}

/// OEIS A212693 (John Tromp): the number of distinct legal 7 × 6 positions
/// after n plies, n = 0..=9. <https://oeis.org/A212693>
const A212693: [usize; 10] = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186];

#[test]
fn distinct_positions_per_ply_match_oeis_a212693() {
    // Unlike perft this merges transpositions, and counts a won position but
    // does not continue from it.
    let mut level: Vec<Position> = vec![Position::new()];
    let mut moves = MoveList::new();
    for (ply, &expected) in A212693.iter().enumerate() {
        assert_eq!(
            level.len(),
            expected,
            "distinct positions after {ply} plies"
        );
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for position in &level {
            position.legal_moves(&mut moves);
            for &column in &moves {
                let child = position.after(column);
                if seen.insert(child.hash()) {
                    next.push(child);
                }
            }
        }
        level = next;
    }
}

#[test]
fn hashes_are_distinct_exactly_when_naive_boards_are() {
    // Every position to 7 plies, reached along every move sequence: equal
    // hashes must mean equal boards (the hash is perfect), and the reverse.
    let mut by_hash: std::collections::HashMap<u64, NaiveBoard> = Default::default();
    let mut boards = HashSet::new();
    fn walk(
        position: Position,
        board: NaiveBoard,
        depth: u32,
        by_hash: &mut std::collections::HashMap<u64, NaiveBoard>,
        boards: &mut HashSet<NaiveBoard>,
    ) {
        let known = by_hash
            .entry(position.hash())
            .or_insert_with(|| board.clone());
        assert_eq!(known, &board, "one hash for two boards:\n{position}");
        boards.insert(board.clone());
        if depth == 0 || board.is_over() {
            return;
        }
        for column in 0..naive::COLUMNS {
            if board.can_play(column) {
                let mut child = board.clone();
                child.play(column);
                walk(
                    position.after(connect4::Column::new(column)),
                    child,
                    depth - 1,
                    by_hash,
                    boards,
                );
            }
        }
    }
    walk(
        Position::new(),
        NaiveBoard::new(),
        7,
        &mut by_hash,
        &mut boards,
    );
    assert_eq!(by_hash.len(), boards.len());
    assert_eq!(boards.len(), A212693[..=7].iter().sum::<usize>());
}
