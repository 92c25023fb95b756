//! `tokens bot`: the engine protocol for the original controller.
//!
//! Each input line is `{"player1": true|false, "board": B}` with `B` the
//! controller's board as `JSON.stringify` writes it; each is answered with
//! exactly one line, `UP`, `DOWN`, `LEFT`, `RIGHT`, `EAT` or `PASS`, flushed
//! at once. A line that cannot be read is answered `PASS` with a message on
//! standard error. End of input, or a closed output, ends the process with
//! exit code 0.

use gamecore::Player;
use serde_json::Value;
use std::io::{self, BufRead, Write};
use std::time::Duration;
use tokens::bots::nearest_token_action;
use tokens::json::{board_from_value, large_board_from_value, JsonError};
use tokens::{system_clock, Action, Planner, PlannerConfig};

/// Runs the protocol on standard input and output, thinking `budget` per
/// decision and stopping at `cap`.
pub fn run(budget: Duration, cap: Duration) -> Result<(), String> {
    let stdin = io::stdin();
    let stdout = io::stdout();
    serve(stdin.lock(), stdout.lock(), budget, cap);
    Ok(())
}

/// Answers every line of `input` on `output` until either ends.
pub fn serve(mut input: impl BufRead, mut output: impl Write, budget: Duration, cap: Duration) {
    // The same planner settings as the JavaScript submission.
    let config = PlannerConfig::timed(budget, cap, system_clock);
    let mut planner: Option<Planner> = None;
    let mut line = Vec::new();
    let mut number = 0u64;
    loop {
        line.clear();
        match input.read_until(b'\n', &mut line) {
            Ok(0) => return,
            Ok(_) => {}
            Err(error) => {
                eprintln!("tokens bot: cannot read input: {error}");
                return;
            }
        }
        number += 1;
        let text = String::from_utf8_lossy(&line);
        let action = match answer(text.trim(), &mut planner, config) {
            Ok(action) => action,
            Err(why) => {
                eprintln!("tokens bot: line {number}: {why}; answering PASS");
                Action::Pass
            }
        };
        if writeln!(output, "{action}")
            .and_then(|()| output.flush())
            .is_err()
        {
            // The reader went away: nothing more to do.
            return;
        }
    }
}

/// The answer to one line, or why it cannot be read.
fn answer(
    text: &str,
    planner: &mut Option<Planner>,
    config: PlannerConfig,
) -> Result<Action, String> {
    if text.is_empty() {
        return Err("empty line".into());
    }
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
    let seat = match value.get("player1").and_then(Value::as_bool) {
        Some(true) => Player::First,
        Some(false) => Player::Second,
        None => return Err("no boolean \"player1\"".into()),
    };
    let board_value = value.get("board").ok_or("no \"board\"")?;
    match board_from_value(board_value, seat) {
        Ok(board) => {
            if planner.as_ref().is_none_or(|p| p.seat() != seat) {
                *planner = Some(Planner::with_config(seat, config));
            }
            let planner = planner.as_mut().expect("created above");
            Ok(planner.choose(&board))
        }
        Err(JsonError::TooLarge(n)) => {
            eprintln!(
                "tokens bot: board side {n} is beyond the planner; walking to the nearest token"
            );
            *planner = None;
            Ok(large_board_from_value(board_value, seat)
                .map_or(Action::Pass, |b| nearest_token_action(&b.tokens, &b.player)))
        }
        Err(JsonError::Malformed(why)) => Err(format!("bad board: {why}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_lines(input: &str) -> Vec<String> {
        let mut out = Vec::new();
        serve(
            input.as_bytes(),
            &mut out,
            Duration::from_millis(20),
            Duration::from_millis(50),
        );
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    const BOARD: &str = r##"{"player1":{"pos":[0,0],"score":0,"colorBonus":0,"lastColor":"#000000"},"player2":{"pos":[0,0],"score":0,"colorBonus":0,"lastColor":"#000000"},"tokens":[[false,false,false,false,false],[false,false,{"color":"#FF0000","points":2},false,false],[false,false,false,false,false],[false,false,false,false,false],[false,false,false,false,false]]}"##;

    #[test]
    fn answers_one_line_per_line_even_for_garbage() {
        let input = format!(
            "{{\"player1\":true,\"board\":{BOARD}}}\n\ngarbage\n{{\"player1\":3}}\n{{\"player1\":true,\"board\":{{}}}}\n\u{0}\u{ff}\n{{\"player1\":false,\"board\":{BOARD}}}"
        );
        let lines = run_lines(&input);
        assert_eq!(lines.len(), 7);
        assert!(matches!(lines[0].as_str(), "RIGHT" | "DOWN"));
        for line in &lines[1..6] {
            assert_eq!(line, "PASS");
        }
        assert!(["UP", "DOWN", "LEFT", "RIGHT", "EAT", "PASS"].contains(&lines[6].as_str()));
    }

    #[test]
    fn huge_board_gets_an_answer() {
        let n = 300;
        let mut columns = Vec::new();
        for x in 0..n {
            let cells: Vec<String> = (0..n)
                .map(|y| {
                    if (x, y) == (250, 7) {
                        r##"{"color":"#00FF00","points":3}"##.to_owned()
                    } else {
                        "false".to_owned()
                    }
                })
                .collect();
            columns.push(format!("[{}]", cells.join(",")));
        }
        let player = r##"{"pos":[5,5],"score":0,"colorBonus":0,"lastColor":"#000000"}"##;
        let line = format!(
            "{{\"player1\":true,\"board\":{{\"player1\":{player},\"player2\":{player},\"tokens\":[{}]}}}}\n",
            columns.join(",")
        );
        assert_eq!(run_lines(&line), vec!["RIGHT"]);
    }

    /// A writer that is closed from the start, as a pipe whose reader exited.
    struct Closed;
    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
    }

    #[test]
    fn closed_output_ends_quietly() {
        let input = format!("{{\"player1\":true,\"board\":{BOARD}}}\n").repeat(3);
        serve(
            input.as_bytes(),
            Closed,
            Duration::from_millis(20),
            Duration::from_millis(50),
        );
    }
}
