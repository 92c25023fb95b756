//! The `tokens` executable: the fair round-robin tournament of the token
//! game, the JSON-lines engine protocol for the original controller, and
//! HTML replays. Glue only: rules, bots and the tournament live in the
//! `tokens` crate.
//!
//! Usage errors print one line plus the usage to standard error and exit 2.

mod export;
mod protocol;
mod replay;

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use tokens::tournament::{play_round_with, Totals};
use tokens::{system_clock, BotKind, PlannerConfig};

/// The token-eating game of the "KOTH: Everybody loves tokens" challenge.
#[derive(Debug, Parser)]
#[command(name = "tokens", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The controller's fair round robin: every ordered pair of bots on each
    /// random board; bots ranked by total points.
    Tournament(TournamentArgs),
    /// The engine protocol: one JSON line {"player1": bool, "board": B} in,
    /// one action line out (UP, DOWN, LEFT, RIGHT, EAT or PASS).
    Bot(BotArgs),
    /// Write a self-contained HTML file replaying one game on a canvas.
    Replay(ReplayArgs),
    /// Write the contest submission: one JavaScript constructor with the
    /// planner inlined as WebAssembly (build the module first: .ci/wasm).
    ExportJs(ExportArgs),
}

#[derive(Debug, Args)]
struct TournamentArgs {
    /// Number of rounds (random boards); each plays every ordered pair once.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    boards: u32,
    /// Seed of the run: boards and every random choice derive from it.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bots, comma-separated (planner, hungry, path, naive, onetarget,
    /// random, mirror, mirror-builtin, lazy, quantity)
    /// [default: planner,hungry,path,naive,onetarget,random,mirror,lazy]
    #[arg(long, value_delimiter = ',', value_name = "BOTS")]
    bots: Vec<BotKind>,
    /// Worker threads [default: all cores]; results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Never draw a progress bar.
    #[arg(long)]
    no_progress: bool,
    /// Play our planner on the clock, as `tokens bot` and the JavaScript
    /// submission do, thinking this many milliseconds per decision (with
    /// --cap-ms); by default it searches a fixed budget of simulated plies,
    /// which replays exactly.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    planner_ms: Option<u64>,
    /// The hard stop per decision with --planner-ms, in milliseconds
    /// [default: 1.4 × --planner-ms, as `tokens bot`].
    #[arg(long, requires = "planner_ms", value_parser = clap::value_parser!(u64).range(1..=60_000))]
    cap_ms: Option<u64>,
}

#[derive(Debug, Args)]
struct Timing {
    /// Thinking time per decision, in milliseconds: the search starts no
    /// deeper iteration it expects to end beyond it.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    time_ms: u64,
    /// Hard stop per decision, in milliseconds (the challenge allows 1000;
    /// the contest entry aims at a 99th percentile within 300)
    /// [default: 1.4 × --time-ms, 280 for the default 200].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    cap_ms: Option<u64>,
}

impl Timing {
    fn durations(&self) -> Result<(Duration, Duration), String> {
        let cap_ms = checked_cap("--time-ms", self.time_ms, self.cap_ms)?;
        Ok((
            Duration::from_millis(self.time_ms),
            Duration::from_millis(cap_ms),
        ))
    }
}

/// The hard stop for a decision of `time_ms` milliseconds: `cap_ms` if
/// given (never below `time_ms`; `flag` names the thinking time in the
/// message), else 1.4 times the thinking time, the margin `tokens bot`'s
/// defaults leave (200 ms and 280 ms; within it, the search starts no
/// iteration it expects to overrun the thinking time).
fn checked_cap(flag: &str, time_ms: u64, cap_ms: Option<u64>) -> Result<u64, String> {
    match cap_ms {
        Some(cap_ms) if cap_ms < time_ms => {
            Err(format!("--cap-ms {cap_ms} is below {flag} {time_ms}"))
        }
        Some(cap_ms) => Ok(cap_ms),
        None => Ok(time_ms.saturating_mul(7) / 5),
    }
}

#[derive(Debug, Args)]
struct BotArgs {
    #[command(flatten)]
    timing: Timing,
}

#[derive(Debug, Args)]
struct ExportArgs {
    /// The submission file to write.
    #[arg(long, default_value = "bot.js")]
    out: PathBuf,
    /// The planner module [default: the workspace's
    /// target/wasm32-unknown-unknown/wasm/tokens_wasm.wasm].
    #[arg(long)]
    wasm: Option<PathBuf>,
    #[command(flatten)]
    timing: Timing,
}

#[derive(Debug, Args)]
struct ReplayArgs {
    /// Seed of the board (the same board as round 0 of `tournament --seed S`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The bot in the player-1 seat.
    #[arg(long, default_value = "planner")]
    a: BotKind,
    /// The bot in the player-2 seat.
    #[arg(long, default_value = "hungry")]
    b: BotKind,
    /// The HTML file to write.
    #[arg(long, default_value = "game.html")]
    out: PathBuf,
}

