//! Glue shared by the workspace's executables.
//!
//! Every binary follows one convention:
//! - its command line is read by [`parse`], which takes arguments that are
//!   not valid UTF-8 without panicking;
//! - help and version requests print to standard output and exit 0;
//! - a usage error (a bad or missing argument, a value out of range, no
//!   subcommand where one is needed) prints one line, then the usage of the
//!   (sub)command being run, on standard error, and exits with code 2
//!   ([`usage_error`], [`invalid_value`]);
//! - a failure while running prints one line on standard error and exits
//!   with code 1;
//! - options that ask for time or memory are bounded ([`MAX_MOVE_MS`],
//!   [`MAX_TABLE_MIB`]), so no value a user types stalls the program or
//!   asks the system for more memory than the users' machines have;
//! - the program ends quietly when the reader of its output goes away
//!   ([`exit_quietly_on_broken_pipe`]).

#[cfg(feature = "testkit")]
pub mod testkit;

use clap::builder::RangedU64ValueParser;
use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use std::ffi::OsString;
use std::process::ExitCode;

/// The longest time per move or per turn any option accepts, in
/// milliseconds: ten minutes, twenty times the longest contest clock (the
/// MeiChu tournament's 30 s).
pub const MAX_MOVE_MS: u64 = 600_000;

/// The largest transposition table any option accepts, in MiB: 4 GiB, an
/// eighth of the 32 GB of the users' machines. Every search here runs well
/// in a few hundred MiB.
pub const MAX_TABLE_MIB: u64 = 4096;

/// A clap value parser for a time in milliseconds from `min` to
/// [`MAX_MOVE_MS`].
pub fn millis(min: u64) -> RangedU64ValueParser<u64> {
    RangedU64ValueParser::new().range(min..=MAX_MOVE_MS)
}

/// A clap value parser for a table size in MiB from `min` to
/// [`MAX_TABLE_MIB`].
pub fn table_mib(min: u64) -> RangedU64ValueParser<usize> {
    RangedU64ValueParser::new().range(min..=MAX_TABLE_MIB)
}

/// Parses the process's command line as `C`, or reports the error by the
/// convention and returns the exit code to end with (0 after help or
/// version, 2 for a usage error). Arguments need not be valid UTF-8: one
/// that must be text and is not is a usage error.
pub fn parse<C: Parser>() -> Result<C, ExitCode> {
    C::try_parse_from(std::env::args_os()).map_err(|error| usage_error::<C>(&error))
}

/// The arguments after the program's name as text, for a binary that reads
/// its command line by hand; the error names the first argument that is
/// not valid UTF-8.
pub fn text_args() -> Result<Vec<String>, String> {
    std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(index, arg)| {
            arg.into_string().map_err(|arg| {
                format!(
                    "argument {} ({:?}) is not valid UTF-8",
                    index + 1,
                    arg.to_string_lossy()
                )
            })
        })
        .collect()
}

/// Reports `error`, raised while parsing the arguments of the program whose
/// command line is `C`, and returns the exit code: 0 for help and version
/// requests (printed to standard output), 2 for anything else (one line,
/// the usage of the subcommand named first on the command line if there is
/// one, and a hint, on standard error). A missing subcommand is a usage
/// error: the help goes to standard error and the code is 2.
pub fn usage_error<C: CommandFactory>(error: &clap::Error) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprint!("{}", error.render());
            return ExitCode::from(2);
        }
        _ => {}
    }
    // clap's message up to its first blank line, on one line.
    let rendered = error.to_string();
    let message: Vec<&str> = rendered
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let mut command = C::command();
    command.build();
    let subcommand = std::env::args_os()
        .nth(1)
        .map(OsString::into_string)
        .and_then(Result::ok)
        .unwrap_or_default();
    let usage = match command.find_subcommand_mut(&subcommand) {
        Some(sub) => sub.render_usage(),
        None => command.render_usage(),
    };
    eprintln!(
        "{}\n{usage}\nFor more information, try '--help'.",
        message.join(" ")
    );
    ExitCode::from(2)
}

/// Reports `message`, a problem with the arguments found after parsing (a
/// value out of range, say), as [`usage_error`] does, and returns exit code 2.
pub fn invalid_value<C: CommandFactory>(message: impl std::fmt::Display) -> ExitCode {
    let error = C::command().error(ErrorKind::InvalidValue, message);
    usage_error::<C>(&error)
}

/// Makes a closed standard output (the reader of a pipe gone, as in
/// `kalah solve | head -1`) end the program quietly with exit code 0
/// instead of a panic message and a backtrace.
///
/// Rust ignores `SIGPIPE`, so `println!` on a closed pipe panics with
/// "failed printing to stdout: Broken pipe". This installs a panic hook that
/// recognises that one panic and exits; every other panic is reported by the
/// previous hook as before. Call it first thing in `main`.
pub fn exit_quietly_on_broken_pipe() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.contains("Broken pipe") {
            std::process::exit(0);
        }
        previous(info);
    }));
}
