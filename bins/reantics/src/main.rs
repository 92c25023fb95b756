//! The `reantics` executable: matches and round robins between ReAntics
//! agents (the ported baselines and ours), with a progress bar, a results
//! table and an optional ASCII board per turn.

mod mcts;
mod protocol;
mod replay;
mod trace;

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use mcts::MctsArgs;
use reantics::{play_game, AntAgent, EndReason, GameOptions, GameRecord};
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(
    name = "reantics",
    about = "ReAntics: matches, round robins, replays and an agent server"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play games between two agents (--p1/--p2) or a round robin (--agents).
    Match(MatchArgs),
    /// Play one game and write a self-contained HTML replay with a step slider.
    Replay(ReplayArgs),
    /// Serve one agent over JSON lines on stdin/stdout (for adapters/python/RustAgent.py).
    Agent(AgentArgs),
    /// List the available agents.
    List,
    /// Replay game traces (files or directories of them) through our engine
    /// and compare every state: traces written by
    /// adapters/python/run_original.py in the original program, or by
    /// `reantics match --trace-dir`.
    CheckTrace(CheckTraceArgs),
}

#[derive(Args, Debug)]
struct CheckTraceArgs {
    /// Trace files, or directories whose .json files are traces.
    #[arg(required = true)]
    paths: Vec<std::path::PathBuf>,
    /// Also check our port of this agent: wherever it plays in a trace, it
    /// must give the same answer as the trace's agent at every request.
    #[arg(long)]
    agent: Option<String>,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// Player 1 (seat 0).
    #[arg(long)]
    p1: String,
    /// Player 2 (seat 1).
    #[arg(long)]
    p2: String,
    /// Seed for every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output HTML file.
    #[arg(long)]
    out: std::path::PathBuf,
    /// END cap with adjudication (our extension), 1 to 100000.
    #[arg(long, default_value_t = reantics::DEFAULT_TURN_CAP,
          value_parser = clap::value_parser!(u32).range(1..=MAX_TURN_CAP))]
    cap: u32,
    /// Our agent's time per turn, in milliseconds (1 to 600000).
    #[arg(long, default_value_t = 1000, value_parser = cli::millis(1))]
    time_ms: u64,
    #[command(flatten)]
    mcts: MctsArgs,
}

/// The largest `--cap`: a hundred times the default, far past any game.
const MAX_TURN_CAP: i64 = 100 * reantics::DEFAULT_TURN_CAP as i64;

#[derive(Args, Debug)]
struct AgentArgs {
    /// The agent to serve (default: ours).
    #[arg(long, default_value = "mcts")]
    name: String,
    /// Our agent's time per turn, in milliseconds (1 to 600000).
    #[arg(long, default_value_t = 1000, value_parser = cli::millis(1))]
    time_ms: u64,
    #[command(flatten)]
    mcts: MctsArgs,
}

#[derive(Args, Debug)]
struct MatchArgs {
    /// First agent (seat 0 in even games).
    #[arg(long)]
    p1: Option<String>,
    /// Second agent.
    #[arg(long)]
    p2: Option<String>,
    /// Comma-separated agents for a round robin ("all" = every baseline).
    #[arg(long)]
    agents: Option<String>,
    /// Games per pairing.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Alternate seats between games (always on in round robins).
    #[arg(long)]
    swap: bool,
    /// Seed for every random choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// END cap with adjudication (our extension), 1 to 100000.
    #[arg(long, default_value_t = reantics::DEFAULT_TURN_CAP,
          value_parser = clap::value_parser!(u32).range(1..=MAX_TURN_CAP))]
    cap: u32,
    /// Our agent's time per turn, in milliseconds (1 to 600000).
    #[arg(long, default_value_t = 1000, value_parser = cli::millis(1))]
    time_ms: u64,
    /// A turn clock for every agent, in milliseconds: a turn whose moves
    /// take longer loses the game on time (default: no clock, like the
    /// original). The table shows each agent's longest turn either way.
    #[arg(long, value_parser = cli::millis(1))]
    clock_ms: Option<u64>,
    /// Print the board after every END.
    #[arg(long)]
    verbose: bool,
    /// Write every game as a trace (actions and the state after each) into
    /// this directory, for adapters/python/run_original.py --check-traces.
    #[arg(long)]
    trace_dir: Option<std::path::PathBuf>,
    #[command(flatten)]
    mcts: MctsArgs,
}

