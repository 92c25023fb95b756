//! Integration tests of the `minimax` adapters.
//!
//! - `conformance`: the adapter on Pebbles, a game with extra turns: forced
//!   passes, alternation, winners, keys, and exact results against our search;
//! - `agent`: `MinimaxAgent` plays legal moves and keeps won games won;
//! - `agreement`: at equal depth, on positions where no game end is reachable,
//!   `minimax`'s `Negamax` and `IterativeSearch` root values equal plain
//!   negamax's and our `Search`'s (Red-Blue Nim, which always alternates).

use gamecore::testkit::games::{CoarseHashEval, Pebbles, Take};
use gamecore::testkit::random_position;
use gamecore::{Game, MoveList, Player};
use minimax::{Game as _, Strategy, Winner};
use peer_minimax::{PeerEvaluator, PeerGame, PeerMove, PeerState};

/// Generates minimax's moves of `state` and its verdict.
fn peer_moves<G: Game>(state: &PeerState<G>) -> (Vec<PeerMove<G::Move>>, Option<Winner>) {
    let mut moves = Vec::new();
    let winner = PeerGame::<G>::generate_moves(state, &mut moves);
    (moves, winner)
}

mod conformance {
    use super::*;
    use gamecore::{seeded_rng, Evaluator};
    use minimax::Evaluator as _;
    use rand::Rng;

    /// Counts our move sequences of `depth` of our moves through the
    /// adapter, stepping over forced passes.
    fn perft_through_adapter(state: &PeerState<Pebbles>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let (moves, _) = peer_moves(state);
        moves
            .iter()
            .map(|&mv| match mv {
                PeerMove::Pass => perft_through_adapter(&state.after(mv), depth),
                PeerMove::Play(_) => perft_through_adapter(&state.after(mv), depth - 1),
            })
            .sum()
    }

    #[test]
    fn the_adapter_generates_exactly_our_moves_and_passes_after_extra_turns() {
        let mut rng = seeded_rng(7);
        let mut passes_seen = 0;
        for game in 0..200 {
            let mut ours = Pebbles::new(rng.gen_range(1..=30));
            let mut peer = PeerState::new(ours.clone());
            let mut our_moves = MoveList::new();
            loop {
                let (moves, winner) = peer_moves(&peer);
                assert_eq!(winner, PeerGame::<Pebbles>::get_winner(&peer));
                if let Some(outcome) = ours.outcome() {
                    assert!(moves.is_empty(), "game {game}: moves after the end");
                    let margin = outcome.margin(peer.to_move());
                    let expected = match margin {
                        m if m > 0 => Winner::PlayerToMove,
                        m if m < 0 => Winner::PlayerJustMoved,
                        _ => Winner::Draw,
                    };
                    assert_eq!(winner, Some(expected), "game {game}: {outcome}");
                    break;
                }
                assert_eq!(winner, None);
                if peer.pass_pending() {
                    assert_eq!(moves, vec![PeerMove::Pass], "game {game}");
                    assert_eq!(peer.to_move(), ours.side_to_move().other());
                    let after = peer.after(PeerMove::Pass);
                    assert_eq!(after.state(), &ours, "a pass changes nothing of ours");
                    assert_eq!(after.to_move(), ours.side_to_move());
                    assert!(!after.pass_pending());
                    assert_ne!(after.key(), peer.key(), "the pass flag is part of the key");
                    peer = after;
                    passes_seen += 1;
                    continue;
                }
                assert_eq!(peer.to_move(), ours.side_to_move());
                ours.legal_moves(&mut our_moves);
                let expected: Vec<_> = our_moves.iter().map(|&mv| PeerMove::Play(mv)).collect();
                assert_eq!(moves, expected, "game {game}");
                let Take(n) = our_moves[rng.gen_range(0..our_moves.len())];
                let mover = ours.side_to_move();
                ours.play_unchecked(Take(n));
                let after = peer.after(PeerMove::Play(Take(n)));
                assert_eq!(after.state(), &ours);
                assert_eq!(
                    after.to_move(),
                    mover.other(),
                    "minimax's view always alternates"
                );
                let extra_turn = ours.outcome().is_none() && ours.side_to_move() == mover;
                assert_eq!(after.pass_pending(), extra_turn, "game {game}");
                if !after.pass_pending() && after.outcome().is_none() {
                    assert_eq!(after.key(), PeerState::new(ours.clone()).key());
                }
                peer = after;
            }
        }
        assert!(passes_seen > 100, "Pebbles should give many extra turns");
    }

    #[test]
    fn equal_states_have_equal_keys_and_the_root_has_no_pass() {
        let state = random_position(&Pebbles::new(20), 5, 3);
        let a = PeerState::new(state.clone());
        let b = PeerState::from(state.clone());
        assert_eq!(a.key(), b.key());
        assert_eq!(PeerGame::<Pebbles>::zobrist_hash(&a), a.key());
        assert!(!a.pass_pending());
        assert_eq!(a.to_move(), state.side_to_move());
        assert_eq!(a.into_state(), state);
    }

