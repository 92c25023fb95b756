//! Integration tests of the arena on the test game Pebbles.

use arena::{
    Clock, EloEstimate, Entrant, ForfeitReason, GameRecord, JsonOptions, Openings, Progress,
    Report, Tournament,
};
use gamecore::testkit::games::{Pebbles, Take};
use gamecore::{Agent, AgentError, Budget, Game, MoveList, Player, RandomAgent};
use rand::Rng;
use std::time::Duration;

/// Always takes one pebble.
#[derive(Debug)]
struct TakeOne;

impl Agent<Pebbles> for TakeOne {
    fn name(&self) -> String {
        "take-one".into()
    }
    fn select_move(&mut self, _: &Pebbles, _: &Budget) -> Result<Take, AgentError> {
        Ok(Take(1))
    }
}

/// Takes one pebble, but only after sleeping far past any short clock.
#[derive(Debug)]
struct Sleeper;

impl Agent<Pebbles> for Sleeper {
    fn name(&self) -> String {
        "sleeper".into()
    }
    fn select_move(&mut self, _: &Pebbles, _: &Budget) -> Result<Take, AgentError> {
        std::thread::sleep(Duration::from_millis(300));
        Ok(Take(1))
    }
}

/// Fails on its first move.
#[derive(Debug)]
struct Broken;

impl Agent<Pebbles> for Broken {
    fn name(&self) -> String {
        "broken".into()
    }
    fn select_move(&mut self, _: &Pebbles, _: &Budget) -> Result<Take, AgentError> {
        Err(AgentError::Failed("engine crashed".into()))
    }
}

/// Best margin the side to move can secure from a pile of `pile` pebbles
/// (scores are additive, so the value depends on the pile only).
fn pebbles_value(pile: u8) -> i32 {
    best_take(pile).1
}

/// Returns the best take and its value for the side to move.
fn best_take(pile: u8) -> (u8, i32) {
    (1..=pile.min(3))
        .map(|n| {
            let value = if n == pile {
                i32::from(n) + 3
            } else if n == 2 {
                2 + pebbles_value(pile - n)
            } else {
                i32::from(n) - pebbles_value(pile - n)
            };
            (n, value)
        })
        .max_by_key(|&(n, value)| (value, std::cmp::Reverse(n)))
        .unwrap_or((0, 0))
}

/// Plays Pebbles perfectly (plain recursion: fine for small piles).
#[derive(Debug)]
struct Perfect;

impl Agent<Pebbles> for Perfect {
    fn name(&self) -> String {
        "perfect".into()
    }
    fn select_move(&mut self, state: &Pebbles, _: &Budget) -> Result<Take, AgentError> {
        if state.pile() == 0 {
            return Err(AgentError::GameOver);
        }
        Ok(Take(best_take(state.pile()).0))
    }
}

fn random_openings() -> Openings<Pebbles> {
    Openings::random(|rng| Pebbles::new(rng.gen_range(4..=16)))
}

fn quiet(tournament: Tournament<Pebbles>) -> Tournament<Pebbles> {
    tournament.with_progress(Progress::Hidden)
}

fn three_way(seed: u64, threads: usize) -> Tournament<Pebbles> {
    quiet(Tournament::round_robin(
        vec![
            Entrant::new("random-a", RandomAgent::new),
            Entrant::new("random-b", RandomAgent::new),
            Entrant::new("take-one", |_| TakeOne),
        ],
        random_openings(),
    ))
    .with_games_per_pairing(12)
    .with_seed(seed)
    .with_threads(Some(threads))
}

const DETERMINISTIC: JsonOptions = JsonOptions {
    games: true,
    timings: false,
};

#[test]
fn same_seed_gives_identical_json_whatever_the_thread_count() {
    let one = three_way(5, 1).run().unwrap().to_json(DETERMINISTIC);
    let again = three_way(5, 1).run().unwrap().to_json(DETERMINISTIC);
    let parallel = three_way(5, 3).run().unwrap().to_json(DETERMINISTIC);
    assert_eq!(one, again);
    assert_eq!(one, parallel);
    let other_seed = three_way(6, 3).run().unwrap().to_json(DETERMINISTIC);
    assert_ne!(one, other_seed);
    assert!(!one.contains("think_ms") && !one.contains("ms_per_move"));
    let with_timings = three_way(5, 2)
        .run()
        .unwrap()
        .to_json(JsonOptions::default());
    assert!(with_timings.contains("think_ms") && with_timings.contains("ms_per_move"));
}

