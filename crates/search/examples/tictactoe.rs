//! Tic-tac-toe solved by the search, then played against a random agent.
//!
//! Shows the whole API on a game everyone knows: implement `gamecore::Game`,
//! give an `Evaluator`, run `Search::search`, wrap it as a `SearchAgent`.
//!
//! Run: `cargo run --release -p gameai-search --example tictactoe`

use gamecore::{
    Agent, Budget, Evaluator, Game, MoveList, Outcome, ParseMoveError, Player, RandomAgent,
};
use search::{Search, SearchAgent, SearchLimits, SearchOptions};
use std::fmt;
use std::io::{self, Write};

/// A cell index 0..9, row by row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cell(u8);

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[derive(Debug, Clone, Default)]
struct TicTacToe {
    /// Bit i set: cell i holds the mark of that player.
    marks: [u16; 2],
    to_move_second: bool,
}

const LINES: [u16; 8] = [0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

impl TicTacToe {
    fn has_line(&self, player: Player) -> bool {
        LINES
            .iter()
            .any(|&line| self.marks[player.index()] & line == line)
    }
}

impl Game for TicTacToe {
    type Move = Cell;

    fn side_to_move(&self) -> Player {
        if self.to_move_second {
            Player::Second
        } else {
            Player::First
        }
    }

    fn legal_moves(&self, moves: &mut MoveList<Cell>) {
        moves.clear();
        if self.outcome().is_none() {
            let taken = self.marks[0] | self.marks[1];
            moves.extend((0..9).filter(|i| taken & (1 << i) == 0).map(Cell));
        }
    }

    fn play_unchecked(&mut self, cell: Cell) {
        self.marks[self.side_to_move().index()] |= 1 << cell.0;
        self.to_move_second = !self.to_move_second;
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.has_line(Player::First) {
            Some(Outcome::zero_sum(Player::First, 1))
        } else if self.has_line(Player::Second) {
            Some(Outcome::zero_sum(Player::Second, 1))
        } else if (self.marks[0] | self.marks[1]) == 0o777 {
            Some(Outcome::new(0, 0))
        } else {
            None
        }
    }

    fn hash(&self) -> u64 {
        u64::from(self.marks[0])
            | u64::from(self.marks[1]) << 9
            | u64::from(self.to_move_second) << 18
    }

    fn recompute_hash(&self) -> u64 {
        self.hash()
    }

    fn score_bounds(&self) -> (i32, i32) {
        (-1, 1)
    }

    fn max_remaining_plies(&self) -> u32 {
        9 - (self.marks[0] | self.marks[1]).count_ones()
    }

    fn parse_move(&self, text: &str) -> Result<Cell, ParseMoveError> {
        match text.trim().parse::<u8>() {
            Ok(i) if i < 9 => Ok(Cell(i)),
            _ => Err(ParseMoveError::new(text, "a cell 0-8")),
        }
    }

    fn move_index(&self, cell: Cell) -> usize {
        usize::from(cell.0)
    }

    fn move_index_bound(&self) -> usize {
        9
    }
}

/// Counts open lines: a line is open for a player if the opponent has no mark on it.
#[derive(Debug, Clone, Copy)]
struct OpenLines;

impl Evaluator<TicTacToe> for OpenLines {
    fn evaluate(&self, state: &TicTacToe) -> i32 {
        let me = state.side_to_move();
        let open = |p: Player| {
            LINES
                .iter()
                .filter(|&&line| state.marks[p.other().index()] & line == 0)
                .count() as i32
        };
        open(me) - open(me.other())
    }
}

fn main() {
    // Piped into `head`, the example stops quietly once the reader is gone.
    stop_quietly_on_write_error(run(&mut io::stdout().lock()));
}

fn run(out: &mut impl Write) -> io::Result<()> {
    let mut search = Search::new(OpenLines, SearchOptions::default());
    let result = search.search(&TicTacToe::default(), &SearchLimits::exhaustive());
    writeln!(out, "empty board: {result}")?;
    writeln!(
        out,
        "game value for the first player: {:?} (0 = draw)",
        result.proven_margin()
    )?;

    let mut wins = [0u32; 3];
    for game in 0..100u64 {
        let mut perfect = SearchAgent::new("search", OpenLines, SearchOptions::default(), None);
        let mut random = RandomAgent::new(game);
        let mut state = TicTacToe::default();
        let search_plays = if game % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        while state.outcome().is_none() {
            let mv = if state.side_to_move() == search_plays {
                perfect.select_move(&state, &Budget::unlimited())
            } else {
                Agent::<TicTacToe>::select_move(&mut random, &state, &Budget::unlimited())
            }
            .expect("a move");
            state.play(mv).expect("legal");
        }
        let outcome = state.outcome().expect("over");
        match outcome.winner() {
            Some(p) if p == search_plays => wins[0] += 1,
            None => wins[1] += 1,
            Some(_) => wins[2] += 1,
        }
    }
    writeln!(
        out,
        "search vs random over 100 games: {} wins, {} draws, {} losses",
        wins[0], wins[1], wins[2]
    )
}

/// Ends the program without a panic when standard output fails: silently
/// when the reader has gone (`| head`), with one line on standard error otherwise.
fn stop_quietly_on_write_error(result: io::Result<()>) {
    if let Err(error) = result {
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("cannot write to standard output: {error}");
            std::process::exit(1);
        }
    }
}
