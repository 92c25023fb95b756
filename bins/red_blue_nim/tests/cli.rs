//! Runs the built `red_blue_nim` with scripted standard input and checks its
//! transcript, exit code and error messages (spec §2–§5).

use std::io::Write;
use std::process::{Command, Output, Stdio};

const USAGE: &str =
    "usage: red_blue_nim <num-red> <num-blue> [standard|misere] [computer|human] [depth]";
const PROMPT: &str = "Your move (red/blue): ";

/// Runs the binary with `args`, feeding `input` on standard input.
fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_red_blue_nim"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start red_blue_nim");
    let mut stdin = child.stdin.take().expect("stdin");
    // The program may exit before reading everything (a finished game).
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("wait for red_blue_nim")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("utf-8 stdout")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("utf-8 stderr")
}

/// Checks expected and got as blocks, so a failure shows both transcripts.
fn assert_transcript(output: &Output, expected: &str) {
    let got = stdout(output);
    assert!(
        got == expected,
        "\nexpected stdout:\n{expected}\ngot stdout:\n{got}\nstderr:\n{}",
        stderr(output)
    );
}

fn last_line(output: &Output) -> String {
    stdout(output).lines().last().unwrap_or_default().to_owned()
}

#[test]
fn computer_first_standard_game_with_a_scripted_human() {
    // Standard 2 red 3 blue, odd: the computer wins 4 by taking blue (first in order).
    // (2,2) human takes red -> (1,2); computer takes the last red: human faces (0,2), S = 6.
    let output = run(&["2", "3"], "red\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let expected = format!(
        "red: 2, blue: 3 (computer to move)\ncomputer: blue\n\
         red: 2, blue: 2 (human to move)\n{PROMPT}\
         red: 1, blue: 2 (computer to move)\ncomputer: red\n\
         red: 0, blue: 2 (game over)\ncomputer wins, score 6\n"
    );
    assert_transcript(&output, &expected);
    assert_eq!(stderr(&output), "");
}

#[test]
fn human_first_misere_game_where_the_human_wins() {
    // Misère 1 red 2 blue, human first: taking blue leaves (1,1) to the computer,
    // which must empty a pile; it empties blue (2 < 3) and the human wins 2.
    let output = run(&["1", "2", "MISERE", "Human"], "b\n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let expected = format!(
        "red: 1, blue: 2 (human to move)\n{PROMPT}\
         red: 1, blue: 1 (computer to move)\ncomputer: blue\n\
         red: 1, blue: 0 (game over)\nhuman wins, score 2\n"
    );
    assert_transcript(&output, &expected);
}

#[test]
fn the_human_is_asked_again_after_an_invalid_answer() {
    let output = run(&["1", "2", "misère", "human"], "green\n\n  BLUE  \n");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let expected = format!(
        "red: 1, blue: 2 (human to move)\n\
         {PROMPT}Please answer red or blue.\n{PROMPT}Please answer red or blue.\n{PROMPT}\
         red: 1, blue: 1 (computer to move)\ncomputer: blue\n\
         red: 1, blue: 0 (game over)\nhuman wins, score 2\n"
    );
    assert_transcript(&output, &expected);
}

#[test]
fn end_of_input_at_the_prompt_exits_cleanly_with_a_notice() {
    for input in ["", "purple\n", "red\n"] {
        let output = run(&["5", "5", "standard", "human"], input);
        assert_eq!(output.status.code(), Some(1), "input {input:?}");
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("end of input"), "{err}");
        assert!(!err.contains("panicked"));
        assert!(stdout(&output).ends_with(&format!("{PROMPT}\n")));
    }
}

