//! The fuzz net shared by the binaries' tests: run a built executable with
//! hostile arguments and input under a deadline, and check that it neither
//! panics, aborts nor hangs, and that usage errors follow the convention of
//! this crate (exit code 2, one line, then the usage).

use proptest::prelude::*;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What one run of an executable did.
#[derive(Debug, Clone)]
pub struct Run {
    /// The exit code; `None` when a signal ended the process (an abort) or
    /// the deadline did.
    pub code: Option<i32>,
    /// Everything written to standard output.
    pub stdout: Vec<u8>,
    /// Everything written to standard error.
    pub stderr: Vec<u8>,
    /// True when the deadline passed and the process was killed.
    pub timed_out: bool,
}

impl Run {
    /// Standard output as text (invalid UTF-8 replaced).
    pub fn stdout_text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }

    /// Standard error as text (invalid UTF-8 replaced).
    pub fn stderr_text(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    /// A description for a failed assertion: the command, the exit and both
    /// outputs (cut to a readable length).
    pub fn describe(&self, args: &[OsString]) -> String {
        let cut = |text: String| text.chars().take(1500).collect::<String>();
        format!(
            "args {args:?}\nexit {:?} timed out {}\nstdout:\n{}\nstderr:\n{}",
            self.code,
            self.timed_out,
            cut(self.stdout_text()),
            cut(self.stderr_text())
        )
    }

    /// Checks the conventions every run must keep, whatever it was given:
    /// no panic message, no abort, an exit code of 0, 1 or 2, and for code 2
    /// a usage line on standard error. A run the deadline ended counts as a
    /// hang unless `may_run_long` (a valid command that plays a long game,
    /// say) is true.
    pub fn check_conventions(&self, args: &[OsString], may_run_long: bool) -> Result<(), String> {
        let stderr = self.stderr_text();
        if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
            return Err(format!("a panic\n{}", self.describe(args)));
        }
        if self.timed_out {
            return if may_run_long {
                Ok(())
            } else {
                Err(format!(
                    "no answer before the deadline\n{}",
                    self.describe(args)
                ))
            };
        }
        match self.code {
            Some(0 | 1) => Ok(()),
            Some(2) if stderr.to_lowercase().contains("usage:") => Ok(()),
            Some(2) => Err(format!(
                "exit 2 without a usage line\n{}",
                self.describe(args)
            )),
            _ => Err(format!("an abnormal exit\n{}", self.describe(args))),
        }
    }
}

/// The directory the runs work in and keep their caches in, so that a
/// hostile path names nothing in the checkout or the user's home.
fn scratch_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gameai-fuzz-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir
}

/// Runs `exe` with `args`, writes `input` to its standard input (then closes
/// it), and waits at most `deadline`; a process still running then is
/// killed and reported with `timed_out`. The process runs in a scratch
/// directory of the temporary directory, which is also its cache directory.
pub fn run(exe: &str, args: &[OsString], input: &[u8], deadline: Duration) -> Run {
    let scratch = scratch_dir();
    let mut child = Command::new(exe)
        .args(args)
        .current_dir(&scratch)
        .env("XDG_CACHE_HOME", &scratch)
        .env("LOCALAPPDATA", &scratch)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|err| panic!("cannot start {exe}: {err}"));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_vec();
    // The program may exit before reading all of it: a failed write is fine.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stdout.read_to_end(&mut bytes);
        bytes
    });
    let err_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stderr.read_to_end(&mut bytes);
        bytes
    });
    let started = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            break status;
        }
        if started.elapsed() >= deadline {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait for the killed child");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = writer.join();
    Run {
        code: if timed_out { None } else { status.code() },
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
        timed_out,
    }
}

/// Runs `exe` as [`run`] does and checks the run by
/// [`Run::check_conventions`], as a proptest case: a broken convention
/// fails the case with the whole run described.
pub fn run_checked(
    exe: &str,
    args: &[OsString],
    input: &[u8],
    deadline: Duration,
    may_run_long: bool,
) -> Result<Run, TestCaseError> {
    let run = run(exe, args, input, deadline);
    run.check_conventions(args, may_run_long)
        .map_err(TestCaseError::fail)?;
    Ok(run)
}

