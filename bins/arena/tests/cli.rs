//! Runs the built `arena` binary: the showcase, usage errors, JSON export.

use std::path::PathBuf;
use std::process::{Command, Output};

fn arena(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arena"))
        .args(args)
        .output()
        .expect("the arena binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A fresh path in the temporary directory for this test.
fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn no_arguments_runs_the_showcase_and_prints_tables() {
    let output = arena(&["--no-progress"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for expected in [
        "Red-Blue Nim standard",
        "Red-Blue Nim misere",
        "Elo [95%]",
        "exact    random",
        "depth-2  greedy",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[test]
fn usage_errors_exit_2_with_a_message_and_usage() {
    for args in [
        &["nim", "--games", "0"][..],
        &["nim", "--heroes", "minimax"],
        &["nim", "--red", "3"],
        &["nim", "--red", "-1", "--blue", "2"],
        &["nim", "--red", "99999", "--blue", "2"],
        &["nim", "--version", "classic"],
        &["nim", "--round-robin", "exact,random", "--heroes", "exact"],
        &["--bogus"],
        &["--seed", "x"],
        &["chess"],
    ] {
        let output = arena(args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        let message = stderr(&output);
        assert!(message.starts_with("error:"), "{args:?}: {message}");
        assert!(message.contains("Usage:"), "{args:?}: {message}");
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn same_seed_writes_the_same_json() {
    let (first, second) = (temp_file("first.json"), temp_file("second.json"));
    for path in [&first, &second] {
        let output = arena(&[
            "nim",
            "--games",
            "6",
            "--seed",
            "3",
            "--threads",
            "2",
            "--records",
            "--no-timings",
            "--no-progress",
            "--json",
            path.to_str().unwrap(),
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
    }
    let text = std::fs::read_to_string(&first).unwrap();
    assert_eq!(text, std::fs::read_to_string(&second).unwrap());
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let reports = json["reports"].as_array().unwrap();
    assert_eq!(reports.len(), 2, "one report per version");
    let games = reports[0]["games"].as_array().unwrap();
    // 4 heroes x 2 baselines x 6 games.
    assert_eq!(games.len(), 48);
    assert!(games
        .iter()
        .all(|game| !game["moves"].as_array().unwrap().is_empty()));
    assert!(!text.contains("think_ms"));
}

#[test]
fn a_fixed_opening_and_round_robin_are_honoured() {
    let path = temp_file("fixed.json");
    let output = arena(&[
        "nim",
        "--version",
        "misere",
        "--red",
        "3",
        "--blue",
        "4",
        "--round-robin",
        "exact,greedy,random",
        "--games",
        "2",
        "--records",
        "--no-progress",
        "--json",
        path.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("rank"));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let report = &json["reports"][0];
    assert_eq!(report["schedule"], "round robin");
    assert_eq!(report["pairings"].as_array().unwrap().len(), 3);
    for game in report["games"].as_array().unwrap() {
        assert_eq!(game["start"], "r3 b4 misere first");
    }
}

#[test]
fn an_unwritable_json_path_is_a_one_line_error() {
    let output = arena(&[
        "nim",
        "--games",
        "2",
        "--no-progress",
        "--json",
        "/nonexistent-dir/results.json",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(message.starts_with("arena: cannot write"), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
}

#[test]
fn meichu_plays_the_mcts_baseline_on_its_clock() {
    let output = arena(&[
        "meichu",
        "--games",
        "2",
        "--move-ms",
        "60",
        "--threads",
        "1",
        "--baselines",
        "mcts",
        "--no-progress",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let row = text
        .lines()
        .find(|line| line.starts_with("engine") && line.contains("mcts"))
        .unwrap_or_else(|| panic!("no engine-mcts row in\n{text}"));
    // Two games, both finished, no forfeits.
    assert!(row.contains(" 2 "), "{row}");
    assert!(row.contains("0/0"), "{row}");
}
