//! The fuzz net for `kalah`: hostile command lines, positions and prompt
//! lines never crash it, and a line it cannot use never ends the game.

use cli::testkit::{self, hostile_lines, join_lines};
use proptest::prelude::*;
use std::ffi::OsString;
use std::time::Duration;

const EXE: &str = env!("CARGO_BIN_EXE_kalah");

/// A position in `analyze`'s notation, then broken: cut, a field replaced,
/// a number made huge or negative, a separator doubled.
fn hostile_position() -> impl Strategy<Value = String> {
    let start = "4,4,4,4,4,4|4,4,4,4,4,4|0|0|S".to_owned();
    prop_oneof![
        (0..start.len()).prop_map({
            let start = start.clone();
            move |at| start[..at].to_owned()
        }),
        (0..start.len(), "[-0-9|,SNx ]{1,3}").prop_map({
            let start = start.clone();
            move |(at, text)| format!("{}{text}{}", &start[..at], &start[at + 1..])
        }),
        "[0-9]{1,25}".prop_map(|n| format!("{n},4,4,4,4,4|4,4,4,4,4,4|0|0|N")),
        "[-0-9|,SN]{0,40}",
        Just("0,0,0|0,0,0|0|0|S".to_owned()),
        Just("|||".to_owned()),
    ]
}

proptest! {
    #![proptest_config(testkit::config(48))]

    #[test]
    fn any_command_line_ends_by_the_conventions(
        args in testkit::hostile_command_line(EXE)
    ) {
        testkit::run_checked(EXE, &args, b"", Duration::from_secs(5), true)?;
    }

    #[test]
    fn any_position_is_analyzed_or_refused(position in hostile_position()) {
        let args: Vec<OsString> = vec![
            "analyze".into(), "--position".into(), position.into(),
            "--time-ms".into(), "20".into(), "--threads".into(), "1".into(),
        ];
        testkit::run_checked(EXE, &args, b"", Duration::from_secs(20), false)?;
    }

    #[test]
    fn no_line_at_the_prompt_ends_the_game(lines in hostile_lines(vec!["1".into(), "6".into()])) {
        let mut input = join_lines(&lines);
        input.extend_from_slice("1\n2\n3\n4\n5\n6\n".repeat(40).as_bytes());
        let args: Vec<OsString> = ["--north", "bad", "--no-pause"].map(OsString::from).to_vec();
        let run = testkit::run_checked(EXE, &args, &input, Duration::from_secs(20), false)?;
        let text = run.stdout_text();
        prop_assert!(text.contains(" wins, ") || text.contains("Tie, "), "{}", run.describe(&args));
    }
}

/// Finding A: a first argument that is not UTF-8 panicked.
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error() {
    testkit::assert_usage_error(EXE, &[testkit::raw_arg(b"\xff")]);
    testkit::assert_usage_error(EXE, &[testkit::raw_arg(b"--\xff")]);
    testkit::assert_usage_error(EXE, &["solve".into(), testkit::raw_arg(b"\xff")]);
}

/// Finding B: `--tt-log2 30` asked for 8.6 GB; now 4 GiB is the most.
/// Finding F: times are bounded too. Finding G: `--help` states the bound
/// `--beans` keeps.
#[test]
fn memory_and_time_options_are_bounded() {
    testkit::assert_usage_error(EXE, &testkit::args(&["solve", "--tt-log2", "30"]));
    for time in ["0", "600001", "18446744073709551615"] {
        testkit::assert_usage_error(EXE, &testkit::args(&["--time-ms", time]));
        testkit::assert_usage_error(
            EXE,
            &testkit::args(&["analyze", "--position", "1,1|1,1|0|0|S", "--time-ms", time]),
        );
    }
    testkit::assert_usage_error(EXE, &testkit::args(&["--beans", "10001"]));
    let help = testkit::run(
        EXE,
        &testkit::args(&["--help"]),
        b"",
        Duration::from_secs(10),
    );
    assert!(
        help.stdout_text().contains("(0 to 10000)"),
        "{}",
        help.stdout_text()
    );
}

/// Finding C: a line that is not UTF-8 at the prompt ended the game as if
/// the input had.
#[test]
fn a_prompt_line_that_is_not_utf8_is_asked_again() {
    let args = testkit::args(&["--north", "bad", "--no-pause"]);
    let run = testkit::run(EXE, &args, b"\xff\n1\n", Duration::from_secs(10));
    let text = run.stdout_text();
    assert!(
        text.contains("Hole must be a number from 1 to 6."),
        "{}",
        run.describe(&args)
    );
    assert!(
        text.contains("Human chooses hole 1."),
        "{}",
        run.describe(&args)
    );
}

/// Finding D: with its output closed, `kalah` played on for 14 s.
#[test]
fn a_closed_output_stops_the_game() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    // Smart at 2 s a move: forty moves if it played on.
    let mut child = Command::new(EXE)
        .args(["--time-ms", "2000", "--threads", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("kalah starts");
    let mut stdin = child.stdin.take().expect("piped");
    let _ = stdin.write_all("1\n2\n3\n4\n5\n6\n".repeat(50).as_bytes());
    drop(stdin);
    let mut stdout = child.stdout.take().expect("piped");
    let mut first = [0u8; 10];
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
    let started = std::time::Instant::now();
    let output = child.wait_with_output().expect("kalah ends");
    // At most the one move in progress when the pipe closed.
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}
