//! Runs the built `meichu` binary: the spec's transcript, bad input asked
//! again, end of input, usage errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn meichu(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_meichu"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the meichu binary runs");
    let mut input = child.stdin.take().unwrap();
    // The program may exit before reading everything: ignore a closed pipe.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_spec_transcript_opening_line_for_line() {
    // We bid Black 12, the opponent White 7: we are Black, nobody pays.
    let out = meichu(
        &[
            "--bid-color",
            "0",
            "--bid-price",
            "12",
            "--time-ms",
            "200",
            "--quiet",
        ],
        "1\n7\n",
    );
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "My bid : 0 12");
    assert_eq!(
        lines[1],
        "Please input opponent_color_choice :Please input opponent_price :My color is: BLACK"
    );
    assert_eq!(lines[2], "My color is: BLACK");
    assert_eq!(lines[3], "My turn :");
    assert!(lines[4].starts_with("My move : ["), "{}", lines[4]);
    assert!(lines
        .iter()
        .any(|l| l.starts_with("Player BLACK moved piece from (")));
    assert!(stdout.contains("Opponent color is: WHITE\nOpponent turn :\nEnter the move : "));
    // Input ended during the game: a notice, exit code 1, no panic.
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("end of input"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn bad_colours_prices_and_moves_are_asked_again() {
    let input = "2\nblack\n 1 \nseven\n-3\n6 4 5\n9 4 5 4\na b c d\n2 4 6 4\n0 2 0 3\n";
    let out = meichu(
        &[
            "--bid-color",
            "1",
            "--bid-price",
            "5",
            "--quiet",
            "--player",
            "random",
        ],
        input,
    );
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout
            .matches("Invalid input: expected 0 (BLACK) or 1 (WHITE).")
            .count(),
        2,
        "{stdout}"
    );
    assert_eq!(
        stdout
            .matches("Invalid input: expected a whole number (the opponent's price).")
            .count(),
        1
    );
    // Different colours: we are White.
    assert!(stdout.contains("My color is: WHITE"));
    assert!(stdout.contains(
        "Invalid move: invalid move \"6 4 5\": expected four integers bx by ex ey, got 3."
    ));
    assert!(
        stdout.contains("Invalid move: invalid move \"9 4 5 4\": expected coordinates from 0 to 8")
    );
    assert!(stdout.contains("Invalid move: invalid move \"a b c d\""));
    // (2,4) is White's soldier: Black cannot move it.
    assert!(
        stdout.contains("Illegal move: (2,4) holds no black soldier."),
        "{stdout}"
    );
    // Black's (0,2) is not Black's either.
    assert!(stdout.contains("Illegal move: (0,2) holds no black soldier."));
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_tie_is_settled_by_the_ta_and_the_holder_pays_the_other_bid_plus_one() {
    // Same colour, same capped price (140): a tie; the TA sets us to White,
    // so the opponent holds Black and pays 141: its budget is 9.
    let out = meichu(
        &[
            "--bid-color",
            "0",
            "--bid-price",
            "140",
            "--player",
            "greedy",
        ],
        "0\n140\n1\n",
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("Tie !\nPlease set my player number :My color is: WHITE"),
        "{stdout}"
    );
    assert!(stdout.contains("        Black:  9\n        White:  150\n"));
    assert_eq!(out.status.code(), Some(1), "input ended during the game");
}

#[test]
fn a_whole_game_ends_with_the_result_and_eof_at_the_final_prompt_is_normal() {
    // A tie at 140 for Black, the TA sets us to White: the opponent holds
    // Black with a budget of 9. It shuffles a soldier four times (2 each),
    // then passes with budget 1; our engine, White, walks to its flag.
    // A fixed depth on one thread, with time to spare, makes the engine's
    // moves the same on every machine: a time limit alone would let a
    // faster or slower machine search deeper or shallower and play another
    // game (one that ends before the opponent's budget runs out).
    let input = "0\n140\n1\n7 5 7 6\n7 6 7 5\n7 5 7 6\n7 6 7 5\n";
    let out = meichu(
        &[
            "--bid-color",
            "0",
            "--bid-price",
            "140",
            "--time-ms",
            "25000",
            "--max-depth",
            "4",
            "--threads",
            "1",
        ],
        input,
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("My color is: WHITE"));
    assert!(stdout.contains("No budget to move! Only to pass!"));
    assert!(
        stdout.ends_with("WHITE wins!\nPlease press the Enter key to exit ..."),
        "{}",
        &stdout[stdout.len().saturating_sub(1500)..]
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn windows_console_input_with_cr_lf_is_read_like_plain_lines() {
    // A Windows console ends every line with CR LF: the bid, the price and
    // the moves are read as if the CR were not there.
    let input = "0\r\n7\r\n[6, 4, 5, 4]\r\n";
    let out = meichu(
        &[
            "--bid-color",
            "1",
            "--bid-price",
            "5",
            "--quiet",
            "--player",
            "greedy",
        ],
        input,
    );
    let stdout = text(&out.stdout);
    // Different colours: we are White, and answer Black's first move.
    assert!(stdout.contains("My color is: WHITE"), "{stdout}");
    assert!(stdout.contains("My move : ["), "{stdout}");
    assert!(stdout.contains("Player BLACK moved piece from (6,4) to (5,4)"));
    assert!(
        !stdout.contains("Invalid") && !stdout.contains("Illegal"),
        "{stdout}"
    );
    assert_eq!(
        out.status.code(),
        Some(1),
        "input ended before the game did"
    );
}

#[test]
fn usage_errors_exit_2_with_one_line_and_usage() {
    for args in [
        &["--bogus"][..],
        &["--bid-color", "2"],
        &["--bid-price", "-1"],
        &["--bid-price", "141"],
        &["--time-ms", "0"],
        &["--time-ms", "25001"],
        &["--time-ms", "x"],
        &["--player", "alien"],
    ] {
        let out = meichu(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(err.contains("Usage:"), "{args:?}: {err}");
    }
    let help = meichu(&["--help"], "");
    assert_eq!(help.status.code(), Some(0));
    assert!(text(&help.stdout).contains("--time-ms"));
}
