//! One game between two agents under a per-move clock.

use gamecore::{Agent, AgentError, Budget, Game, Outcome, Player};
use serde::{Deserialize, Serialize};
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// The grace added to the move limit before a slow move forfeits, by default.
pub const DEFAULT_GRACE: Duration = Duration::from_millis(50);

/// The time rules of a game: a limit per move, or none.
///
/// An agent is asked for a move with [`Budget::for_move_limit`] of the limit
/// (so a well-behaved search aims below it) and forfeits the game if its
/// answer arrives later than the limit plus the grace. The arena cannot stop
/// an agent that never answers: it relies on agents checking the budget's hard
/// deadline, and records the forfeit once the late answer arrives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    move_limit: Option<Duration>,
    grace: Duration,
}

impl Clock {
    /// No time limit: every move gets [`Budget::unlimited`], nobody forfeits on time.
    pub fn unlimited() -> Clock {
        Clock {
            move_limit: None,
            grace: DEFAULT_GRACE,
        }
    }

    /// A limit of `limit` per move, with the [`DEFAULT_GRACE`].
    pub fn per_move(limit: Duration) -> Clock {
        Clock {
            move_limit: Some(limit),
            grace: DEFAULT_GRACE,
        }
    }

    /// Returns the same clock with a different grace.
    #[must_use]
    pub fn with_grace(self, grace: Duration) -> Clock {
        Clock { grace, ..self }
    }

    /// Returns the limit per move, if any.
    pub fn move_limit(&self) -> Option<Duration> {
        self.move_limit
    }

    /// Returns the grace past the limit before a move forfeits.
    pub fn grace(&self) -> Duration {
        self.grace
    }

    /// Returns the longest a move may take before it forfeits: limit plus grace.
    pub fn allowance(&self) -> Option<Duration> {
        self.move_limit.map(|limit| limit + self.grace)
    }

    /// Returns the budget an agent gets for one move, starting now.
    pub fn budget(&self) -> Budget {
        match self.move_limit {
            Some(limit) => Budget::for_move_limit(limit),
            None => Budget::unlimited(),
        }
    }
}

impl Default for Clock {
    fn default() -> Clock {
        Clock::unlimited()
    }
}

/// Why an agent lost a game without it being played to the end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ForfeitReason {
    /// The move took longer than the limit plus the grace.
    Timeout {
        /// How long the agent took, in milliseconds.
        elapsed_ms: f64,
        /// The limit plus the grace, in milliseconds.
        allowed_ms: f64,
    },
    /// The agent returned an [`AgentError`].
    Error {
        /// The error's message.
        message: String,
    },
    /// The agent returned a move that is not legal in the position.
    IllegalMove {
        /// The move, in the game's notation.
        #[serde(rename = "move")]
        mv: String,
    },
    /// The agent panicked while choosing a move.
    Panic {
        /// The panic message, when it was a string.
        message: String,
    },
}

/// A lost-by-forfeit record: who, at which ply, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Forfeit {
    /// The seat that forfeited.
    #[serde(with = "seat_name")]
    pub seat: Player,
    /// The number of moves played before the forfeited move (0 = the first move).
    pub ply: u32,
    /// What went wrong.
    pub reason: ForfeitReason,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq)]
pub enum GameEnd {
    /// The game was played to the end; the scores per seat.
    Finished(Outcome),
    /// One seat forfeited; the other wins.
    Forfeit(Forfeit),
}

impl GameEnd {
    /// Returns the winning seat, or `None` for a draw.
    pub fn winner(&self) -> Option<Player> {
        match self {
            GameEnd::Finished(outcome) => outcome.winner(),
            GameEnd::Forfeit(forfeit) => Some(forfeit.seat.other()),
        }
    }

