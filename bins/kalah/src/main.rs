//! The `kalah` executable: play CS32 Kalah, solve a board exactly, analyze a
//! position. Glue only: the rules, players and solver live in the `kalah` crate.
//!
//! Usage errors print one line plus the usage to standard error and exit 2.

use clap::{Args, Parser, Subcommand, ValueEnum};
use gamecore::{Budget, Game as _};
use indicatif::{ProgressBar, ProgressStyle};
use kalah::{
    BadPlayer, Board, Cs32Game, Cs32Player, EndgameSource, EndgameStore, HumanPlayer, OpeningBook,
    Position, Rules, Side, SmartAgent, SmartPlayer, SolveOptions, Solver, BEAN, MAX_BEANS_PER_HOLE,
    MAX_HOLES,
};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Play Kalah (UCLA CS32 Project 3 rules), solve boards, analyze positions.
///
/// Without a subcommand: a game, by default you (South) against the
/// SmartPlayer (North) on a 6x4 board.
#[derive(Debug, Parser)]
#[command(name = "kalah", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve the start position exactly: the first player's value and best first move(s).
    Solve(SolveArgs),
    /// Search one position and print the best move, value, depth, nodes and principal variation.
    Analyze(AnalyzeArgs),
    /// Opening books: exact values of the positions near the start.
    Book {
        #[command(subcommand)]
        command: BookCommand,
    },
}

#[derive(Debug, Subcommand)]
enum BookCommand {
    /// Solve every position within a few plies of the start and write them as a book.
    Build(BookBuildArgs),
}

#[derive(Debug, Args)]
struct BookBuildArgs {
    #[command(flatten)]
    board: SolverBoardArgs,
    /// Plies from the start the book covers (0 to 4; an extra turn's second sowing is a ply).
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u32).range(0..=4))]
    plies: u32,
    /// The book file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Search threads (at least 1; default: every core).
    #[arg(long, allow_negative_numbers = true)]
    threads: Option<i64>,
    #[command(flatten)]
    cache: CacheArgs,
}

/// The board of `solve` and `book build`.
#[derive(Debug, Args)]
struct SolverBoardArgs {
    /// Holes per side (1 to 8 for the solver).
    #[arg(long, default_value = "6", allow_negative_numbers = true)]
    holes: i64,
    /// Beans initially in each hole (0 to 10000).
    #[arg(long, default_value = "4", allow_negative_numbers = true)]
    beans: i64,
    /// Rule variant: cs32, standard or empty-capture.
    #[arg(long, default_value = "cs32")]
    rules: Rules,
}

/// Where the solver keeps its endgame databases.
#[derive(Debug, Args)]
struct CacheArgs {
    /// Directory where endgame databases are kept between runs (default: the user's cache
    /// directory, gameai/kalah inside $XDG_CACHE_HOME, ~/.cache or %LOCALAPPDATA%).
    #[arg(long, value_name = "DIR", conflicts_with = "no_cache")]
    cache_dir: Option<PathBuf>,
    /// Keep the endgame database in memory only: never read or write a file.
    #[arg(long)]
    no_cache: bool,
}

