//! `meichu`: the contest program. With no arguments it bids, then plays
//! through the course sample's console protocol line for line (spec §4):
//! the TA types the opponent's moves in and relays ours out.
//!
//! Options for testers: `--time-ms`, `--bid-color`, `--bid-price`,
//! `--seed`, `--quiet`, `--player`, `--max-depth`. Bad opponent input is
//! answered with a one-line message and the same prompt; end of input
//! before the game is over exits with code 1 and a notice on standard error;
//! end of input at the final prompt is normal (exit code 0).

use clap::{Parser, ValueEnum};
use gamecore::{Agent, Budget, RandomAgent};
use meichu::auction::{self, Auction, Bid};
use meichu::{
    moved_line, Color, Effect, End, Engine, EngineConfig, GreedyAgent, Move, Position, StudentAgent,
};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

/// The longest `--time-ms` accepted: [`meichu::MAX_MOVE_TIME`], whose hard
/// deadline stays 7.5 s under the contest's 30 s.
const MAX_MOVE_MS: u64 = meichu::MAX_MOVE_TIME.as_millis() as u64;

/// MeiChu contest program: speaks the course sample's console protocol.
///
/// Without options it is the tournament program: it prints its bid, reads
/// the opponent's bid, then plays, printing its moves as `My move : [bx, by,
/// ex, ey]` and reading the opponent's as four integers.
#[derive(Debug, Parser)]
#[command(name = "meichu")]
struct Cli {
    /// Most time per move in milliseconds, at most 25000 (the contest allows 30000)
    #[arg(long, value_name = "MS",
          default_value_t = meichu::DEFAULT_MOVE_TIME.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(1..=MAX_MOVE_MS))]
    time_ms: u64,

    /// Colour to bid for: 0 (BLACK) or 1 (WHITE) [default: ours, see docs/meichu_bid.md]
    #[arg(long, value_name = "0|1", value_parser = clap::value_parser!(u8).range(0..=1))]
    bid_color: Option<u8>,

    /// Price to bid, 0 to 140 [default: ours, see docs/meichu_bid.md]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i64).range(0..=140))]
    bid_price: Option<i64>,

    /// Seed for the random choices of the test players
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,

    /// Do not display the board
    #[arg(long)]
    quiet: bool,

    /// Who chooses our moves (for testing)
    #[arg(long, value_enum, default_value_t = PlayerKind::Engine)]
    player: PlayerKind,

    /// Deepest search iteration of the engine (for testing)
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=200))]
    max_depth: Option<u32>,

    /// Search threads of the engine [default: every core; the contest sets no limit]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
}

/// The players the program can use for its own moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PlayerKind {
    /// Our engine.
    Engine,
    /// Random legal moves.
    Random,
    /// The greedy baseline.
    Greedy,
    /// The depth-5 student baseline.
    Student,
}

/// Why the session stopped before a normal end.
#[derive(Debug)]
enum Stop {
    /// Standard input ended before the game was over.
    EndOfInput,
    /// Standard output or input failed (a closed pipe).
    Io(io::Error),
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Stop {
        Stop::Io(error)
    }
}

/// The console: reads lines, prints lines and prompts, flushing each.
struct Console<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> Console<R, W> {
    fn line(&mut self, text: &str) -> Result<(), Stop> {
        writeln!(self.output, "{text}")?;
        self.output.flush()?;
        Ok(())
    }

    /// Prints `prompt` without a newline and reads one line; `None` at end of input.
    fn ask(&mut self, prompt: &str) -> Result<Option<String>, Stop> {
        write!(self.output, "{prompt}")?;
        self.output.flush()?;
        let mut bytes = Vec::new();
        if self.input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(None);
        }
        Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
    }

    /// Asks until `parse` accepts the answer, printing its complaint each time.
    fn ask_until<T>(
        &mut self,
        prompt: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<T, Stop> {
        loop {
            let Some(answer) = self.ask(prompt)? else {
                return Err(Stop::EndOfInput);
            };
            match parse(answer.trim()) {
                Ok(value) => return Ok(value),
                Err(message) => self.line(&message)?,
            }
        }
    }
}

fn parse_color(text: &str) -> Result<Color, String> {
    text.parse::<i64>()
        .ok()
        .and_then(Color::from_index)
        .ok_or_else(|| "Invalid input: expected 0 (BLACK) or 1 (WHITE).".to_owned())
}

fn parse_price(text: &str) -> Result<i64, String> {
    text.parse::<i64>()
        .map_err(|_| "Invalid input: expected a whole number (the opponent's price).".to_owned())
}

