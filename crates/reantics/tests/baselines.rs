//! The ported bundled agents (spec §13): the list orders they depend on, the
//! original helpers' quirks they rely on, and facts of the spec's measured
//! round robin (§15) that the ports reproduce.

use gamecore::Player;
use reantics::baselines::baseline;
use reantics::baselines::common::{foods_in_list_order, layout, original_a_star, ROW3_LAYOUT};
use reantics::{play_game, AntType, Coord, EndReason, GameOptions, State, View};

fn c(x: i8, y: i8) -> Coord {
    Coord::new(x, y)
}

/// Both players on the row-3 wall layout; the foods are placed in an order
/// that differs from board-scan order.
fn standard() -> State {
    let l1 = layout(&ROW3_LAYOUT);
    let l2: Vec<Coord> = l1.iter().map(|c| c.flipped()).collect();
    State::from_layout(
        [(l1[0], l1[1], &l1[2..]), (l2[0], l2[1], &l2[2..])],
        &[c(4, 9), c(0, 9), c(9, 0), c(5, 0)],
    )
}

#[test]
fn food_list_is_in_placement_order_for_both_players() {
    let s = standard();
    // Board-scan order would be (0,9), (4,9), (5,0), (9,0).
    assert_eq!(s.foods(), vec![c(0, 9), c(4, 9), c(5, 0), c(9, 0)]);
    let placed = vec![c(4, 9), c(0, 9), c(9, 0), c(5, 0)];
    assert_eq!(s.foods_in_list_order(), placed);
    assert_eq!(foods_in_list_order(&View::new(&s, Player::First)), placed);
    // Player 2 sees the same order with flipped coordinates (spec §2, §4).
    let flipped: Vec<Coord> = placed.iter().map(|c| c.flipped()).collect();
    assert_eq!(foods_in_list_order(&View::new(&s, Player::Second)), flipped);
}

#[test]
fn original_a_star_fails_on_a_goal_holding_an_ant() {
    let mut s = standard();
    s.put_ant(Player::First, AntType::RSoldier, c(5, 5));
    s.put_ant(Player::Second, AntType::Drone, c(5, 7));
    let v = View::new(&s, Player::First);
    // The goal holds an ant: `listReachableAdjacent` never yields it.
    assert_eq!(original_a_star(&v, c(5, 5), c(5, 7)), None);
    // A free goal is reached: the path stops before it, cut to MOVEMENT+1 cells.
    assert_eq!(
        original_a_star(&v, c(5, 5), c(5, 8)),
        Some(vec![c(5, 5), c(5, 6)])
    );
    assert_eq!(original_a_star(&v, c(5, 5), c(5, 5)), Some(vec![]));
}

/// Plays `games` games between two ported agents, alternating seats, and
/// returns (first agent's wins, games that reached the cap); asserts that no
/// game ended on an illegal action.
fn series(a: &str, b: &str, games: u64) -> (u32, u32) {
    let mut x = baseline(a).expect("agent a");
    let mut y = baseline(b).expect("agent b");
    let (mut wins, mut capped) = (0, 0);
    for k in 0..games {
        let options = GameOptions {
            seed: k,
            ..GameOptions::default()
        };
        let swap = k % 2 == 1;
        let record = if swap {
            play_game([&mut *y, &mut *x], &options, &mut |_, _| {})
        } else {
            play_game([&mut *x, &mut *y], &options, &mut |_, _| {})
        };
        assert!(record.illegal.is_none(), "{a} vs {b}: {:?}", record.illegal);
        assert_ne!(record.end.reason, EndReason::IllegalAction, "{a} vs {b}");
        let a_seat = if swap { Player::Second } else { Player::First };
        if record.end.winner == Some(a_seat) {
            wins += 1;
        }
        if record.end.reason == EndReason::TurnCap {
            capped += 1;
        }
    }
    (wins, capped)
}

#[test]
fn complex_food_gatherer_and_anthill_attack_stall_in_half_the_games() {
    // §15: "Complex Food Gatherer against Anthill Attack AI reached the
    // 1000-END cap in 10 of 20 games."
    let (_, capped) = series("Complex Food Gatherer", "Anthill Attack AI", 4);
    assert_eq!(capped, 2);
}

#[test]
fn deterministic_pairings_of_the_measurement() {
    // §15: "Ralph beats Booger 20–0 by queen kill; Very Complex Food
    // Gatherer beats Simple Food Gatherer 20–0 by food."
    assert_eq!(series("Ralph", "Booger", 4).0, 4);
    assert_eq!(
        series("Very Complex Food Gatherer", "Simple Food Gatherer", 4).0,
        4
    );
}

#[test]
fn fighter_agents_make_no_illegal_action() {
    let agents = [
        "Shape Shifter",
        "Ralph",
        "Steve",
        "Defensive W/ A-STAR",
        "Anthill Attack AI",
        "Nibble",
        "Random",
    ];
    for (i, a) in agents.iter().enumerate() {
        for b in &agents[i + 1..] {
            series(a, b, 2);
        }
    }
}

/// A baseline that thinks for `delay` before every move.
struct Slow {
    inner: Box<dyn reantics::AntAgent>,
    delay: std::time::Duration,
}

impl reantics::AntAgent for Slow {
    fn name(&self) -> String {
        format!("slow {}", self.inner.name())
    }
    fn get_placement(&mut self, view: &View) -> Vec<Coord> {
        self.inner.get_placement(view)
    }
    fn get_move(&mut self, view: &View) -> reantics::AgentMove {
        std::thread::sleep(self.delay);
        self.inner.get_move(view)
    }
    fn get_attack(
        &mut self,
        view: &View,
        attacker: &reantics::AntInfo,
        targets: &[Coord],
    ) -> Coord {
        self.inner.get_attack(view, attacker, targets)
    }
}

#[test]
fn the_turn_clock_records_the_longest_turn_and_forfeits_an_overrun() {
    // Long enough that a baseline's turn, even in a debug build on a busy
    // machine, stays well below it.
    let delay = std::time::Duration::from_millis(50);
    let mut slow = Slow {
        inner: baseline("Random").expect("Random"),
        delay,
    };
    let mut fast = baseline("Booger").expect("Booger");
    // No clock: the slow agent's turns are measured, nobody loses on time.
    let free = GameOptions {
        cap: 40,
        seed: 5,
        ..GameOptions::default()
    };
    let record = play_game([&mut slow, &mut *fast], &free, &mut |_, _| {});
    assert_ne!(record.end.reason, EndReason::Timeout);
    assert!(record.longest_turn[0] >= delay, "{:?}", record.longest_turn);
    assert!(record.longest_turn[1] < delay, "{:?}", record.longest_turn);
    // A clock shorter than one move: the slow agent loses its first turn.
    let clocked = GameOptions {
        turn_time: Some(delay / 2),
        ..free
    };
    let record = play_game([&mut slow, &mut *fast], &clocked, &mut |_, _| {});
    assert_eq!(record.end.reason, EndReason::Timeout);
    assert_eq!(record.end.winner, Some(Player::Second));
}