#[test]
fn json_round_trips_and_can_leave_out_the_games() {
    let report = three_way(9, 2).run().unwrap();
    let parsed: Report = serde_json::from_str(&report.to_json(JsonOptions::default())).unwrap();
    assert_eq!(parsed, report);
    let summary_only = report.to_json(JsonOptions {
        games: false,
        timings: true,
    });
    let parsed: Report = serde_json::from_str(&summary_only).unwrap();
    assert!(parsed.games.is_empty());
    assert_eq!(parsed.pairings, report.pairings);
}

#[test]
fn each_opening_is_played_twice_with_seats_swapped() {
    let report = three_way(3, 2).run().unwrap();
    assert_eq!(report.games.len(), 3 * 12);
    for pair in report.games.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(pair[0].start, pair[1].start);
        assert_eq!(
            (&pair[0].first, &pair[0].second),
            (&pair[1].second, &pair[1].first)
        );
        assert_ne!(pair[0].seed, pair[1].seed);
    }
    // Every pairing plays the same openings.
    let starts = |pairing: usize| -> Vec<&str> {
        report
            .games
            .iter()
            .filter(|g| g.pairing == pairing)
            .map(|g| g.start.as_str())
            .collect()
    };
    assert_eq!(starts(0), starts(1));
    assert_eq!(starts(0), starts(2));
    // Random openings differ from one another.
    assert!(starts(0).iter().any(|s| *s != starts(0)[0]));
}

#[test]
fn round_robin_of_four_plays_six_pairings() {
    let names = ["a", "b", "c", "d"];
    let tournament = quiet(Tournament::round_robin(
        names
            .iter()
            .map(|name| Entrant::new(*name, RandomAgent::new))
            .collect(),
        Openings::fixed(Pebbles::new(8)),
    ))
    .with_games_per_pairing(3);
    assert_eq!(tournament.pairings().len(), 6);
    assert_eq!(tournament.total_games(), 6 * 4);
    let report = tournament.run().unwrap();
    assert_eq!(report.pairings.len(), 6);
    assert_eq!(report.games_per_pairing, 4);
    assert!(report.pairings.iter().all(|p| p.games == 4));
    assert_eq!(report.standings.len(), 4);
    assert!(report.standings.iter().all(|s| s.games == 12));
    let total: f64 = report.standings.iter().map(|s| s.points).sum();
    assert_eq!(total, 24.0);
    assert!(report.table().contains("rank"));
}

#[test]
fn gauntlet_heroes_meet_only_baselines() {
    let tournament = quiet(Tournament::gauntlet(
        vec![
            Entrant::new("hero-1", |_| TakeOne),
            Entrant::new("hero-2", |_| Perfect),
        ],
        vec![
            Entrant::new("random", RandomAgent::new),
            Entrant::new("take-one", |_| TakeOne),
        ],
        random_openings(),
    ))
    .with_games_per_pairing(2);
    let report = tournament.run().unwrap();
    let pairs: Vec<(&str, &str)> = report
        .pairings
        .iter()
        .map(|p| (p.agent.as_str(), p.opponent.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("hero-1", "random"),
            ("hero-1", "take-one"),
            ("hero-2", "random"),
            ("hero-2", "take-one")
        ]
    );
}

#[test]
fn a_move_past_the_clock_forfeits_with_who_when_and_how_long() {
    let report = quiet(Tournament::gauntlet(
        vec![Entrant::new("take-one", |_| TakeOne)],
        vec![Entrant::new("sleeper", |_| Sleeper)],
        Openings::fixed(Pebbles::new(9)),
    ))
    .with_clock(Clock::per_move(Duration::from_millis(20)).with_grace(Duration::from_millis(20)))
    .with_games_per_pairing(2)
    .run()
    .unwrap();
    let pairing = &report.pairings[0];
    assert_eq!((pairing.wins, pairing.losses), (2, 0));
    assert_eq!((pairing.forfeits, pairing.opponent_forfeits), (0, 2));
    assert_eq!(pairing.mean_margin, None);
    // Game 0: the sleeper is Second and forfeits its first move, at ply 1.
    // Game 1: the sleeper is First and forfeits at ply 0.
    for (game, (seat, ply)) in report
        .games
        .iter()
        .zip([(Player::Second, 1), (Player::First, 0)])
    {
        let forfeit = game.forfeit.as_ref().expect("a forfeit");
        assert_eq!((forfeit.seat, forfeit.ply), (seat, ply));
        let ForfeitReason::Timeout {
            elapsed_ms,
            allowed_ms,
        } = forfeit.reason
        else {
            panic!("expected a timeout, got {:?}", forfeit.reason)
        };
        assert_eq!(allowed_ms, 40.0);
        assert!(elapsed_ms >= 300.0);
        assert_eq!(game.scores, None);
    }
    assert_eq!(report.games[0].result, "1-0");
    assert_eq!(report.games[1].result, "0-1");
    assert!(report
        .to_json(JsonOptions::default())
        .contains("\"kind\": \"timeout\""));
}