/// Our player, whatever chooses its moves.
fn build_player(cli: &Cli) -> Box<dyn Agent<Position>> {
    let config = EngineConfig::default()
        .with_move_time(Duration::from_millis(cli.time_ms))
        .with_max_depth(cli.max_depth)
        .with_threads(
            cli.threads
                .map_or_else(search::default_threads, |n| n as usize),
        );
    match cli.player {
        PlayerKind::Engine => Box::new(Engine::new(config)),
        PlayerKind::Random => Box::new(RandomAgent::new(cli.seed)),
        PlayerKind::Greedy => Box::new(GreedyAgent::new(cli.seed)),
        PlayerKind::Student => Box::new(StudentAgent::default()),
    }
}

/// Runs the auction and the game; returns at the final prompt's answer.
fn session<R: BufRead, W: Write>(cli: &Cli, console: &mut Console<R, W>) -> Result<(), Stop> {
    let mut player = build_player(cli);
    let own = Bid::new(
        cli.bid_color
            .and_then(|c| Color::from_index(i64::from(c)))
            .unwrap_or(meichu::bid::BID_COLOR),
        cli.bid_price.unwrap_or(meichu::bid::BID_PRICE),
    );
    console.line(&format!(
        "My bid : {} {}",
        own.color.index(),
        own.price.max(0)
    ))?;
    let opponent_color = console.ask_until("Please input opponent_color_choice :", parse_color)?;
    let opponent_price = console.ask_until("Please input opponent_price :", parse_price)?;
    let opponent = Bid::new(opponent_color, opponent_price);
    let settled = match auction::settle(own, opponent) {
        Auction::Tie => {
            console.line("Tie !")?;
            let assigned = console.ask_until("Please set my player number :", parse_color)?;
            auction::settle_tie(own, opponent, assigned)
        }
        settled => settled,
    };
    let Auction::Settled { color: me, budgets } = settled else {
        unreachable!("settle_tie always settles");
    };
    console.line(&format!("My color is: {}", me.upper_name()))?;

    let mut position = Position::start_with_budgets(budgets);
    let mut to_move = Color::Black;
    loop {
        if !cli.quiet {
            console
                .output
                .write_all(position.display_board().as_bytes())?;
            console.output.flush()?;
        }
        if position.budget(to_move) <= 1 {
            console.line("No budget to move! Only to pass!")?;
            to_move = to_move.other();
            continue;
        }
        if let Some(End::NoLegalMove(_)) = position.end() {
            console.line("No legal move! Game over.")?;
            break;
        }
        let mv = if to_move == me {
            console.line(&format!("My color is: {}", me.upper_name()))?;
            console.line("My turn :")?;
            let budget = Budget::unlimited();
            let mv = player
                .select_move(&position, &budget)
                .map_err(|e| Stop::Io(io::Error::other(e.to_string())))?;
            console.line(&format!("My move : {}", mv.list_text()))?;
            mv
        } else {
            console.line(&format!("Opponent color is: {}", me.other().upper_name()))?;
            console.line("Opponent turn :")?;
            let probe = position;
            console.ask_until("Enter the move : ", |text| {
                let mv = Move::parse(text).map_err(|e| format!("Invalid move: {e}."))?;
                probe
                    .check_move(mv)
                    .map_err(|e| format!("Illegal move: {e}."))?;
                Ok(mv)
            })?
        };
        let effect = position
            .play_checked(mv)
            .map_err(|e| Stop::Io(io::Error::other(format!("our move {mv} is illegal: {e}"))))?;
        if let Some(line) = Effect::line(effect) {
            console.line(&line)?;
        }
        console.line(&moved_line(to_move, mv))?;
        to_move = to_move.other();
        match position.end() {
            None | Some(End::NoLegalMove(_)) => {}
            Some(_) => break,
        }
    }
    let result = position.result().expect("the loop ends with the game");
    console.line(result.line())?;
    // End of input here is normal.
    let _ = console.ask("Please press the Enter key to exit ...")?;
    Ok(())
}

fn main() -> ExitCode {
    cli::exit_quietly_on_broken_pipe();
    let cli = match cli::parse::<Cli>() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut console = Console {
        input: stdin.lock(),
        output: stdout.lock(),
    };
    match session(&cli, &mut console) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::EndOfInput) => {
            eprintln!("meichu: end of input before the game was over");
            ExitCode::from(1)
        }
        Err(Stop::Io(error)) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(1),
        Err(Stop::Io(error)) => {
            eprintln!("meichu: {error}");
            ExitCode::from(1)
        }
    }
}
