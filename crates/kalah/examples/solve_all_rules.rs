//! Solves Kalah(holes, beans) under each rule variant: `cargo run --release -p gameai-kalah --example solve_all_rules -- 6 3`.
//!
//! Experiment knobs (environment): `KALAH_RULES`, `KALAH_DB`, `KALAH_TT`, `KALAH_ETC`,
//! `KALAH_TT_MIN`, `KALAH_NEAR`, `KALAH_NEAR_LOG2`, `KALAH_GUESS`, `KALAH_THREADS`, and
//! `KALAH_CACHE` (a directory where the endgame database is kept between runs).
use kalah::{EndgameStore, Position, Rules, SolveOptions, Solver};

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let holes = args.first().copied().unwrap_or(6) as usize;
    let beans = args.get(1).copied().unwrap_or(3);
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u32>().ok());
    let mut options = SolveOptions::default();
    if let Some(k) = env("KALAH_DB") {
        options = options.with_endgame_beans(k);
    }
    if let Some(t) = env("KALAH_TT") {
        options = options.with_tt_log2(t);
    }
    if let Some(e) = env("KALAH_ETC") {
        options = options.with_etc_min_beans(e);
    }
    if let Some(m) = env("KALAH_TT_MIN") {
        options = options.with_tt_min_beans(m);
    }
    if let Some(m) = env("KALAH_NEAR") {
        options = options.with_near_table(m, env("KALAH_NEAR_LOG2").unwrap_or(18));
    }
    if let Some(g) = env("KALAH_GUESS") {
        options = options.with_guess_depth(g);
    }
    if let Some(t) = env("KALAH_THREADS") {
        options = options.with_threads(t as usize);
    }
    let only = std::env::var("KALAH_RULES").ok();
    for rules in Rules::ALL {
        if only.as_deref().is_some_and(|r| r != rules.as_str()) {
            continue;
        }
        let mut solver = Solver::new(holes, rules, options);
        if let Ok(dir) = std::env::var("KALAH_CACHE") {
            solver = solver.with_endgame_store(EndgameStore::new(dir));
        }
        let start = Position::start(holes, beans, rules);
        match solver.solve_with_progress(&start, |p| {
            eprintln!("  {rules}: value in [{}, {}] after {} nodes, {:.1?}", p.lower, p.upper, p.nodes, p.elapsed)
        }) {
            Ok(report) => println!(
                "Kalah({holes},{beans}) {rules}: South wins by {} with hole(s) {:?}; {} nodes, {:.2?} (endgame db <= {} beans, {:.2?})",
                report.south_value(), report.best_moves, report.nodes, report.elapsed, report.endgame_beans, report.endgame_elapsed
            ),
            Err(err) => println!("{err}"),
        }
    }
}