    /// Returns the points `seat` earned: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn points(&self, seat: Player) -> f64 {
        match self.winner() {
            Some(winner) if winner == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// Everything that happened in one game.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedGame {
    /// The moves in the game's notation, in order.
    pub moves: Vec<String>,
    /// How the game ended.
    pub end: GameEnd,
    /// The time each seat spent choosing its moves.
    pub think_time: [Duration; 2],
    /// The number of moves each seat was asked for (including a forfeited one).
    pub moves_asked: [u32; 2],
}

/// Plays one game from `start` to the end; `agents[0]` sits in seat
/// [`Player::First`], `agents[1]` in [`Player::Second`].
///
/// Each agent hears [`Agent::new_game`] first. The side to move is read from
/// the state before every move, so games with extra turns work. An agent that
/// answers too late (see [`Clock`]), returns an error, returns an illegal move
/// or panics loses by forfeit at that ply.
pub fn play_game<G: Game>(start: &G, agents: [&mut dyn Agent<G>; 2], clock: &Clock) -> PlayedGame {
    let mut agents = agents;
    for agent in agents.iter_mut() {
        agent.new_game();
    }
    let mut state = start.clone();
    let mut moves = Vec::new();
    let mut think_time = [Duration::ZERO; 2];
    let mut moves_asked = [0u32; 2];
    let end = loop {
        if let Some(outcome) = state.outcome() {
            break GameEnd::Finished(outcome);
        }
        let seat = state.side_to_move();
        let ply = moves.len() as u32;
        let forfeit = |reason| GameEnd::Forfeit(Forfeit { seat, ply, reason });
        let agent = &mut *agents[seat.index()];
        let started = Instant::now();
        let budget = clock.budget();
        let answer = panic::catch_unwind(AssertUnwindSafe(|| agent.select_move(&state, &budget)));
        let elapsed = started.elapsed();
        think_time[seat.index()] += elapsed;
        moves_asked[seat.index()] += 1;
        let mv = match answer {
            Ok(Ok(mv)) => mv,
            Ok(Err(error)) => break forfeit(error_reason(&error)),
            Err(payload) => {
                break forfeit(ForfeitReason::Panic {
                    message: panic_message(payload.as_ref()),
                })
            }
        };
        if let Some(allowed) = clock.allowance() {
            if elapsed > allowed {
                break forfeit(ForfeitReason::Timeout {
                    elapsed_ms: millis(elapsed),
                    allowed_ms: millis(allowed),
                });
            }
        }
        if state.play(mv).is_err() {
            break forfeit(ForfeitReason::IllegalMove { mv: mv.to_string() });
        }
        moves.push(mv.to_string());
    };
    PlayedGame {
        moves,
        end,
        think_time,
        moves_asked,
    }
}

/// Returns a duration in milliseconds, rounded to microseconds.
pub(crate) fn millis(duration: Duration) -> f64 {
    (duration.as_secs_f64() * 1e6).round() / 1e3
}

fn error_reason(error: &AgentError) -> ForfeitReason {
    ForfeitReason::Error {
        message: error.to_string(),
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_owned()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "panic with a non-string payload".to_owned()
    }
}

/// Serialises a [`Player`] as `"first"` or `"second"`.
pub(crate) mod seat_name {
    use gamecore::Player;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(seat: &Player, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match seat {
            Player::First => "first",
            Player::Second => "second",
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Player, D::Error> {
        match String::deserialize(deserializer)?.as_str() {
            "first" => Ok(Player::First),
            "second" => Ok(Player::Second),
            other => Err(serde::de::Error::unknown_variant(
                other,
                &["first", "second"],
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecore::testkit::games::{Pebbles, Take};
    use gamecore::RandomAgent;

    /// Always takes one pebble.
    struct TakeOne;
    impl Agent<Pebbles> for TakeOne {
        fn name(&self) -> String {
            "take-one".into()
        }
        fn select_move(&mut self, _: &Pebbles, _: &Budget) -> Result<Take, AgentError> {
            Ok(Take(1))
        }
    }

    /// Always takes three pebbles, legal or not.
    struct TakeThree;
    impl Agent<Pebbles> for TakeThree {
        fn name(&self) -> String {
            "take-three".into()
        }
        fn select_move(&mut self, _: &Pebbles, _: &Budget) -> Result<Take, AgentError> {
            Ok(Take(3))
        }
    }

    /// Panics on its first move.
    struct Panicker;
    impl Agent<Pebbles> for Panicker {
        fn name(&self) -> String {
            "panicker".into()
        }
        fn select_move(&mut self, _: &Pebbles, _: &Budget) -> Result<Take, AgentError> {
            panic!("deliberate test panic")
        }
    }

    #[test]
    fn take_one_against_itself_alternates_and_finishes() {
        let (mut a, mut b) = (TakeOne, TakeOne);
        let game = play_game(&Pebbles::new(5), [&mut a, &mut b], &Clock::unlimited());
        assert_eq!(game.moves, ["1", "1", "1", "1", "1"]);
        // First takes 3 pebbles + 3 bonus, Second takes 2.
        assert_eq!(game.end, GameEnd::Finished(Outcome::new(6, 2)));
        assert_eq!(game.end.winner(), Some(Player::First));
        assert_eq!(game.end.points(Player::Second), 0.0);
        assert_eq!(game.moves_asked, [3, 2]);
    }

    #[test]
    fn an_illegal_move_forfeits_at_its_ply() {
        let (mut one, mut three) = (TakeOne, TakeThree);
        // 4 pebbles: First takes 1 (3 left), Second takes 3 and wins...
        let game = play_game(
            &Pebbles::new(4),
            [&mut one, &mut three],
            &Clock::unlimited(),
        );
        assert!(matches!(game.end, GameEnd::Finished(_)));
        // ... but from 2 pebbles taking 3 is illegal at ply 1.
        let game = play_game(
            &Pebbles::new(3),
            [&mut one, &mut three],
            &Clock::unlimited(),
        );
        let GameEnd::Forfeit(forfeit) = game.end else {
            panic!("expected a forfeit, got {:?}", game.end)
        };
        assert_eq!(forfeit.seat, Player::Second);
        assert_eq!(forfeit.ply, 1);
        assert_eq!(
            forfeit.reason,
            ForfeitReason::IllegalMove { mv: "3".into() }
        );
        assert_eq!(game.moves, ["1"]);
    }

    #[test]
    fn a_panicking_agent_forfeits_with_its_message() {
        let (mut random, mut panicker) = (RandomAgent::new(1), Panicker);
        let game = play_game(
            &Pebbles::new(9),
            [&mut panicker, &mut random],
            &Clock::unlimited(),
        );
        assert_eq!(
            game.end,
            GameEnd::Forfeit(Forfeit {
                seat: Player::First,
                ply: 0,
                reason: ForfeitReason::Panic {
                    message: "deliberate test panic".into()
                },
            })
        );
        assert_eq!(game.end.winner(), Some(Player::Second));
    }

    #[test]
    fn clock_allowance_is_limit_plus_grace() {
        let clock =
            Clock::per_move(Duration::from_millis(100)).with_grace(Duration::from_millis(7));
        assert_eq!(clock.allowance(), Some(Duration::from_millis(107)));
        assert_eq!(clock.budget().hard(), Some(Duration::from_millis(90)));
        assert_eq!(Clock::unlimited().allowance(), None);
        assert_eq!(Clock::unlimited().budget().hard(), None);
    }
}
