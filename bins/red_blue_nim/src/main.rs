//! `red_blue_nim`: the assignment's program (spec `red_blue_nim.md` §2–§6).
//!
//! ```text
//! red_blue_nim <num-red> <num-blue> [standard|misere] [computer|human] [depth]
//! ```
//!
//! The computer plays by alpha-beta search (full depth, or `depth` plies with
//! the evaluation function); the human answers a prompt. The binary is glue:
//! the rules, the search and the prompt live in the `nim` crate.
//!
//! Exit codes: 0 after a finished game (or `--help`), 1 when the human's
//! input ends or output fails, 2 for a bad command line.

use gamecore::{Agent, AgentError, Budget, Game, Player};
use nim::{depth_limited_agent, exact_agent, HumanAgent, RedBlueNim, Version, MAX_PILE};
use std::fmt;
use std::io::{self, BufReader, Write};
use std::process::ExitCode;

/// The usage line printed with every command-line error and by `--help`.
const USAGE: &str =
    "usage: red_blue_nim <num-red> <num-blue> [standard|misere] [computer|human] [depth]";

/// The stack of the thread that plays: a full-depth search recurses once per
/// marble (up to 2·MAX_PILE plies, a few KiB each).
const STACK_BYTES: usize = 512 << 20;

fn main() -> ExitCode {
    cli::exit_quietly_on_broken_pipe();
    let args = match cli::text_args() {
        Ok(args) => args,
        Err(message) => return usage_failure(&message),
    };
    let worker = std::thread::Builder::new()
        .name("red_blue_nim".into())
        .stack_size(STACK_BYTES)
        .spawn(move || run(&args));
    let outcome = match worker.map(|handle| handle.join()) {
        Ok(Ok(outcome)) => outcome,
        Ok(Err(_)) => Err(RunError::Failed("the game thread failed".into())),
        Err(err) => Err(RunError::Failed(format!(
            "cannot start the game thread: {err}"
        ))),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(RunError::Usage(message)) => usage_failure(&message),
        Err(RunError::EndOfInput) => {
            eprintln!("red_blue_nim: end of input: game abandoned");
            ExitCode::from(1)
        }
        Err(RunError::BrokenPipe) => ExitCode::from(1),
        Err(RunError::Failed(message)) => {
            eprintln!("red_blue_nim: {message}");
            ExitCode::from(1)
        }
    }
}

/// Reports a bad command line (one line, then the usage) and returns exit
/// code 2.
fn usage_failure(message: &str) -> ExitCode {
    eprintln!("red_blue_nim: {message}");
    eprintln!("{USAGE}");
    ExitCode::from(2)
}

/// Why a run ended without a finished game.
#[derive(Debug)]
enum RunError {
    /// A bad command line: one line, then the usage, exit code 2.
    Usage(String),
    /// The human's input ended at the prompt.
    EndOfInput,
    /// Standard output was closed: end quietly.
    BrokenPipe,
    /// Anything else.
    Failed(String),
}

impl From<io::Error> for RunError {
    fn from(err: io::Error) -> RunError {
        if err.kind() == io::ErrorKind::BrokenPipe {
            RunError::BrokenPipe
        } else {
            RunError::Failed(err.to_string())
        }
    }
}

/// Who moves first (spec §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum FirstPlayer {
    Computer,
    Human,
}

/// A validated command line.
#[derive(Debug, Clone, Copy)]
struct Config {
    start: RedBlueNim,
    first: FirstPlayer,
    depth: Option<u32>,
}

/// The result of parsing: a game to play, or a request for help.
enum Command {
    Play(Config),
    Help,
}

fn run(args: &[String]) -> Result<(), RunError> {
    match parse_args(args).map_err(RunError::Usage)? {
        Command::Help => {
            let mut out = io::stdout().lock();
            writeln!(out, "{USAGE}")?;
            writeln!(
                out,
                "  num-red, num-blue  marbles in each pile, 0 to {MAX_PILE}"
            )?;
            writeln!(out, "  version            standard (default) or misere")?;
            writeln!(out, "  first-player       computer (default) or human")?;
            writeln!(
                out,
                "  depth              plies the computer searches (default: the whole game)"
            )?;
            Ok(())
        }
        Command::Play(config) => play(config),
    }
}

