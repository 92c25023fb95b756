//! The spec's players (§3.3): Human, Bad and Smart.

use crate::board::Board;
use crate::position::{Move, Position};
use crate::rules::Rules;
use crate::side::Side;
use crate::smart::SmartAgent;
use gamecore::{Agent, Budget, GameRng};
use rand::Rng;
use std::io::{BufRead, Write};
use std::time::Duration;

/// A Kalah player: the CS32 spec's abstract `Player` class (named apart from
/// [`gamecore::Player`], the seat of a `gamecore` game, and from
/// [`gamecore::Agent`], which chooses moves on a [`Position`]).
pub trait Cs32Player: Send {
    /// Returns the player's name.
    fn name(&self) -> &str;

    /// Returns true for players a person drives from the keyboard; only
    /// [`HumanPlayer`] among ours.
    fn is_interactive(&self) -> bool {
        false
    }

    /// Returns the hole (1..=n) this player chooses when playing `side` on
    /// `board`, or `None` when no move is possible (the spec's −1).
    ///
    /// An interactive player also answers `None` when its input ends; the
    /// [`Cs32Game`](crate::Cs32Game) then stops without a result.
    fn choose_move(&mut self, board: &Board, side: Side) -> Option<usize>;
}

impl std::fmt::Debug for dyn Cs32Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Cs32Player({})", self.name())
    }
}

fn has_move(board: &Board, side: Side) -> bool {
    board.beans_in_play(side) > 0
}

/// A person at the keyboard: prompts for a hole and re-prompts until the
/// answer names a non-empty hole of the player's side.
pub struct HumanPlayer {
    name: String,
    input: Box<dyn BufRead + Send>,
    output: Box<dyn Write + Send>,
}

impl std::fmt::Debug for HumanPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HumanPlayer({})", self.name)
    }
}

impl HumanPlayer {
    /// Creates a human player reading standard input and prompting on
    /// standard output.
    pub fn new(name: impl Into<String>) -> HumanPlayer {
        HumanPlayer::with_io(
            name,
            Box::new(std::io::BufReader::new(std::io::stdin())),
            Box::new(std::io::stdout()),
        )
    }

    /// Creates a human player reading `input` and prompting on `output`.
    pub fn with_io(
        name: impl Into<String>,
        input: Box<dyn BufRead + Send>,
        output: Box<dyn Write + Send>,
    ) -> HumanPlayer {
        HumanPlayer {
            name: name.into(),
            input,
            output,
        }
    }
}

impl Cs32Player for HumanPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn is_interactive(&self) -> bool {
        true
    }

    fn choose_move(&mut self, board: &Board, side: Side) -> Option<usize> {
        if !has_move(board, side) {
            return None;
        }
        let n = board.holes();
        let mut bytes = Vec::new();
        loop {
            if write!(
                self.output,
                "{} ({side}), choose a hole 1-{n} with beans: ",
                self.name
            )
            .and_then(|()| self.output.flush())
            .is_err()
            {
                // Nobody sees the prompt: the player has left.
                return None;
            }
            bytes.clear();
            match self.input.read_until(b'\n', &mut bytes) {
                Ok(0) => {
                    let _ = writeln!(self.output);
                    return None;
                }
                Ok(_) => {}
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => {
                    let _ = writeln!(self.output);
                    return None;
                }
            }
            // A line that is not text is a wrong answer like any other.
            let line = String::from_utf8_lossy(&bytes);
            match line.trim().parse::<usize>() {
                Ok(hole) if (1..=n).contains(&hole) => {
                    if board.beans(side, hole) == Some(0) {
                        let _ = writeln!(
                            self.output,
                            "Hole {hole} is empty; choose a hole with beans."
                        );
                    } else {
                        return Some(hole);
                    }
                }
                _ => {
                    let _ = writeln!(self.output, "Hole must be a number from 1 to {n}.");
                }
            }
        }
    }
}

/// A computer player that picks a random valid hole from a seeded generator.
#[derive(Debug, Clone)]
pub struct BadPlayer {
    name: String,
    rng: GameRng,
}

impl BadPlayer {
    /// Creates a bad player whose choices come from `seed`.
    pub fn new(name: impl Into<String>, seed: u64) -> BadPlayer {
        BadPlayer {
            name: name.into(),
            rng: gamecore::seeded_rng(seed),
        }
    }
}

impl Cs32Player for BadPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose_move(&mut self, board: &Board, side: Side) -> Option<usize> {
        let holes: Vec<usize> = (1..=board.holes())
            .filter(|&h| board.beans(side, h).is_some_and(|b| b > 0))
            .collect();
        if holes.is_empty() {
            None
        } else {
            Some(holes[self.rng.gen_range(0..holes.len())])
        }
    }
}

/// The default time a [`SmartPlayer`] may spend on one hole choice: well under
/// the spec's five seconds.
pub const DEFAULT_SMART_TIME: Duration = Duration::from_millis(2000);

/// A computer player that searches the game tree (iterative deepening with a
/// Kalah evaluation; see [`SmartAgent`]) and answers within its time limit.
#[derive(Debug)]
pub struct SmartPlayer {
    name: String,
    rules: Rules,
    time: Duration,
    threads: usize,
    agent: Option<SmartAgent>,
}

impl SmartPlayer {
    /// Creates a smart player for the CS32 rules with the default time limit.
    pub fn new(name: impl Into<String>) -> SmartPlayer {
        SmartPlayer {
            name: name.into(),
            rules: Rules::Cs32,
            time: DEFAULT_SMART_TIME,
            threads: 1,
            agent: None,
        }
    }

    /// Sets the rule variant the player searches with.
    #[must_use]
    pub fn with_rules(mut self, rules: Rules) -> SmartPlayer {
        self.rules = rules;
        self.agent = None;
        self
    }

    /// Sets the time limit for one choice (the hard deadline; the search stops
    /// starting new iterations at half of it).
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> SmartPlayer {
        self.time = time;
        self
    }

    /// Sets the search threads (default 1; see [`SmartAgent::with_threads`]).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> SmartPlayer {
        self.threads = threads.max(1);
        self.agent = None;
        self
    }
}

impl Cs32Player for SmartPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose_move(&mut self, board: &Board, side: Side) -> Option<usize> {
        let position = Position::new(board.clone(), self.rules, side);
        if position.is_over() {
            return None;
        }
        let (rules, threads) = (self.rules, self.threads);
        let agent = self
            .agent
            .get_or_insert_with(|| SmartAgent::new(board.holes(), rules).with_threads(threads));
        let budget = Budget::new(self.time / 2, self.time);
        agent
            .select_move(&position, &budget)
            .ok()
            .map(|Move(hole)| usize::from(hole))
    }
}