fn main() -> ExitCode {
    cli::exit_quietly_on_broken_pipe();
    let cli = match cli::parse::<Cli>() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = match cli.command {
        Command::Tournament(args) => match tournament_setup(&args) {
            Ok((field, planner)) => tournament(&args, &field, planner),
            Err(message) => return cli::invalid_value::<Cli>(message),
        },
        Command::Bot(args) => match args.timing.durations() {
            Ok((budget, cap)) => protocol::run(budget, cap),
            Err(message) => return cli::invalid_value::<Cli>(message),
        },
        Command::ExportJs(args) => match args.timing.durations() {
            Ok((budget, cap)) => {
                let wasm = args.wasm.clone().unwrap_or_else(export::default_wasm);
                export::write(&wasm, &args.out, budget, cap).map(|line| println!("{line}"))
            }
            Err(message) => return cli::invalid_value::<Cli>(message),
        },
        Command::Replay(args) => replay::write(args.seed, [args.a, args.b], &args.out),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tokens: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The bots of a tournament: `--bots`, or the default field. Fewer than two
/// bots, or a bot listed twice, is a usage error.
fn tournament_field(args: &TournamentArgs) -> Result<Vec<BotKind>, String> {
    let field: Vec<BotKind> = if args.bots.is_empty() {
        BotKind::DEFAULT_FIELD.to_vec()
    } else {
        args.bots.clone()
    };
    if field.len() < 2 {
        return Err("a tournament needs at least two bots".into());
    }
    for (i, kind) in field.iter().enumerate() {
        if field[..i].contains(kind) {
            return Err(format!("bot {kind} is listed twice"));
        }
    }
    Ok(field)
}

/// The field of a tournament ([`tournament_field`]) and, with
/// `--planner-ms`, our planner on the clock (a bad field or cap is a usage
/// error).
fn tournament_setup(
    args: &TournamentArgs,
) -> Result<(Vec<BotKind>, Option<PlannerConfig>), String> {
    let field = tournament_field(args)?;
    let planner = match args.planner_ms {
        Some(ms) => Some(PlannerConfig::timed(
            Duration::from_millis(ms),
            Duration::from_millis(checked_cap("--planner-ms", ms, args.cap_ms)?),
            system_clock,
        )),
        None => None,
    };
    Ok((field, planner))
}

fn tournament(
    args: &TournamentArgs,
    field: &[BotKind],
    planner: Option<PlannerConfig>,
) -> Result<(), String> {
    let k = field.len();
    let games = u64::from(args.boards) * (k * (k - 1)) as u64;
    println!(
        "Fair round robin: {} bots, {} boards, {} games, seed {}",
        k, args.boards, games, args.seed
    );
    let progress = if args.no_progress || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new(games);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed} (eta {eta})")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    };
    let started = Instant::now();
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = args.threads {
        pool = pool.num_threads(usize::from(threads));
    }
    let pool = pool.build().map_err(|e| e.to_string())?;
    let totals = pool.install(|| {
        (0..u64::from(args.boards))
            .into_par_iter()
            .map(|round| play_round_with(field, args.seed, round, planner, || progress.inc(1)))
            .reduce(
                || Totals::new(k),
                |mut a, b| {
                    a.merge(b);
                    a
                },
            )
    });
    progress.finish_and_clear();
    print_tables(field, &totals);
    println!("({:.1} s)", started.elapsed().as_secs_f64());
    Ok(())
}

fn print_tables(field: &[BotKind], totals: &Totals) {
    let order = totals.ranking();
    println!();
    println!(
        "{:>4}  {:<22} {:>9} {:>8} {:>9} {:>9} {:>9}",
        "rank", "bot", "points", "per game", "p99 ms", "max ms", "failures"
    );
    for (rank, &i) in order.iter().enumerate() {
        let (p99, max) = totals.move_time(i, 0.99);
        println!(
            "{:>4}  {:<22} {:>9} {:>8.2} {:>9.3} {:>9.3} {:>9}",
            rank + 1,
            field[i].display_name(),
            totals.points[i],
            totals.points[i] as f64 / f64::from(totals.games[i].max(1)),
            p99.as_secs_f64() * 1e3,
            max.as_secs_f64() * 1e3,
            if totals.failures[i] > 0 {
                format!("{} FAIL", totals.failures[i])
            } else {
                "0".into()
            }
        );
    }
    println!();
    println!("Head to head: row's points against column / column's points against row");
    print!("{:<22}", "");
    for &j in &order {
        print!(" {:>10}", short(field[j]));
    }
    println!();
    for &i in &order {
        print!("{:<22}", field[i].display_name());
        for &j in &order {
            if i == j {
                print!(" {:>10}", "-");
            } else {
                let (mine, theirs) = (totals.head[i][j], totals.head[j][i]);
                let cell = if theirs == 0 {
                    if mine == 0 {
                        "0:0".to_owned()
                    } else {
                        "inf".to_owned()
                    }
                } else {
                    format!("{:.2}", mine as f64 / theirs as f64)
                };
                print!(" {cell:>10}");
            }
        }
        println!();
    }
    println!();
    println!("Head to head in points (row : column) and games won on points (row-column):");
    for (a, &i) in order.iter().enumerate() {
        for &j in &order[a + 1..] {
            println!(
                "  {:<22} {:>7} : {:<7} {:<22} wins {}-{}",
                field[i].display_name(),
                totals.head[i][j],
                totals.head[j][i],
                field[j].display_name(),
                totals.wins[i][j],
                totals.wins[j][i]
            );
        }
    }
}

fn short(kind: BotKind) -> String {
    kind.key().chars().take(10).collect()
}