#[test]
fn an_empty_pile_at_the_start_ends_the_game_at_once() {
    // Standard: the computer would move first, so it loses S = 9.
    let output = run(&["0", "3"], "");
    assert_eq!(output.status.code(), Some(0));
    assert_transcript(
        &output,
        "red: 0, blue: 3 (game over)\nhuman wins, score 9\n",
    );
    // Misère: the computer, to move, wins.
    let output = run(&["0", "3", "misere", "computer"], "");
    assert_eq!(last_line(&output), "computer wins, score 9");
    // The human moves first and faces the empty pile.
    let output = run(&["4", "0", "standard", "human"], "");
    assert_eq!(last_line(&output), "computer wins, score 8");
    let output = run(&["4", "0", "misere", "human"], "");
    assert_eq!(last_line(&output), "human wins, score 8");
}

#[test]
fn zero_and_zero_scores_0_with_a_winner() {
    let output = run(&["0", "0"], "");
    assert_eq!(output.status.code(), Some(0));
    assert_transcript(
        &output,
        "red: 0, blue: 0 (game over)\nhuman wins, score 0\n",
    );
    let output = run(&["0", "0", "misere"], "");
    assert_eq!(last_line(&output), "computer wins, score 0");
}

#[test]
fn every_finished_game_ends_with_the_winner_and_score() {
    // The human always answers red; the game must finish with the result line.
    for args in [
        &["7", "4"][..],
        &["7", "4", "misere", "human"],
        &["6", "6", "standard", "human", "3"],
        &["9", "2", "misere", "computer", "1"],
    ] {
        let output = run(args, &"red\n".repeat(20));
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            stderr(&output)
        );
        let last = last_line(&output);
        assert!(
            last.starts_with("computer wins, score ") || last.starts_with("human wins, score "),
            "{args:?}: {last}"
        );
    }
}

#[test]
fn bad_arguments_print_one_line_and_the_usage_and_exit_2() {
    let too_large = (u64::from(nim::MAX_PILE) + 1).to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec![],
        vec!["5"],
        vec!["x", "5"],
        vec!["5", "five"],
        vec!["-1", "5"],
        vec!["5", "-3"],
        vec!["5.0", "5"],
        vec!["", "5"],
        vec![&too_large, "5"],
        vec!["5", "99999999999999999999999"],
        vec!["5", "5", "normal"],
        vec!["5", "5", "standard", "robot"],
        vec!["5", "5", "standard", "computer", "0"],
        vec!["5", "5", "standard", "computer", "deep"],
        vec!["5", "5", "standard", "computer", "-2"],
        vec!["5", "5", "standard", "computer", "99999999999"],
        vec!["5", "5", "standard", "computer", "3", "extra"],
    ];
    for args in cases {
        let output = run(&args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 2, "{args:?}: {err}");
        assert!(lines[0].starts_with("red_blue_nim: "), "{args:?}: {err}");
        assert_eq!(lines[1], USAGE, "{args:?}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(stdout(&output), "", "{args:?}");
    }
}

#[test]
fn help_prints_the_usage_and_exits_0() {
    for flag in ["-h", "--help"] {
        let output = run(&[flag], "");
        assert_eq!(output.status.code(), Some(0));
        assert!(stdout(&output).starts_with(USAGE));
    }
}

#[test]
fn words_are_case_insensitive() {
    let output = run(&["0", "1", "MisÈre", "COMPUTER", "2"], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(last_line(&output), "computer wins, score 3");
}

/// A big computer-first game: a few scripted answers, then end of input.
fn big_game_then_end_of_input(count: &str) {
    let output = run(&[count, count, "standard", "computer"], "red\nblue\nb\n");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let out = stdout(&output);
    assert_eq!(out.matches("computer: ").count(), 4, "{out}");
    assert_eq!(out.matches(PROMPT).count(), 4);
    let opening = format!("red: {count}, blue: {count} (computer to move)\ncomputer: blue\n");
    assert!(out.starts_with(&opening), "{out}");
    let err = stderr(&output);
    assert!(
        err.contains("end of input") && !err.contains("panicked"),
        "{err}"
    );
}

#[test]
fn a_500_by_500_game_survives_a_few_moves_then_end_of_input() {
    big_game_then_end_of_input("500");
}

#[test]
fn a_1000_by_1000_game_survives_a_few_moves_then_end_of_input() {
    big_game_then_end_of_input("1000");
}
