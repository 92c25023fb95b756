//! The fuzz net for `arena`: hostile command lines never crash it.

use cli::testkit;
use proptest::prelude::*;
use std::time::Duration;

const EXE: &str = env!("CARGO_BIN_EXE_arena");

proptest! {
    #![proptest_config(testkit::config(48))]

    #[test]
    fn any_command_line_ends_by_the_conventions(
        args in testkit::hostile_command_line(EXE)
    ) {
        testkit::run_checked(EXE, &args, b"", Duration::from_secs(3), true)?;
    }
}

/// Finding A: a first argument that is not UTF-8 panicked.
#[test]
fn an_argument_that_is_not_utf8_is_a_usage_error() {
    testkit::assert_usage_error(EXE, &[testkit::raw_arg(b"\xff")]);
    testkit::assert_usage_error(EXE, &[testkit::raw_arg(b"--\xff")]);
}

/// Findings B and F: a huge table panicked or aborted, a huge move time
/// never finished.
#[test]
fn memory_and_time_options_are_bounded() {
    for args in [
        ["meichu", "--tt-mib", "18446744073709551615"].as_slice(),
        &["meichu", "--tt-mib", "1000000"],
        &["meichu", "--tt-mib", "4096", "--threads", "2"],
        &["meichu", "--move-ms", "18446744073709551615"],
        &["kalah", "--move-ms", "600001"],
        &["nim", "--grace-ms", "18446744073709551615"],
    ] {
        testkit::assert_usage_error(EXE, &testkit::args(args));
    }
}