#[test]
fn an_agent_error_forfeits_with_its_message() {
    let report = quiet(Tournament::gauntlet(
        vec![Entrant::new("broken", |_| Broken)],
        vec![Entrant::new("random", RandomAgent::new)],
        Openings::fixed(Pebbles::new(9)),
    ))
    .with_games_per_pairing(2)
    .run()
    .unwrap();
    let pairing = &report.pairings[0];
    assert_eq!((pairing.wins, pairing.draws, pairing.losses), (0, 0, 2));
    assert_eq!(pairing.forfeits, 2);
    assert_eq!(pairing.score, 0.0);
    assert!(pairing.elo.unwrap().difference < 0.0);
    // Game 0 has the broken agent in seat First: it fails at once.
    let forfeit = report.games[0].forfeit.as_ref().unwrap();
    assert_eq!((forfeit.seat, forfeit.ply), (Player::First, 0));
    assert_eq!(
        report.games[1].forfeit.as_ref().unwrap().seat,
        Player::Second
    );
    assert_eq!(
        forfeit.reason,
        ForfeitReason::Error {
            message: "engine crashed".into()
        }
    );
    assert!(report.table().contains("2/0"));
}

/// Replays a record from its start and checks the recorded scores.
fn replay(start: &Pebbles, record: &GameRecord) {
    let mut state = start.clone();
    for text in &record.moves {
        let mv = state.parse_move(text).unwrap();
        state.play(mv).unwrap();
    }
    assert_eq!(state.outcome().map(|o| o.scores()), record.scores);
}

#[test]
fn a_perfect_player_beats_random_and_records_replay() {
    let start = Pebbles::new(15);
    let report = quiet(Tournament::gauntlet(
        vec![Entrant::new("perfect", |_| Perfect)],
        vec![Entrant::new("random", RandomAgent::new)],
        Openings::list(vec![start.clone(), Pebbles::new(11), Pebbles::new(6)]),
    ))
    .with_games_per_pairing(30)
    .with_seed(11)
    .run()
    .unwrap();
    let pairing = &report.pairings[0];
    assert!(pairing.score > 0.5, "{pairing:?}");
    assert!(pairing.elo.unwrap().difference > 0.0);
    assert!(pairing.mean_margin.unwrap() > 0.0);
    for record in &report.games {
        // Perfect play secures at least the game's value from either seat.
        let pile = [15, 11, 6][(record.opening % 3) as usize];
        let perfect_seat = if record.first == "perfect" {
            Player::First
        } else {
            Player::Second
        };
        let scores = record.scores.expect("no forfeits");
        let margin = scores[perfect_seat.index()] - scores[perfect_seat.other().index()];
        let value = pebbles_value(pile);
        let seat_value = if perfect_seat == Player::First {
            value
        } else {
            value.min(-value)
        };
        assert!(margin >= seat_value, "{record:?}");
        if pile == 15 {
            replay(&start, record);
        }
    }
    let mut moves = MoveList::new();
    start.legal_moves(&mut moves);
    assert_eq!(moves.len(), 3);
}

#[test]
fn elo_of_three_wins_in_four_is_plus_191() {
    let elo = EloEstimate::from_results(3, 0, 1).unwrap();
    assert!((elo.difference - 190.85).abs() < 0.01, "{elo:?}");
    assert!(elo.low < 0.0 && elo.high > 300.0);
}

#[test]
fn an_empty_schedule_or_opening_list_is_an_error() {
    let lonely = Tournament::round_robin(
        vec![Entrant::new("alone", RandomAgent::new)],
        Openings::fixed(Pebbles::new(3)),
    );
    assert!(lonely.run().is_err());
    let no_openings = Tournament::round_robin(
        vec![
            Entrant::new("a", RandomAgent::new),
            Entrant::new("b", RandomAgent::new),
        ],
        Openings::<Pebbles>::list(Vec::new()),
    );
    assert_eq!(
        no_openings.run().unwrap_err().to_string(),
        "the opening list is empty"
    );
}
