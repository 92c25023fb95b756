//! Small helpers for the workspace's command-line programs.

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
