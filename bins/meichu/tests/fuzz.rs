//! The fuzz net for `meichu`: hostile command lines and console input
//! never crash it, and the end of input ends it cleanly.

use cli::testkit::{self, hostile_lines, join_lines};
use proptest::prelude::*;
use std::ffi::OsString;
use std::time::Duration;

const EXE: &str = env!("CARGO_BIN_EXE_meichu");

proptest! {
    #![proptest_config(testkit::config(32))]

    #[test]
    fn any_command_line_ends_by_the_conventions(
        args in testkit::hostile_command_line(EXE)
    ) {
        testkit::run_checked(EXE, &args, b"", Duration::from_secs(5), true)?;
    }

    #[test]
    fn any_console_input_ends_cleanly(
        lines in hostile_lines(vec!["0 70".into(), "1 70".into(), "3 0 3 1".into(), "0 0 0 0".into()])
    ) {
        let args: Vec<OsString> =
            ["--quiet", "--player", "greedy", "--time-ms", "50"].map(OsString::from).to_vec();
        testkit::run_checked(EXE, &args, &join_lines(&lines), Duration::from_secs(20), false)?;
    }
}

/// Finding A: a first argument that is not UTF-8 panicked.
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error() {
    testkit::assert_usage_error(EXE, &[testkit::raw_arg(b"\xff")]);
    testkit::assert_usage_error(EXE, &["--time-ms".into(), testkit::raw_arg(b"1\xff")]);
}