    #[test]
    fn moves_that_do_not_fit_leave_the_state_unchanged() {
        let start = PeerState::new(Pebbles::new(9));
        assert_eq!(start.after(PeerMove::Pass), start);
        let pending = start.after(PeerMove::Play(Take(2)));
        assert!(pending.pass_pending());
        assert_eq!(pending.after(PeerMove::Play(Take(1))), pending);
        let over = PeerState::new(Pebbles::new(0));
        assert!(over.outcome().is_some());
        assert_eq!(over.after(PeerMove::Play(Take(1))), over);
    }

    #[test]
    fn move_counts_through_the_adapter_equal_perft() {
        for pile in [1, 2, 5, 9, 13] {
            for depth in 0..=6 {
                let state = Pebbles::new(pile);
                assert_eq!(
                    perft_through_adapter(&PeerState::new(state.clone()), depth),
                    gamecore::perft(&state, depth),
                    "pile {pile} depth {depth}"
                );
            }
        }
    }

    #[test]
    fn the_evaluation_is_negated_while_a_pass_is_pending() {
        let evaluator = CoarseHashEval { levels: 1000 };
        let peer_eval = PeerEvaluator::<Pebbles, _>::new(evaluator);
        let mut checked = 0;
        for seed in 0..50 {
            let state = random_position(&Pebbles::new(40), 6, seed);
            let mut peer = PeerState::new(state.clone());
            assert_eq!(
                i32::from(peer_eval.evaluate(&peer)),
                evaluator.evaluate(&state)
            );
            peer = peer.after(PeerMove::Play(Take(2)));
            if peer.pass_pending() {
                assert_eq!(
                    i32::from(peer_eval.evaluate(&peer)),
                    -evaluator.evaluate(peer.state())
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 50);
    }

    /// Searched to the end, minimax's win/draw/loss agrees with the sign of
    /// the margin our exact search proves, extra turns and all.
    #[test]
    fn solved_pebbles_agrees_in_sign_with_our_exact_search() {
        let evaluator = CoarseHashEval { levels: 8 };
        let mut positions: Vec<Pebbles> = (1..=14).map(Pebbles::new).collect();
        positions.extend((0..30).map(|seed| random_position(&Pebbles::new(18), 3, seed)));
        for state in positions {
            if state.outcome().is_some() {
                continue;
            }
            let mut ours = search::Search::new(evaluator, search::SearchOptions::default());
            let result = ours.search(&state, &search::SearchLimits::exhaustive());
            let margin = result.proven_margin().expect("small game is solved");
            let depth = (2 * state.max_remaining_plies()).min(255) as u8;
            let mut negamax = minimax::Negamax::new(PeerEvaluator::new(evaluator), depth);
            let chosen = negamax.choose_move(&PeerState::new(state.clone()));
            assert!(matches!(chosen, Some(PeerMove::Play(_))));
            let expected = match margin.signum() {
                1 => minimax::BEST_EVAL,
                -1 => minimax::WORST_EVAL,
                _ => 0,
            };
            assert_eq!(negamax.root_value(), expected, "{state:?} margin {margin}");
        }
    }
}

mod agent {
    use super::*;
    use gamecore::{Agent, AgentError, Budget};
    use peer_minimax::{explored_nodes, MinimaxAgent};
    use std::time::Duration;

    #[test]
    fn the_agent_plays_legal_moves_with_a_depth_or_a_deadline() {
        let evaluator = CoarseHashEval { levels: 16 };
        let mut by_depth = MinimaxAgent::new(evaluator, Some(5));
        let mut by_time = MinimaxAgent::new(evaluator, None);
        assert_eq!(Agent::<Pebbles>::name(&by_depth), "minimax-0.6");
        for seed in 0..40 {
            let state = random_position(&Pebbles::new(45), seed as u32 % 20, seed);
            if state.outcome().is_some() {
                continue;
            }
            let mv = by_depth.select_move(&state, &Budget::unlimited()).unwrap();
            assert!(state.is_legal(mv), "{state:?}: {mv}");
            let budget = Budget::new(Duration::from_millis(5), Duration::from_millis(10));
            let mv = by_time.select_move(&state, &budget).unwrap();
            assert!(state.is_legal(mv), "{state:?}: {mv}");
        }
        let stats = by_depth.last_stats().expect("searched");
        assert!(
            explored_nodes(&stats).is_some_and(|nodes| nodes > 0),
            "{stats}"
        );
        by_depth.new_game();
        assert!(by_depth.last_stats().is_none());
    }

    #[test]
    fn the_agent_plays_red_blue_nim() {
        let mut agent = MinimaxAgent::new(nim::NimEval, Some(8));
        let mut state = nim::RedBlueNim::new(7, 9, nim::Version::Standard);
        while state.outcome().is_none() {
            let mv = agent.select_move(&state, &Budget::unlimited()).unwrap();
            assert!(state.is_legal(mv));
            state.play_unchecked(mv);
        }
        assert_eq!(
            agent.select_move(&state, &Budget::unlimited()),
            Err(AgentError::GameOver)
        );
    }

    /// With no limit the agent searches to the end, so it never throws away
    /// a won Pebbles game.
    #[test]
    fn the_unlimited_agent_keeps_won_pebbles_games_won() {
        let evaluator = CoarseHashEval { levels: 8 };
        let mut agent = MinimaxAgent::new(evaluator, None);
        let mut exact = search::Search::new(evaluator, search::SearchOptions::default());
        let mut checked = 0;
        for pile in 3..=16 {
            let state = Pebbles::new(pile);
            let before = exact
                .search(&state, &search::SearchLimits::exhaustive())
                .proven_margin()
                .expect("solved");
            if before <= 0 {
                continue;
            }
            let mover = state.side_to_move();
            let mv = agent.select_move(&state, &Budget::unlimited()).unwrap();
            let mut after = state.clone();
            after.play_unchecked(mv);
            let margin_for_mover = match after.outcome() {
                Some(outcome) => outcome.margin(mover),
                None => {
                    let value = exact
                        .search(&after, &search::SearchLimits::exhaustive())
                        .proven_margin()
                        .expect("solved");
                    if after.side_to_move() == mover {
                        value
                    } else {
                        -value
                    }
                }
            };
            assert!(margin_for_mover > 0, "pile {pile}: {mv} gives up the win");
            checked += 1;
        }
        assert!(checked > 3);
    }

    #[test]
    fn a_finished_game_is_refused() {
        let mut agent = MinimaxAgent::new(CoarseHashEval { levels: 4 }, Some(3));
        let over = Pebbles::new(0);
        assert_eq!(
            agent.select_move(&over, &Budget::unlimited()),
            Err(AgentError::GameOver)
        );
        assert_eq!(Player::First, over.side_to_move());
    }
}

mod agreement {
    use super::*;
    use minimax::{IterativeOptions, IterativeSearch, Strategy};
    use nim::{NimEval, RedBlueNim, Version};
    use proptest::prelude::*;
    use search::{Search, SearchLimits, SearchOptions};

    /// Returns (minimax Negamax, minimax IterativeSearch, plain negamax,
    /// our Search) root values of `state` at `depth`.
    fn root_values<E: gamecore::Evaluator<RedBlueNim>>(
        state: &RedBlueNim,
        evaluator: E,
        depth: u8,
    ) -> [i32; 4] {
        let root = PeerState::new(*state);
        let mut negamax = minimax::Negamax::new(PeerEvaluator::new(evaluator.clone()), depth);
        negamax.choose_move(&root).expect("live position");
        let mut iterative = IterativeSearch::new(
            PeerEvaluator::new(evaluator.clone()),
            IterativeOptions::default(),
        );
        iterative.set_max_depth(depth);
        iterative.choose_move(&root).expect("live position");
        let reference = search::reference::negamax(state, &evaluator, u32::from(depth), true);
        let ours = Search::new(evaluator, SearchOptions::default())
            .search(state, &SearchLimits::depth(u32::from(depth)));
        [
            i32::from(negamax.root_value()),
            i32::from(iterative.root_value()),
            reference.raw(),
            ours.value.raw(),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn root_values_agree_where_no_end_is_reachable(
            depth in 1u8..=9,
            extra_red in 1u16..40,
            extra_blue in 1u16..40,
            levels in 2u32..200,
            misere in any::<bool>(),
            second in any::<bool>(),
        ) {
            let version = if misere { Version::Misere } else { Version::Standard };
            let side = if second { Player::Second } else { Player::First };
            // Both piles outlast the depth, so no line reaches the end.
            let state = RedBlueNim::new(u16::from(depth) + extra_red, u16::from(depth) + extra_blue, version)
                .with_side_to_move(side);
            let values = root_values(&state, CoarseHashEval { levels }, depth);
            prop_assert!(values.iter().all(|&v| v == values[0]), "{state}: {values:?}");
            let values = root_values(&state, NimEval, depth);
            prop_assert!(values.iter().all(|&v| v == values[0]), "{state}: {values:?}");
        }
    }

    #[test]
    fn large_piles_agree_at_depth_sixteen() {
        let state = RedBlueNim::new(300, 401, Version::Standard);
        let values = root_values(&state, CoarseHashEval { levels: 1001 }, 16);
        assert!(values.iter().all(|&v| v == values[0]), "{values:?}");
    }
}
