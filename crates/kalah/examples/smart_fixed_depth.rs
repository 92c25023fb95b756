//! SmartPlayer's search to a fixed depth on the start and a few seeded
//! middle games of Kalah(6,4): value, nodes and time per position.
//!
//! `cargo run --release -p gameai-kalah --example smart_fixed_depth -- 16`
use gamecore::Budget;
use kalah::{KalahEval, Position, Rules, SmartAgent, BEAN};

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(16);
    let start = Position::start(6, 4, Rules::Cs32);
    let mut list = vec![start.clone()];
    for seed in 0..5u64 {
        let p = gamecore::testkit::random_position(&start, 6 + 4 * seed as u32, seed);
        if !p.is_over() {
            list.push(p);
        }
    }
    let (mut nodes, mut seconds) = (0, 0.0);
    for position in &list {
        let mut agent = SmartAgent::with_evaluator(KalahEval::new()).with_max_depth(Some(depth));
        let result = agent
            .analyze(position, &Budget::unlimited())
            .expect("a live position");
        let value = match result.proven_margin() {
            Some(margin) => format!("{margin:+} exact"),
            None => format!("{:+.2}", f64::from(result.value.raw()) / f64::from(BEAN)),
        };
        println!(
            "{:<40} depth {:>2}  value {value:>9}  nodes {:>10}  {:.3} s",
            position.to_notation(),
            result.depth,
            result.stats.nodes,
            result.stats.elapsed.as_secs_f64()
        );
        nodes += result.stats.nodes;
        seconds += result.stats.elapsed.as_secs_f64();
    }
    println!(
        "total: {nodes} nodes in {seconds:.3} s ({:.2} M nodes/s)",
        nodes as f64 / seconds / 1e6
    );
}
