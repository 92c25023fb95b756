//! The rules pinned to the controller's semantics (spec §2), the ports'
//! documented behaviour (§5), the schedule, the JSON notation, and the
//! conformance kit.

use gamecore::{Game, MoveList, Player};
use tokens::bots::{
    Bot, HungryBot, LazyBot, MirrorBot, NaiveAi, OneTarget, PathBot, QuantityPlayer,
};
use tokens::tournament::{fair_pairs, play_game, play_kinds, play_round, Totals};
use tokens::{Action, Board, BotKind, Color, Effect, MarginEval, Planner, Token};

const R: Color = Color::Red;
const G: Color = Color::Green;

fn board(n: usize, spawn: (usize, usize), tokens: &[(usize, usize, Color, u8)]) -> Board {
    let mut b = Board::empty(n, spawn).unwrap();
    for &(x, y, c, p) in tokens {
        b.place(x, y, Token::new(c, p)).unwrap();
    }
    b
}

mod rules {
    use super::*;

    #[test]
    fn streak_red_red_red_green_green_scores_nine() {
        // Player 1 eats five 1-point tokens placed on its path; player 2 passes.
        let mut b = board(
            6,
            (0, 0),
            &[
                (0, 0, R, 1),
                (1, 0, R, 1),
                (2, 0, R, 1),
                (3, 0, G, 1),
                (4, 0, G, 1),
                (5, 5, G, 1),
            ],
        );
        for i in 0..5 {
            if i > 0 {
                b.step(Action::Right);
                b.step(Action::Pass);
            }
            assert!(matches!(b.step(Action::Eat), Effect::Ate(..)));
            b.step(Action::Pass);
        }
        let p = b.player(Player::First);
        assert_eq!(p.score, 9); // 1 + (1+1) + (1+2) + 1 + (1+1)
        assert_eq!(p.color_bonus, 1);
        assert_eq!(p.last_color, Some(G));
    }

    #[test]
    fn both_on_one_token_the_first_to_act_gets_it() {
        let mut b = board(5, (2, 2), &[(2, 2, R, 3), (0, 0, G, 1)]);
        assert!(matches!(b.step(Action::Eat), Effect::Ate(_, 3)));
        assert_eq!(b.step(Action::Eat), Effect::Nothing);
        assert_eq!(b.scores(), [3, 0]);
        // And as player 2 when player 1 does not eat.
        let mut b = board(5, (2, 2), &[(2, 2, R, 3), (0, 0, G, 1)]);
        b.step(Action::Pass);
        assert!(matches!(b.step(Action::Eat), Effect::Ate(_, 3)));
        assert_eq!(b.scores(), [0, 3]);
    }

    #[test]
    fn n5_with_both_passing_ends_after_21_plies() {
        let mut b = board(5, (0, 0), &[(4, 4, R, 1)]);
        let mut plies = 0;
        while !b.is_over() {
            b.step(Action::Pass);
            plies += 1;
        }
        assert_eq!(plies, 21);
        assert_eq!(b.stall(), 21);
        assert_eq!(b.token_count(), 1);
        // Player 1 acted 11 times, player 2 10 times: player 2 would act next.
        assert_eq!(b.to_move(), Player::Second);
    }

    #[test]
    fn right_down_down_eat_from_origin_eats_tokens_1_2() {
        let mut b = board(5, (0, 0), &[(1, 2, G, 2), (2, 1, R, 3), (4, 4, R, 1)]);
        for action in [Action::Right, Action::Down, Action::Down, Action::Eat] {
            b.step(action);
            b.step(Action::Pass);
        }
        assert_eq!(b.token(1, 2), None);
        assert_eq!(b.token(2, 1), Some(Token::new(R, 3)));
        assert_eq!(b.player(Player::First).score, 2);
        assert_eq!(b.player(Player::First).pos(), (1, 2));
    }

