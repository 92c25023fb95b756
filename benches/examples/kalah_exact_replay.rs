//! Replays the Kalah games of an `arena kalah --json FILE --records` run with
//! the exact solver, to see **where** games were decided: once the board holds
//! at most `--beans B` beans (default 38), every position's exact value is
//! computed, and every move that changed it is a mistake by its mover.
//!
//! Prints each game (the hero's moves as `H<hole>`, the opponent's as
//! `O<hole>`, exact values from the hero's side in parentheses, `!a->b@n`
//! after a move that changed the value, played with `n` beans in the holes)
//! and then a summary: the games by the sign
//! of the first exact value and the result, and the mistakes of each side.
//!
//! ```text
//! cargo run --release --bin arena -- kalah --baselines minimax --json run.json --records
//! cargo run --release -p benches --example kalah_exact_replay -- run.json --beans 38
//! ```
//!
//! Only CS32 rules on 6 holes (the arena's default). The solver keeps its
//! table between positions; a game takes a few seconds at 38 beans.

use arena::{GameRecord, Report};
use gamecore::Game;
use kalah::{Position, Rules, Side, SolveOptions, Solver};
use std::collections::BTreeMap;
use std::ops::AddAssign;
use std::process::ExitCode;

const USAGE: &str =
    "usage: kalah_exact_replay FILE.json [--beans B] [--hero NAME]   (B from 1 to 48, default 38)";

/// Moves that lowered their mover's exact value, and the beans they cost.
#[derive(Debug, Clone, Copy, Default)]
struct Mistakes {
    count: u32,
    beans: i32,
}

impl AddAssign for Mistakes {
    fn add_assign(&mut self, other: Mistakes) {
        self.count += other.count;
        self.beans += other.beans;
    }
}

/// What one game's replay found.
struct Replay {
    line: String,
    /// The first exact value, from the hero's side.
    first_value: Option<i32>,
    hero: Mistakes,
    opponent: Mistakes,
}

fn replay(
    solver: &mut Solver,
    start: &Position,
    moves: &[String],
    hero: Side,
    max_beans: u32,
) -> Result<Replay, String> {
    let sign = if hero == Side::South { 1 } else { -1 };
    // A finished position has no beans in play; the solver scores it.
    let mut exact = |p: &Position| -> Result<Option<i32>, String> {
        if p.board().beans_in_all_holes() > max_beans {
            return Ok(None);
        }
        let report = solver.solve(p).map_err(|e| format!("{e:?}"))?;
        Ok(Some(sign * report.south_value()))
    };
    let mut position = start.clone();
    let mut out = Replay {
        line: String::new(),
        first_value: None,
        hero: Mistakes::default(),
        opponent: Mistakes::default(),
    };
    let mut before = exact(&position)?;
    if let Some(v) = before {
        out.line.push_str(&format!(" ({v})"));
        out.first_value = Some(v);
    }
    for text in moves {
        let mover = position.to_move();
        let beans = position.board().beans_in_all_holes();
        let mv = position
            .parse_move(text)
            .map_err(|e| format!("move {text}: {e}"))?;
        position.play(mv).map_err(|e| format!("move {text}: {e}"))?;
        let after = exact(&position)?;
        let tag = if mover == hero { 'H' } else { 'O' };
        out.line.push_str(&format!(" {tag}{text}"));
        match (before, after) {
            (Some(a), Some(b)) if a != b => {
                out.line.push_str(&format!("!{a}->{b}@{beans}"));
                let (side, lost) = if mover == hero {
                    (&mut out.hero, a - b)
                } else {
                    (&mut out.opponent, b - a)
                };
                *side += Mistakes {
                    count: 1,
                    beans: lost,
                };
            }
            (None, Some(b)) => {
                out.line.push_str(&format!("({b})"));
                out.first_value = Some(b);
            }
            _ => {}
        }
        before = after;
    }
    Ok(out)
}

fn run(path: &str, max_beans: u32, hero_name: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut json: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let reports = json.get_mut("reports").map(serde_json::Value::take);
    let reports: Vec<Report> = serde_json::from_value(reports.unwrap_or_default())
        .map_err(|e| format!("{path} is not an arena --json export: {e}"))?;
    let games: Vec<&GameRecord> = reports.iter().flat_map(|r| &r.games).collect();
    if games.is_empty() {
        return Err(format!(
            "{path} has no game records (run arena with --json FILE --records)"
        ));
    }
    let mut solver = Solver::new(6, Rules::Cs32, SolveOptions::default().with_tt_log2(25));
    solver.build_endgame(48);
    let mut table: BTreeMap<(&str, &str), u32> = BTreeMap::new();
    let (mut hero_total, mut opponent_total) = (Mistakes::default(), Mistakes::default());
    for game in games {
        let start = Position::from_notation(&game.start, Rules::Cs32)
            .map_err(|e| format!("game {}: {e}", game.game))?;
        if start.board().holes() != 6 {
            return Err("only 6-hole games are supported".into());
        }
        let hero = if game.first == hero_name {
            Side::South
        } else {
            Side::North
        };
        let found = replay(&mut solver, &start, &game.moves, hero, max_beans)?;
        let result = match (game.result.as_str(), hero) {
            ("1/2-1/2", _) => "draw",
            ("1-0", Side::South) | ("0-1", Side::North) => "won",
            _ => "lost",
        };
        println!("game {} hero {hero:?} {result}:{}", game.game, found.line);
        let sign = match found.first_value {
            Some(v) if v > 0 => "hero ahead",
            Some(0) => "level",
            Some(_) => "hero behind",
            None => "never solved",
        };
        *table.entry((sign, result)).or_default() += 1;
        hero_total += found.hero;
        opponent_total += found.opponent;
    }
    println!("\nfirst exact value (<= {max_beans} beans) and result:");
    for ((sign, result), count) in &table {
        println!("  {sign:<13} {result:<5} {count}");
    }
    println!(
        "mistakes at <= {max_beans} beans: hero {} ({} beans), opponent {} ({} beans)",
        hero_total.count, hero_total.beans, opponent_total.count, opponent_total.beans
    );
    Ok(())
}

fn main() -> ExitCode {
    cli::exit_quietly_on_broken_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut path = None;
    let mut max_beans = 38;
    let mut hero = "smart".to_owned();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--beans" => match it.next().and_then(|v| v.parse().ok()) {
                Some(b) if (1..=48).contains(&b) => max_beans = b,
                _ => {
                    eprintln!("kalah_exact_replay: --beans wants a number from 1 to 48\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            "--hero" => match it.next() {
                Some(name) => hero.clone_from(name),
                None => {
                    eprintln!("kalah_exact_replay: --hero wants an agent name\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            _ if path.is_none() && !arg.starts_with("--") => path = Some(arg.clone()),
            _ => {
                eprintln!("kalah_exact_replay: unexpected argument '{arg}'\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let Some(path) = path else {
        eprintln!("kalah_exact_replay: no JSON file given\n{USAGE}");
        return ExitCode::from(2);
    };
    match run(&path, max_beans, &hero) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("kalah_exact_replay: {message}");
            ExitCode::FAILURE
        }
    }
}