/// The agent called `name`: ours (`mcts`) with `mcts`'s settings and `time`
/// per turn, or a ported one.
fn make_agent(name: &str, time: Duration, mcts: &MctsArgs) -> Option<Box<dyn AntAgent>> {
    match name.to_ascii_lowercase().as_str() {
        "mcts" | "ours" => Some(mcts.agent(time)),
        _ => reantics::baselines::baseline(name),
    }
}

#[derive(Default)]
struct Tally {
    wins: u32,
    losses: u32,
    draws: u32,
    illegal: u32,
    reasons: BTreeMap<&'static str, u32>,
    /// The longest turn in any game.
    longest_turn: Duration,
}

fn main() -> ExitCode {
    cli::exit_quietly_on_broken_pipe();
    let cli = match cli::parse::<Cli>() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match cli.command {
        Command::List => {
            for name in reantics::baselines::BASELINES {
                println!("{name}");
            }
            ExitCode::SUCCESS
        }
        Command::Match(args) => run_match(&args),
        Command::CheckTrace(args) => run_check_trace(&args),
        Command::Replay(args) => run_replay(&args),
        Command::Agent(args) => {
            let Some(mut agent) =
                make_agent(&args.name, Duration::from_millis(args.time_ms), &args.mcts)
            else {
                return usage_error(&format!(
                    "unknown agent {:?} (see `reantics list`)",
                    args.name
                ));
            };
            match protocol::serve(&mut *agent) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

fn run_replay(args: &ReplayArgs) -> ExitCode {
    let time = Duration::from_millis(args.time_ms);
    let (Some(mut a), Some(mut b)) = (
        make_agent(&args.p1, time, &args.mcts),
        make_agent(&args.p2, time, &args.mcts),
    ) else {
        return usage_error("unknown agent (see `reantics list`)");
    };
    let mut frames = vec![replay::frame(
        &reantics::State::with_cap(args.cap),
        "start of setup",
    )];
    let options = GameOptions {
        cap: args.cap,
        turn_time: None,
        seed: args.seed,
    };
    let record = play_game([&mut *a, &mut *b], &options, &mut |s, act| {
        let actor = if act == reantics::Action::End {
            s.whose_turn().other()
        } else {
            s.whose_turn()
        };
        frames.push(replay::frame(s, &replay::caption(actor.index() + 1, act)));
    });
    let names = [a.name(), b.name()];
    let result = match record.end.winner {
        Some(w) => format!(
            "{} wins ({}, {} ENDs)",
            names[w.index()],
            record.end.reason.label(),
            record.ends
        ),
        None => format!("draw ({}, {} ENDs)", record.end.reason.label(), record.ends),
    };
    if let Some(last) = frames.last_mut() {
        let caption = format!("{} — {result}", last["caption"].as_str().unwrap_or(""));
        last["caption"] = serde_json::Value::String(caption);
    }
    let title = format!(
        "ReAntics: {} (P1) vs {} (P2), seed {}",
        names[0], names[1], args.seed
    );
    match std::fs::write(&args.out, replay::html(&title, &frames)) {
        Ok(()) => {
            println!(
                "{result}; {} steps written to {}",
                frames.len(),
                args.out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", args.out.display());
            ExitCode::from(2)
        }
    }
}

/// Reports a problem with `reantics match`'s arguments: one line and the
/// usage, exit code 2.
fn usage_error(msg: &str) -> ExitCode {
    cli::invalid_value::<Cli>(msg)
}

fn run_match(args: &MatchArgs) -> ExitCode {
    let time = Duration::from_millis(args.time_ms);
    let (names, round_robin): (Vec<String>, bool) = match (&args.p1, &args.p2, &args.agents) {
        (Some(a), Some(b), None) => (vec![a.clone(), b.clone()], false),
        (None, None, Some(list)) if list == "all" => (
            reantics::baselines::BASELINES
                .iter()
                .map(|s| s.to_string())
                .collect(),
            true,
        ),
        (None, None, Some(list)) => (
            list.split(',').map(|s| s.trim().to_string()).collect(),
            true,
        ),
        _ => return usage_error("give --p1 and --p2, or --agents"),
    };
    if names.len() < 2 {
        return usage_error("a round robin needs at least two agents");
    }
    if let Some(dir) = &args.trace_dir {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return usage_error(&format!("cannot create --trace-dir {}: {e}", dir.display()));
        }
    }
    let mut agents: Vec<Box<dyn AntAgent>> = Vec::new();
    for n in &names {
        match make_agent(n, time, &args.mcts) {
            Some(a) => agents.push(a),
            None => return usage_error(&format!("unknown agent {n:?} (see `reantics list`)")),
        }
    }
    let display: Vec<String> = agents.iter().map(|a| a.name()).collect();
    let pairs: Vec<(usize, usize)> = (0..agents.len())
        .flat_map(|i| (i + 1..agents.len()).map(move |j| (i, j)))
        .collect();
    let total = pairs.len() as u64 * u64::from(args.games);
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {elapsed_precise} {msg}")
            .expect("template"),
    );
    let mut tallies: Vec<Tally> = (0..agents.len()).map(|_| Tally::default()).collect();
    let mut pair_rows = Vec::new();
    let mut game_no = 0u64;
    let mut ends_total = 0u64;
    for &(i, j) in &pairs {
        let mut pair = [0u32; 3];
        for k in 0..args.games {
            let swap = (round_robin || args.swap) && k % 2 == 1;
            let seats = if swap { [j, i] } else { [i, j] };
            let options = GameOptions {
                cap: args.cap,
                turn_time: args.clock_ms.map(Duration::from_millis),
                seed: gamecore::derive_seed(args.seed, game_no),
            };
            game_no += 1;
            let verbose = args.verbose;
            let mut observe = |s: &reantics::State, a: reantics::Action| {
                if verbose && a == reantics::Action::End {
                    bar.suspend(|| println!("{}", s.ascii()));
                }
            };
            let (lo, hi) = (seats[0].min(seats[1]), seats[0].max(seats[1]));
            let (left, right) = agents.split_at_mut(hi);
            let (a_lo, a_hi) = (&mut *left[lo], &mut *right[0]);
            let record: GameRecord = if seats[0] == lo {
                play_game([a_lo, a_hi], &options, &mut observe)
            } else {
                play_game([a_hi, a_lo], &options, &mut observe)
            };
            ends_total += u64::from(record.ends);
            if let Some(dir) = &args.trace_dir {
                let names = [names[seats[0]].as_str(), names[seats[1]].as_str()];
                let trace = trace::of_record(&record, names, options.seed);
                let file = dir.join(format!("game-{game_no:04}.json"));
                if let Err(e) = std::fs::write(&file, trace.to_string()) {
                    bar.finish_and_clear();
                    eprintln!("error: cannot write {}: {e}", file.display());
                    return ExitCode::FAILURE;
                }
            }
            for (seat, &agent) in seats.iter().enumerate() {
                let t = &mut tallies[agent].longest_turn;
                *t = (*t).max(record.longest_turn[seat]);
            }
            if verbose {
                bar.suspend(|| {
                    println!(
                        "game {}: {} vs {}: {} ({}, {} ENDs){}",
                        k + 1,
                        display[seats[0]],
                        display[seats[1]],
                        record
                            .end
                            .winner
                            .map_or("draw".to_string(), |w| display[seats[w.index()]].clone()),
                        record.end.reason.label(),
                        record.ends,
                        record
                            .illegal
                            .as_deref()
                            .map_or(String::new(), |s| format!(" [{s}]"))
                    )
                });
            }
            match record.end.winner {
                Some(w) => {
                    let (win, lose) = (seats[w.index()], seats[1 - w.index()]);
                    tallies[win].wins += 1;
                    tallies[lose].losses += 1;
                    *tallies[win]
                        .reasons
                        .entry(record.end.reason.label())
                        .or_default() += 1;
                    if record.end.reason == EndReason::IllegalAction {
                        tallies[lose].illegal += 1;
                    }
                    pair[if win == i { 0 } else { 1 }] += 1;
                }
                None => {
                    tallies[i].draws += 1;
                    tallies[j].draws += 1;
                    pair[2] += 1;
                }
            }
            bar.inc(1);
        }
        pair_rows.push((i, j, pair));
    }
    bar.finish_and_clear();
    println!(
        "{:<28} {:<28} {:>5} {:>5} {:>5}",
        "agent A", "agent B", "A won", "B won", "draw"
    );
    for (i, j, p) in &pair_rows {
        println!(
            "{:<28} {:<28} {:>5} {:>5} {:>5}",
            display[*i], display[*j], p[0], p[1], p[2]
        );
    }
    println!();
    let mut order: Vec<usize> = (0..agents.len()).collect();
    order.sort_by_key(|&i| {
        std::cmp::Reverse((tallies[i].wins, std::cmp::Reverse(tallies[i].losses)))
    });
    println!(
        "{:>4}  {:<28} {:>5} {:>6} {:>5} {:>7} {:>12}  win reasons",
        "rank", "agent", "wins", "losses", "draws", "illegal", "longest turn"
    );
    for (r, &i) in order.iter().enumerate() {
        let t = &tallies[i];
        let reasons: Vec<String> = t.reasons.iter().map(|(k, v)| format!("{k} {v}")).collect();
        println!(
            "{:>4}  {:<28} {:>5} {:>6} {:>5} {:>7} {:>9} ms  {}",
            r + 1,
            display[i],
            t.wins,
            t.losses,
            t.draws,
            t.illegal,
            t.longest_turn.as_millis(),
            reasons.join(", ")
        );
    }
    println!(
        "\n{} games, mean length {:.1} END actions",
        game_no,
        ends_total as f64 / game_no.max(1) as f64
    );
    ExitCode::SUCCESS
}

/// The trace files named by `paths`: files as given, directories' `.json`
/// files in name order.
fn trace_files(paths: &[std::path::PathBuf]) -> Result<Vec<std::path::PathBuf>, String> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let entries =
                std::fs::read_dir(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            let mut found: Vec<_> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "json"))
                .collect();
            found.sort();
            files.extend(found);
        } else if p.is_file() {
            files.push(p.clone());
        } else {
            return Err(format!("no trace at {}", p.display()));
        }
    }
    Ok(files)
}