    #[test]
    fn up_decreases_y_and_edges_do_not_wrap() {
        let mut b = board(5, (0, 0), &[(4, 4, R, 1)]);
        assert_eq!(b.act(Player::First, Action::Up), Effect::Nothing);
        assert_eq!(b.act(Player::First, Action::Left), Effect::Nothing);
        assert_eq!(b.act(Player::First, Action::Down), Effect::Moved);
        assert_eq!(b.player(Player::First).pos(), (0, 1));
        assert_eq!(b.act(Player::First, Action::Up), Effect::Moved);
        assert_eq!(b.player(Player::First).pos(), (0, 0));
        // Player 2 did not move: players are independent.
        assert_eq!(b.player(Player::Second).pos(), (0, 0));
    }

    #[test]
    fn only_eating_a_different_colour_breaks_a_streak() {
        let mut b = board(5, (0, 0), &[(0, 0, R, 1), (1, 0, R, 1), (4, 4, G, 1)]);
        b.act(Player::First, Action::Eat);
        // Moving, passing, failed eats and the opponent's actions keep the run.
        b.act(Player::First, Action::Eat);
        b.act(Player::First, Action::Pass);
        b.act(Player::Second, Action::Right);
        b.act(Player::Second, Action::Eat);
        b.act(Player::First, Action::Right);
        // Player 2 took the red token on (1, 0): player 1's run waits.
        assert_eq!(b.player(Player::Second).score, 1);
        assert_eq!(b.act(Player::First, Action::Eat), Effect::Nothing);
        assert_eq!(b.player(Player::First).last_color, Some(R));
    }

    #[test]
    fn stall_counter_counts_plies_and_resets_on_eating() {
        let mut b = board(5, (0, 0), &[(0, 0, R, 1), (4, 4, R, 1), (3, 3, G, 1)]);
        b.step(Action::Pass);
        b.step(Action::Pass);
        assert_eq!(b.stall(), 2);
        b.step(Action::Eat);
        assert_eq!(b.stall(), 0);
        // A failed eat counts as a non-eating ply.
        b.step(Action::Eat);
        assert_eq!(b.stall(), 1);
        for _ in 0..20 {
            b.step(Action::Pass);
        }
        assert!(b.is_over());
        assert_eq!(b.plies(), 24);
    }

    #[test]
    fn last_token_ends_the_game_after_one_idle_tick() {
        let mut b = board(5, (1, 1), &[(1, 1, G, 2)]);
        b.step(Action::Eat);
        assert!(b.is_over());
        assert_eq!(b.plies(), 1);
        // The controller spends one more tick, in which nobody acts.
        assert_eq!(b.controller_ticks(), 2);
        assert_eq!(b.outcome().unwrap().scores(), [2, 0]);
    }

    #[test]
    fn answers_are_read_like_the_controller() {
        assert_eq!(Action::from_controller("UP"), Action::Up);
        assert_eq!(Action::from_controller("up"), Action::Pass);
        assert_eq!(Action::from_controller("JUMP"), Action::Pass);
        assert_eq!(Action::from_controller(""), Action::Pass);
    }

    #[test]
    fn generator_follows_the_controller_distribution() {
        let mut rng = gamecore::seeded_rng(5);
        let mut sizes = [0u32; 16];
        let mut on_spawn = 0;
        for _ in 0..3000 {
            let b = Board::random(&mut rng);
            let n = b.size();
            sizes[n] += 1;
            assert!((5..=15).contains(&n));
            assert!(b.token_count() >= 1 && b.token_count() <= 2 * n);
            assert_eq!(
                b.player(Player::First).pos(),
                b.player(Player::Second).pos()
            );
            for (_, _, t) in b.tokens() {
                assert!((1..=3).contains(&t.points));
            }
            let (x, y) = b.player(Player::First).pos();
            on_spawn += u32::from(b.token(x, y).is_some());
        }
        // Every size appears, roughly uniformly (3000 / 11 ≈ 273 each).
        for (n, &count) in sizes.iter().enumerate().skip(5) {
            assert!((180..380).contains(&count), "size {n}: {count}");
        }
        // A token can sit on the spawn cell.
        assert!(on_spawn > 0);
    }

