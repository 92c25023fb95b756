//! Spec §1, §3, §5 and §8 as tests, built from the notation.

use gamecore::{Agent, Budget, Game, MoveList, PlayError, Player};
use nim::{exact_agent, Pile, RedBlueNim, Version};

fn position(notation: &str) -> RedBlueNim {
    notation.parse().unwrap_or_else(|err| panic!("{err}"))
}

/// Plays `moves`, asserting that each is legal on the way.
fn play(notation: &str, moves: &[Pile]) -> RedBlueNim {
    let mut state = position(notation);
    for &pile in moves {
        state
            .play(pile)
            .unwrap_or_else(|err| panic!("{pile} at {state}: {err}"));
    }
    state
}

/// Checks the finished `state`: winner and final score `S`.
fn check_outcome(state: &RedBlueNim, winner: Player, score: i32) {
    assert!(state.is_over(), "{state} is not over");
    assert_eq!(state.winner(), Some(winner), "{state}");
    assert_eq!(state.final_score(), score, "{state}");
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.score(winner), score);
    assert_eq!(outcome.score(winner.other()), -score);
    assert_eq!(outcome.margin(winner), 2 * score);
}

#[test]
fn spec_1_zero_red_three_blue_on_the_computers_turn_loses_9_standard_wins_9_misere() {
    // The computer is the side to move ("first").
    let standard = position("r0 b3 standard first");
    assert_eq!(standard.score_to_move(), Some(-9));
    check_outcome(&standard, Player::Second, 9);
    let misere = position("r0 b3 misere first");
    assert_eq!(misere.score_to_move(), Some(9));
    check_outcome(&misere, Player::First, 9);
}

#[test]
fn spec_1_a_move_takes_exactly_one_marble_and_passes_the_turn() {
    let state = play("r4 b6 standard first", &[Pile::Red]);
    assert_eq!(state, position("r3 b6 standard second"));
    let state = play("r4 b6 misere second", &[Pile::Blue, Pile::Blue]);
    assert_eq!(state, position("r4 b4 misere second"));
}

#[test]
fn spec_1_both_moves_are_legal_until_a_pile_is_empty_then_none() {
    let mut moves = MoveList::new();
    for notation in [
        "r1 b1 standard first",
        "r1 b9 misere second",
        "r9 b1 standard second",
    ] {
        position(notation).legal_moves(&mut moves);
        assert_eq!(moves.len(), 2, "{notation}");
    }
    let mut over = position("r0 b2 standard first");
    over.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(over.play(Pile::Blue), Err(PlayError::GameOver));
}

#[test]
fn spec_1_emptying_a_pile_ends_the_game_with_2_per_red_and_3_per_blue() {
    // Standard: the player who empties a pile wins, the other is to move.
    let state = play("r1 b4 standard first", &[Pile::Red]);
    check_outcome(&state, Player::First, 12);
    let state = play("r5 b1 standard first", &[Pile::Blue]);
    check_outcome(&state, Player::First, 10);
    // Misère: the player to move at the empty pile wins.
    let state = play("r1 b4 misere first", &[Pile::Red]);
    check_outcome(&state, Player::Second, 12);
}

#[test]
fn spec_3_standard_searches_blue_then_red_and_misere_red_then_blue() {
    assert_eq!(Version::Standard.move_order(), [Pile::Blue, Pile::Red]);
    assert_eq!(Version::Misere.move_order(), [Pile::Red, Pile::Blue]);
    let mut moves = MoveList::new();
    position("r7 b7 standard first").legal_moves(&mut moves);
    assert_eq!(moves.as_slice(), [Pile::Blue, Pile::Red]);
    position("r7 b7 misere first").legal_moves(&mut moves);
    assert_eq!(moves.as_slice(), [Pile::Red, Pile::Blue]);
}

#[test]
fn spec_3_ties_go_to_the_first_move_in_the_order() {
    // Standard, 1 red 1 blue: taking red wins 3, taking blue wins 2: no tie,
    // red is played although blue comes first.
    let budget = Budget::unlimited();
    let mut agent = exact_agent();
    assert_eq!(
        agent.select_move(&position("r1 b1 standard first"), &budget),
        Ok(Pile::Red)
    );
    // Standard, 4 red 4 blue: both moves lose 4; blue comes first.
    assert_eq!(
        agent.select_move(&position("r4 b4 standard first"), &budget),
        Ok(Pile::Blue)
    );
    // Misère, 3 red 3 blue: both moves lose 2; red comes first.
    assert_eq!(
        agent.select_move(&position("r3 b3 misere first"), &budget),
        Ok(Pile::Red)
    );
    // Misère, 1 red 1 blue: red loses 3, blue loses 2, so blue although red is first.
    assert_eq!(
        agent.select_move(&position("r1 b1 misere second"), &budget),
        Ok(Pile::Blue)
    );
}

#[test]
fn spec_5_an_empty_pile_at_the_start_ends_the_game_at_once() {
    for (notation, winner, score) in [
        ("r0 b5 standard first", Player::Second, 15),
        ("r0 b5 misere first", Player::First, 15),
        ("r4 b0 standard second", Player::First, 8),
        ("r4 b0 misere second", Player::Second, 8),
    ] {
        let state = position(notation);
        check_outcome(&state, winner, score);
        let mut agent = exact_agent();
        assert!(agent.select_move(&state, &Budget::unlimited()).is_err());
    }
}

#[test]
fn spec_5_zero_and_zero_scores_0_and_the_winner_follows_the_rule() {
    check_outcome(&position("r0 b0 standard first"), Player::Second, 0);
    check_outcome(&position("r0 b0 misere first"), Player::First, 0);
    check_outcome(&position("r0 b0 standard second"), Player::First, 0);
}

#[test]
fn spec_8_the_key_is_a_perfect_index_of_the_position() {
    let a = position("r3 b4 standard first");
    assert_ne!(a.hash(), position("r4 b3 standard first").hash());
    assert_ne!(a.hash(), position("r3 b4 misere first").hash());
    assert_ne!(a.hash(), position("r3 b4 standard second").hash());
    assert_eq!(a.hash(), play("r4 b4 standard second", &[Pile::Red]).hash());
}