/// The long options (`--name`) that `exe [subcommand] --help` lists.
pub fn long_options(exe: &str, subcommand: Option<&str>) -> Vec<String> {
    let mut args: Vec<OsString> = subcommand.into_iter().map(OsString::from).collect();
    args.push("--help".into());
    let help = run(exe, &args, b"", Duration::from_secs(20)).stdout_text();
    let mut options: Vec<String> = help
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|word| word.starts_with("--") && word.len() > 2)
        .map(str::to_owned)
        .filter(|option| option != "--help" && option != "--version")
        .collect();
    options.sort();
    options.dedup();
    options
}

/// The subcommands that `exe --help` lists under `Commands:` (without
/// `help`), each with its long options, and the top level (`None`) first.
pub fn command_lines(exe: &str) -> (Vec<Option<String>>, Vec<Vec<String>>) {
    let help = run(exe, &["--help".into()], b"", Duration::from_secs(20)).stdout_text();
    let mut names = vec![None];
    let mut in_commands = false;
    for line in help.lines() {
        if line.starts_with("Commands:") {
            in_commands = true;
            continue;
        }
        if in_commands {
            match line.split_whitespace().next() {
                Some(name) if line.starts_with("  ") => {
                    if name != "help" {
                        names.push(Some(name.to_owned()));
                    }
                }
                _ => in_commands = false,
            }
        }
    }
    let options = names
        .iter()
        .map(|name| long_options(exe, name.as_deref()))
        .collect();
    (names, options)
}

/// A hostile command line for `exe`, built from the subcommands and
/// options its `--help` lists (see [`command_lines`] and [`hostile_args`]).
pub fn hostile_command_line(exe: &str) -> impl Strategy<Value = Vec<OsString>> {
    let (subcommands, options) = command_lines(exe);
    hostile_args(subcommands, options)
}

/// Values a user might type for an option or an argument: empty, signs,
/// huge and negative numbers, non-numbers, odd spacing, and text that is
/// not valid UTF-8 (on Unix).
pub fn hostile_value() -> impl Strategy<Value = OsString> {
    prop_oneof![
        Just(OsString::new()),
        Just(OsString::from("0")),
        Just(OsString::from("-1")),
        Just(OsString::from("1")),
        Just(OsString::from("18446744073709551615")),
        Just(OsString::from("18446744073709551616")),
        Just(OsString::from("9223372036854775807")),
        Just(OsString::from("-9223372036854775808")),
        Just(OsString::from("1000000")),
        Just(OsString::from("1e9")),
        Just(OsString::from(" 3 ")),
        Just(OsString::from("NaN")),
        Just(OsString::from("-")),
        Just(OsString::from("--")),
        "[ -~]{0,12}".prop_map(OsString::from),
        "[0-9]{1,25}".prop_map(OsString::from),
        proptest::collection::vec(any::<u8>(), 0..8).prop_map(os_from_bytes),
    ]
}

/// A hostile command line for a binary whose subcommands are `subcommands`
/// (with their long options in `options`, `None` for the top level): now
/// and then a hostile value or option first, a subcommand or not, then up
/// to four options each with a hostile value, and now and then a stray
/// argument.
pub fn hostile_args(
    subcommands: Vec<Option<String>>,
    options: Vec<Vec<String>>,
) -> impl Strategy<Value = Vec<OsString>> {
    assert_eq!(subcommands.len(), options.len());
    let pick = 0..subcommands.len();
    let first = prop_oneof![
        3 => Just(None),
        1 => hostile_value().prop_map(Some),
        1 => proptest::collection::vec(any::<u8>(), 1..4).prop_map(|bytes| {
            let mut option = b"--".to_vec();
            option.extend(bytes);
            Some(os_from_bytes(option))
        }),
    ];
    (
        pick,
        first,
        proptest::collection::vec((any::<prop::sample::Index>(), hostile_value()), 0..4),
        proptest::option::of(hostile_value()),
    )
        .prop_map(move |(which, first, pairs, stray)| {
            let mut args = Vec::new();
            // Sometimes something else where the subcommand goes.
            if let Some(first) = first {
                args.push(first);
            }
            if let Some(name) = &subcommands[which] {
                args.push(OsString::from(name));
            }
            let names = &options[which];
            for (index, value) in pairs {
                if !names.is_empty() {
                    args.push(OsString::from(index.get(names)));
                }
                args.push(value);
            }
            if let Some(stray) = stray {
                args.push(stray);
            }
            args
        })
}

