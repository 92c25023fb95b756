//! The spec's `Game` class (§3.4): two players on a copy of a board.

use crate::board::Board;
use crate::players::Cs32Player;
use crate::rules::Rules;
use crate::side::Side;
use std::io::{BufRead, Write};

/// The state a finished game reports (the spec's `status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// `move` has not yet returned false.
    NotOver,
    /// The game is over and `Side` has more beans in its pot.
    Winner(Side),
    /// The game is over with equal pots.
    Tie,
}

/// A game between a South and a North [`Cs32Player`] on a copy of a board:
/// the CS32 spec's `Game` class (named apart from [`gamecore::Game`], the
/// rules interface that [`Position`](crate::Position) implements).
///
/// South moves first. [`play`](Cs32Game::play) shows the game on the output
/// (standard output unless [`with_output`](Cs32Game::with_output) says
/// otherwise); [`move_side`](Cs32Game::move_side) is the spec's `move`.
pub struct Cs32Game {
    board: Board,
    rules: Rules,
    players: [Box<dyn Cs32Player>; 2],
    over: bool,
    abandoned: bool,
    output: Box<dyn Write + Send>,
    /// A write to the output failed (its reader went away): the game stops.
    output_closed: bool,
    pause_input: Option<Box<dyn BufRead + Send>>,
}

impl std::fmt::Debug for Cs32Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cs32Game")
            .field("board", &self.board)
            .field("rules", &self.rules)
            .field("south", &self.players[Side::South.index()].name())
            .field("north", &self.players[Side::North.index()].name())
            .field("over", &self.over)
            .finish()
    }
}

impl Cs32Game {
    /// Creates a CS32-rules game on a copy of `board`, South to move first.
    pub fn new(board: &Board, south: Box<dyn Cs32Player>, north: Box<dyn Cs32Player>) -> Cs32Game {
        // Indexed by Side::index(): North = 0, South = 1.
        let players: [Box<dyn Cs32Player>; 2] = [north, south];
        Cs32Game {
            board: board.clone(),
            rules: Rules::Cs32,
            players,
            over: false,
            abandoned: false,
            output: Box::new(std::io::stdout()),
            output_closed: false,
            pause_input: None,
        }
    }

    /// Plays under `rules` instead of the CS32 rules.
    #[must_use]
    pub fn with_rules(mut self, rules: Rules) -> Cs32Game {
        self.rules = rules;
        self
    }

    /// Writes the game's display to `output` instead of standard output.
    #[must_use]
    pub fn with_output(mut self, output: Box<dyn Write + Send>) -> Cs32Game {
        self.output = output;
        self
    }

    /// Lets [`play`](Cs32Game::play) pause for ENTER on `input` after each move
    /// when neither player is interactive (the spec's `cin.ignore`). Without
    /// it, `play` never pauses.
    #[must_use]
    pub fn with_pause_input(mut self, input: Box<dyn BufRead + Send>) -> Cs32Game {
        self.pause_input = Some(input);
        self
    }

    /// Returns the game's board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Returns the beans in `side`'s `hole` (or pot, for hole 0), `None` for
    /// an invalid hole: the spec's `Game::beans`.
    pub fn beans(&self, side: Side, hole: usize) -> Option<u32> {
        self.board.beans(side, hole)
    }

    /// Returns true when the game stopped before its end: a player's input
    /// ended, or the output could not be written.
    pub fn is_abandoned(&self) -> bool {
        self.abandoned
    }

    /// Returns true when a write to the output failed (a closed pipe, say);
    /// the game stops at the next move.
    pub fn is_output_closed(&self) -> bool {
        self.output_closed
    }

    /// Writes `text` and a newline to the output and flushes it, noting a
    /// failure.
    fn write_line(&mut self, text: &str) {
        if writeln!(self.output, "{text}")
            .and_then(|()| self.output.flush())
            .is_err()
        {
            self.output_closed = true;
        }
    }

    fn name(&self, side: Side) -> String {
        self.players[side.index()].name().to_owned()
    }

    /// Writes both names and the board: North's name above, South's below.
    pub fn display(&mut self) {
        let text = self.render();
        self.write_line(&text);
    }

    /// Returns what [`display`](Cs32Game::display) writes.
    pub fn render(&self) -> String {
        let width = 3 * self.board.holes() + 6;
        let centre = |name: String| {
            let pad = width.saturating_sub(name.chars().count()) / 2;
            format!("{}{name}", " ".repeat(pad))
        };
        format!(
            "{}\n{}\n{}",
            centre(self.name(Side::North)),
            self.board,
            centre(self.name(Side::South))
        )
    }

