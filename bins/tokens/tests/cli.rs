//! The `tokens` executable as a process: the bot protocol against garbage
//! and a closed pipe, usage errors, a replay file and the contest
//! submission.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

const BOARD: &str = r##"{"player1":{"pos":[0,0],"score":0,"colorBonus":0,"lastColor":"#000000"},"player2":{"pos":[0,0],"score":0,"colorBonus":0,"lastColor":"#000000"},"tokens":[[false,false,false,false,false],[false,false,{"color":"#FF0000","points":2},false,false],[false,false,false,false,false],[false,false,false,false,false],[false,false,false,false,false]]}"##;

fn tokens() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tokens"))
}

#[test]
fn bot_answers_every_line_and_exits_zero() {
    let mut child = tokens()
        .arg("bot")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!(
        "{{\"player1\":true,\"board\":{BOARD}}}\n\n   \nnot json\n{{\"player1\":true,\"board\":[1,2]}}\n{{\"player1\":false,\"board\":{BOARD}}}\n"
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert_eq!(&lines[1..5], &["PASS"; 4]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr.lines().count(), 4, "{stderr}");
}

#[test]
fn bot_survives_a_closed_pipe() {
    let mut child = tokens()
        .arg("bot")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one answer, then close our end of its output.
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    writeln!(stdin, "{{\"player1\":true,\"board\":{BOARD}}}").unwrap();
    let mut first = [0u8; 2];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    // Keep writing: the process must notice and end quietly.
    for _ in 0..200 {
        if writeln!(stdin, "{{\"player1\":true,\"board\":{BOARD}}}").is_err() {
            break;
        }
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{:?}", output.status);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn bad_arguments_exit_2_with_usage() {
    for args in [
        vec!["tournament", "--boards", "0"],
        vec!["tournament", "--bots", "nobody"],
        vec!["replay", "--a", "x"],
        vec!["bot", "--time-ms", "-5"],
        vec!["bot", "--time-ms", "300", "--cap-ms", "200"],
        vec!["export-js", "--time-ms", "0"],
        vec!["export-js", "--time-ms", "100", "--cap-ms", "50"],
        vec!["tournament", "--planner-ms", "100", "--cap-ms", "50"],
        vec!["tournament", "--cap-ms", "50"],
        vec!["frobnicate"],
    ] {
        let output = tokens().args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("Usage"), "{args:?}: {stderr}");
    }
}

#[test]
fn replay_writes_a_self_contained_page() {
    let out = std::env::temp_dir().join(format!("tokens-replay-{}.html", std::process::id()));
    let output = tokens()
        .args([
            "replay", "--seed", "4", "--a", "hungry", "--b", "naive", "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success());
    let page = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    assert!(page.contains("<canvas") && page.contains("const FRAMES = [["));
    assert!(!page.contains("http://") && !page.contains("https://"));
}

#[test]
fn small_tournament_prints_the_tables() {
    let output = tokens()
        .args([
            "tournament",
            "--boards",
            "2",
            "--bots",
            "hungry,naive,lazy",
            "--no-progress",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("12 games"), "{text}");
    assert!(text.contains("Head to head"), "{text}");
    assert!(text.contains("HungryBot") && text.contains("LazyBot"));
}

#[test]
fn export_js_inlines_the_module_it_is_given() {
    let dir = std::env::temp_dir().join(format!("tokens-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (wasm, out) = (dir.join("m.wasm"), dir.join("bot.js"));
    // The smallest valid module: the header alone.
    std::fs::write(&wasm, b"\0asm\x01\0\0\0").unwrap();
    // Exports the module with `timing` and returns the submission.
    let export = |timing: &[&str]| {
        let output = tokens()
            .arg("export-js")
            .args(timing)
            .arg("--wasm")
            .arg(&wasm)
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert!(output.status.success(), "{output:?}");
        std::fs::read_to_string(&out).unwrap()
    };
    let js = export(&["--time-ms", "80", "--cap-ms", "200"]);
    assert!(js.starts_with("function (player1) {"));
    assert!(js.contains("\"AGFzbQEAAAA=\"") && js.contains("BUDGET_MS = 80, CAP_MS = 200"));
    // Without --cap-ms the hard stop is 1.4 times the thinking time.
    let js = export(&["--time-ms", "300"]);
    assert!(js.contains("BUDGET_MS = 300, CAP_MS = 420"), "{js}");
    // A missing module or one that is not WebAssembly: a one-line error, exit 1.
    for module in [dir.join("absent.wasm"), out.clone()] {
        let output = tokens()
            .args(["export-js", "--out"])
            .arg(dir.join("x.js"))
            .arg("--wasm")
            .arg(&module)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