/// Input lines for a line protocol: arbitrary bytes without a newline,
/// blank and whitespace-only lines, broken and mistyped JSON built around
/// `samples` (well-formed requests of the protocol), and the samples
/// themselves.
pub fn hostile_lines(samples: Vec<String>) -> impl Strategy<Value = Vec<Vec<u8>>> {
    let line = prop_oneof![
        proptest::collection::vec(any::<u8>().prop_filter("one line", |b| *b != b'\n'), 0..40),
        Just(Vec::new()),
        Just(b"   \t ".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"{}".to_vec()),
        Just(b"[]".to_vec()),
        Just(b"null".to_vec()),
        Just(b"\xff\xfe".to_vec()),
        (
            any::<prop::sample::Index>(),
            any::<prop::sample::Index>(),
            0usize..3
        )
            .prop_map({
                let samples = samples.clone();
                move |(which, cut, how)| mutate(&samples[which.index(samples.len())], cut, how)
            }),
        any::<prop::sample::Index>().prop_map({
            let samples = samples.clone();
            move |which| samples[which.index(samples.len())].clone().into_bytes()
        }),
    ];
    proptest::collection::vec(line, 1..12)
}

/// A sample request broken one of three ways: cut short, a character
/// replaced by a quote, or a number replaced by a huge one.
fn mutate(sample: &str, cut: prop::sample::Index, how: usize) -> Vec<u8> {
    let bytes = sample.as_bytes();
    if bytes.is_empty() {
        return Vec::new();
    }
    let at = cut.index(bytes.len());
    match how {
        0 => bytes[..at].to_vec(),
        1 => {
            let mut bytes = bytes.to_vec();
            bytes[at] = b'"';
            bytes
        }
        _ => sample
            .replacen(|c: char| c.is_ascii_digit(), "99999999999999999999", 1)
            .into_bytes(),
    }
}

/// Joins lines into one input, each ended by a newline.
pub fn join_lines(lines: &[Vec<u8>]) -> Vec<u8> {
    let mut input = Vec::new();
    for line in lines {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    input
}

#[cfg(unix)]
fn os_from_bytes(bytes: Vec<u8>) -> OsString {
    use std::os::unix::ffi::OsStringExt;
    OsString::from_vec(bytes)
}

#[cfg(not(unix))]
fn os_from_bytes(bytes: Vec<u8>) -> OsString {
    OsString::from(String::from_utf8_lossy(&bytes).into_owned())
}

/// The fuzz net's proptest settings: `cases` cases from a fixed seed, so a
/// CI run is repeatable. `PROPTEST_CASES` and `PROPTEST_RNG_SEED` in the
/// environment override both, for a longer hunt:
/// `PROPTEST_CASES=2000 PROPTEST_RNG_SEED=7 cargo test -p tokens-cli --test fuzz`.
pub fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    if std::env::var_os("PROPTEST_RNG_SEED").is_none() {
        config.rng_seed = proptest::test_runner::RngSeed::Fixed(0x5eed);
    }
    config.failure_persistence = None;
    config
}

/// Runs `exe` with `args` and no input and asserts a usage error by the
/// convention: exit code 2 within ten seconds, a usage line on standard
/// error, no panic. Returns the run for further checks.
pub fn assert_usage_error(exe: &str, args: &[OsString]) -> Run {
    let run = run(exe, args, b"", Duration::from_secs(10));
    let stderr = run.stderr_text();
    assert!(
        run.code == Some(2)
            && stderr.to_lowercase().contains("usage:")
            && !stderr.contains("panicked"),
        "expected a usage error\n{}",
        run.describe(args)
    );
    run
}

/// The command-line words `words` as arguments.
pub fn args(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

/// An argument of the bytes `bytes`, which need not be UTF-8 (on Unix;
/// elsewhere invalid bytes are replaced).
pub fn raw_arg(bytes: &[u8]) -> OsString {
    os_from_bytes(bytes.to_vec())
}
