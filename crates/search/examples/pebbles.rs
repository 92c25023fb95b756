//! Solves Pebbles exactly and prints the search statistics: a quick
//! fingerprint of the search's behaviour (node counts change when the search
//! does).
//!
//! Run: `cargo run --release -p search --example pebbles -- 60`

use gamecore::testkit::games::{CoarseHashEval, Pebbles};
use search::{Search, SearchLimits, SearchOptions};

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let pile: u8 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(40);
    let options = SearchOptions::default().with_tt_mib(1);
    let mut search = Search::new(CoarseHashEval { levels: 64 }, options);
    let result = search.search(&Pebbles::new(pile), &SearchLimits::exhaustive());
    println!("pebbles {pile}: {result}");
    println!("{:?}", result.stats);
}
