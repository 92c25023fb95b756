//! Solves one position by full-depth search and prints the result with its
//! statistics, next to the closed-form value.
//!
//! Run: `cargo run --release -p gameai-nim --example solve -- 1000 1000 standard [depth]`.

use nim::{depth_limited_agent, exact_agent, perfect_play_score, RedBlueNim, Version};

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count = |i: usize| {
        args.get(i)
            .and_then(|a| a.parse::<u64>().ok())
            .unwrap_or(1000)
    };
    let version: Version = args
        .get(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(Version::Standard);
    let depth: Option<u32> = args.get(3).and_then(|a| a.parse().ok());
    let state = match RedBlueNim::try_new(count(0), count(1), version) {
        Ok(state) => state,
        Err(err) => {
            eprintln!("solve: {err}");
            std::process::exit(2);
        }
    };
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || {
            let mut agent = depth.map_or_else(exact_agent, depth_limited_agent);
            let result = agent.analyse(&state);
            println!("{state}: {result}");
            println!("stats: {:?}", result.stats);
            println!("closed form: margin {}", 2 * perfect_play_score(&state));
        })
        .expect("spawn the search thread");
    worker.join().expect("the search thread finished");
}
