//! Property tests and whole games between agents.

use crate::oracle::Oracle;
use gamecore::{Agent, Budget, Game, Player, RandomAgent};
use nim::{
    exact_agent, perfect_play_score, Count, GreedyAgent, HumanAgent, Pile, RedBlueNim, Version,
    MAX_PILE, PROMPT, REASK,
};
use proptest::prelude::*;
use std::sync::OnceLock;

fn version() -> impl Strategy<Value = Version> {
    prop_oneof![Just(Version::Standard), Just(Version::Misere)]
}

fn side() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::First), Just(Player::Second)]
}

fn oracle(version: Version) -> &'static Oracle {
    static TABLES: OnceLock<[Oracle; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        [
            Oracle::new(400, Version::Standard),
            Oracle::new(400, Version::Misere),
        ]
    });
    &tables[version as usize]
}

/// Plays a whole game; returns the final position.
fn play_out(
    start: RedBlueNim,
    first: &mut dyn Agent<RedBlueNim>,
    second: &mut dyn Agent<RedBlueNim>,
) -> RedBlueNim {
    let mut state = start;
    while !state.is_over() {
        let agent: &mut dyn Agent<RedBlueNim> = if state.side_to_move() == start.side_to_move() {
            &mut *first
        } else {
            &mut *second
        };
        let pile = agent
            .select_move(&state, &Budget::unlimited())
            .expect("a move");
        state.play(pile).expect("a legal move");
    }
    state
}

/// The margin the player to move at `start` ends with.
fn margin_of_starter(start: RedBlueNim, end: RedBlueNim) -> i32 {
    end.outcome().expect("over").margin(start.side_to_move())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn notation_round_trips(red in 0..=MAX_PILE, blue in 0..=MAX_PILE, version in version(), side in side()) {
        let state = RedBlueNim::new(red, blue, version).with_side_to_move(side);
        prop_assert_eq!(state.to_string().parse::<RedBlueNim>(), Ok(state));
    }

    #[test]
    fn the_closed_form_is_exact_up_to_400(red in 0..=400usize, blue in 0..=400usize, version in version()) {
        let state = RedBlueNim::new(red as Count, blue as Count, version);
        prop_assert_eq!(perfect_play_score(&state), oracle(version).value(red, blue));
    }

    #[test]
    fn the_human_is_reasked_once_per_wrong_line(
        wrong in proptest::collection::vec("[a-z ]{0,6}|[0-9]{1,3}", 0..5),
        answer in prop_oneof![Just("red"), Just("R"), Just("Blue"), Just(" b ")],
    ) {
        let wrong: Vec<String> = wrong.into_iter().filter(|line| line.parse::<Pile>().is_err()).collect();
        let input = format!("{}{answer}\n", wrong.iter().map(|line| format!("{line}\n")).collect::<String>());
        let mut human = HumanAgent::new(input.as_bytes(), Vec::new());
        let pile = human.ask().expect("an answer");
        prop_assert_eq!(Ok(pile), answer.parse::<Pile>());
        let shown = String::from_utf8(human.into_output()).expect("utf-8");
        prop_assert_eq!(shown.matches(REASK).count(), wrong.len());
        prop_assert_eq!(shown.matches(PROMPT).count(), wrong.len() + 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn the_exact_agent_plays_the_first_optimal_move(red in 0..=400usize, blue in 0..=400usize, version in version(), side in side()) {
        let state = RedBlueNim::new(red as Count, blue as Count, version).with_side_to_move(side);
        let result = exact_agent().analyse(&state);
        prop_assert_eq!(result.best_move, oracle(version).best_move(red, blue));
        prop_assert_eq!(result.proven_margin(), Some(2 * oracle(version).value(red, blue)));
    }

    #[test]
    fn exact_self_play_reaches_the_value_and_never_does_worse_against_others(
        red in 0..=80usize, blue in 0..=80usize, version in version(), seed in any::<u64>(),
    ) {
        let start = RedBlueNim::new(red as Count, blue as Count, version);
        let value = 2 * oracle(version).value(red, blue);
        let end = play_out(start, &mut exact_agent(), &mut exact_agent());
        prop_assert_eq!(margin_of_starter(start, end), value);
        let end = play_out(start, &mut exact_agent(), &mut RandomAgent::new(seed));
        prop_assert!(margin_of_starter(start, end) >= value);
        let end = play_out(start, &mut exact_agent(), &mut GreedyAgent);
        prop_assert!(margin_of_starter(start, end) >= value);
        // And as the second player.
        let end = play_out(start, &mut RandomAgent::new(seed), &mut exact_agent());
        prop_assert!(margin_of_starter(start, end) <= value);
    }
}

/// Solves `red × blue` in both versions on a thread with a big stack.
fn solve_deep(red: Count, blue: Count) {
    let handle = std::thread::Builder::new()
        .stack_size(512 << 20)
        .spawn(move || {
            for version in Version::BOTH {
                let state = RedBlueNim::new(red, blue, version);
                let result = exact_agent().analyse(&state);
                assert_eq!(
                    result.proven_margin(),
                    Some(2 * perfect_play_score(&state)),
                    "{state}"
                );
                assert!(result.exact);
            }
        })
        .expect("spawn");
    handle.join().expect("the deep search finished");
}

#[test]
fn a_deep_300_by_301_game_is_solved_on_a_big_stack() {
    solve_deep(300, 301);
}

#[test]
fn a_1000_by_1000_game_is_solved_on_a_big_stack() {
    solve_deep(1000, 1000);
}
