//! The MCTS/UCT baseline's tree restriction (spec §9.2) and play, and the
//! engine's node budgets.

use gamecore::{Agent, Budget, Evaluator, MoveList};
use meichu::{
    Engine, EngineConfig, GreedyAgent, Move, Position, UctAgent, UctConfig, UctLeaf, UctPolicy,
};

fn pos(text: &str) -> Position {
    Position::from_notation(text).expect("test positions are valid")
}

fn mv(text: &str) -> Move {
    Move::parse(text).expect("test moves are well formed")
}

fn candidates(position: &Position) -> Vec<Move> {
    let mut moves = MoveList::new();
    position.generate_moves(&mut moves);
    UctPolicy::default().select_candidates(position, &mut moves);
    moves.to_vec()
}

/// Black's soldier on (7,4) shields its flag from the White soldier on (5,4).
const SHIELD: &str =
    "s...f..../........./........./........./........./....s..../........./....S..../S...F.... 100 100 b";

#[test]
fn the_tree_keeps_captures_and_drops_quiet_moves_that_open_the_flag() {
    let position = pos(SHIELD);
    let kept = candidates(&position);
    assert!(kept.contains(&mv("7 4 5 4")), "the capture is kept");
    assert!(
        !kept.contains(&mv("7 4 7 3")),
        "stepping aside opens the flag"
    );
    assert!(!UctPolicy::is_safe(&position, mv("7 4 7 3")));
    // On (6,4) the soldier still shields, but (5,4) attacks it and nothing defends it.
    assert!(!UctPolicy::is_safe(&position, mv("7 4 6 4")));
    assert!(
        UctPolicy::is_safe(&position, mv("8 0 8 1")),
        "an unattacked square"
    );
    assert!(kept.contains(&mv("8 0 8 1")));
    for &m in &kept {
        assert!(position.check_move(m).is_ok(), "{m} is legal");
    }
    let mut all = MoveList::new();
    position.generate_moves(&mut all);
    assert!(kept.len() < all.len());
}

#[test]
fn the_tree_keeps_only_the_flag_when_it_can_be_taken() {
    let position = pos(
        "s...f..../....S..../........./........./........./........./........./........./S...F.... 100 100 b",
    );
    assert_eq!(candidates(&position), vec![mv("1 4 0 4")]);
}

#[test]
fn a_soldier_attacked_by_more_than_defend_it_is_not_a_quiet_candidate() {
    // (4,3) would be attacked by the White soldiers on (0,3) and (4,0) and
    // defended by nobody; (6,3) by the one on (0,3); (7,2) by none.
    let position = pos(
        "...sf..../........./........./........./s......../........./........./...S...../S...F.... 100 100 b",
    );
    assert!(!UctPolicy::is_safe(&position, mv("7 3 4 3")));
    assert!(!UctPolicy::is_safe(&position, mv("7 3 6 3")));
    assert!(UctPolicy::is_safe(&position, mv("7 3 7 2")));
}

fn play(black: &mut dyn Agent<Position>, white: &mut dyn Agent<Position>) -> Vec<Move> {
    let mut position = Position::start();
    let mut moves = Vec::new();
    while !position.is_over() {
        let agent: &mut dyn Agent<Position> = if position.side_to_move() == meichu::Color::Black {
            black
        } else {
            white
        };
        let m = agent
            .select_move(&position, &Budget::unlimited())
            .expect("a live position has a move");
        position.play_checked(m).expect("agents play legal moves");
        moves.push(m);
    }
    moves
}

#[test]
fn the_uct_baseline_plays_whole_legal_games_the_same_for_a_seed() {
    for leaf in [UctLeaf::Playout, UctLeaf::Eval] {
        let config = UctConfig {
            iterations: Some(300),
            leaf,
            seed: 7,
            ..UctConfig::default()
        };
        let first = play(&mut UctAgent::new(config), &mut GreedyAgent::new(3));
        let again = play(&mut UctAgent::new(config), &mut GreedyAgent::new(3));
        assert!(!first.is_empty());
        assert_eq!(first, again, "{leaf:?}: same seed, same game");
    }
}

#[test]
fn a_node_budget_bounds_the_search_and_replays_the_same_game() {
    let config = EngineConfig::default()
        .with_tt_mib(4)
        .with_move_nodes(Some(20_000));
    let mut engine = Engine::new(config);
    let mut position = Position::start();
    let mut moves = Vec::new();
    for _ in 0..6 {
        let m = engine.think(&position).unwrap();
        if let Some(result) = engine.last_result() {
            assert!(
                result.stats.nodes <= 20_000 + 64,
                "{} nodes searched",
                result.stats.nodes
            );
        }
        position.play_checked(m).unwrap();
        moves.push(m);
    }
    let mut again = Engine::new(config);
    let mut position = Position::start();
    for &m in &moves {
        assert_eq!(again.think(&position).unwrap(), m);
        position.play_checked(m).unwrap();
    }
}