impl CacheArgs {
    /// The directory chosen: none with `--no-cache`, else `--cache-dir` or
    /// the user's cache directory.
    fn dir(&self) -> Option<PathBuf> {
        if self.no_cache {
            None
        } else {
            self.cache_dir.clone().or_else(default_cache_dir)
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum PlayerKind {
    /// A person at the keyboard.
    Human,
    /// Random valid moves (seeded).
    Bad,
    /// Game-tree search under a time limit.
    Smart,
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// Who plays South (moves first).
    #[arg(long, value_enum, default_value = "human")]
    south: PlayerKind,
    /// Who plays North.
    #[arg(long, value_enum, default_value = "smart")]
    north: PlayerKind,
    /// Holes per side (1 to 16).
    #[arg(long, default_value = "6", allow_negative_numbers = true)]
    holes: i64,
    /// Beans initially in each hole (0 to 10000).
    #[arg(long, default_value = "4", allow_negative_numbers = true)]
    beans: i64,
    /// Rule variant: cs32, standard or empty-capture.
    #[arg(long, default_value = "cs32")]
    rules: Rules,
    /// Time limit per SmartPlayer move, in milliseconds (1 to 600000).
    #[arg(long, default_value = "2000", allow_negative_numbers = true)]
    time_ms: i64,
    /// Seed of the BadPlayers' random choices.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Never pause for ENTER between computer moves.
    #[arg(long)]
    no_pause: bool,
    /// SmartPlayer search threads (at least 1; default: every core).
    #[arg(long, allow_negative_numbers = true)]
    threads: Option<i64>,
}

#[derive(Debug, Args)]
struct SolveArgs {
    #[command(flatten)]
    board: SolverBoardArgs,
    /// Transposition table size as a power of two of 8-byte entries, 10 to 29 (4 GiB), never
    /// more than the board can fill (default: by the beans on the board, 2^22 = 32 MiB for 6x4).
    #[arg(long, value_parser = clap::value_parser!(u32).range(10..=MAX_TT_LOG2))]
    tt_log2: Option<u32>,
    /// Endgame database bean limit (default: the largest with at most 142 million entries, at most
    /// two fifths of the beans; 19 on 6x4).
    #[arg(long)]
    endgame_beans: Option<u32>,
    /// Search threads (at least 1; default: every core).
    #[arg(long, allow_negative_numbers = true)]
    threads: Option<i64>,
    #[command(flatten)]
    cache: CacheArgs,
}

#[derive(Debug, Args)]
struct AnalyzeArgs {
    /// The position: north holes 1..n | south holes 1..n | north pot | south pot | side to move,
    /// e.g. "4,4,4,4,4,4|4,4,4,4,4,4|0|0|S".
    #[arg(long)]
    position: String,
    /// Rule variant: cs32, standard or empty-capture.
    #[arg(long, default_value = "cs32")]
    rules: Rules,
    /// Search time in milliseconds (1 to 600000).
    #[arg(long, default_value = "2000", allow_negative_numbers = true)]
    time_ms: i64,
    /// Search threads (at least 1; default: every core).
    #[arg(long, allow_negative_numbers = true)]
    threads: Option<i64>,
    #[command(flatten)]
    cache: CacheArgs,
    /// An opening book written by `kalah book build`, consulted before the bundled 6x4 books.
    #[arg(long, value_name = "FILE")]
    book: Option<PathBuf>,
}

/// Prints `message` as a usage error (one line plus the usage of the
/// subcommand being run) and exits with 2.
fn usage_error(message: String) -> ! {
    let _ = cli::invalid_value::<Cli>(message);
    std::process::exit(2);
}

fn checked_holes(holes: i64, max: usize) -> usize {
    if holes < 1 || holes > max as i64 {
        usage_error(format!("--holes must be from 1 to {max}, not {holes}"));
    }
    holes as usize
}

fn checked_beans(beans: i64) -> u32 {
    if beans < 0 || beans > i64::from(MAX_BEANS_PER_HOLE) {
        usage_error(format!(
            "--beans must be from 0 to {MAX_BEANS_PER_HOLE}, not {beans}"
        ));
    }
    beans as u32
}

/// The `--threads` value: every core by default; below 1 is a usage error.
fn checked_threads(threads: Option<i64>) -> usize {
    match threads {
        None => search::default_threads(),
        Some(n) if n >= 1 => usize::try_from(n).unwrap_or(usize::MAX).min(MAX_THREADS),
        Some(n) => usage_error(format!("--threads must be at least 1, not {n}")),
    }
}

/// The `--time-ms` value as a duration; outside 1..=[`cli::MAX_MOVE_MS`]
/// is a usage error.
fn checked_time(time_ms: i64) -> Duration {
    match u64::try_from(time_ms) {
        Ok(ms) if (1..=cli::MAX_MOVE_MS).contains(&ms) => Duration::from_millis(ms),
        _ => usage_error(format!(
            "--time-ms must be from 1 to {}, not {time_ms}",
            cli::MAX_MOVE_MS
        )),
    }
}

/// The largest `--tt-log2`: a table of [`cli::MAX_TABLE_MIB`] in 8-byte entries.
const MAX_TT_LOG2: i64 = (cli::MAX_TABLE_MIB * (1 << 20) / 8).ilog2() as i64;

/// The user's cache directory for the endgame databases: `gameai/kalah`
/// inside `%LOCALAPPDATA%` on Windows, else `$XDG_CACHE_HOME` or `~/.cache`.
fn default_cache_dir() -> Option<PathBuf> {
    let non_empty = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    let base = if cfg!(windows) {
        non_empty("LOCALAPPDATA").map(PathBuf::from)
    } else {
        non_empty("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .or_else(|| non_empty("HOME").map(|home| PathBuf::from(home).join(".cache")))
    }?;
    Some(base.join("gameai").join("kalah"))
}

/// More threads than this are lowered to it (each one is an OS thread).
const MAX_THREADS: usize = 256;

fn main() -> ExitCode {
    cli::exit_quietly_on_broken_pipe();
    let cli = match cli::parse::<Cli>() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match cli.command {
        Some(Command::Solve(args)) => solve(&args),
        Some(Command::Analyze(args)) => analyze(&args),
        Some(Command::Book {
            command: BookCommand::Build(args),
        }) => build_book(&args),
        None => play(&cli.play),
    }
}

/// What a SmartPlayer is built with, checked once from the options.
#[derive(Debug, Clone, Copy)]
struct SmartSettings {
    rules: Rules,
    time: Duration,
    threads: usize,
}

fn make_player(
    kind: PlayerKind,
    side: Side,
    other: PlayerKind,
    seed: u64,
    smart: SmartSettings,
) -> Box<dyn Cs32Player> {
    let base = match kind {
        PlayerKind::Human => "Human",
        PlayerKind::Bad => "Bad",
        PlayerKind::Smart => "Smart",
    };
    let name = if kind == other {
        format!("{base} {side}")
    } else {
        base.to_owned()
    };
    match kind {
        PlayerKind::Human => Box::new(HumanPlayer::new(name)),
        PlayerKind::Bad => Box::new(BadPlayer::new(
            name,
            gamecore::derive_seed(seed, side.index() as u64),
        )),
        PlayerKind::Smart => Box::new(
            SmartPlayer::new(name)
                .with_rules(smart.rules)
                .with_time(smart.time)
                .with_threads(smart.threads),
        ),
    }
}

fn play(args: &PlayArgs) -> ExitCode {
    let holes = checked_holes(args.holes, MAX_HOLES);
    let beans = checked_beans(args.beans);
    let smart = SmartSettings {
        rules: args.rules,
        time: checked_time(args.time_ms),
        threads: checked_threads(args.threads),
    };
    let board = Board::new(holes as i64, i64::from(beans));
    let south = make_player(args.south, Side::South, args.north, args.seed, smart);
    let north = make_player(args.north, Side::North, args.south, args.seed, smart);
    let interactive = south.is_interactive() || north.is_interactive();
    let mut game = Cs32Game::new(&board, south, north).with_rules(args.rules);
    if !interactive && !args.no_pause && std::io::stdin().is_terminal() {
        game = game.with_pause_input(Box::new(std::io::BufReader::new(std::io::stdin())));
    }
    game.play();
    ExitCode::SUCCESS
}

fn solve(args: &SolveArgs) -> ExitCode {
    let holes = checked_holes(args.board.holes, kalah::SOLVER_MAX_HOLES);
    let beans = checked_beans(args.board.beans);
    let threads = checked_threads(args.threads);
    let mut options = SolveOptions::default().with_threads(threads);
    if let Some(log2) = args.tt_log2 {
        options = options.with_tt_log2(log2);
    }
    if let Some(k) = args.endgame_beans {
        options = options.with_endgame_beans(k);
    }
    let start = Position::start(holes, beans, args.board.rules);
    let mut solver = Solver::new(holes, args.board.rules, options);
    let cache_dir = args.cache.dir();
    if let Some(dir) = cache_dir {
        solver = solver.with_endgame_store(EndgameStore::new(dir));
    }
    println!(
        "Kalah({holes},{beans}), {} rules, South moves first ({threads} thread{})",
        args.board.rules,
        if threads == 1 { "" } else { "s" }
    );
    let report = solver.solve_with_progress(&start, |p| {
        eprintln!(
            "  value between {:+} and {:+} after {} nodes, {:.1} s",
            p.lower,
            p.upper,
            p.nodes,
            p.elapsed.as_secs_f64()
        );
    });
    match report {
        Ok(report) => {
            let value = report.south_value();
            let verdict = match value {
                v if v > 0 => format!("South (first player) wins by {v}"),
                v if v < 0 => format!("North (second player) wins by {}", -v),
                _ => "a tie".to_owned(),
            };
            println!("value: {value:+} for South: {verdict}");
            let moves: Vec<String> = report.best_moves.iter().map(|h| h.to_string()).collect();
            println!(
                "best first move(s): {}",
                if moves.is_empty() {
                    "none (the game is over)".to_owned()
                } else {
                    moves.join(" ")
                }
            );
            println!(
                "nodes: {}, time: {:.2} s, threads: {} (endgame database <= {} beans {} in {:.2} s)",
                report.nodes,
                report.elapsed.as_secs_f64(),
                report.threads,
                report.endgame_beans,
                match report.endgame_source {
                    Some(EndgameSource::Loaded { .. }) => "loaded",
                    _ => "built",
                },
                report.endgame_elapsed.as_secs_f64()
            );
            match &report.endgame_source {
                Some(EndgameSource::Loaded { path, .. }) => {
                    println!("endgame database: read from {}", path.display());
                }
                Some(EndgameSource::Built {
                    path,
                    reason,
                    save_error,
                    ..
                }) => match save_error {
                    None => println!(
                        "endgame database: saved to {} (the file there before: {reason})",
                        path.display()
                    ),
                    Some(error) => eprintln!(
                        "kalah: cannot save the endgame database to {}: {error}",
                        path.display()
                    ),
                },
                None => {}
            }
            ExitCode::SUCCESS
        }
        Err(err) => usage_error(err.to_string()),
    }
}

fn analyze(args: &AnalyzeArgs) -> ExitCode {
    let position = match Position::from_notation(&args.position, args.rules) {
        Ok(position) => position,
        Err(err) => usage_error(err.to_string()),
    };
    let threads = checked_threads(args.threads);
    let limit = checked_time(args.time_ms);
    println!(
        "position: {} ({} rules)",
        position.to_notation(),
        args.rules
    );
    println!("{}", position.board());
    if let Some(outcome) = position.outcome() {
        let [south, north] = outcome.scores();
        println!("the game is over: South {south}, North {north}");
        return ExitCode::SUCCESS;
    }
    let mover = position.to_move();
    println!("{mover} to move");
    let holes = position.board().holes();
    let own_book = args.book.as_ref().map(|path| {
        let bytes = std::fs::read(path).unwrap_or_else(|err| {
            usage_error(format!("cannot read the book {}: {err}", path.display()))
        });
        OpeningBook::from_bytes(&bytes).unwrap_or_else(|err| {
            usage_error(format!("{} is not a usable book: {err}", path.display()))
        })
    });
    let answer = own_book
        .as_ref()
        .and_then(|book| book.lookup(&position))
        .or_else(|| {
            OpeningBook::bundled(holes, args.rules).and_then(|book| book.lookup(&position))
        });
    if let Some(answer) = answer {
        let holes: Vec<usize> = answer.best_moves.iter().map(|m| m.hole()).collect();
        print_exact(&holes, answer.value, "from the opening book", mover);
        return ExitCode::SUCCESS;
    }
    // The exact solver gets the first half of the time, the search the rest.
    let started = std::time::Instant::now();
    let cache_dir = args.cache.dir();
    match solve_for_analysis(&position, args.rules, threads, cache_dir, limit / 2) {
        Some(report) => {
            print_exact(&report.best_moves, report.value, "solved", mover);
            println!(
                "nodes: {}, time: {:.2} s, threads: {}",
                report.nodes,
                report.elapsed.as_secs_f64(),
                report.threads
            );
            return ExitCode::SUCCESS;
        }
        None => println!(
            "the exact solver did not finish within {:.1} s: searching",
            started.elapsed().as_secs_f64()
        ),
    }
    let remaining = limit
        .saturating_sub(started.elapsed())
        .max(Duration::from_millis(1));
    let mut agent = SmartAgent::new(position.board().holes(), args.rules).with_threads(threads);
    let _ = gamecore::Agent::select_move(
        &mut agent,
        &position,
        &Budget::new(remaining / 2, remaining),
    );
    let Some(result) = agent.last_result() else {
        eprintln!("kalah: the search gave no result");
        return ExitCode::from(1);
    };
    let best = result
        .best_move
        .map_or_else(|| "none".to_owned(), |m| m.to_string());
    println!("best move: {best}");
    match result.proven_margin() {
        Some(margin) => println!(
            "value: {margin:+} (exact, searched to the end: final pot difference for {mover} with best play)"
        ),
        None => println!(
            "value: {:+.2} beans for {mover} (heuristic, depth {}; store difference {:+})",
            f64::from(result.value.raw()) / f64::from(BEAN),
            result.depth,
            stores(&position)
        ),
    }
    println!(
        "depth: {}, nodes: {}, time: {:.2} s, threads: {}",
        result.depth,
        result.stats.nodes,
        result.stats.elapsed.as_secs_f64(),
        result.stats.threads
    );
    let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
    println!("principal variation: {}", pv.join(" "));
    ExitCode::SUCCESS
}

/// Prints an exact answer of `analyze`: the first best hole, the value and
/// where it came from (`how`), and every best hole.
fn print_exact(best_holes: &[usize], value: i32, how: &str, mover: Side) {
    let holes: Vec<String> = best_holes.iter().map(ToString::to_string).collect();
    println!(
        "best move: {}",
        holes.first().map_or("none", String::as_str)
    );
    println!("value: {value:+} (exact, {how}: final pot difference for {mover} with best play)");
    println!("every best move: {}", holes.join(" "));
}

/// The depth of the heuristic search that gives the analysis's solver its
/// first guess: shallower than a full solve's, since it is not interrupted.
const ANALYZE_GUESS_DEPTH: u32 = 8;

/// Solves `position` within `limit` if the solver handles its board. The
/// solver's endgame database is used when it is on disk in `cache_dir`
/// (read in well under a second); otherwise the solver goes without one
/// rather than spend the time building it.
fn solve_for_analysis(
    position: &Position,
    rules: Rules,
    threads: usize,
    cache_dir: Option<PathBuf>,
    limit: Duration,
) -> Option<kalah::SolveReport> {
    let board = position.board();
    let holes = board.holes();
    if holes > kalah::SOLVER_MAX_HOLES || board.beans_in_all_holes() > kalah::SOLVER_MAX_BEANS {
        return None;
    }
    let store = cache_dir.map(EndgameStore::new);
    // The largest database on disk up to the solver's default size (one
    // built under an earlier, smaller default serves too).
    let default_beans =
        kalah::EndgameTable::largest_within(holes, SolveOptions::DEFAULT_ENDGAME_ENTRIES)
            .unwrap_or(0);
    let on_disk = store
        .as_ref()
        .and_then(|store| store.largest_stored(holes, rules, default_beans));
    // A table no larger than the solve can fill in its time (some 4 million
    // nodes a second per thread), so a short analysis does not spend its time
    // clearing memory.
    let nodes = limit.as_secs_f64() * 4e6 * threads as f64;
    let tt_log2 = (nodes.max(1.0).log2().ceil() as u32).clamp(16, 25);
    let options = SolveOptions::default()
        .with_threads(threads)
        .with_tt_log2(tt_log2)
        .with_guess_depth(ANALYZE_GUESS_DEPTH)
        .with_endgame_beans(on_disk.unwrap_or(0));
    let mut solver = Solver::new(holes, rules, options);
    if let Some(store) = store.filter(|_| on_disk.is_some()) {
        solver = solver.with_endgame_store(store);
    }
    solver.solve_within(position, limit).ok().flatten()
}

fn build_book(args: &BookBuildArgs) -> ExitCode {
    let holes = checked_holes(args.board.holes, kalah::SOLVER_MAX_HOLES);
    let beans = checked_beans(args.board.beans);
    let threads = checked_threads(args.threads);
    let mut solver = Solver::new(
        holes,
        args.board.rules,
        SolveOptions::default().with_threads(threads),
    );
    let cache_dir = args.cache.dir();
    if let Some(dir) = cache_dir {
        solver = solver.with_endgame_store(EndgameStore::new(dir));
    }
    eprintln!(
        "Kalah({holes},{beans}), {} rules: solving every position within {} plies of the start",
        args.board.rules, args.plies
    );
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions {elapsed_precise}")
            .expect("template"),
    );
    let started = std::time::Instant::now();
    let book = match solver.build_book(beans, args.plies, |done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    }) {
        Ok(book) => book,
        Err(err) => usage_error(err.to_string()),
    };
    bar.finish_and_clear();
    let bytes = book.to_bytes();
    if let Err(err) = std::fs::write(&args.out, &bytes) {
        eprintln!("kalah: cannot write {}: {err}", args.out.display());
        return ExitCode::from(1);
    }
    let start = Position::start(holes, beans, args.board.rules);
    if let Some(answer) = book.lookup(&start) {
        let moves: Vec<String> = answer.best_moves.iter().map(|m| m.to_string()).collect();
        println!(
            "start: {:+} for South, best first move(s): {}",
            answer.value,
            moves.join(" ")
        );
    }
    println!(
        "{} positions, {} bytes, written to {} in {:.1} s",
        book.len(),
        bytes.len(),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

fn stores(position: &Position) -> i32 {
    let me = position.to_move();
    position.board().pot(me) as i32 - position.board().pot(me.opponent()) as i32
}