    /// Returns the spec's `status`: whether the game is over (a `move` has
    /// returned false) and, if so, who won.
    pub fn status(&self) -> Status {
        if !self.over {
            return Status::NotOver;
        }
        let (north, south) = (self.board.pot(Side::North), self.board.pot(Side::South));
        match south.cmp(&north) {
            std::cmp::Ordering::Greater => Status::Winner(Side::South),
            std::cmp::Ordering::Less => Status::Winner(Side::North),
            std::cmp::Ordering::Equal => Status::Tie,
        }
    }

    /// Makes a complete move for `side` (the spec's `move`): asks its player
    /// for a hole, sows, and takes every extra turn (showing the board before
    /// each) or completes the capture. Returns true when the move was made.
    ///
    /// Returns false, sweeping the remaining beans into their owners' pots and
    /// ending the game, when the game is over before the move or before an
    /// extra turn: under the CS32 rules when `side` has no beans, under the
    /// other variants when either side is empty. Also returns false, without
    /// ending the game, when the player gives no move (its input ended); see
    /// [`is_abandoned`](Cs32Game::is_abandoned). After the end it returns false and
    /// changes nothing.
    pub fn move_side(&mut self, side: Side) -> bool {
        if self.over || self.abandoned {
            return false;
        }
        loop {
            if self.output_closed {
                self.abandoned = true;
                return false;
            }
            if self.rules.is_over(&self.board, side) {
                let message = if self.board.beans_in_play(side) == 0 {
                    format!(
                        "{} has no beans to move; the remaining beans go to {}'s pot.",
                        self.name(side),
                        self.name(side.opponent())
                    )
                } else {
                    format!(
                        "{}'s side is empty; the remaining beans go to {}'s pot.",
                        self.name(side.opponent()),
                        self.name(side)
                    )
                };
                self.write_line(&message);
                self.board.sweep_all();
                self.over = true;
                return false;
            }
            let board = self.board.clone();
            let choice = self.players[side.index()].choose_move(&board, side);
            let Some(hole) = choice else {
                self.write_line(&format!("{} left the game.", self.name(side)));
                self.abandoned = true;
                return false;
            };
            let Some(report) = self.rules.sow_and_capture(&mut self.board, side, hole) else {
                self.write_line(&format!(
                    "{} chose hole {hole}, which is not a hole with beans; the game stops.",
                    self.name(side)
                ));
                self.abandoned = true;
                return false;
            };
            self.write_line(&format!("{} chooses hole {hole}.", self.name(side)));
            if report.captured > 0 {
                self.write_line(&format!(
                    "{} captures {} beans.",
                    self.name(side),
                    report.captured
                ));
            }
            if !report.extra_turn {
                return true;
            }
            self.display();
            self.write_line(&format!("{} gets another turn.", self.name(side)));
        }
    }

    /// Plays the whole game, South first, showing the board after every move,
    /// pausing for ENTER between moves when neither player is interactive and
    /// a pause input was given, and announcing the result.
    pub fn play(&mut self) {
        self.display();
        let pause = !self.players.iter().any(|p| p.is_interactive());
        let mut side = Side::South;
        while self.move_side(side) {
            self.display();
            if pause {
                self.pause();
            }
            side = side.opponent();
        }
        if self.abandoned {
            let _ = self.output.flush();
            return;
        }
        self.display();
        let (north, south) = (self.board.pot(Side::North), self.board.pot(Side::South));
        let line = match self.status() {
            Status::Winner(Side::South) => {
                format!("{} wins, {south} to {north}.", self.name(Side::South))
            }
            Status::Winner(Side::North) => {
                format!("{} wins, {north} to {south}.", self.name(Side::North))
            }
            _ => format!("Tie, {south} to {north}."),
        };
        self.write_line(&line);
    }

    fn pause(&mut self) {
        let Some(input) = self.pause_input.as_mut() else {
            return;
        };
        if write!(self.output, "Press ENTER to continue...")
            .and_then(|()| self.output.flush())
            .is_err()
        {
            self.output_closed = true;
            return;
        }
        // Any line, text or not, continues.
        let mut line = Vec::new();
        if matches!(input.read_until(b'\n', &mut line), Ok(0) | Err(_)) {
            // End of input: stop pausing, play on.
            self.pause_input = None;
            self.write_line("");
        }
    }
}
