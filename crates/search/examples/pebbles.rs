//! Solves Pebbles exactly and prints the search statistics: a quick
//! fingerprint of the search's behaviour (node counts change when the search
//! does).
//!
//! Run: `cargo run --release -p gameai-search --example pebbles -- 60`

use gamecore::testkit::games::{CoarseHashEval, Pebbles};
use search::{Search, SearchLimits, SearchOptions};
use std::io::{self, Write};

fn main() {
    // Piped into `head`, the example stops quietly once the reader is gone.
    stop_quietly_on_write_error(run(&mut io::stdout().lock()));
}

fn run(out: &mut impl Write) -> io::Result<()> {
    let pile: u8 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(40);
    let options = SearchOptions::default().with_tt_mib(1);
    let mut search = Search::new(CoarseHashEval { levels: 64 }, options);
    let result = search.search(&Pebbles::new(pile), &SearchLimits::exhaustive());
    writeln!(out, "pebbles {pile}: {result}")?;
    writeln!(out, "{:?}", result.stats)
}

/// Ends the program without a panic when standard output fails: silently
/// when the reader has gone (`| head`), with one line on standard error otherwise.
fn stop_quietly_on_write_error(result: io::Result<()>) {
    if let Err(error) = result {
        if error.kind() != io::ErrorKind::BrokenPipe {
            eprintln!("cannot write to standard output: {error}");
            std::process::exit(1);
        }
    }
}