fn run_check_trace(args: &CheckTraceArgs) -> ExitCode {
    let files = match trace_files(&args.paths) {
        Ok(files) => files,
        Err(e) => return usage_error(&e),
    };
    let (mut states, mut differing) = (0, 0);
    let mut stopped: BTreeMap<&str, usize> = BTreeMap::new();
    for f in &files {
        let result = std::fs::read_to_string(f)
            .map_err(|e| e.to_string())
            .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
            .and_then(|v: serde_json::Value| match &args.agent {
                None => trace::check(&v),
                Some(name) => {
                    let plays = v["agents"]
                        .as_array()
                        .is_some_and(|a| a.iter().any(|n| n == name.as_str()));
                    if !plays {
                        return Ok(trace::Check {
                            states: 0,
                            difference: None,
                            stopped: None,
                        });
                    }
                    let mut port = reantics::baselines::baseline(name)
                        .ok_or_else(|| format!("no port called {name:?} (see `reantics list`)"))?;
                    trace::check_agent(&v, name, &mut *port)
                }
            });
        match result {
            Ok(check) => {
                states += check.states;
                if let Some(why) = check.stopped {
                    *stopped.entry(why).or_default() += 1;
                }
                if let Some(d) = check.difference {
                    differing += 1;
                    println!("DIFF {}: {d}", f.display());
                }
            }
            Err(e) => {
                differing += 1;
                println!("DIFF {}: {e}", f.display());
            }
        }
    }
    let what = if args.agent.is_some() {
        "answers of the port compared"
    } else {
        "states compared in our engine"
    };
    println!(
        "{} traces, {states} {what}, {differing} with a difference",
        files.len()
    );
    for (why, n) in stopped {
        println!("{n} traces {why}");
    }
    if differing == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
