//! The fuzz net for `red_blue_nim`: hostile command lines and hostile lines
//! at the human's prompt never crash it, and a line it cannot use never
//! ends the game (it asks again).

use cli::testkit::{self, hostile_lines, join_lines};
use proptest::prelude::*;
use std::ffi::OsString;
use std::time::Duration;

const EXE: &str = env!("CARGO_BIN_EXE_red_blue_nim");

proptest! {
    #![proptest_config(testkit::config(48))]

    #[test]
    fn any_command_line_ends_by_the_conventions(
        args in proptest::collection::vec(testkit::hostile_value(), 0..6)
    ) {
        testkit::run_checked(EXE, &args, b"", Duration::from_secs(10), true)?;
    }

    #[test]
    fn no_line_at_the_prompt_ends_the_game(lines in hostile_lines(vec!["red".into(), "blue".into()])) {
        // Whatever came first, enough good answers afterwards finish the game.
        let mut input = join_lines(&lines);
        input.extend_from_slice("red\nblue\n".repeat(8).as_bytes());
        let args: Vec<OsString> = ["3", "3", "standard", "human"].map(OsString::from).to_vec();
        let run = testkit::run_checked(EXE, &args, &input, Duration::from_secs(20), false)?;
        prop_assert_eq!(run.code, Some(0), "{}", run.describe(&args));
        prop_assert!(run.stdout_text().contains(" wins, score "), "{}", run.describe(&args));
    }
}

/// Finding A: an argument that is not UTF-8 panicked, wherever it stood.
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error() {
    for args in [
        vec![testkit::raw_arg(b"\xff"), "3".into()],
        vec!["3".into(), testkit::raw_arg(b"\xff")],
        vec![
            "3".into(),
            "3".into(),
            "standard".into(),
            testkit::raw_arg(b"hu\xffman"),
        ],
    ] {
        let run = testkit::assert_usage_error(EXE, &args);
        assert!(
            run.stderr_text().contains("is not valid UTF-8"),
            "{}",
            run.describe(&args)
        );
    }
}
