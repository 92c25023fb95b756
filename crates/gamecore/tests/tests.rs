//! Integration tests of the kit itself on its own small games.

use gamecore::testkit::games::{Pebbles, Take};
use gamecore::testkit::{check_random_games, check_state};
use gamecore::{perft, random_opening, seeded_rng, Game, PlayError, Player};

#[test]
fn pebbles_passes_the_conformance_kit() {
    for pile in [0, 1, 2, 5, 17, 40] {
        check_random_games(&Pebbles::new(pile), 50, u64::from(pile));
    }
}

#[test]
fn taking_two_keeps_the_turn() {
    let mut game = Pebbles::new(10);
    game.play(Take(2)).unwrap();
    assert_eq!(game.side_to_move(), Player::First);
    game.play(Take(1)).unwrap();
    assert_eq!(game.side_to_move(), Player::Second);
}

#[test]
fn finished_game_refuses_moves() {
    let mut game = Pebbles::new(1);
    game.play(Take(1)).unwrap();
    assert_eq!(game.outcome().unwrap().scores(), [4, 0]);
    assert_eq!(game.play(Take(1)), Err(PlayError::GameOver));
    assert!(check_state(&game, &[Take(1)]).is_ok());
}

#[test]
fn illegal_move_is_refused_and_state_unchanged() {
    let mut game = Pebbles::new(2);
    assert_eq!(game.play(Take(3)), Err(PlayError::IllegalMove(Take(3))));
    assert_eq!(game.pile(), 2);
}

#[test]
fn perft_counts_compositions() {
    // Sequences of exactly 3 takes from a big pile: 3^3.
    assert_eq!(perft(&Pebbles::new(30), 3), 27);
    // From 3 pebbles, sequences of 2 moves: (1,1),(1,2),(2,1) = 3.
    assert_eq!(perft(&Pebbles::new(3), 2), 3);
}

#[test]
fn random_openings_play_the_plies_or_fall_back_to_the_start() {
    let mut rng = seeded_rng(7);
    // Each take removes 1 to 3 pebbles: 4 plies from 40 leave 28 to 36.
    for _ in 0..20 {
        let opening = random_opening(&Pebbles::new(40), &mut rng, 4);
        assert!((28..=36).contains(&opening.pile()), "{opening:?}");
    }
    // 10 plies always end a game of 3 pebbles: the start itself.
    for _ in 0..20 {
        assert_eq!(
            random_opening(&Pebbles::new(3), &mut rng, 10),
            Pebbles::new(3)
        );
    }
}

#[test]
#[should_panic(expected = "incremental hash")]
fn the_kit_catches_a_stale_hash() {
    #[derive(Clone, Debug)]
    struct Stale(Pebbles, u64);
    impl Game for Stale {
        type Move = Take;
        fn side_to_move(&self) -> Player {
            self.0.side_to_move()
        }
        fn legal_moves(&self, moves: &mut gamecore::MoveList<Take>) {
            self.0.legal_moves(moves)
        }
        fn play_unchecked(&mut self, mv: Take) {
            self.0.play_unchecked(mv) // forgets to update self.1
        }
        fn outcome(&self) -> Option<gamecore::Outcome> {
            self.0.outcome()
        }
        fn hash(&self) -> u64 {
            self.1
        }
        fn recompute_hash(&self) -> u64 {
            self.0.hash()
        }
        fn score_bounds(&self) -> (i32, i32) {
            self.0.score_bounds()
        }
        fn max_remaining_plies(&self) -> u32 {
            self.0.max_remaining_plies()
        }
        fn parse_move(&self, text: &str) -> Result<Take, gamecore::ParseMoveError> {
            self.0.parse_move(text)
        }
        fn move_index(&self, mv: Take) -> usize {
            self.0.move_index(mv)
        }
        fn move_index_bound(&self) -> usize {
            4
        }
    }
    let start = Pebbles::new(9);
    let hash = start.hash();
    check_random_games(&Stale(start, hash), 1, 3);
}
