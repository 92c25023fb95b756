//! Runs the built `kalah` binary: usage errors exit 2 with one line plus
//! usage; games, solves and analyses print what the issue asks for.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn kalah(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the kalah binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn usage_errors_exit_2_with_one_line_and_usage() {
    for args in [
        &["--bogus"][..],
        &["--holes", "0"],
        &["--holes", "-3"],
        &["--holes", "x"],
        &["--beans", "-1"],
        &["--south", "alien"],
        &["--rules", "cs33"],
        &["solve", "--holes", "0"],
        &["solve", "--holes", "9"],
        &["solve", "--beans", "-2"],
        &["--threads", "0"],
        &["--time-ms", "0"],
        &["--time-ms", "-5"],
        &["--south", "bad", "--north", "bad", "--time-ms", "0"],
        &["analyze", "--position", "4,4|4,4|0|0|S", "--time-ms", "0"],
        &["solve", "--threads", "0"],
        &["solve", "--threads", "-1"],
        &["analyze", "--position", "4,4|4,4|0|0|S", "--threads", "0"],
        &["analyze"],
        &["analyze", "--position", "4,4|4,4|0|0"],
        &["analyze", "--position", "4,x|4,4|0|0|S"],
        &["analyze", "--position", "4,4|4,4,4|0|0|S"],
        &["analyze", "--position", "4,4|4,4|0|0|W"],
        &[
            "analyze",
            "--position",
            "4,4|4,4|0|0|S",
            "--book",
            "/no/such/book",
        ],
        &["book", "build", "--plies", "5", "--out", "x.bin"],
        &["book", "build", "--holes", "9", "--out", "x.bin"],
        &["book", "build"],
    ] {
        let out = kalah(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains("Usage:"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_computer_game_runs_to_the_end_without_pausing() {
    let out = kalah(&["--south", "bad", "--north", "bad", "--seed", "5"], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Bad South chooses hole"));
    assert!(!stdout.contains("Press ENTER"), "stdin is not a terminal");
    let last = stdout.lines().last().unwrap();
    assert!(last.contains("wins") || last.starts_with("Tie"), "{last}");
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let args = [
        "--south", "bad", "--north", "bad", "--seed", "9", "--holes", "4", "--beans", "3",
    ];
    assert_eq!(kalah(&args, "").stdout, kalah(&args, "").stdout);
}

#[test]
fn a_human_reprompts_and_end_of_input_ends_cleanly() {
    let out = kalah(
        &[
            "--north", "bad", "--holes", "3", "--beans", "2", "--rules", "standard",
        ],
        "abc\n9\n3\n",
    );
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Human (South), choose a hole 1-3 with beans: "));
    assert!(stdout.contains("Hole must be a number from 1 to 3."));
    assert!(stdout.contains("Human chooses hole 3."));
    assert!(stdout.contains("left the game") || stdout.contains("wins") || stdout.contains("Tie"));
}

#[test]
fn solve_prints_value_best_moves_nodes_and_time() {
    let out = kalah(
        &[
            "solve",
            "--holes",
            "6",
            "--beans",
            "2",
            "--rules",
            "empty-capture",
            "--endgame-beans",
            "10",
            "--no-cache",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("value: +10 for South"), "{stdout}");
    assert!(stdout.contains("best first move(s): "), "{stdout}");
    assert!(stdout.contains("nodes: "), "{stdout}");
    assert!(stdout.contains("threads: "), "{stdout}");
    // The value does not depend on the thread count.
    let two = kalah(
        &[
            "solve",
            "--holes",
            "6",
            "--beans",
            "2",
            "--rules",
            "empty-capture",
            "--endgame-beans",
            "10",
            "--threads",
            "2",
            "--no-cache",
        ],
        "",
    );
    assert_eq!(two.status.code(), Some(0), "{}", text(&two.stderr));
    let two = text(&two.stdout);
    assert!(two.contains("value: +10 for South"), "{two}");
    assert!(two.contains("threads: 2"), "{two}");
}

#[test]
fn analyze_prints_move_value_depth_nodes_and_pv() {
    let out = kalah(
        &[
            "analyze",
            "--position",
            // Three plies in: past the opening book, too many beans to solve in 100 ms.
            "5,5,5,4,4,4|4,4,4,4,0,5|0|1|N",
            "--time-ms",
            "200",
            "--threads",
            "2",
            "--no-cache",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for needle in [
        "the exact solver did not finish",
        "best move: ",
        "(heuristic, depth ",
        "depth: ",
        "nodes: ",
        "principal variation: ",
        "threads: 2",
    ] {
        assert!(stdout.contains(needle), "{needle} missing:\n{stdout}");
    }
    let over = kalah(&["analyze", "--position", "0,0|0,0|3|5|N"], "");
    assert_eq!(over.status.code(), Some(0));
    assert!(text(&over.stdout).contains("the game is over: South 5, North 3"));
}

#[test]
fn analyze_answers_the_6x4_start_exactly_from_the_book_in_every_variant() {
    for (rules, value, best) in [
        ("cs32", "+8", "3"),
        ("standard", "+8", "3"),
        ("empty-capture", "+10", "3"),
    ] {
        let started = std::time::Instant::now();
        let out = kalah(
            &[
                "analyze",
                "--position",
                "4,4,4,4,4,4|4,4,4,4,4,4|0|0|S",
                "--rules",
                rules,
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert!(
            stdout.contains("(exact, from the opening book"),
            "{rules}: {stdout}"
        );
        assert!(
            stdout.contains(&format!("value: {value}")),
            "{rules}: {stdout}"
        );
        assert!(
            stdout.contains(&format!("best move: {best}")),
            "{rules}: {stdout}"
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(5),
            "{rules}"
        );
    }
}

#[test]
fn analyze_solves_a_late_position_and_says_so() {
    let out = kalah(
        &[
            "analyze",
            "--position",
            "0,1,2,0,3,1|2,0,1,3,0,2|10|12|S",
            "--time-ms",
            "4000",
            "--no-cache",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("value: +1 (exact, solved"), "{stdout}");
    assert!(stdout.contains("best move: 1"), "{stdout}");
}

#[test]
fn a_built_book_is_read_by_analyze_and_a_damaged_one_refused() {
    let dir = std::env::temp_dir().join(format!("kalah-cli-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("book-4x3.bin");
    let file_text = file.to_string_lossy().into_owned();
    let built = kalah(
        &[
            "book",
            "build",
            "--holes",
            "4",
            "--beans",
            "3",
            "--plies",
            "2",
            "--out",
            &file_text,
            "--no-cache",
            "--threads",
            "1",
        ],
        "",
    );
    assert_eq!(built.status.code(), Some(0), "{}", text(&built.stderr));
    assert!(
        text(&built.stdout).contains("positions"),
        "{}",
        text(&built.stdout)
    );
    let analyze = |book: &str| {
        kalah(
            &[
                "analyze",
                "--position",
                "3,3,3,3|3,3,3,3|0|0|S",
                "--book",
                book,
            ],
            "",
        )
    };
    let out = analyze(&file_text);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("(exact, from the opening book"),
        "{}",
        text(&out.stdout)
    );
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 5]).unwrap();
    let out = analyze(&file_text);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("not a usable book"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    // The reader goes away after the first line, as `kalah solve | head -1` does.
    let mut child = Command::new(env!("CARGO_BIN_EXE_kalah"))
        .args(["solve", "--holes", "6", "--beans", "2", "--no-cache"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kalah starts");
    let mut stdout = child.stdout.take().expect("piped");
    let mut first = [0u8; 8];
    std::io::Read::read(&mut stdout, &mut first).expect("some output");
    drop(stdout);
    let output = child.wait_with_output().expect("kalah ends");
    let stderr = text(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}

#[test]
fn the_endgame_database_is_saved_once_then_read_and_a_truncated_one_rebuilt() {
    let dir = std::env::temp_dir().join(format!("kalah-cli-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_string_lossy().into_owned();
    let solve = || {
        let out = kalah(
            &[
                "solve",
                "--holes",
                "4",
                "--beans",
                "3",
                "--threads",
                "1",
                "--cache-dir",
                &dir_text,
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let first = solve();
    assert!(first.contains("endgame database: saved to "), "{first}");
    assert!(first.contains("no file yet"), "{first}");
    let second = solve();
    assert!(second.contains("endgame database: read from "), "{second}");
    let value = |out: &str| {
        out.lines()
            .find(|l| l.starts_with("value: "))
            .map(str::to_owned)
    };
    assert_eq!(value(&first), value(&second));
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 1]).unwrap();
    let third = solve();
    assert!(third.contains("endgame database: saved to "), "{third}");
    assert!(third.contains("truncated"), "{third}");
    assert_eq!(value(&third), value(&first));
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}