    proptest::proptest! {
        /// The token lists read off the occupancy bit sets equal a plain
        /// scan of every cell, column by column (`tokens`) and row by row
        /// (`tokens_by_row`), after any sequence of placings, clearings
        /// and eats, on every side.
        #[test]
        fn token_lists_equal_a_scan_of_every_cell(
            n in 1usize..=15,
            edits in proptest::collection::vec((0usize..15, 0usize..15, 0u8..4, 1u8..=3), 0..60),
        ) {
            let mut b = Board::empty(n, (0, 0)).unwrap();
            for (x, y, what, points) in edits {
                let (x, y) = (x % n, y % n);
                match what {
                    0 => b.clear(x, y).unwrap(),
                    1 => {
                        // The side to move walks there and eats.
                        let who = b.to_move();
                        let mut walker = *b.player(who);
                        walker.x = x as u8;
                        walker.y = y as u8;
                        b.set_player(who, walker).unwrap();
                        b.step(Action::Eat);
                    }
                    c => b.place(x, y, Token::new([R, G, Color::Blue][usize::from(c) - 1], points)).unwrap(),
                }
            }
            let by_column: Vec<_> = (0..n)
                .flat_map(|x| (0..n).map(move |y| (x, y)))
                .filter_map(|(x, y)| b.token(x, y).map(|t| (x, y, t)))
                .collect();
            let by_row: Vec<_> = (0..n)
                .flat_map(|y| (0..n).map(move |x| (x, y)))
                .filter_map(|(x, y)| b.token(x, y).map(|t| (x, y, t)))
                .collect();
            proptest::prop_assert_eq!(b.tokens().collect::<Vec<_>>(), by_column);
            proptest::prop_assert_eq!(b.tokens_by_row().collect::<Vec<_>>(), by_row);
            proptest::prop_assert_eq!(b.token_count(), b.tokens().count());
            proptest::prop_assert_eq!(b.hash(), b.recompute_hash());
        }
    }

    #[test]
    fn conformance_kit_on_random_boards() {
        for seed in 0..6 {
            let start = tokens::board_for_seed(seed);
            gamecore::testkit::check_random_games(&start, 4, seed);
        }
        // A tiny board where random play often eats everything.
        let start = board(2, (0, 0), &[(0, 0, R, 1), (1, 1, G, 2), (0, 1, R, 3)]);
        gamecore::testkit::check_random_games(&start, 30, 9);
    }

    #[test]
    fn legal_moves_are_all_six_actions_until_the_end() {
        let b = board(5, (0, 0), &[(1, 1, R, 1)]);
        let mut moves = MoveList::new();
        b.legal_moves(&mut moves);
        assert_eq!(moves.len(), 6);
        let over = board(5, (0, 0), &[]);
        assert!(over.is_over());
        over.legal_moves(&mut moves);
        assert!(moves.is_empty());
    }