/// Parses the positional arguments (spec §2); the error is one line.
fn parse_args(args: &[String]) -> Result<Command, String> {
    if args.iter().any(|arg| arg == "-h" || arg == "--help") {
        return Ok(Command::Help);
    }
    if args.len() < 2 {
        return Err(format!("expected at least 2 arguments, got {}", args.len()));
    }
    if args.len() > 5 {
        return Err(format!("expected at most 5 arguments, got {}", args.len()));
    }
    let red = parse_count("num-red", &args[0])?;
    let blue = parse_count("num-blue", &args[1])?;
    let version = match args.get(2) {
        None => Version::Standard,
        Some(word) => word
            .parse::<Version>()
            .map_err(|_| format!("unknown version {word:?}: expected standard or misere"))?,
    };
    let first = match args.get(3).map(|word| word.to_lowercase()) {
        None => FirstPlayer::Computer,
        Some(word) if word == "computer" => FirstPlayer::Computer,
        Some(word) if word == "human" => FirstPlayer::Human,
        Some(_) => {
            return Err(format!(
                "unknown first player {:?}: expected computer or human",
                args[3]
            ))
        }
    };
    let depth = match args.get(4) {
        None => None,
        Some(text) => Some(
            digits(text)
                .and_then(|digits| digits.parse::<u32>().ok())
                .filter(|&depth| depth >= 1)
                .ok_or_else(|| {
                    format!("invalid depth {text:?}: expected a whole number of at least 1")
                })?,
        ),
    };
    let start = RedBlueNim::try_new(red, blue, version).map_err(|err| err.to_string())?;
    Ok(Command::Play(Config {
        start,
        first,
        depth,
    }))
}

/// Returns `text` if it is a non-empty run of ASCII digits.
fn digits(text: &str) -> Option<&str> {
    (!text.is_empty() && text.bytes().all(|c| c.is_ascii_digit())).then_some(text)
}

/// Parses a marble count: digits only, at most [`MAX_PILE`].
fn parse_count(name: &str, text: &str) -> Result<u64, String> {
    let expected = format!("expected a whole number from 0 to {MAX_PILE}");
    let digits = digits(text).ok_or_else(|| format!("invalid <{name}> {text:?}: {expected}"))?;
    match digits.parse::<u64>() {
        Ok(count) if count <= u64::from(MAX_PILE) => Ok(count),
        _ => Err(format!("<{name}> {text} is too large: {expected}")),
    }
}

/// The two players at the table, by role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Computer,
    Human,
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Computer => "computer",
            Role::Human => "human",
        })
    }
}

/// Plays one game on standard input and output (spec §3–§5).
fn play(config: Config) -> Result<(), RunError> {
    // The seat that moves first is `Player::First`.
    let computer_seat = match config.first {
        FirstPlayer::Computer => Player::First,
        FirstPlayer::Human => Player::Second,
    };
    let role = |seat: Player| {
        if seat == computer_seat {
            Role::Computer
        } else {
            Role::Human
        }
    };
    let mut computer = config.depth.map_or_else(exact_agent, depth_limited_agent);
    let mut human = HumanAgent::new(BufReader::new(io::stdin()), io::stdout());
    let mut state = config.start;
    let budget = Budget::unlimited();
    while !state.is_over() {
        let to_move = role(state.side_to_move());
        {
            let mut out = io::stdout().lock();
            writeln!(
                out,
                "red: {}, blue: {} ({to_move} to move)",
                state.red(),
                state.blue()
            )?;
            out.flush()?;
        }
        let pile = match to_move {
            Role::Computer => {
                let pile = computer.select_move(&state, &budget).map_err(agent_error)?;
                let mut out = io::stdout().lock();
                writeln!(out, "computer: {pile}")?;
                out.flush()?;
                pile
            }
            Role::Human => match human.select_move(&state, &budget) {
                Ok(pile) => pile,
                Err(AgentError::EndOfInput) => {
                    // End the dangling prompt line before the notice.
                    writeln!(io::stdout())?;
                    return Err(RunError::EndOfInput);
                }
                Err(err) => return Err(agent_error(err)),
            },
        };
        state
            .play(pile)
            .map_err(|err| RunError::Failed(format!("{pile}: {err}")))?;
    }
    let winner = state
        .winner()
        .map(role)
        .ok_or_else(|| RunError::Failed("the game ended without a winner".into()))?;
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "red: {}, blue: {} (game over)",
        state.red(),
        state.blue()
    )?;
    writeln!(out, "{winner} wins, score {}", state.final_score())?;
    out.flush()?;
    Ok(())
}

fn agent_error(err: AgentError) -> RunError {
    match err {
        AgentError::EndOfInput => RunError::EndOfInput,
        other => RunError::Failed(other.to_string()),
    }
}
