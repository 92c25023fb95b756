//! The fuzz net for `reantics`: hostile command lines never crash it, and
//! `reantics agent` answers every line it is given with exactly one JSON
//! object, whatever the line holds.

use cli::testkit::{self, hostile_lines, join_lines};
use proptest::prelude::*;
use std::ffi::OsString;
use std::time::Duration;

const EXE: &str = env!("CARGO_BIN_EXE_reantics");

/// A state in the play phase: each side's queen and anthill, a tunnel, and
/// Player 0's soldier next to Player 1's worker.
const STATE: &str = r#"{"phase":3,"whoseTurn":0,"inventories":[{"player":0,"foodCount":2,"ants":[{"coords":[0,0],"type":0,"health":10,"hasMoved":false,"carrying":false},{"coords":[5,5],"type":3,"health":10,"hasMoved":true,"carrying":false}],"constrs":[{"coords":[0,0],"type":-4,"captureHealth":3},{"coords":[2,2],"type":-3,"captureHealth":2}]},{"player":1,"foodCount":1,"ants":[{"coords":[9,9],"type":0,"health":10,"hasMoved":false,"carrying":false},{"coords":[5,6],"type":1,"health":4,"hasMoved":false,"carrying":false}],"constrs":[{"coords":[9,9],"type":-4,"captureHealth":3},{"coords":[7,7],"type":-3,"captureHealth":2}]},{"player":2,"foodCount":0,"ants":[],"constrs":[{"coords":[1,3],"type":-1,"captureHealth":0},{"coords":[8,6],"type":-1,"captureHealth":0}]}]}"#;

/// Well-formed requests of the protocol on [`STATE`].
fn samples() -> Vec<String> {
    vec![
        format!(r#"{{"request":"move","state":{STATE}}}"#),
        format!(r#"{{"request":"attack","state":{STATE},"attacker":[5,5],"targets":[[5,6]]}}"#),
        r#"{"request":"win","won":true}"#.to_owned(),
        r#"{"request":"placement","state":{"phase":1,"whoseTurn":0,"inventories":[{"player":0,"foodCount":0,"ants":[],"constrs":[]},{"player":1,"foodCount":0,"ants":[],"constrs":[]},{"player":2,"foodCount":0,"ants":[],"constrs":[]}]}}"#.to_owned(),
    ]
}

proptest! {
    #![proptest_config(testkit::config(48))]

    #[test]
    fn any_command_line_ends_by_the_conventions(
        args in testkit::hostile_command_line(EXE)
    ) {
        testkit::run_checked(EXE, &args, b"", Duration::from_secs(3), true)?;
    }

    #[test]
    fn the_agent_answers_each_line_once(lines in hostile_lines(samples())) {
        let args: Vec<OsString> = ["agent", "--time-ms", "20"].map(OsString::from).to_vec();
        let run = testkit::run_checked(EXE, &args, &join_lines(&lines), Duration::from_secs(30), false)?;
        prop_assert_eq!(run.code, Some(0), "{}", run.describe(&args));
        let text = run.stdout_text();
        let answers: Vec<&str> = text.lines().collect();
        prop_assert_eq!(answers.len(), lines.len(), "{}", run.describe(&args));
        for answer in answers {
            let value: serde_json::Value = serde_json::from_str(answer)
                .map_err(|e| TestCaseError::fail(format!("{answer:?}: {e}\n{}", run.describe(&args))))?;
            prop_assert!(value.is_object(), "{answer:?}");
        }
    }
}

/// Runs `reantics agent` on `lines` and returns its answers, one per line.
fn agent_answers(lines: &[&[u8]]) -> Vec<serde_json::Value> {
    let input = join_lines(&lines.iter().map(|line| line.to_vec()).collect::<Vec<_>>());
    let args = testkit::args(&["agent", "--time-ms", "20"]);
    let run = testkit::run(EXE, &args, &input, Duration::from_secs(30));
    assert_eq!(run.code, Some(0), "{}", run.describe(&args));
    run.stdout_text()
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON answer"))
        .collect()
}

/// Finding A: a first argument that is not UTF-8 panicked.
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error() {
    testkit::assert_usage_error(EXE, &[testkit::raw_arg(b"\xff")]);
    testkit::assert_usage_error(EXE, &[testkit::raw_arg(b"--\xff")]);
}

/// Finding E: a line that is not UTF-8 stopped the server; empty and blank
/// lines got no answer.
#[test]
fn every_line_gets_one_answer() {
    let win = br#"{"request":"win","won":true}"#;
    let answers = agent_answers(&[b"\xff\xfe", b"", b"   ", win]);
    assert_eq!(answers.len(), 4, "{answers:?}");
    for answer in &answers[..3] {
        assert!(answer["error"].is_string(), "{answer}");
    }
    assert_eq!(answers[3], serde_json::json!({"ok": true}));
}

/// Finding E: targets that are not the attacker's were answered with a
/// cell outside the list; an attacker at [-128,-128] was reported at
/// -119,-119.
#[test]
fn an_attack_is_checked_against_the_state() {
    let request = |attacker: &str, targets: &str| {
        format!(
            r#"{{"request":"attack","state":{STATE},"attacker":{attacker},"targets":{targets}}}"#
        )
    };
    let good = request("[5,5]", "[[5,6]]");
    let wrong_targets = request("[5,5]", "[[1,1]]");
    let off_board = request("[-128,-128]", "[[5,6]]");
    let answers = agent_answers(&[
        good.as_bytes(),
        wrong_targets.as_bytes(),
        off_board.as_bytes(),
    ]);
    assert_eq!(answers[0], serde_json::json!({"coords": [5, 6]}));
    let error = answers[1]["error"].as_str().expect("an error");
    assert!(error.contains("do not match the state"), "{error}");
    let error = answers[2]["error"].as_str().expect("an error");
    assert!(error.contains("from 0 to 9"), "{error}");
}

/// Findings F and G: a huge time never answered; no subcommand exited 0.
#[test]
fn usage_errors_exit_2_with_the_usage() {
    testkit::assert_usage_error(EXE, &[]);
    testkit::assert_usage_error(
        EXE,
        &testkit::args(&["agent", "--time-ms", "18446744073709551615"]),
    );
    testkit::assert_usage_error(EXE, &testkit::args(&["match", "--agents", "ours"]));
    testkit::assert_usage_error(
        EXE,
        &testkit::args(&["match", "--p1", "ours", "--p2", "Ralph", "--cap", "0"]),
    );
}
