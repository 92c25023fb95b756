//! The fuzz net for `tokens`: hostile command lines never crash it, and
//! `tokens bot` answers every line it is given with exactly one well-formed
//! line, whatever the line holds.

use cli::testkit::{self, hostile_lines, join_lines};
use proptest::prelude::*;
use std::ffi::OsString;
use std::time::Duration;

const EXE: &str = env!("CARGO_BIN_EXE_tokens");

/// A request of the protocol on a small board.
const REQUEST: &str = r##"{"player1":true,"board":{"player1":{"pos":[0,0],"score":0,"colorBonus":0,"lastColor":"#000000"},"player2":{"pos":[4,4],"score":3,"colorBonus":1,"lastColor":"#FF0000"},"tokens":[[false,false,false,false,false],[false,false,{"color":"#FF0000","points":2},false,false],[false,false,false,false,false],[false,{"color":"#0000FF","points":5},false,false,false],[false,false,false,false,false]]}}"##;

proptest! {
    #![proptest_config(testkit::config(48))]

    #[test]
    fn any_command_line_ends_by_the_conventions(
        args in testkit::hostile_command_line(EXE)
    ) {
        testkit::run_checked(EXE, &args, b"", Duration::from_secs(3), true)?;
    }

    #[test]
    fn the_bot_answers_each_line_once(lines in hostile_lines(vec![REQUEST.into()])) {
        let args: Vec<OsString> = ["bot", "--time-ms", "20"].map(OsString::from).to_vec();
        let run = testkit::run_checked(EXE, &args, &join_lines(&lines), Duration::from_secs(30), false)?;
        prop_assert_eq!(run.code, Some(0), "{}", run.describe(&args));
        let text = run.stdout_text();
        let answers: Vec<&str> = text.lines().collect();
        prop_assert_eq!(answers.len(), lines.len(), "{}", run.describe(&args));
        for answer in answers {
            prop_assert!(
                ["UP", "DOWN", "LEFT", "RIGHT", "EAT", "PASS"].contains(&answer),
                "{answer:?}\n{}", run.describe(&args)
            );
        }
    }
}

/// Finding A: a first argument that is not UTF-8 panicked.
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error() {
    testkit::assert_usage_error(EXE, &[testkit::raw_arg(b"--\xff")]);
    testkit::assert_usage_error(EXE, &[testkit::raw_arg(b"\xff")]);
}

/// Finding G: no subcommand exited 0; one bot, or a bot listed twice,
/// exited 1 without the usage.
#[test]
fn usage_errors_exit_2_with_the_usage() {
    testkit::assert_usage_error(EXE, &[]);
    testkit::assert_usage_error(EXE, &testkit::args(&["tournament", "--bots", "planner"]));
    testkit::assert_usage_error(EXE, &testkit::args(&["tournament", "--bots", "lazy,lazy"]));
    testkit::assert_usage_error(EXE, &testkit::args(&["bot", "--time-ms", "60001"]));
}
