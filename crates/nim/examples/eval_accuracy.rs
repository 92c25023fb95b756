//! Measures how well evaluation functions predict the exact value of Red-Blue
//! Nim positions, against the dynamic program, and how often a depth-limited
//! search with each of them picks the exact agent's move.
//!
//! Run: `cargo run --release -p gameai-nim --example eval_accuracy [max]` (default
//! max 60: every position with 1 ≤ red, blue ≤ max, both versions). The
//! table it prints is quoted in `docs/red_blue_nim_eval.md`.

use gamecore::Evaluator;
use nim::{search_options, Count, NimEval, RedBlueNim, Solution, Version};
use search::{Search, SearchLimits};

/// Knows nothing: every position is even.
#[derive(Debug, Clone, Copy)]
struct Zero;

impl Evaluator<RedBlueNim> for Zero {
    fn evaluate(&self, _: &RedBlueNim) -> i32 {
        0
    }
}

/// The marbles on the table, `S = 2r + 3b`, counted for the side to move in
/// misère and against it in standard: what the mover would get if the game
/// ended now. Blind to who will actually face the empty pile.
#[derive(Debug, Clone, Copy)]
struct EndNow;

impl Evaluator<RedBlueNim> for EndNow {
    fn evaluate(&self, state: &RedBlueNim) -> i32 {
        let s = state.final_score();
        2 * match state.version() {
            Version::Standard => -s,
            Version::Misere => s,
        }
    }
}

/// The parity argument alone: ±1 for the side the parity of the marbles
/// favours, ignoring the one-marble edge of the standard version.
#[derive(Debug, Clone, Copy)]
struct ParitySign;

impl Evaluator<RedBlueNim> for ParitySign {
    fn evaluate(&self, state: &RedBlueNim) -> i32 {
        if state.marbles() % 2 == 1 {
            1
        } else {
            -1
        }
    }
}

/// The right winner (from the closed form) but the amount on the table now,
/// `S`, instead of the amount actually won.
#[derive(Debug, Clone, Copy)]
struct WinnerTimesS;

impl Evaluator<RedBlueNim> for WinnerTimesS {
    fn evaluate(&self, state: &RedBlueNim) -> i32 {
        2 * state.final_score() * nim::perfect_play_score(state).signum()
    }
}

#[derive(Default)]
struct Tally {
    positions: u64,
    exact: u64,
    right_winner: u64,
    abs_error: u64,
}

fn tally<E: Evaluator<RedBlueNim>>(eval: &E, max: Count) -> Tally {
    let mut tally = Tally::default();
    for version in Version::BOTH {
        let solution = Solution::new(max, max, version);
        for red in 1..=max {
            for blue in 1..=max {
                let state = RedBlueNim::new(red, blue, version);
                let exact = 2 * solution.value(red, blue).expect("in the table");
                let guess = eval.evaluate(&state);
                tally.positions += 1;
                tally.exact += u64::from(guess == exact);
                tally.right_winner += u64::from(guess.signum() == exact.signum());
                tally.abs_error += u64::from(guess.abs_diff(exact));
            }
        }
    }
    tally
}

/// Percentage of positions where a depth-limited search with `eval` plays the
/// exact agent's move (the first optimal move in the assignment's order).
fn move_agreement<E: Evaluator<RedBlueNim>>(eval: &E, max: Count, depth: u32) -> f64 {
    let (mut agree, mut total) = (0u64, 0u64);
    for version in Version::BOTH {
        let solution = Solution::new(max, max, version);
        let options = search_options(&RedBlueNim::new(max, max, version));
        let mut search = Search::new(eval.clone(), options);
        for red in 1..=max {
            for blue in 1..=max {
                let state = RedBlueNim::new(red, blue, version);
                let result = search.search(&state, &SearchLimits::depth(depth));
                total += 1;
                agree += u64::from(result.best_move == solution.best_move(red, blue));
            }
        }
    }
    100.0 * agree as f64 / total as f64
}

fn row<E: Evaluator<RedBlueNim>>(name: &str, eval: &E, max: Count, depths: &[u32]) {
    let t = tally(eval, max);
    let pct = |n: u64| 100.0 * n as f64 / t.positions as f64;
    print!(
        "| {name} | {:.2} % | {:.2} % | {:.2} |",
        pct(t.exact),
        pct(t.right_winner),
        t.abs_error as f64 / t.positions as f64 / 2.0
    );
    for &depth in depths {
        print!(" {:.2} % |", move_agreement(eval, max, depth));
    }
    println!();
}

fn main() {
    // Piped into `head`, the example ends quietly instead of panicking.
    cli::exit_quietly_on_broken_pipe();
    let max: Count = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(60)
        .clamp(1, 400);
    let depths = [1, 2, 3, 4, 6];
    println!(
        "Every position with 1 ≤ red, blue ≤ {max}, both versions ({} positions).\n",
        2 * u64::from(max) * u64::from(max)
    );
    print!("| evaluation | exact value | right winner | mean abs error (points) |");
    for depth in depths {
        print!(" best move, depth {depth} |");
    }
    println!();
    print!("|---|---|---|---|");
    for _ in depths {
        print!("---|");
    }
    println!();
    row("zero", &Zero, max, &depths);
    row("end now (±S)", &EndNow, max, &depths);
    row("parity sign (±1)", &ParitySign, max, &depths);
    row("right winner × S", &WinnerTimesS, max, &depths);
    row("NimEval (closed form)", &NimEval, max, &depths);
}