    #[test]
    fn generic_search_agrees_with_negamax() {
        let options = [search::SearchOptions::new(), search::SearchOptions::plain()];
        for seed in 0..4 {
            let start = board(
                3,
                (1, 1),
                &[(0, 0, R, 1), (2, 2, R, 2), (1, 1, G, 3), (2, 0, G, 1)],
            );
            let state = gamecore::testkit::random_position(&start, seed as u32, seed);
            search::testkit::check_agrees_with_negamax(&state, &MarginEval, 4, &options)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }

    #[test]
    fn generic_search_agrees_with_negamax_under_every_policy_hook() {
        let eval = search::testkit::HookedEval::new(MarginEval);
        let options = search::testkit::option_matrix();
        for seed in 0..2 {
            let start = board(
                3,
                (1, 1),
                &[(0, 0, R, 1), (2, 2, R, 2), (1, 1, G, 3), (2, 0, G, 1)],
            );
            let state = gamecore::testkit::random_position(&start, seed as u32, seed);
            search::testkit::check_agrees_with_negamax(&state, &eval, 2, &options)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
}

mod notation {
    use super::*;
    use tokens::json::{board_from_json, to_controller_json, JsonError};

    #[test]
    fn controller_json_round_trips() {
        for seed in 0..20 {
            let mut b = tokens::board_for_seed(seed);
            for action in [Action::Eat, Action::Right, Action::Down, Action::Eat] {
                b.step(action);
            }
            let text = to_controller_json(&b);
            let back = board_from_json(&text, b.to_move()).unwrap();
            assert_eq!(to_controller_json(&back), text);
            assert_eq!(back.scores(), b.scores());
            assert_eq!(back.token_count(), b.token_count());
        }
    }

    #[test]
    fn bad_boards_are_refused_not_panicked_on() {
        for text in [
            "",
            "[]",
            "{}",
            r#"{"tokens":[]}"#,
            r#"{"tokens":[[false]]}"#,
            r#"{"tokens":[[false,false],[false]],"player1":{},"player2":{}}"#,
            r##"{"player1":{"pos":[9,0],"score":0,"colorBonus":0,"lastColor":"#000000"},"player2":{"pos":[0,0],"score":0,"colorBonus":0,"lastColor":"#000000"},"tokens":[[false]]}"##,
            r##"{"player1":{"pos":[0,0],"score":0,"colorBonus":0,"lastColor":"#123456"},"player2":{"pos":[0,0],"score":0,"colorBonus":0,"lastColor":"#000000"},"tokens":[[false]]}"##,
            r##"{"player1":{"pos":[0,0],"score":0,"colorBonus":0,"lastColor":"#000000"},"player2":{"pos":[0,0],"score":0,"colorBonus":0,"lastColor":"#000000"},"tokens":[[{"color":"#FF0000","points":1e9}]]}"##,
        ] {
            assert!(
                matches!(
                    board_from_json(text, Player::First),
                    Err(JsonError::Malformed(_))
                ),
                "{text}"
            );
        }
        let big: Vec<String> = (0..20)
            .map(|_| format!("[{}]", vec!["false"; 20].join(",")))
            .collect();
        let player = r##"{"pos":[0,0],"score":0,"colorBonus":0,"lastColor":"#000000"}"##;
        let text = format!(
            r#"{{"player1":{player},"player2":{player},"tokens":[{}]}}"#,
            big.join(",")
        );
        assert_eq!(
            board_from_json(&text, Player::First),
            Err(JsonError::TooLarge(20))
        );
    }
}

mod ports {
    use super::*;

    fn act(bot: &mut dyn Bot, b: &Board) -> Action {
        bot.act(b).unwrap()
    }

    #[test]
    fn naive_takes_the_nearest_ring_and_the_best_value_on_it() {
        // Ring 1 holds a 1 and a 3; the 5-pointer on ring 2 is ignored.
        let b = board(6, (2, 2), &[(2, 3, R, 1), (1, 2, G, 3), (4, 2, R, 3)]);
        assert_eq!(act(&mut NaiveAi::new(Player::First), &b), Action::Left);
        // Streak value: the red 1 is worth 1 + bonus 0 + 1 = 2 after red, still below 3.
        let mut b2 = b.clone();
        let mut me = *b2.player(Player::First);
        me.last_color = Some(R);
        me.color_bonus = 2;
        b2.set_player(Player::First, me).unwrap();
        assert_eq!(act(&mut NaiveAi::new(Player::First), &b2), Action::Down);
    }

    #[test]
    fn naive_breaks_ties_by_ring_order() {
        // (0,d) comes first in ring order: DOWN before RIGHT-side tokens.
        let b = board(5, (2, 2), &[(3, 2, R, 2), (2, 3, G, 2)]);
        assert_eq!(act(&mut NaiveAi::new(Player::First), &b), Action::Down);
    }

    #[test]
    fn hungry_steps_along_the_longer_axis() {
        let b = board(9, (4, 4), &[(6, 1, R, 3)]);
        // dx = 2, dy = -3: vertical first.
        assert_eq!(act(&mut HungryBot::new(Player::First, 1), &b), Action::Up);
        let b = board(9, (4, 4), &[(7, 1, R, 3)]);
        assert_eq!(
            act(&mut HungryBot::new(Player::First, 1), &b),
            Action::Right
        );
    }

    #[test]
    fn hungry_avoids_a_token_the_enemy_stands_on() {
        let mut b = board(9, (4, 4), &[(5, 4, R, 3), (2, 4, G, 1)]);
        let mut enemy = *b.player(Player::Second);
        enemy.x = 5;
        b.set_player(Player::Second, enemy).unwrap();
        assert_eq!(act(&mut HungryBot::new(Player::First, 1), &b), Action::Left);
    }

    #[test]
    fn path_bot_walks_on_to_an_eaten_target() {
        let mut b = board(7, (0, 0), &[(3, 0, R, 3), (0, 6, G, 1)]);
        let mut bot = PathBot::new(Player::Second);
        b.step(Action::Pass);
        assert_eq!(act(&mut bot, &b), Action::Right);
        // The target disappears (as if player 1 ate it): the bot keeps going.
        b.clear(3, 0).unwrap();
        b.step(Action::Pass);
        assert_eq!(act(&mut bot, &b), Action::Right);
    }

    #[test]
    fn one_target_ignores_streaks_and_tries_up_first() {
        let mut b = board(7, (3, 3), &[(1, 1, R, 2), (3, 5, G, 1)]);
        let mut me = *b.player(Player::First);
        me.last_color = Some(G);
        me.color_bonus = 5;
        b.set_player(Player::First, me).unwrap();
        // 2/5 > 1/3: the red token, reached UP first.
        assert_eq!(act(&mut OneTarget::new(Player::First), &b), Action::Up);
    }

    #[test]
    fn mirror_copies_horizontal_and_mirrors_vertical_steps() {
        let mut b = board(7, (3, 3), &[(0, 0, R, 1)]);
        let mut bot = MirrorBot::new(Player::Second);
        b.step(Action::Right);
        assert_eq!(act(&mut bot, &b), Action::Eat); // first call
        b.step(Action::Pass);
        b.step(Action::Right);
        assert_eq!(act(&mut bot, &b), Action::Right);
        b.step(Action::Pass);
        b.step(Action::Down);
        assert_eq!(act(&mut bot, &b), Action::Up);
        b.step(Action::Pass);
        b.step(Action::Pass);
        assert_eq!(act(&mut bot, &b), Action::Eat);
    }

    #[test]
    fn lazy_eats_and_quantity_fails() {
        let b = board(5, (0, 0), &[(0, 0, R, 1)]);
        assert_eq!(LazyBot::new().act(&b), Some(Action::Eat));
        assert_eq!(QuantityPlayer::new().act(&b), None);
        // A failing bot plays PASS and is counted.
        let mut q = QuantityPlayer::new();
        let mut l = LazyBot::new();
        let result = play_game(&b, [&mut q, &mut l], false);
        assert_eq!(result.scores, [0, 1]);
        assert_eq!(result.failures, [1, 0]);
    }

    #[test]
    fn every_bot_plays_a_whole_game_in_both_seats() {
        for (i, &a) in BotKind::ALL.iter().enumerate() {
            let b = BotKind::ALL[(i + 3) % BotKind::ALL.len()];
            let start = tokens::board_for_seed(i as u64);
            for kinds in [[a, b], [b, a]] {
                let result = play_kinds(&start, kinds, 7, true);
                assert_eq!(result.actions.len() as u32, result.plies);
            }
        }
    }
}

mod tournament {
    use super::*;

    #[test]
    fn fair_pairs_are_every_ordered_pair_in_controller_order() {
        assert_eq!(
            fair_pairs(3),
            vec![(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]
        );
        assert_eq!(fair_pairs(8).len(), 56);
    }

    #[test]
    fn totals_sum_points_over_both_seats() {
        let field = [BotKind::Hungry, BotKind::Lazy, BotKind::Naive];
        let totals = play_round(&field, 3, 0, || {});
        assert_eq!(totals.games, vec![4, 4, 4]);
        let board = tokens::board_for_seed(tokens::tournament::round_seed(3, 0));
        // Replaying the round's games one by one gives the same totals.
        let mut again = Totals::new(3);
        for (game, (i, j)) in fair_pairs(3).into_iter().enumerate() {
            let seed = gamecore::derive_seed(tokens::tournament::round_seed(3, 0), game as u64 + 1);
            again.add_game(i, j, play_kinds(&board, [field[i], field[j]], seed, false));
        }
        assert_eq!(again.points, totals.points);
        assert_eq!(again.head, totals.head);
        for i in 0..3 {
            assert_eq!(totals.points[i], totals.head[i].iter().sum::<i64>());
        }
    }

    #[test]
    fn bot_kinds_parse_from_names() {
        assert_eq!("HungryBot".parse::<BotKind>(), Ok(BotKind::Hungry));
        assert_eq!("PATH bot".parse::<BotKind>(), Ok(BotKind::Path));
        assert_eq!(
            "mirror-builtin".parse::<BotKind>(),
            Ok(BotKind::MirrorBuiltin)
        );
        assert!("nobody".parse::<BotKind>().is_err());
        for kind in BotKind::ALL {
            assert_eq!(kind.key().parse::<BotKind>(), Ok(kind));
        }
    }
}

mod planner {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn planner_outscores_hungry_bot_on_shared_boards() {
        // 6 boards, both seats: a quick check; the full tournament is in the docs.
        let (mut ours, mut theirs) = (0, 0);
        for seed in 0..6 {
            let start = tokens::board_for_seed(100 + seed);
            let a = play_kinds(&start, [BotKind::Planner, BotKind::Hungry], seed, false);
            let b = play_kinds(&start, [BotKind::Hungry, BotKind::Planner], seed, false);
            ours += a.scores[0] + b.scores[1];
            theirs += a.scores[1] + b.scores[0];
        }
        assert!(ours as f64 >= 1.3 * theirs as f64, "{ours} vs {theirs}");
    }

    #[test]
    fn planner_identifies_its_opponent() {
        let start = tokens::board_for_seed(42);
        for (kind, name) in [
            (BotKind::Path, "PATH bot"),
            (BotKind::Lazy, "LazyBot"),
            (BotKind::Naive, "NaiveAI"),
        ] {
            let mut ours = Planner::new(Player::First);
            let mut other = kind.create(Player::Second, 1);
            let mut b = start.clone();
            for _ in 0..20 {
                if b.is_over() {
                    break;
                }
                let action = if b.to_move() == Player::First {
                    ours.choose(&b)
                } else {
                    other.act(&b).unwrap_or(Action::Pass)
                };
                b.step(action);
            }
            assert_eq!(ours.model_name(), name);
        }
    }

    #[test]
    fn planner_searches_every_likely_racer_until_the_opponent_is_identified() {
        use tokens::PlannerConfig;
        let start = tokens::board_for_seed(42);
        let mut ours = Planner::new(Player::First);
        ours.choose(&start);
        assert_eq!(ours.stats().mixed_searches, 1, "no evidence yet");
        let single = PlannerConfig {
            mixture_floor: 2.0,
            ..PlannerConfig::default()
        };
        let mut alone = Planner::with_config(Player::First, single);
        alone.choose(&start);
        assert_eq!(alone.stats().mixed_searches, 0);

        // Against PATH bot the evidence soon singles its model out: the
        // searches after that use it alone.
        let mut other = BotKind::Path.create(Player::Second, 1);
        let mut b = start.clone();
        let mut identified = None;
        for ply in 0..200 {
            if b.is_over() {
                break;
            }
            if ply == 40 {
                assert_eq!(ours.model_name(), "PATH bot");
                identified = Some(ours.stats());
            }
            let action = if b.to_move() == Player::First {
                ours.choose(&b)
            } else {
                other.act(&b).unwrap_or(Action::Pass)
            };
            b.step(action);
        }
        let (then, now) = (identified.expect("a game of 40 plies"), ours.stats());
        assert!(then.mixed_searches >= 1, "{then:?}");
        assert!(now.searches > then.searches, "{now:?}");
        assert_eq!(now.mixed_searches, then.mixed_searches, "{now:?}");
    }

    #[test]
    fn planner_moves_are_fast_and_deterministic() {
        let start = tokens::board_for_seed(9);
        let a = play_kinds(&start, [BotKind::Planner, BotKind::Hungry], 1, true);
        let b = play_kinds(&start, [BotKind::Planner, BotKind::Hungry], 1, true);
        assert_eq!(a.actions, b.actions);
        let slowest = a.move_micros[0].iter().max().copied().unwrap_or(0);
        // The wall-clock cap is 80 ms; a test machine under load gets slack.
        assert!(slowest < 500_000, "slowest move {slowest} us");
    }

    #[test]
    fn planner_eats_what_it_stands_on_when_nothing_better_is_near() {
        let b = board(5, (2, 2), &[(2, 2, R, 3)]);
        let start = Instant::now();
        assert_eq!(Planner::new(Player::First).choose(&b), Action::Eat);
        assert!(start.elapsed() < Duration::from_secs(1));
    }

    /// A clock that advances one millisecond at every reading: time runs
    /// out after a known number of checks, whatever the machine's speed.
    fn ticking_clock() -> Duration {
        use std::sync::atomic::{AtomicU64, Ordering};
        static TICKS: AtomicU64 = AtomicU64::new(0);
        Duration::from_millis(TICKS.fetch_add(1, Ordering::Relaxed))
    }

    #[test]
    fn a_timed_search_stops_at_its_cap_and_still_answers_a_step_to_a_token() {
        use tokens::{PlannerConfig, MAX_DEPTH};
        let board = tokens::board_for_seed(11);
        let config = PlannerConfig::timed(
            Duration::from_millis(5),
            Duration::from_millis(8),
            ticking_clock,
        );
        let mut planner = Planner::with_config(board.to_move(), config);
        let action = planner.choose(&board);
        let stats = planner.stats();
        assert_eq!(stats.searches, 1);
        // 8 readings of the clock at most (one each 256 plies): far from the
        // 8 iterations a full search makes on a board of this size.
        assert!(stats.completed_depths < MAX_DEPTH as u64, "{stats:?}");
        assert!(stats.simulated_plies <= 9 * 256, "{stats:?}");
        assert!(
            Action::MOVES.contains(&action) || action == Action::Eat,
            "{action:?}"
        );
    }

    #[test]
    fn deeper_iterations_refine_the_answer_without_losing_it() {
        use tokens::PlannerConfig;
        // With ply budgets (no clock), depth 1 already answers, and every
        // deeper search answers a step towards a token as well.
        for seed in 0..10 {
            let board = tokens::board_for_seed(seed);
            for depth in 1..=4 {
                let config = PlannerConfig {
                    depth,
                    ply_budget: 200_000,
                    time_cap: Duration::from_secs(60),
                    ..PlannerConfig::default()
                };
                let mut planner = Planner::with_config(board.to_move(), config);
                let action = planner.choose(&board);
                assert_ne!(action, Action::Pass, "seed {seed} depth {depth}");
                assert!(planner.stats().completed_depths >= 1);
            }
        }
    }
}
