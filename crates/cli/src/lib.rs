//! Glue shared by the workspace's executables.
//!
//! Every binary reports command-line errors the same way: help and version
//! requests print to standard output and exit 0; anything else prints clap's
//! message on one line, then the usage of the (sub)command being run, on
//! standard error, and exits with code 2 ([`usage_error`]). And every binary
//! ends quietly when the reader of its output goes away
//! ([`exit_quietly_on_broken_pipe`]).

use clap::error::ErrorKind;
use clap::CommandFactory;
use std::process::ExitCode;

/// Reports `error`, raised while parsing the arguments of the program whose
/// command line is `C`, and returns the exit code: 0 for help and version
/// requests (printed to standard output), 2 for anything else (one line,
/// the usage of the subcommand named first on the command line if there is
/// one, and a hint, on standard error).
pub fn usage_error<C: CommandFactory>(error: &clap::Error) -> ExitCode {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = error.print();
        return ExitCode::SUCCESS;
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
    let subcommand = std::env::args().nth(1).unwrap_or_default();
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
